// The header's 'Offline' pill follows a failed status check. When the browser never goes offline (the
// server is down, then back), nothing else asks again: a replay of the outbox that reached the server,
// or one that did not while the last check succeeded, does.
import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { authStatusQueryKey } from '@/lib/auth-session';
import { onOutboxReplayed } from '@/lib/outbox-sync';
import { replayReachedServer } from '../model/offline-banner';

export function useStatusRecheck(): void {
  const queryClient = useQueryClient();
  useEffect(
    () =>
      onOutboxReplayed((summary) => {
        const reached = replayReachedServer(summary);
        const failed = queryClient.getQueryState(authStatusQueryKey)?.status === 'error';
        // Ask again when the replay and the last check disagree: the server is back, or it is gone
        // while the browser still says online (then the header says so, not only the banner).
        if (reached === failed) void queryClient.refetchQueries({ queryKey: authStatusQueryKey });
      }),
    [queryClient],
  );
}
