// The stylesheet's side of accessibility (docs/accessibility.md), read from the sources: one focus ring
// the keyboard can see on every page and panel of both themes, and nothing moving on its own under
// reduced motion.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { WALLPAPER_COLORS } from '../../src/domain/screen-settings';

const css = readFileSync(new URL('../../src/index.css', import.meta.url), 'utf8');
const moodCss = readFileSync(
  new URL('../../src/features/mood/components/mood-strip.css', import.meta.url),
  'utf8',
);

function luminance(hex: string): number {
  const channel = (i: number) => {
    const c = parseInt(hex.slice(1 + 2 * i, 3 + 2 * i), 16) / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(0) + 0.7152 * channel(1) + 0.0722 * channel(2);
}
function contrast(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}
const block = (selector: string) =>
  new RegExp(`(?:^|\\n)${selector.replace(/[.:]/g, '\\$&')} \\{([^}]*)\\}`).exec(css)![1]!;
const token = (within: string, name: string) =>
  new RegExp(`--kiri-${name}: (#[0-9a-f]{6})`).exec(within)![1]!;

describe('the focus ring', () => {
  it('every element the keyboard focuses gets a 2 px accent outline off its edge', () => {
    const base = /@layer base \{([\s\S]*?)\n\}/.exec(css)![1]!;
    expect(base).toMatch(
      /:focus-visible \{\s*outline: 2px solid var\(--kiri-accent\);\s*outline-offset: 2px;\s*\}/,
    );
  });

  it('the ring is at least 3:1 against the page and the panels, light and dark (WCAG 1.4.11)', () => {
    const light = block(':root');
    const dark = block('.dark');
    for (const surface of ['page', 'panel']) {
      expect(contrast(token(light, 'accent'), token(light, surface))).toBeGreaterThanOrEqual(3);
    }
    expect(contrast(token(dark, 'accent'), token(dark, 'panel'))).toBeGreaterThanOrEqual(3);
    for (const wallpaper of WALLPAPER_COLORS) {
      expect(contrast(token(dark, 'accent'), wallpaper)).toBeGreaterThanOrEqual(3);
    }
    // White, the light theme's field and card colour.
    expect(contrast(token(light, 'accent'), '#ffffff')).toBeGreaterThanOrEqual(3);
  });
});

describe('large text', () => {
  it('a fieldset shrinks with the page instead of growing to its widest line (200% text on 390 px)', () => {
    const base = /@layer base \{([\s\S]*?)\n\}/.exec(css)![1]!;
    expect(base).toMatch(/fieldset \{\s*min-inline-size: 0;\s*\}/);
  });
});

describe('reduced motion', () => {
  it('under reduced motion every animation and transition ends at once and scrolling jumps', () => {
    const rule = /@media \(prefers-reduced-motion: reduce\) \{([\s\S]*?)\n\}/.exec(css)![1]!;
    expect(rule).toMatch(/\*,\s*\*::before,\s*\*::after \{/);
    expect(rule).toContain('animation-duration: 0.01ms !important');
    expect(rule).toContain('animation-iteration-count: 1 !important');
    expect(rule).toContain('transition-duration: 0.01ms !important');
    expect(rule).toContain('scroll-behavior: auto !important');
  });

  it('the mood orb, its urgent ring and the thought bubbles stand still under reduced motion', () => {
    const rule = /@media \(prefers-reduced-motion: reduce\) \{([\s\S]*)\}\s*$/.exec(moodCss)![1]!;
    expect(rule).toMatch(/\.kiri-mood-orb,\s*\.kiri-mood-ring \{\s*animation: none !important;/);
    expect(rule).toMatch(/\.kiri-mood-bubble \{\s*transition: none !important;/);
  });
});
