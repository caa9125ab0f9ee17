// Kiri's seven moods (spec 000 §3.6) and the colour each is drawn in: one table for the server, which
// sends `color` with the mood, and the orb, which falls back to it for a mode it reads without one.

export const MOOD_MODES = [
  'calm',
  'protective',
  'alert',
  'urgent',
  'resting',
  'focused',
  'nurturing',
] as const;
export type MoodMode = (typeof MOOD_MODES)[number];

/** Tailwind's 400/500 shades: readable on the dark and the light theme alike. */
export const MOOD_COLORS: Readonly<Record<MoodMode, string>> = Object.freeze({
  calm: '#60a5fa',
  protective: '#a78bfa',
  alert: '#f59e0b',
  urgent: '#ef4444',
  resting: '#64748b',
  focused: '#22d3ee',
  nurturing: '#f472b6',
});

export function isMoodMode(value: unknown): value is MoodMode {
  return typeof value === 'string' && (MOOD_MODES as readonly string[]).includes(value);
}

/** Rule 'mode colour': the colour of a mode; an unknown mode is drawn as calm. */
export function moodColorOf(mode: unknown): string {
  return isMoodMode(mode) ? MOOD_COLORS[mode] : MOOD_COLORS.calm;
}
