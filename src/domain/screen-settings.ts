// Screen settings (spec 000 §3.10, §4, §9; 002 "Screen settings"): font size and wallpaper colour,
// kept on the device. Pure rules: the values, the defaults, what a stored value means, and how a
// choice becomes the root font size. The entry applies them before the first paint (ui/screen-dom.ts).

export const FONT_SIZES = ['small', 'medium', 'large', 'extra-large'] as const;
export type FontSize = (typeof FONT_SIZES)[number];

/** Spec 000 §4: small, medium (default), large, extra-large map to 12, 14, 16, 18 px. */
export const FONT_SIZE_PX: Readonly<Record<FontSize, number>> = {
  small: 12,
  medium: 14,
  large: 16,
  'extra-large': 18,
};

export const DEFAULT_FONT_SIZE: FontSize = 'medium';

/**
 * The app's standard text (Tailwind's text-sm: labels, lists, settings) is 0.875 of the root size.
 * The chosen size is that text's size, so the root is size / 0.875: medium gives the browser's own
 * 16 px root, the size every screen was designed at, and every rem-based size (text, spacing,
 * dialogs, the chat's bubbles) keeps its proportion to the chosen one.
 */
export const STANDARD_TEXT_REM = 0.875;

/** The root font size, in px, for a font size choice. */
export function rootFontSizePx(size: FontSize): number {
  return FONT_SIZE_PX[size] / STANDARD_TEXT_REM;
}

/** The CSS value of the root font size (a few decimals: 13.7143px for small). */
export function rootFontSizeCss(size: FontSize): string {
  return `${Number(rootFontSizePx(size).toFixed(4))}px`;
}

/** iOS zooms into a focused text field whose text is under 16 px (docs/screen-settings.md). */
export const IOS_NO_ZOOM_MIN_PX = 16;

/**
 * 002 §9, in the spec's order, lower-case #rrggbb as stored; the first is the default (000 §9:
 * 1a1a1a). Their names are the page's (features/screen-settings/model): the entry carries only these.
 */
export const WALLPAPER_COLORS: readonly string[] = [
  '#1a1a1a',
  '#0f1419',
  '#1c1c1c',
  '#0d1b0d',
  '#1a0d1a',
  '#111111',
];

export const DEFAULT_WALLPAPER = WALLPAPER_COLORS[0]!;

/** The local-storage keys (000 §3.10 names the settings, not their keys: ours, with the app's prefix). */
export const SCREEN_SETTINGS_KEYS = {
  fontSize: 'kiri-font-size',
  wallpaper: 'kiri-wallpaper',
} as const;

export interface ScreenSettings {
  fontSize: FontSize;
  wallpaper: string;
}

export const DEFAULT_SCREEN_SETTINGS: ScreenSettings = {
  fontSize: DEFAULT_FONT_SIZE,
  wallpaper: DEFAULT_WALLPAPER,
};

/** A stored font size: one of the four names, else (missing, edited by hand, older app) the default. */
export function parseFontSize(stored: string | null | undefined): FontSize {
  const value = stored?.trim().toLowerCase();
  return (FONT_SIZES as readonly string[]).includes(value ?? '')
    ? (value as FontSize)
    : DEFAULT_FONT_SIZE;
}

/**
 * A stored wallpaper: one of the six colours, with or without '#', in any case; anything else (an
 * arbitrary colour, CSS text) is the default, so a stored value can never inject style.
 */
export function parseWallpaper(stored: string | null | undefined): string {
  let value = stored?.trim().toLowerCase() ?? '';
  if (value && !value.startsWith('#')) value = `#${value}`;
  return WALLPAPER_COLORS.includes(value) ? value : DEFAULT_WALLPAPER;
}

export function parseScreenSettings(stored: {
  fontSize: string | null | undefined;
  wallpaper: string | null | undefined;
}): ScreenSettings {
  return { fontSize: parseFontSize(stored.fontSize), wallpaper: parseWallpaper(stored.wallpaper) };
}

/**
 * The page background: the wallpaper colours are all near-black, so they are the dark theme's page.
 * The light theme keeps its own light page (dark text on them would be unreadable); choosing a
 * wallpaper on the screen settings page switches to the dark theme so the choice shows at once.
 */
export function pageBackground(theme: 'dark' | 'light', wallpaper: string): string | null {
  return theme === 'dark' ? parseWallpaper(wallpaper) : null;
}
