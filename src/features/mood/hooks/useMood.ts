// The mood and the thought map, each polled every 10 s and stale after 8 s (spec 000 §7). Offline the
// last answer this device read stays, with its time, and the strip marks it as such.
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import {
  KEPT_MOOD_KEY,
  KEPT_THOUGHTS_KEY,
  MOOD_STATE_KEY,
  THOUGHT_MAP_KEY,
  fetchMoodState,
  fetchThoughtMap,
  keep,
  readKept,
} from '../api/mood-api';
import {
  MOOD_POLL_MS,
  MOOD_STALE_MS,
  parseMoodState,
  parseThoughtMap,
  type MoodState,
  type ThoughtMap,
} from '../model/mood';

const POLL = {
  refetchInterval: MOOD_POLL_MS,
  staleTime: MOOD_STALE_MS,
  // The poll is the retry: a failed read marks the strip offline at once instead of after backoffs.
  retry: false,
  // Kept in localStorage instead (api/mood-api.ts).
  meta: { persist: false },
} as const;

export function useMoodState() {
  const [kept] = useState(() => readKept(KEPT_MOOD_KEY, parseMoodState));
  return useQuery<MoodState>({
    queryKey: MOOD_STATE_KEY,
    queryFn: async (context) => {
      const state = await fetchMoodState(context);
      keep(KEPT_MOOD_KEY, state, Date.now());
      return state;
    },
    initialData: kept?.value,
    initialDataUpdatedAt: kept?.at,
    ...POLL,
  });
}

export function useThoughtMap() {
  const [kept] = useState(() => readKept(KEPT_THOUGHTS_KEY, parseThoughtMap));
  return useQuery<ThoughtMap>({
    queryKey: THOUGHT_MAP_KEY,
    queryFn: async (context) => {
      const map = await fetchThoughtMap(context);
      keep(KEPT_THOUGHTS_KEY, map, Date.now());
      return map;
    },
    initialData: kept?.value,
    initialDataUpdatedAt: kept?.at,
    ...POLL,
  });
}
