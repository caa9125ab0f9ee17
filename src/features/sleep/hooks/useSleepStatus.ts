// The sleep status, polled every 3 s (spec 002 §4), and the transitions, each followed by a re-read.
import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from '@/ui/use-toast';
import { keepStatus, readKeptStatus } from '../api/kept-status';
import { SLEEP_STATUS_KEY, failureText, fetchSleepStatus, postTransition } from '../api/sleep-api';
import { requestReplay } from '@/lib/outbox-sync';
import {
  SLEEP_POLL_MS,
  keptMessagesJustAnswered,
  type SleepStatus,
  type Transition,
} from '../model/status';
import { SLEEP_TEXT } from '../model/texts';

/** `enabled`: false when the account is known to lack system_control (the screen says so). */
export function useSleepStatus(enabled = true) {
  const [kept] = useState(readKeptStatus);
  const queryClient = useQueryClient();
  return useQuery({
    enabled,
    queryKey: SLEEP_STATUS_KEY,
    queryFn: async (context) => {
      const status = await fetchSleepStatus(context);
      const previous = queryClient.getQueryData<SleepStatus>(SLEEP_STATUS_KEY);
      if (keptMessagesJustAnswered(previous, status)) requestReplay({ force: true });
      keepStatus(status, Date.now());
      return status;
    },
    // Opened offline: the last status this device read, with its time, until the server answers.
    initialData: kept?.status,
    initialDataUpdatedAt: kept?.at,
    refetchInterval: SLEEP_POLL_MS,
    // Every mount reads afresh: a kept copy is only for the screen opened offline.
    staleTime: 0,
    // The poll is the retry: a failed read shows as unreachable at once instead of after backoffs.
    retry: false,
  });
}

/**
 * A transition. Not queued in the outbox (docs/sleep-client.md): a power change means "now", and one
 * delivered an hour later could put Kiri to sleep after the owner had woken her elsewhere. So it is
 * sent at once or not at all, and the screen offers it only while the server answers.
 */
export function useSleepTransition() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (transition: Transition) => postTransition(transition),
    retry: false,
    // Never paused for the network and resumed later: that would be the silent queue refused above.
    networkMode: 'always',
    onError: (error) => {
      toast({
        title: SLEEP_TEXT.transitionFailed,
        description: failureText(error),
        variant: 'destructive',
      });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: SLEEP_STATUS_KEY }),
  });
}
