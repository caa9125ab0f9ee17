// The stylesheet's side of the screen settings (docs/screen-settings.md), read from src/index.css:
// every wallpaper keeps the dark theme's text readable, and touch-screen fields never invite iOS's
// zoom.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { IOS_NO_ZOOM_MIN_PX, WALLPAPER_COLORS } from '../../src/domain/screen-settings';

const css = readFileSync(new URL('../../src/index.css', import.meta.url), 'utf8');

// WCAG 2 relative luminance and contrast ratio.
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

describe('every wallpaper keeps the dark theme readable (WCAG AA 4.5:1)', () => {
  const dark = /\.dark \{([^}]*)\}/.exec(css)![1]!;
  const token = (name: string) => new RegExp(`--kiri-${name}: (#[0-9a-f]{6})`).exec(dark)![1]!;

  it('the dark page is the wallpaper, 1a1a1a until one is chosen', () => {
    expect(dark).toContain('--kiri-page: var(--kiri-wallpaper)');
    expect(css).toMatch(/:root \{[^}]*--kiri-wallpaper: #1a1a1a;/);
  });

  it.each(WALLPAPER_COLORS)('muted text, the accent and the body text on %s', (color) => {
    expect(contrast(token('muted'), color)).toBeGreaterThanOrEqual(4.5);
    expect(contrast(token('accent'), color)).toBeGreaterThanOrEqual(4.5);
    // stone-100, the dark theme's body text (index.css, body).
    expect(contrast('#f5f5f4', color)).toBeGreaterThanOrEqual(4.5);
  });
});

describe('iOS input zoom', () => {
  it('on touch screens a text field is at least 16 px, and never under the root size', () => {
    expect(IOS_NO_ZOOM_MIN_PX).toBe(16);
    expect(css).toMatch(
      /@media \(pointer: coarse\) \{[^}]*textarea,\s*select \{\s*font-size: max\(16px, 1rem\);/,
    );
  });
});
