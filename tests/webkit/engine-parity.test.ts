// Issue 12 in the iPhone's engine: the device engine, bundled as the app bundles it (the app's build
// target, loaded with import(); bench/browser/engine-build.ts), loads in WebKit and gives, for the same
// seed, exactly the replies Node gives (computed in a Node process of this run:
// tests/support/node-engine.ts). WebKitGTK 2.50 is today's Safari engine; WPE WebKit 2.38 is Safari
// 16.0's, which the app still supports (docs/webkit.md). The time of day is read with Intl in the
// input's zone, so both engines' ICU is exercised too.
import { describe, expect, test } from 'vitest';
import type { CompanionInput, CompanionReply } from '../../src/engine/companion/types';
import { engineBuild } from '../../bench/browser/engine-build';
import { engineInput, initialGreeting } from '../support/engine-inputs';
import { repliesInNode } from '../support/node-engine';
import { webkitSession, type WebKitSession } from './support/session';

/** A few inputs of different kinds (greeting, feeling, negation, remember, recall, question, joke). */
const INPUTS: CompanionInput[] = [
  ...[0, 17, 24, 31, 44, 52, 65, 88, 97].map((i) => engineInput(i)),
  initialGreeting(5),
];

const server = async () => ({ env: { STATIC_DIR: (await engineBuild()).dir } });

async function repliesIn(session: WebKitSession): Promise<CompanionReply[]> {
  const { page } = session;
  await page.goto('/');
  await page.waitForVisible('body[data-ready="true"]', { message: 'the engine page' });
  await page.evaluateAsync<number>('return window.deviceEngine.load();');
  return page.evaluate<CompanionReply[]>(
    'return window.deviceEngine.replies(arguments[0]);',
    INPUTS,
  );
}

async function expectNodeReplies(session: WebKitSession): Promise<void> {
  const [here, node] = await Promise.all([repliesIn(session), repliesInNode(INPUTS)]);
  expect(node).toHaveLength(INPUTS.length);
  for (const [i, input] of INPUTS.entries()) {
    expect(here[i], `reply to ${JSON.stringify(input.message)} (seed ${input.seed})`).toEqual(
      node[i],
    );
  }
}

describe('WebKitGTK 2.50', () => {
  const session = webkitSession({ server });

  test('the device engine gives the same replies as in Node', async () => {
    await expectNodeReplies(session);
  });
});

describe('WPE WebKit 2.38 (Safari 16.0)', () => {
  const session = webkitSession({ engine: 'wpe', server });

  test('the device engine loads and gives the same replies as in Node', async () => {
    expect(await session.page.evaluate<string>('return navigator.userAgent;')).toContain(
      'Version/16.0',
    );
    await expectNodeReplies(session);
  });
});
