// The tone-sync page's server state through TanStack Query (persisted with the app's cache, so the page
// opened offline shows the last values read, marked as such): status, entries polled every 10 s (spec
// 001 §7), the guide, and the three writes, sent at once or not at all (never queued: see
// docs/whisperbridge.md).
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { WhisperConfig } from '@/domain/whisperbridge';
import {
  ENTRIES_KEY,
  fetchEntries,
  fetchGuide,
  fetchStatus,
  GUIDE_KEY,
  postAddSync,
  postMirrorPrompt,
  putConfig,
  STATUS_KEY,
  type WhisperStatus,
} from '../api/whisperbridge-api';

/** Spec 001 §7: the sync entries are polled every 10 s. */
export const ENTRIES_POLL_MS = 10_000;

export function useWhisperStatus() {
  return useQuery({ queryKey: STATUS_KEY, queryFn: fetchStatus, staleTime: 0 });
}

export function useSyncEntries() {
  return useQuery({
    queryKey: ENTRIES_KEY,
    queryFn: fetchEntries,
    staleTime: 0,
    refetchInterval: ENTRIES_POLL_MS,
  });
}

export function useGuide(enabled: boolean) {
  return useQuery({ queryKey: GUIDE_KEY, queryFn: fetchGuide, enabled, staleTime: 60_000 });
}

/** Spec 001 §7: after an add, entries and status refresh. */
export function useAddSync() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: postAddSync,
    retry: false,
    networkMode: 'always',
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ENTRIES_KEY }),
        queryClient.invalidateQueries({ queryKey: STATUS_KEY }),
      ]),
  });
}

export function useMirrorPrompt() {
  return useMutation({ mutationFn: postMirrorPrompt, retry: false, networkMode: 'always' });
}

/**
 * One setting, sent the moment it changes (spec 001 §2). The switch moves at once: the cached config is
 * changed in the same event as the tap (a controlled checkbox whose state lags a tick snaps back), then
 * the call goes out; a refusal puts back what was there, and the server's answer becomes the cache.
 */
export function useUpdateConfig() {
  const queryClient = useQueryClient();
  const mutation = useMutation({
    mutationFn: putConfig,
    retry: false,
    networkMode: 'always',
    onSuccess: (config) => {
      const current = queryClient.getQueryData<WhisperStatus>(STATUS_KEY);
      if (current) queryClient.setQueryData<WhisperStatus>(STATUS_KEY, { ...current, config });
    },
  });
  const change = (
    patch: Partial<WhisperConfig>,
    onError: (error: unknown) => void,
    onSuccess?: () => void,
  ) => {
    const before = queryClient.getQueryData<WhisperStatus>(STATUS_KEY);
    // A poll already under way would answer the old value over the new one.
    void queryClient.cancelQueries({ queryKey: STATUS_KEY });
    if (before) {
      queryClient.setQueryData<WhisperStatus>(STATUS_KEY, {
        ...before,
        config: { ...before.config, ...patch },
      });
    }
    mutation.mutate(patch, {
      onError: (error) => {
        const now = queryClient.getQueryData<WhisperStatus>(STATUS_KEY);
        if (before && now) {
          // Only the keys this change set go back: another toggle made meanwhile stays.
          const restored = { ...now.config };
          for (const key of Object.keys(patch) as (keyof WhisperConfig)[]) {
            Object.assign(restored, { [key]: before.config[key] });
          }
          queryClient.setQueryData<WhisperStatus>(STATUS_KEY, { ...now, config: restored });
        }
        onError(error);
      },
      onSuccess: () => onSuccess?.(),
    });
  };
  return { change, isPending: mutation.isPending };
}
