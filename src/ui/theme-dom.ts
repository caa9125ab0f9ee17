// Dark or light (spec 000 §4): stored in localStorage 'kiri-theme', else the system preference; the
// `dark` class on <html> switches Tailwind's dark variant. No React here: the opening snapshot
// (src/snapshot.ts) applies the theme before the app's code has loaded; theme.ts adds the hook.

export type Theme = 'dark' | 'light';

export const THEME_STORAGE_KEY = 'kiri-theme';
const THEME_COLORS: Record<Theme, string> = { dark: '#1a1a1a', light: '#ffffff' };
// The dark theme's page is the chosen wallpaper (screen-dom.ts): the browser's bar matches it.
let darkPageColor = THEME_COLORS.dark;

function themeColor(next: Theme): string {
  return next === 'dark' ? darkPageColor : THEME_COLORS.light;
}

/** The wallpaper colour of the dark theme, for the browser's bar (meta theme-color). */
export function setDarkThemeColor(color: string): void {
  darkPageColor = color;
  if (theme !== null) {
    document.querySelector('meta[name="theme-color"]')?.setAttribute('content', themeColor(theme));
  }
}

/** The theme to show: the stored choice when there is one, else the system's preference. */
export function resolveTheme(stored: string | null, systemPrefersDark: boolean): Theme {
  if (stored === 'dark' || stored === 'light') return stored;
  return systemPrefersDark ? 'dark' : 'light';
}

function readStored(): string | null {
  try {
    return localStorage.getItem(THEME_STORAGE_KEY);
  } catch {
    return null;
  }
}

function darkQuery(): MediaQueryList | null {
  return typeof matchMedia === 'function' ? matchMedia('(prefers-color-scheme: dark)') : null;
}

function currentTheme(): Theme {
  return resolveTheme(readStored(), darkQuery()?.matches ?? false);
}

let theme: Theme | null = null;
const listeners = new Set<() => void>();

function apply(next: Theme) {
  theme = next;
  const root = document.documentElement;
  root.classList.toggle('dark', next === 'dark');
  root.style.colorScheme = next;
  document.querySelector('meta[name="theme-color"]')?.setAttribute('content', themeColor(next));
  for (const listener of listeners) listener();
}

let following = false;

/** Applies the theme before the first paint, and follows the system while nothing is stored. */
export function initTheme(): void {
  apply(currentTheme());
  if (following) return;
  following = true;
  darkQuery()?.addEventListener('change', () => {
    if (readStored() === null) apply(currentTheme());
  });
}

export function getTheme(): Theme {
  return theme ?? currentTheme();
}

export function setTheme(next: Theme): void {
  try {
    localStorage.setItem(THEME_STORAGE_KEY, next);
  } catch {
    // Not stored; it still applies for this visit.
  }
  apply(next);
}

export function toggleTheme(): void {
  setTheme(getTheme() === 'dark' ? 'light' : 'dark');
}

export function subscribeTheme(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
