// Screen settings for React and the settings page: the hook over screen-dom.ts (which the entry runs
// before the first paint), and the changes, kept on the device.
import { useSyncExternalStore } from 'react';
import {
  DEFAULT_SCREEN_SETTINGS,
  SCREEN_SETTINGS_KEYS,
  parseScreenSettings,
  type FontSize,
  type ScreenSettings,
} from '@/domain/screen-settings';
import { applyScreenSettings, getScreenSettings, subscribeScreenSettings } from './screen-dom';

export * from './screen-dom';

function store(key: string, value: string | null): void {
  try {
    if (value === null) localStorage.removeItem(key);
    else localStorage.setItem(key, value);
  } catch {
    // Not kept; it still applies for this visit.
  }
}

export function setFontSize(fontSize: FontSize): void {
  store(SCREEN_SETTINGS_KEYS.fontSize, fontSize);
  applyScreenSettings({ ...getScreenSettings(), fontSize });
}

export function setWallpaper(wallpaper: string): void {
  const next = parseScreenSettings({ fontSize: getScreenSettings().fontSize, wallpaper });
  store(SCREEN_SETTINGS_KEYS.wallpaper, next.wallpaper);
  applyScreenSettings(next);
}

/** Back to medium and the default wallpaper; the stored values are removed. */
export function resetScreenSettings(): void {
  store(SCREEN_SETTINGS_KEYS.fontSize, null);
  store(SCREEN_SETTINGS_KEYS.wallpaper, null);
  applyScreenSettings(DEFAULT_SCREEN_SETTINGS);
}

export function useScreenSettings(): ScreenSettings {
  return useSyncExternalStore(
    subscribeScreenSettings,
    getScreenSettings,
    () => DEFAULT_SCREEN_SETTINGS,
  );
}
