// The mood engine monitor (spec 002 §2, §3, §4, §9; docs/presence-mood.md): its seven moods and the
// constants the server and the /presence screen share.

/** Spec 002 §4: the seven moods. */
export const PRESENCE_MOODS = [
  'calm',
  'focused',
  'restless',
  'tired',
  'hopeful',
  'bittersweet',
  'neutral',
] as const;
export type PresenceMood = (typeof PRESENCE_MOODS)[number];

export function isPresenceMood(value: unknown): value is PresenceMood {
  return typeof value === 'string' && (PRESENCE_MOODS as readonly string[]).includes(value);
}

/** Spec 002 §9: the engine ticks every 60 s. */
export const PRESENCE_TICK_MS = 60_000;
/** Spec 002 §9: the screen polls the state every 10 s. */
export const PRESENCE_POLL_MS = 10_000;
/** Spec 002 §9: recent activity shows the last 3 events, drift history the last 10 entries. */
export const SHOWN_EVENTS = 3;
export const SHOWN_DRIFT = 10;

/** Spec 002 §8: the monitor's three failures, each with a Retry button. */
export const PRESENCE_ERRORS = {
  failed: 'Failed to fetch presence state',
  connection: 'Connection error',
  empty: 'No state available',
} as const;

export const PRESENCE_API = {
  state: '/api/presence/state',
  tick: '/api/presence/tick',
  setMood: '/api/presence/set-mood',
} as const;
