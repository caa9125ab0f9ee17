import { describe, expect, it } from 'vitest';
import {
  DEFAULT_FONT_SIZE,
  DEFAULT_WALLPAPER,
  FONT_SIZES,
  FONT_SIZE_PX,
  STANDARD_TEXT_REM,
  WALLPAPER_COLORS,
  pageBackground,
  parseFontSize,
  parseScreenSettings,
  parseWallpaper,
  rootFontSizeCss,
  rootFontSizePx,
} from '@/domain/screen-settings';

describe('font sizes (spec 000 §4, §9)', () => {
  it('small, medium, large, extra-large map to 12, 14, 16, 18 px of the standard text', () => {
    expect(FONT_SIZES).toEqual(['small', 'medium', 'large', 'extra-large']);
    expect(FONT_SIZES.map((size) => FONT_SIZE_PX[size])).toEqual([12, 14, 16, 18]);
    for (const size of FONT_SIZES) {
      // What the app's standard text (text-sm, 0.875rem) measures with this root.
      expect(rootFontSizePx(size) * STANDARD_TEXT_REM).toBeCloseTo(FONT_SIZE_PX[size], 10);
    }
  });

  it('medium is the default, and keeps the 16 px root every screen was designed at', () => {
    expect(DEFAULT_FONT_SIZE).toBe('medium');
    expect(rootFontSizeCss('medium')).toBe('16px');
    expect(rootFontSizeCss('small')).toBe('13.7143px');
    expect(rootFontSizeCss('extra-large')).toBe('20.5714px');
  });

  it('each size is larger than the one before it', () => {
    const roots = FONT_SIZES.map(rootFontSizePx);
    expect([...roots].sort((a, b) => a - b)).toEqual(roots);
  });

  it('a stored font size is read in any case and with spaces', () => {
    expect(parseFontSize('large')).toBe('large');
    expect(parseFontSize(' Extra-Large ')).toBe('extra-large');
  });

  it('a missing or bad stored font size is medium', () => {
    for (const bad of [null, undefined, '', 'huge', '18px', '16', 'xl', '{"a":1}']) {
      expect(parseFontSize(bad)).toBe('medium');
    }
  });
});

describe('wallpaper colours (spec 002 §9, 000 §9)', () => {
  it('are the six colours of the screen settings page, 1a1a1a first and default', () => {
    expect(WALLPAPER_COLORS).toEqual([
      '#1a1a1a',
      '#0f1419',
      '#1c1c1c',
      '#0d1b0d',
      '#1a0d1a',
      '#111111',
    ]);
    expect(DEFAULT_WALLPAPER).toBe('#1a1a1a');
  });

  it('a stored wallpaper is read with or without # and in any case', () => {
    expect(parseWallpaper('#0F1419')).toBe('#0f1419');
    expect(parseWallpaper('0d1b0d')).toBe('#0d1b0d');
  });

  it('a missing, unknown or unsafe stored wallpaper is the default', () => {
    for (const bad of [
      null,
      undefined,
      '',
      '#ffffff',
      'red',
      '#1a1a1a; color: red',
      'url(https://example.com/x.png)',
    ]) {
      expect(parseWallpaper(bad)).toBe('#1a1a1a');
    }
    expect(parseScreenSettings({ fontSize: 'tiny', wallpaper: 'blue' })).toEqual({
      fontSize: 'medium',
      wallpaper: '#1a1a1a',
    });
  });

  it('is the dark theme page; the light theme keeps its own', () => {
    expect(pageBackground('dark', '#0f1419')).toBe('#0f1419');
    expect(pageBackground('dark', 'bad')).toBe('#1a1a1a');
    expect(pageBackground('light', '#0f1419')).toBeNull();
  });
});
