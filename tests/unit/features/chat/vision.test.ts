import { describe, expect, it } from 'vitest';
import {
  DEFAULT_VISION,
  isNightHour,
  parseVisionSettings,
  setVisionAuto,
  toggleVision,
  visionAt,
} from '@/features/chat/model/vision';

describe('night hours: night from 20:00 to 06:59 by local hour', () => {
  it('is night from 20:00 through midnight to 06:59', () => {
    for (const hour of [20, 21, 23, 0, 3, 6]) expect(isNightHour(hour)).toBe(true);
  });
  it('is day from 07:00 to 19:59', () => {
    for (const hour of [7, 12, 19]) expect(isNightHour(hour)).toBe(false);
  });
});

describe('vision mode', () => {
  it('auto is on by default and follows the hour', () => {
    expect(DEFAULT_VISION.auto).toBe(true);
    expect(visionAt(DEFAULT_VISION, 19)).toBe('day');
    expect(visionAt(DEFAULT_VISION, 20)).toBe('night');
    expect(visionAt(DEFAULT_VISION, 6)).toBe('night');
    expect(visionAt(DEFAULT_VISION, 7)).toBe('day');
  });
  it('a manual toggle flips what is shown and turns auto off', () => {
    const toggled = toggleVision(DEFAULT_VISION, 22);
    expect(toggled).toEqual({ auto: false, manual: 'day' });
    // Auto off: the hour no longer decides.
    expect(visionAt(toggled, 23)).toBe('day');
    expect(visionAt(toggleVision(toggled, 23), 12)).toBe('night');
  });
  it('turning auto on recomputes from the hour; off keeps what is shown', () => {
    const manualDay = { auto: false, manual: 'day' as const };
    expect(visionAt(setVisionAuto(manualDay, true, 21), 21)).toBe('night');
    expect(setVisionAuto(DEFAULT_VISION, false, 21)).toEqual({ auto: false, manual: 'night' });
  });
  it('reads a stored value, and the default from anything else', () => {
    expect(parseVisionSettings({ auto: false, manual: 'night' })).toEqual({
      auto: false,
      manual: 'night',
    });
    expect(parseVisionSettings('junk')).toEqual(DEFAULT_VISION);
  });
});
