// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  getScreenSettings,
  initScreenSettings,
  resetScreenSettings,
  setFontSize,
  setWallpaper,
} from '@/ui/screen-settings';
import { setTheme } from '@/ui/theme-dom';

const root = document.documentElement;
const wallpaperVar = () => root.style.getPropertyValue('--kiri-wallpaper');
const themeColor = () =>
  document.querySelector('meta[name="theme-color"]')?.getAttribute('content');

beforeEach(() => {
  const meta = document.createElement('meta');
  meta.name = 'theme-color';
  meta.content = '#1a1a1a';
  document.head.append(meta);
});

afterEach(() => {
  localStorage.clear();
  document.head.querySelector('meta[name="theme-color"]')?.remove();
  root.removeAttribute('style');
  root.classList.remove('dark');
});

describe('screen settings applied to the page before the first paint', () => {
  it('a first visit: medium (the 16 px root) and the default wallpaper', () => {
    initScreenSettings();
    expect(root.style.fontSize).toBe('16px');
    expect(root.dataset['fontSize']).toBe('medium');
    expect(wallpaperVar()).toBe('#1a1a1a');
  });

  it('the stored choice is on <html> as soon as the entry runs', () => {
    localStorage.setItem('kiri-font-size', 'extra-large');
    localStorage.setItem('kiri-wallpaper', '#0d1b0d');
    initScreenSettings();
    expect(root.style.fontSize).toBe('20.5714px');
    expect(wallpaperVar()).toBe('#0d1b0d');
    expect(getScreenSettings()).toEqual({ fontSize: 'extra-large', wallpaper: '#0d1b0d' });
  });

  it('a bad stored value paints the default, never the stored text', () => {
    localStorage.setItem('kiri-font-size', '400px');
    localStorage.setItem('kiri-wallpaper', 'red; background: url(x)');
    initScreenSettings();
    expect(root.style.fontSize).toBe('16px');
    expect(wallpaperVar()).toBe('#1a1a1a');
  });

  it('a choice is kept on the device and applied at once', () => {
    initScreenSettings();
    setFontSize('small');
    setWallpaper('#1A0D1A');
    expect(localStorage.getItem('kiri-font-size')).toBe('small');
    expect(localStorage.getItem('kiri-wallpaper')).toBe('#1a0d1a');
    expect(root.style.fontSize).toBe('13.7143px');
    expect(wallpaperVar()).toBe('#1a0d1a');
    resetScreenSettings();
    expect(localStorage.getItem('kiri-font-size')).toBeNull();
    expect(root.style.fontSize).toBe('16px');
    expect(wallpaperVar()).toBe('#1a1a1a');
  });

  it("the browser's bar takes the wallpaper in the dark theme, white in the light one", () => {
    setTheme('dark');
    initScreenSettings();
    setWallpaper('#0f1419');
    expect(themeColor()).toBe('#0f1419');
    setTheme('light');
    expect(themeColor()).toBe('#ffffff');
    setTheme('dark');
    expect(themeColor()).toBe('#0f1419');
  });

  it('a choice made in another tab applies here too', () => {
    initScreenSettings();
    localStorage.setItem('kiri-font-size', 'large');
    window.dispatchEvent(new StorageEvent('storage', { key: 'kiri-font-size' }));
    expect(root.style.fontSize).toBe('18.2857px');
  });
});

describe('getScreenSettings', () => {
  it('gives the same object until the settings change (a React store snapshot)', async () => {
    // A fresh module, as in a screen rendered without the entry having run.
    vi.resetModules();
    const dom = await import('@/ui/screen-settings');
    const first = dom.getScreenSettings();
    expect(dom.getScreenSettings()).toBe(first);
    dom.setFontSize('large');
    expect(dom.getScreenSettings()).not.toBe(first);
    expect(dom.getScreenSettings()).toBe(dom.getScreenSettings());
  });
});
