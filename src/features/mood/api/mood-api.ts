// The mood strip's two calls (spec 000 §7) and the copy of their last answers kept for a screen opened
// offline. The query cache's IndexedDB copy is not enough: it keeps only queries whose last read
// succeeded, and offline the 10 s poll fails at once (as the sleep screen found, docs/sleep-client.md).
import { getParsed } from '@/lib/api';
import {
  MOOD_STATE_URL,
  THOUGHT_MAP_URL,
  parseMoodState,
  parseThoughtMap,
  type MoodState,
  type ThoughtMap,
} from '../model/mood';

export const MOOD_STATE_KEY = [MOOD_STATE_URL] as const;
export const THOUGHT_MAP_KEY = [THOUGHT_MAP_URL] as const;
export const KEPT_MOOD_KEY = 'kiri-mood-state';
export const KEPT_THOUGHTS_KEY = 'kiri-thought-map';

export const fetchMoodState = ({ signal }: { signal?: AbortSignal }): Promise<MoodState> =>
  getParsed(MOOD_STATE_URL, parseMoodState, signal);

export const fetchThoughtMap = ({ signal }: { signal?: AbortSignal }): Promise<ThoughtMap> =>
  getParsed(THOUGHT_MAP_URL, parseThoughtMap, signal);

export interface Kept<T> {
  value: T;
  /** When the server gave it (ms). */
  at: number;
}

function storage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

export function readKept<T>(key: string, parse: (json: unknown) => T | null): Kept<T> | undefined {
  try {
    const raw = storage()?.getItem(key);
    if (!raw) return undefined;
    const kept = JSON.parse(raw) as { value?: unknown; at?: unknown };
    const value = parse(kept.value);
    return value !== null && typeof kept.at === 'number' ? { value, at: kept.at } : undefined;
  } catch {
    return undefined;
  }
}

/** Written when the answer changed, or its time is a minute old (the poll reads every 10 s). */
export function keep<T>(key: string, value: T, at: number): void {
  try {
    const s = storage();
    const raw = s?.getItem(key);
    if (raw) {
      const previous = JSON.parse(raw) as { value?: unknown; at?: unknown };
      const same = JSON.stringify(previous.value) === JSON.stringify(value);
      if (same && typeof previous.at === 'number' && at - previous.at < 60_000) return;
    }
    s?.setItem(key, JSON.stringify({ value, at }));
  } catch {
    // Storage full or blocked: the strip then only has what this page read.
  }
}
