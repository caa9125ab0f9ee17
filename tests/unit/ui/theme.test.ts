// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { THEME_STORAGE_KEY, getTheme, resolveTheme, setTheme, toggleTheme } from '@/ui/theme';

afterEach(() => {
  localStorage.clear();
  document.documentElement.classList.remove('dark');
});

describe('theme: dark or light, persisted, default from the system', () => {
  it('a stored choice wins over the system preference', () => {
    expect(resolveTheme('light', true)).toBe('light');
    expect(resolveTheme('dark', false)).toBe('dark');
  });

  it('without a stored choice the system preference decides', () => {
    expect(resolveTheme(null, true)).toBe('dark');
    expect(resolveTheme(null, false)).toBe('light');
    expect(resolveTheme('purple', true)).toBe('dark');
  });

  it("dark puts the 'dark' class on <html> and is stored in 'kiri-theme'", () => {
    setTheme('dark');
    expect(document.documentElement.classList.contains('dark')).toBe(true);
    expect(localStorage.getItem(THEME_STORAGE_KEY)).toBe('dark');
    toggleTheme();
    expect(getTheme()).toBe('light');
    expect(document.documentElement.classList.contains('dark')).toBe(false);
    expect(localStorage.getItem('kiri-theme')).toBe('light');
  });
});
