// Screen settings on the page (font size, wallpaper; rules in domain/screen-settings.ts). No React here,
// and only what the first paint needs: the entry (main.tsx) applies the stored settings before the
// opening snapshot and before the app's code loads, as theme-dom.ts does the theme, so a reload never
// paints the wrong size or colour first. Changing them is screen-settings.ts's (the page's chunk).
import {
  DEFAULT_SCREEN_SETTINGS,
  SCREEN_SETTINGS_KEYS,
  parseScreenSettings,
  rootFontSizeCss,
  type ScreenSettings,
} from '@/domain/screen-settings';
import { setDarkThemeColor } from './theme-dom';

function readStored(): ScreenSettings {
  try {
    return parseScreenSettings({
      fontSize: localStorage.getItem(SCREEN_SETTINGS_KEYS.fontSize),
      wallpaper: localStorage.getItem(SCREEN_SETTINGS_KEYS.wallpaper),
    });
  } catch {
    // Storage can be blocked outright: the defaults, as on a first visit.
    return DEFAULT_SCREEN_SETTINGS;
  }
}

let current: ScreenSettings | null = null;
const listeners = new Set<() => void>();

/** Puts the settings on <html>: the root font size, the wallpaper variable, the browser bar's colour. */
export function applyScreenSettings(next: ScreenSettings): void {
  current = next;
  const root = document.documentElement;
  root.style.fontSize = rootFontSizeCss(next.fontSize);
  root.style.setProperty('--kiri-wallpaper', next.wallpaper);
  root.dataset['fontSize'] = next.fontSize;
  setDarkThemeColor(next.wallpaper);
  for (const listener of listeners) listener();
}

let watching = false;

/** Applies the stored settings before the first paint, and follows changes made in another tab. */
export function initScreenSettings(): void {
  applyScreenSettings(readStored());
  if (watching) return;
  watching = true;
  window.addEventListener('storage', (event) => {
    // key null: the other tab cleared the whole storage.
    if (event.key === null || event.key.startsWith('kiri-')) applyScreenSettings(readStored());
  });
}

/** The settings in force: the same object until they change (useSyncExternalStore needs that). */
export function getScreenSettings(): ScreenSettings {
  current ??= readStored();
  return current;
}

export function subscribeScreenSettings(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
