// The panel's four polled reads (spec 001 §9: hydra status 3 s, tasks 2 s, version guard 5 s) and its two
// actions. Actions are sent at once or not at all (never queued for later); each refreshes the reads.
import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from '@/ui/use-toast';
import {
  getKept,
  postExecute,
  postRollback,
  readKept,
  serverText,
} from '../api/system-control-api';
import {
  failureToastText,
  GUARD_POLL_MS,
  GUARD_SNAPSHOTS_URL,
  GUARD_STATUS_URL,
  HYDRA_STATUS_POLL_MS,
  HYDRA_STATUS_URL,
  HYDRA_TASKS_POLL_MS,
  HYDRA_TASKS_URL,
  parseGuardStatus,
  parseHydraStatus,
  parseSnapshots,
  parseTasks,
  SYSTEM_TEXT,
} from '../model/system-control';

function usePolled<T>(url: string, parse: (value: unknown) => T | null, interval: number) {
  // Opened offline: the last answer this device read, with its time, until the server answers.
  const [kept] = useState(() => readKept(url, parse));
  return useQuery({
    queryKey: [url],
    queryFn: ({ signal }) => getKept(url, parse, signal),
    initialData: kept?.data,
    initialDataUpdatedAt: kept?.at,
    refetchInterval: interval,
    staleTime: 0,
    // The poll is the retry: a failed read shows as unreachable at once.
    retry: false,
  });
}

export const useHydraStatus = () =>
  usePolled(HYDRA_STATUS_URL, parseHydraStatus, HYDRA_STATUS_POLL_MS);
export const useActiveTasks = () => usePolled(HYDRA_TASKS_URL, parseTasks, HYDRA_TASKS_POLL_MS);
export const useGuardStatus = () => usePolled(GUARD_STATUS_URL, parseGuardStatus, GUARD_POLL_MS);
export const useSnapshots = () => usePolled(GUARD_SNAPSHOTS_URL, parseSnapshots, GUARD_POLL_MS);

function useRefresh() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all(
      [HYDRA_STATUS_URL, HYDRA_TASKS_URL, GUARD_STATUS_URL, GUARD_SNAPSHOTS_URL].map((url) =>
        queryClient.invalidateQueries({ queryKey: [url] }),
      ),
    );
}

export function useExecute(onEnqueued: () => void) {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ command, params }: { command: string; params: unknown }) =>
      postExecute(command, params),
    retry: false,
    networkMode: 'always',
    onSuccess: ({ taskId }) => {
      toast({ title: SYSTEM_TEXT.enqueued, description: SYSTEM_TEXT.enqueuedText(taskId) });
      onEnqueued();
    },
    onError: (error) => {
      toast({
        title: SYSTEM_TEXT.failed,
        description: failureToastText(serverText(error), SYSTEM_TEXT.failedText),
        variant: 'destructive',
      });
    },
    onSettled: refresh,
  });
}

export function useRollback() {
  const refresh = useRefresh();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => postRollback(id),
    retry: false,
    networkMode: 'always',
    onSuccess: async () => {
      toast({ title: SYSTEM_TEXT.rollbackDone, description: SYSTEM_TEXT.rollbackDoneText });
      // Everything Kiri's state feeds (memories, personality, mood) is read again.
      await queryClient.invalidateQueries();
    },
    onError: (error) => {
      toast({
        title: SYSTEM_TEXT.rollbackFailed,
        description: failureToastText(serverText(error), SYSTEM_TEXT.rollbackFailedText),
        variant: 'destructive',
      });
    },
    onSettled: refresh,
  });
}
