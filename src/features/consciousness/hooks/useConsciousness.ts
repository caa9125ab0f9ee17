// The stream's reads, polled as spec 001 §7 says on this page (status 30 s, data 60 s), and its two
// writes: Update Now (then status and data are read again) and the settings form. The persisted query
// cache keeps the last answers, so the page opened offline shows them, marked as last known.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { errorMessage, serverMessageFrom } from '@/domain/errors';
import { getJson, isApiError } from '@/lib/api';
import { toast } from '@/ui/use-toast';
import { postTrigger, putSettings } from '../api/consciousness-api';
import { parseSettings, type StreamSettings } from '../model/settings';
import {
  CONFIG_KEY,
  CONFIG_URL,
  DATA_KEY,
  DATA_POLL_MS,
  DATA_URL,
  parseData,
  parseStatus,
  STATUS_KEY,
  STATUS_POLL_MS,
  STATUS_URL,
  TEXT,
} from '../model/stream';

/** `enabled`: false when the account is known to lack the stream's permission (the page says so). */
export function useStreamStatus(enabled = true) {
  return useQuery({
    enabled,
    // The same key and raw answer as the chat header's read: one cache entry for both.
    queryKey: STATUS_KEY,
    queryFn: getJson<unknown>(STATUS_URL),
    select: parseStatus,
    refetchInterval: STATUS_POLL_MS,
    staleTime: 0,
    // The poll is the retry: a failed read shows as last known at once.
    retry: false,
  });
}

export function useStreamData(enabled = true) {
  return useQuery({
    enabled,
    queryKey: DATA_KEY,
    queryFn: getJson<unknown>(DATA_URL),
    select: parseData,
    refetchInterval: DATA_POLL_MS,
    staleTime: 0,
    retry: false,
  });
}

export function useStreamSettings(enabled = true) {
  return useQuery({
    enabled,
    queryKey: CONFIG_KEY,
    queryFn: getJson<unknown>(CONFIG_URL),
    select: parseSettings,
    staleTime: 0,
    retry: false,
  });
}

function failureText(error: unknown): string {
  return (isApiError(error) ? serverMessageFrom(error.bodyText) : undefined) ?? errorMessage(error);
}

export function useUpdateNow() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: postTrigger,
    retry: false,
    // Update Now means now: never queued for later.
    networkMode: 'always',
    onSuccess: ({ added }) => {
      toast({
        title: TEXT.updated,
        description:
          added === null
            ? undefined
            : added === 0
              ? 'Nothing new from the sources'
              : `${added} new ${added === 1 ? 'entry' : 'entries'}`,
      });
    },
    onError: (error) => {
      toast({ title: TEXT.updateFailed, description: failureText(error), variant: 'destructive' });
    },
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: STATUS_KEY }),
        queryClient.invalidateQueries({ queryKey: DATA_KEY }),
      ]),
  });
}

export function useSaveSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (settings: StreamSettings) => putSettings(settings),
    retry: false,
    networkMode: 'always',
    onSuccess: () => toast({ title: TEXT.settingsSaved }),
    onError: (error) => {
      toast({
        title: TEXT.settingsFailed,
        description: failureText(error),
        variant: 'destructive',
      });
    },
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: CONFIG_KEY }),
        queryClient.invalidateQueries({ queryKey: STATUS_KEY }),
      ]),
  });
}
