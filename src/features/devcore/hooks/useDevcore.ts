// The maintenance status polled every 30 s (spec 000 §9), and its three controls, each followed by a
// re-read of the status (§7).
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { errorMessage, serverMessageFrom } from '@/domain/errors';
import { isApiError } from '@/lib/api';
import { toast } from '@/ui/use-toast';
import { fetchDevcoreStatus, postDevcoreAction } from '../api/devcore-api';
import {
  DEVCORE_POLL_MS,
  DEVCORE_STATUS_KEY,
  DEVCORE_TEXT,
  type DevcoreAction,
} from '../model/devcore';

export function useDevcoreStatus() {
  return useQuery({
    queryKey: DEVCORE_STATUS_KEY,
    queryFn: fetchDevcoreStatus,
    refetchInterval: DEVCORE_POLL_MS,
    // Each opening of the panel reads afresh; the persisted copy shows meanwhile (and offline).
    staleTime: 0,
    retry: false,
  });
}

export function useDevcoreAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (action: DevcoreAction) => postDevcoreAction(action),
    retry: false,
    // An emergency control means now: never queued for later.
    networkMode: 'always',
    onError: (error) => {
      toast({
        title: DEVCORE_TEXT.actionFailed,
        description:
          (isApiError(error) ? serverMessageFrom(error.bodyText) : undefined) ??
          errorMessage(error),
        variant: 'destructive',
      });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: DEVCORE_STATUS_KEY }),
  });
}
