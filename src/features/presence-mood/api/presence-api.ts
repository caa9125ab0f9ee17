// The mood engine's three calls (spec 002 §7) over the shared request helper; the answer's state read
// into a checked shape. An answer without a state is NoStateError ('No state available').
import { isPresenceMood, PRESENCE_API, type PresenceMood } from '@/domain/presence-mood';
import { ApiError, apiRequest } from '@/lib/api';

export const STATE_KEY = [PRESENCE_API.state] as const;

export interface PresenceEvent {
  id: string;
  kind: string;
  at: string;
  detail?: string;
}

export interface DriftEntry {
  at: string;
  mood: PresenceMood;
  target_mood: PresenceMood;
  confidence: number;
}

export interface PresenceState {
  mood: PresenceMood;
  target_mood: PresenceMood;
  mood_confidence: number;
  engine_version: string;
  age_ticks: number;
  uptime_seconds: number;
  last_tick_at: string | null;
  events: PresenceEvent[];
  drift_history: DriftEntry[];
  cycle: 'running' | 'paused' | 'stopped' | null;
  next_tick_at: string | null;
}

/** The server answered, but with no state in it. */
export class NoStateError extends Error {
  constructor() {
    super('No state available');
    this.name = 'NoStateError';
  }
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const isNumber = (value: unknown): value is number =>
  typeof value === 'number' && Number.isFinite(value);
const isStringOrNull = (value: unknown): value is string | null =>
  value === null || typeof value === 'string';

function parseEvent(value: unknown): PresenceEvent | null {
  if (!isRecord(value)) return null;
  const { id, kind, at, detail } = value;
  if (typeof id !== 'string' || typeof kind !== 'string' || typeof at !== 'string') return null;
  return { id, kind, at, ...(typeof detail === 'string' ? { detail } : {}) };
}

function parseDrift(value: unknown): DriftEntry | null {
  if (!isRecord(value)) return null;
  const { at, mood, target_mood, confidence } = value;
  if (
    typeof at !== 'string' ||
    !isPresenceMood(mood) ||
    !isPresenceMood(target_mood) ||
    !isNumber(confidence)
  ) {
    return null;
  }
  return { at, mood, target_mood, confidence };
}

/** The state of an answer `{ state }`, or null when it holds none that reads as one. */
export function parseState(body: unknown): PresenceState | null {
  if (!isRecord(body) || !isRecord(body.state)) return null;
  const s = body.state;
  if (
    !isPresenceMood(s.mood) ||
    !isPresenceMood(s.target_mood) ||
    !isNumber(s.mood_confidence) ||
    typeof s.engine_version !== 'string' ||
    !isNumber(s.age_ticks) ||
    !isNumber(s.uptime_seconds) ||
    !isStringOrNull(s.last_tick_at) ||
    !Array.isArray(s.events) ||
    !Array.isArray(s.drift_history)
  ) {
    return null;
  }
  const cycle =
    s.cycle === 'running' || s.cycle === 'paused' || s.cycle === 'stopped' ? s.cycle : null;
  return {
    mood: s.mood,
    target_mood: s.target_mood,
    mood_confidence: s.mood_confidence,
    engine_version: s.engine_version,
    age_ticks: s.age_ticks,
    uptime_seconds: s.uptime_seconds,
    last_tick_at: s.last_tick_at,
    events: s.events.map(parseEvent).filter((event): event is PresenceEvent => event !== null),
    drift_history: s.drift_history
      .map(parseDrift)
      .filter((entry): entry is DriftEntry => entry !== null),
    cycle,
    next_tick_at: typeof s.next_tick_at === 'string' ? s.next_tick_at : null,
  };
}

async function stateOf(response: Response): Promise<PresenceState> {
  // The helper hands a 429 back rather than throwing (spec 000 §8); here it is a failed call.
  if (response.status === 429) throw new ApiError(429, response.statusText, 'Too many requests');
  const state = parseState(await response.json().catch(() => null));
  if (state === null) throw new NoStateError();
  return state;
}

export async function fetchState({ signal }: { signal?: AbortSignal }): Promise<PresenceState> {
  return stateOf(await apiRequest('GET', PRESENCE_API.state, undefined, { signal }));
}

export async function postTick(): Promise<PresenceState> {
  return stateOf(await apiRequest('POST', PRESENCE_API.tick));
}

export async function postSetMood(mood: PresenceMood): Promise<PresenceState> {
  return stateOf(await apiRequest('POST', PRESENCE_API.setMood, { mood }));
}
