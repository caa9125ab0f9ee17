// @vitest-environment node
// The lint refuses a click or press handler on a plain element in the app (docs/accessibility.md):
// what can be clicked is a button or a link, so the keyboard and a screen reader reach it too.
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

const eslint = new ESLint();

async function refusals(code: string): Promise<number> {
  const [result] = await eslint.lintText(code, { filePath: 'src/ui/ClickProbe.tsx' });
  return (result?.messages ?? []).filter((m) => m.ruleId === 'no-restricted-syntax').length;
}

describe('anything clickable is a button or a link', { timeout: 30_000 }, () => {
  // The first lint loads the project's whole configuration.
  beforeAll(() => refusals(''), 60_000);

  it.each([
    'export const A = () => <div onClick={() => undefined}>x</div>;',
    'export const A = () => <span onMouseDown={() => undefined}>x</span>;',
    'export const A = () => <li onPointerDown={() => undefined}>x</li>;',
    'export const A = () => <img alt="" onClick={() => undefined} />;',
  ])('a click handler on a plain element is refused: %s', async (code) => {
    expect(await refusals(code)).toBe(1);
  });

  it.each([
    'export const A = () => <button type="button" onClick={() => undefined}>x</button>;',
    'export const A = () => <a href="/x" onClick={() => undefined}>x</a>;',
    'export const A = () => <div onKeyDown={() => undefined}>x</div>;',
  ])('a button, a link or a key handler is fine: %s', async (code) => {
    expect(await refusals(code)).toBe(0);
  });
});
