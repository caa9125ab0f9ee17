// The theme for React: the hook over theme-dom.ts, which holds the rest (and runs before React loads).
import { useSyncExternalStore } from 'react';
import { getTheme, setTheme, subscribeTheme, toggleTheme, type Theme } from './theme-dom';

export * from './theme-dom';

export function useTheme(): { theme: Theme; setTheme: (t: Theme) => void; toggle: () => void } {
  const current = useSyncExternalStore(subscribeTheme, getTheme, () => 'light' as Theme);
  return { theme: current, setTheme, toggle: toggleTheme };
}
