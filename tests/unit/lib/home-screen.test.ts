// @vitest-environment jsdom
// Safari fires no install events: whether Kiri runs from the Home Screen is read from the display mode,
// or from iOS's navigator.standalone.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { isHomeScreenApp } from '@/lib/home-screen';

const original = window.matchMedia;

function displayMode(standalone: boolean): void {
  window.matchMedia = vi.fn((query: string) => ({
    matches: standalone && query === '(display-mode: standalone)',
    media: query,
  })) as unknown as typeof window.matchMedia;
}

afterEach(() => {
  window.matchMedia = original;
  delete (navigator as { standalone?: boolean }).standalone;
});

describe('isHomeScreenApp', () => {
  it('is true in the standalone display mode', () => {
    displayMode(true);
    expect(isHomeScreenApp()).toBe(true);
  });

  it("is true where iOS's navigator.standalone says so", () => {
    displayMode(false);
    Object.defineProperty(navigator, 'standalone', { configurable: true, value: true });
    expect(isHomeScreenApp()).toBe(true);
  });

  it('is false in a browser tab', () => {
    displayMode(false);
    expect(isHomeScreenApp()).toBe(false);
  });
});
