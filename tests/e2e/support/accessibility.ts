// WCAG AA by axe-core, the one check every journey uses: no colour-contrast finding at all, and no
// serious or critical one of any other rule (spec 000 §9; issue 8 point 9).
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/**
 * Serious or critical findings that cannot be fixed in the app, by rule id, with the reason. Empty:
 * every finding so far was ours to fix.
 */
const UNFIXABLE: ReadonlyMap<string, string> = new Map();

/**
 * Colours are judged at rest: a fade caught halfway (the thought bubbles fade out 3 s after Kiri stops
 * thinking) blends the text into the page and reads as low contrast for a moment no one reads it in.
 * With transitions off every element jumps to where it is going, so axe sees each state as it stays.
 */
async function settleTransitions(target: Page): Promise<void> {
  await target.addStyleTag({
    content: '*, *::before, *::after { transition: none !important; }',
  });
  await target.evaluate(
    () =>
      new Promise<void>((resolve) =>
        requestAnimationFrame(() => requestAnimationFrame(() => resolve())),
      ),
  );
}

/** Runs axe on the page as it is; fails with one line per finding (rule, element, what is wrong). */
export async function expectAccessible(target: Page, where: string): Promise<void> {
  await settleTransitions(target);
  const results = await new AxeBuilder({ page: target })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
    .analyze();
  const lines = (ids: (id: string, impact: string | null | undefined) => boolean) =>
    results.violations
      .filter((violation) => ids(violation.id, violation.impact))
      .flatMap((violation) =>
        violation.nodes.map(
          (node) =>
            `${violation.id} (${violation.impact}) at ${node.target.join(' ')}: ${
              node.failureSummary?.replace(/\s+/g, ' ') ?? violation.help
            }`,
        ),
      );
  expect(
    lines((id) => id === 'color-contrast'),
    `${where}: text contrast below WCAG AA`,
  ).toEqual([]);
  expect(
    lines(
      (id, impact) =>
        (impact === 'serious' || impact === 'critical') &&
        id !== 'color-contrast' &&
        !UNFIXABLE.has(id),
    ),
    `${where}: serious or critical findings`,
  ).toEqual([]);
}
