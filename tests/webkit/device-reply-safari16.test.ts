// Kiri talks back on the commute (issue 12) on an iPhone that stayed on Safari 16.0: WPE WebKit 2.38
// runs the journey of device-reply.test.ts step for step (support/device-reply.ts): a reply written
// on the device after the typing pause, marked 'written offline', kept across a reload from the worker,
// delivered once with the device's reply when the server is back. It failed to load the engine before
// the sentence splitter lost its RegExp lookbehind (a SyntaxError before Safari 16.4).
import { describe, expect, test } from 'vitest';
import { offlineReplyJourney } from './support/device-reply';
import { webkitSession } from './support/session';

describe.sequential('WPE WebKit 2.38 (Safari 16.0): a reply written offline on the commute', () => {
  const session = webkitSession({ engine: 'wpe' });

  test('the engine under test is Safari 16.0', async () => {
    expect(await session.page.evaluate<string>('return navigator.userAgent;')).toContain(
      'Version/16.0',
    );
  });

  offlineReplyJourney(session);
});
