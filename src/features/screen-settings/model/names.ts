// What the screen settings page calls each choice (spec 002 §9 names the colours). Apart from the rules
// in domain/screen-settings.ts, which the entry carries before the first paint: these are the page's.
import { WALLPAPER_COLORS, parseWallpaper, type FontSize } from '@/domain/screen-settings';

export const FONT_SIZE_LABELS: Readonly<Record<FontSize, string>> = {
  small: 'Small',
  medium: 'Medium',
  large: 'Large',
  'extra-large': 'Extra Large',
};

/** 002 §9: dark grey (default), deep blue, charcoal, dark forest, dark purple, very dark gray. */
const WALLPAPER_NAMES: Readonly<Record<string, string>> = {
  '#1a1a1a': 'Dark Grey',
  '#0f1419': 'Deep Blue',
  '#1c1c1c': 'Charcoal',
  '#0d1b0d': 'Dark Forest',
  '#1a0d1a': 'Dark Purple',
  '#111111': 'Very Dark Gray',
};

export interface Wallpaper {
  color: string;
  name: string;
}

export const WALLPAPERS: readonly Wallpaper[] = WALLPAPER_COLORS.map((color) => ({
  color,
  name: WALLPAPER_NAMES[color]!,
}));

/** The name of a stored colour; a bad value is the default's, as it is painted. */
export function wallpaperName(color: string): string {
  return WALLPAPER_NAMES[parseWallpaper(color)]!;
}
