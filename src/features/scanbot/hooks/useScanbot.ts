// ScanBot's status (polled 3 s), its logs (polled 5 s) and its calls, each followed by a re-read.
// Calls are sent at once or not at all: never queued for later.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from '@/ui/use-toast';
import {
  addWatchedFile,
  failureText,
  fetchScanbotLogs,
  fetchScanbotStatus,
  postScanbotAction,
  removeWatchedFile,
  SCANBOT_LOGS_KEY,
  SCANBOT_STATUS_KEY,
} from '../api/scanbot-api';
import {
  SCANBOT_LOGS_POLL_MS,
  SCANBOT_STATUS_POLL_MS,
  SCANBOT_TEXT,
  type ScanbotAction,
} from '../model/scanbot';

export function useScanbotStatus() {
  return useQuery({
    queryKey: SCANBOT_STATUS_KEY,
    queryFn: fetchScanbotStatus,
    refetchInterval: SCANBOT_STATUS_POLL_MS,
    staleTime: 0,
    // The poll is the retry: a failed read shows as unreachable at once.
    retry: false,
  });
}

export function useScanbotLogs() {
  return useQuery({
    queryKey: SCANBOT_LOGS_KEY,
    queryFn: fetchScanbotLogs,
    refetchInterval: SCANBOT_LOGS_POLL_MS,
    staleTime: 0,
    retry: false,
  });
}

function useReread() {
  const queryClient = useQueryClient();
  return async () => {
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: SCANBOT_STATUS_KEY }),
      queryClient.invalidateQueries({ queryKey: SCANBOT_LOGS_KEY }),
    ]);
  };
}

const FAILED: Record<ScanbotAction, string> = {
  scan: SCANBOT_TEXT.scanFailed,
  start: SCANBOT_TEXT.startFailed,
  stop: SCANBOT_TEXT.stopFailed,
};

export function useScanbotAction() {
  const reread = useReread();
  return useMutation({
    mutationFn: (action: ScanbotAction) => postScanbotAction(action),
    retry: false,
    networkMode: 'always',
    onSuccess: (answer, action) => {
      const title =
        action === 'scan'
          ? SCANBOT_TEXT.scanDone(answer.restored?.length ?? 0)
          : action === 'start'
            ? SCANBOT_TEXT.started
            : SCANBOT_TEXT.stopped;
      toast({ title });
    },
    onError: (error, action) => {
      toast({ title: FAILED[action], description: failureText(error), variant: 'destructive' });
    },
    onSettled: reread,
  });
}

export function useAddWatchedFile(onAdded: () => void) {
  const reread = useReread();
  return useMutation({
    mutationFn: ({ filename, autoFix }: { filename: string; autoFix: string }) =>
      addWatchedFile(filename, autoFix),
    retry: false,
    networkMode: 'always',
    onSuccess: (_answer, { filename }) => {
      toast({ title: SCANBOT_TEXT.added(filename) });
      onAdded();
    },
    onError: (error) => {
      toast({
        title: SCANBOT_TEXT.addFailed,
        description: failureText(error),
        variant: 'destructive',
      });
    },
    onSettled: reread,
  });
}

export function useRemoveWatchedFile() {
  const reread = useReread();
  return useMutation({
    mutationFn: (filename: string) => removeWatchedFile(filename),
    retry: false,
    networkMode: 'always',
    onSuccess: (_answer, filename) => toast({ title: SCANBOT_TEXT.removed(filename) }),
    onError: (error) => {
      toast({
        title: SCANBOT_TEXT.removeFailed,
        description: failureText(error),
        variant: 'destructive',
      });
    },
    onSettled: reread,
  });
}
