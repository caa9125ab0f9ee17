// WCAG AA by axe-core, the one check every journey uses: no colour-contrast finding at all, and no
// serious or critical one of any other rule (spec 000 §9; issue 8 point 9; docs/accessibility.md).
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { expect, type Page } from '@playwright/test';
import type { AxeResults, RunOptions } from 'axe-core';

/**
 * Serious or critical findings that cannot be fixed in the app, by rule id, with the reason. Empty:
 * every finding so far was ours to fix.
 */
const UNFIXABLE: ReadonlyMap<string, string> = new Map();

const WCAG_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];
/** What a change of theme can change: the colours. The structure is the same in both themes. */
const COLOUR_RULES = ['color-contrast', 'link-in-text-block'];

/** axe-core itself, put into the page once per document (it stays across the app's own navigation). */
const AXE_SOURCE = readFileSync(
  createRequire(import.meta.url).resolve('axe-core/axe.min.js'),
  'utf8',
);

/**
 * Colours are judged at rest: a fade caught halfway (the thought bubbles fade out 3 s after Kiri stops
 * thinking) blends the text into the page and reads as low contrast for a moment no one reads it in.
 * With transitions off every element jumps to where it is going, so axe sees each state as it stays.
 */
async function settle(target: Page): Promise<void> {
  if (!(await target.evaluate(() => 'axe' in window))) await target.evaluate(AXE_SOURCE);
  await target.evaluate(() => {
    if (!document.getElementById('axe-settle')) {
      const style = document.createElement('style');
      style.id = 'axe-settle';
      style.textContent = '*, *::before, *::after { transition: none !important; }';
      document.head.append(style);
    }
    return new Promise<void>((resolve) =>
      requestAnimationFrame(() => requestAnimationFrame(() => resolve())),
    );
  });
}

/**
 * axe's findings on the page as it is, one line per element (rule, impact, element, what is wrong):
 * every colour-contrast finding, and every other one that is serious or critical. `colours` runs only
 * the colour rules (for a second theme of a screen already checked whole).
 */
export async function accessibilityFindings(
  target: Page,
  { colours = false }: { colours?: boolean } = {},
): Promise<string[]> {
  await settle(target);
  const options: RunOptions = {
    runOnly: colours ? { type: 'rule', values: COLOUR_RULES } : { type: 'tag', values: WCAG_AA },
    // Only what fails is wanted: axe then skips describing every passing element (much faster).
    resultTypes: ['violations'],
  };
  const results = await target.evaluate(
    (opts) =>
      (window as unknown as { axe: { run: (c: Document, o: unknown) => Promise<AxeResults> } }).axe
        .run(document, opts)
        .then((r) => JSON.parse(JSON.stringify(r)) as AxeResults),
    options,
  );
  return results.violations
    .filter(
      (violation) =>
        violation.id === 'color-contrast' ||
        ((violation.impact === 'serious' || violation.impact === 'critical') &&
          !UNFIXABLE.has(violation.id)),
    )
    .flatMap((violation) =>
      violation.nodes.map(
        (node) =>
          `${violation.id} (${violation.impact}) at ${node.target.join(' ')}: ${
            node.failureSummary?.replace(/\s+/g, ' ') ?? violation.help
          }`,
      ),
    );
}

/** Runs axe on the page as it is; fails with one line per finding. */
export async function expectAccessible(target: Page, where: string): Promise<void> {
  expect(await accessibilityFindings(target), `${where}: WCAG AA findings`).toEqual([]);
}
