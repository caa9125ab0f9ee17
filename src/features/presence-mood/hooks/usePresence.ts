// The monitor's server state through TanStack Query (persisted with the app's cache, so the screen opened
// offline shows the last state read): the state polled every 10 s (spec 002 §9), and the two writes,
// whose answer is the new state, sent at once or not at all (never queued).
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { PRESENCE_POLL_MS } from '@/domain/presence-mood';
import {
  fetchState,
  postSetMood,
  postTick,
  STATE_KEY,
  type PresenceState,
} from '../api/presence-api';

/** `enabled`: false when the account is known to lack presence_engine (the screen says so). */
export function usePresenceState(enabled = true) {
  return useQuery({
    enabled,
    queryKey: STATE_KEY,
    queryFn: fetchState,
    staleTime: 0,
    refetchInterval: PRESENCE_POLL_MS,
    // The poll is the retry; Retry asks again at once.
    retry: false,
  });
}

function useStateWrite<A>(mutationFn: (arg: A) => Promise<PresenceState>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    retry: false,
    networkMode: 'always',
    onSuccess: (state) => {
      // A poll under way would answer the state before the write.
      void queryClient.cancelQueries({ queryKey: STATE_KEY });
      queryClient.setQueryData(STATE_KEY, state);
    },
  });
}

export const useTick = () => useStateWrite<void>(() => postTick());
export const useSetMood = () => useStateWrite(postSetMood);
