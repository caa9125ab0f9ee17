import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ScreenSettingsPage } from '@/features/screen-settings/components/ScreenSettingsPage';
import { initScreenSettings } from '@/ui/screen-dom';
import { setTheme } from '@/ui/theme-dom';
import { renderWithProviders } from '../../helpers/client';

const root = document.documentElement;

afterEach(() => {
  cleanup();
  localStorage.clear();
  root.removeAttribute('style');
  root.classList.remove('dark');
  vi.restoreAllMocks();
});

function open() {
  initScreenSettings();
  renderWithProviders(<ScreenSettingsPage />);
}

describe('the screen settings page', () => {
  it('lists the four font sizes with their px, medium chosen by default', () => {
    open();
    const names = screen.getAllByRole('radio').map((radio) => radio.closest('label')?.textContent);
    expect(names.slice(0, 4)).toEqual([
      'Small (12px)',
      'Medium (14px)Default',
      'Large (16px)',
      'Extra Large (18px)',
    ]);
    expect(screen.getByRole('radio', { name: /Medium \(14px\)/ })).toHaveProperty('checked', true);
  });

  it('a font size applies to the whole page at once and is kept on the device', () => {
    open();
    fireEvent.click(screen.getByRole('radio', { name: /Extra Large \(18px\)/ }));
    expect(root.style.fontSize).toBe('20.5714px');
    expect(localStorage.getItem('kiri-font-size')).toBe('extra-large');
    expect(screen.getByTestId('font-size-preview').textContent).toContain('18px');
  });

  it('lists the six background colours, Dark Grey (1a1a1a) the default', () => {
    open();
    const colours = screen
      .getAllByRole('radio')
      .slice(4)
      .map((radio) => radio.closest('label')?.textContent);
    expect(colours).toEqual([
      'Dark Grey #1a1a1aDefault',
      'Deep Blue #0f1419',
      'Charcoal #1c1c1c',
      'Dark Forest #0d1b0d',
      'Dark Purple #1a0d1a',
      'Very Dark Gray #111111',
    ]);
  });

  it('a colour chosen in the light theme switches to the dark theme, where it shows', () => {
    setTheme('light');
    open();
    expect(screen.getByText(/These colours are for the dark theme/)).toBeTruthy();
    fireEvent.click(screen.getByRole('radio', { name: /Deep Blue/ }));
    expect(root.classList.contains('dark')).toBe(true);
    expect(root.style.getPropertyValue('--kiri-wallpaper')).toBe('#0f1419');
    expect(localStorage.getItem('kiri-wallpaper')).toBe('#0f1419');
    expect(screen.getByRole('radio', { name: /Deep Blue/ })).toHaveProperty('checked', true);
  });

  it('Reset to Defaults brings back medium and Dark Grey', () => {
    setTheme('dark');
    open();
    const reset = screen.getByRole('button', { name: 'Reset to Defaults' });
    expect(reset).toHaveProperty('disabled', true);
    fireEvent.click(screen.getByRole('radio', { name: /Small/ }));
    fireEvent.click(screen.getByRole('radio', { name: /Charcoal/ }));
    expect(reset).toHaveProperty('disabled', false);
    act(() => reset.click());
    expect(root.style.fontSize).toBe('16px');
    expect(root.style.getPropertyValue('--kiri-wallpaper')).toBe('#1a1a1a');
    expect(localStorage.getItem('kiri-font-size')).toBeNull();
    expect(screen.getByRole('radio', { name: /Medium/ })).toHaveProperty('checked', true);
  });
});
