import { describe, expect, it } from 'vitest';
import { WALLPAPERS, wallpaperName } from '@/features/screen-settings/model/names';

describe('the colour names of spec 002 §9', () => {
  it('dark grey (default), deep blue, charcoal, dark forest, dark purple, very dark gray', () => {
    expect(WALLPAPERS).toEqual([
      { color: '#1a1a1a', name: 'Dark Grey' },
      { color: '#0f1419', name: 'Deep Blue' },
      { color: '#1c1c1c', name: 'Charcoal' },
      { color: '#0d1b0d', name: 'Dark Forest' },
      { color: '#1a0d1a', name: 'Dark Purple' },
      { color: '#111111', name: 'Very Dark Gray' },
    ]);
  });

  it('a bad stored colour is named as it is painted: the default', () => {
    expect(wallpaperName('#0F1419')).toBe('Deep Blue');
    expect(wallpaperName('nonsense')).toBe('Dark Grey');
  });
});
