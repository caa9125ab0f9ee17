// The sync status polled every 3 s (spec 002 §9), and the four commands. A command is sent at once or
// not at all (never queued for later: a sync started an hour late is not what was asked); its answer
// is the status right after it, put in the cache so Syncing shows at once, and the poll goes on.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from '@/ui/use-toast';
import { failureText, fetchSyncStatus, postSyncAction, SYNC_STATUS_KEY } from '../api/sync-api';
import { SYNC_POLL_MS, type SyncAction, type WeeklySyncStatus } from '../model/sync-status';
import { SYNC_TEXT } from '../model/texts';

/** `enabled`: false when the account is known to lack system_control (the screen says so). */
export function useSyncStatus(enabled = true) {
  return useQuery({
    enabled,
    queryKey: SYNC_STATUS_KEY,
    queryFn: fetchSyncStatus,
    refetchInterval: SYNC_POLL_MS,
    staleTime: 0,
    // The poll is the retry.
    retry: false,
  });
}

export function useSyncAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (action: SyncAction) => postSyncAction(action),
    retry: false,
    networkMode: 'always',
    // A poll under way must not land after the answer and show the state from before it.
    onMutate: () => queryClient.cancelQueries({ queryKey: SYNC_STATUS_KEY }),
    onSuccess: (status) => {
      queryClient.setQueryData<WeeklySyncStatus>(SYNC_STATUS_KEY, status);
    },
    onError: (error, action) => {
      toast({
        title: SYNC_TEXT.toasts[action],
        description: failureText(error),
        variant: 'destructive',
      });
      void queryClient.invalidateQueries({ queryKey: SYNC_STATUS_KEY });
    },
  });
}
