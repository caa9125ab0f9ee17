// The bridge's status (polled 5 s), its logs (polled 10 s, only while shown) and its three actions, each
// followed by a re-read. Actions are sent at once or not at all: never queued for later.
import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from '@/ui/use-toast';
import {
  failureText,
  fetchBridgeLogs,
  fetchBridgeStatus,
  keepBridge,
  MIRROR_LOGS_KEY,
  MIRROR_STATUS_KEY,
  postBridgeAction,
  readKeptBridge,
} from '../api/mirror-bridge-api';
import {
  logsPollInterval,
  MIRROR_STATUS_POLL_MS,
  MIRROR_TEXT,
  type BridgeAction,
} from '../model/mirror-bridge';

export function useBridgeStatus() {
  const [kept] = useState(readKeptBridge);
  return useQuery({
    queryKey: MIRROR_STATUS_KEY,
    queryFn: async (context) => {
      const status = await fetchBridgeStatus(context);
      keepBridge({ status }, Date.now());
      return status;
    },
    // Opened offline: the last status this device read, with its time, until the server answers.
    initialData: kept.status,
    initialDataUpdatedAt: kept.statusAt,
    refetchInterval: MIRROR_STATUS_POLL_MS,
    staleTime: 0,
    // The poll is the retry: a failed read shows as unreachable at once.
    retry: false,
  });
}

/** The logs: read and polled only while `shown` (spec 001 §7). */
export function useBridgeLogs(shown: boolean) {
  const [kept] = useState(readKeptBridge);
  return useQuery({
    queryKey: MIRROR_LOGS_KEY,
    queryFn: async (context) => {
      const logs = await fetchBridgeLogs(context);
      keepBridge({ logs }, Date.now());
      return logs;
    },
    enabled: shown,
    initialData: kept.logs,
    initialDataUpdatedAt: kept.logsAt,
    refetchInterval: logsPollInterval(shown),
    staleTime: 0,
    retry: false,
  });
}

export function useBridgeAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (action: BridgeAction) => postBridgeAction(action),
    retry: false,
    networkMode: 'always',
    onSuccess: (answer, action) => {
      const title =
        action === 'start'
          ? MIRROR_TEXT.started
          : action === 'stop'
            ? MIRROR_TEXT.stoppedToast
            : MIRROR_TEXT.synced(answer.imported ?? 0);
      toast({ title });
    },
    onError: (error) => {
      toast({ title: MIRROR_TEXT.failed, description: failureText(error), variant: 'destructive' });
    },
    onSettled: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: MIRROR_STATUS_KEY }),
        queryClient.invalidateQueries({ queryKey: MIRROR_LOGS_KEY }),
      ]);
    },
  });
}
