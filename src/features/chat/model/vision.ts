// Night vision (spec 000 §4, §9): day or night, with an auto mode (on by default) that picks night from
// 20:00 to 06:59 by the device's local hour. Toggling by hand turns auto off; turning auto on
// recomputes from the hour.

export type Vision = 'day' | 'night';

export interface VisionSettings {
  auto: boolean;
  /** The hand-picked mode, used while auto is off. */
  manual: Vision;
}

export const DEFAULT_VISION: VisionSettings = { auto: true, manual: 'day' };
/** Spec 000 §9: night from 20:00, day again at 07:00. */
export const NIGHT_FROM_HOUR = 20;
export const DAY_FROM_HOUR = 7;
/** How often auto mode looks at the clock again, so the switch at 20:00 and 07:00 happens by itself. */
export const VISION_RECHECK_MS = 60_000;

/** Rule: night between 20:00 and 06:59 by local hour. */
export function isNightHour(hour: number): boolean {
  return hour >= NIGHT_FROM_HOUR || hour < DAY_FROM_HOUR;
}

export function visionAt(settings: VisionSettings, hour: number): Vision {
  if (!settings.auto) return settings.manual;
  return isNightHour(hour) ? 'night' : 'day';
}

/** The manual toggle: flips what is shown now, and turns auto off. */
export function toggleVision(settings: VisionSettings, hour: number): VisionSettings {
  return { auto: false, manual: visionAt(settings, hour) === 'night' ? 'day' : 'night' };
}

/** Turning auto on recomputes from the hour; turning it off keeps what is shown now. */
export function setVisionAuto(
  settings: VisionSettings,
  auto: boolean,
  hour: number,
): VisionSettings {
  return auto ? { ...settings, auto: true } : { auto: false, manual: visionAt(settings, hour) };
}

export function parseVisionSettings(raw: unknown): VisionSettings {
  if (typeof raw !== 'object' || raw === null) return DEFAULT_VISION;
  const { auto, manual } = raw as { auto?: unknown; manual?: unknown };
  return {
    auto: typeof auto === 'boolean' ? auto : DEFAULT_VISION.auto,
    manual: manual === 'night' || manual === 'day' ? manual : DEFAULT_VISION.manual,
  };
}
