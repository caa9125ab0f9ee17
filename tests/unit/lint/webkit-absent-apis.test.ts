// @vitest-environment node
// The lint forbids, in the app's code, APIs that Safari 16.0 (WPE 2.38) or every Safari lacks: one
// unguarded call there throws, and a screen breaks or a feature silently does nothing.
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

// Run from the repository's root (vitest's working directory), so the project's eslint.config.js applies.
const eslint = new ESLint();

async function ruleMessages(code: string, filePath: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? [])
    .filter((message) => message.ruleId?.startsWith('no-restricted-'))
    .map((message) => message.message);
}

describe('APIs absent in Safari are refused in the app and the worker', () => {
  it.each([
    ['requestIdleCallback(() => undefined);', /every Safari/],
    ['window.requestIdleCallback(() => undefined);', /every Safari/],
    ['void scheduler;', /every Safari/],
    ['export const p = Promise.withResolvers<void>();', /Safari 17\.4/],
    ['export const g = Object.groupBy([1], (n) => n);', /Safari 17\.4/],
    ['export const s = AbortSignal.any([]);', /Safari 17\.4/],
    ['export const a = Array.fromAsync([]);', /Safari 16\.4/],
  ])(
    '%s',
    async (code, says) => {
      const messages = await ruleMessages(code, 'src/lib/webkit-probe.ts');
      expect(messages).toHaveLength(1);
      expect(messages[0]).toMatch(says);
      expect(messages[0]).toMatch(/docs\/webkit\.md/);
      expect(await ruleMessages(code, 'sw/webkit-probe.ts')).toHaveLength(1);
    },
    30_000,
  );

  it('the server (Node 20) is not under the rule', async () => {
    expect(
      await ruleMessages('export const g = Object.groupBy([1], (n) => n);', 'server/x.ts'),
    ).toEqual([]);
  }, 30_000);
});
