// The header's 'Offline' pill follows a failed status check. When the browser never goes offline (the
// server is down, then back), nothing else asks again: a replay of the outbox that reached the server,
// or one that did not while the last check succeeded, does; so does another read of the page (the
// mood's poll) that finds no server while the last check succeeded.
import { useEffect } from 'react';
import { useQueryClient, type Query } from '@tanstack/react-query';
import { authStatusQueryKey } from '@/lib/auth-session';
import { isApiError } from '@/lib/api';
import { onOutboxReplayed } from '@/lib/outbox-sync';
import { replayReachedServer } from '../model/offline-banner';

/** A read that got no answer at all (no network, the server gone, a timeout), not an HTTP error. */
function foundNoServer(query: Query): boolean {
  const error = query.state.error;
  return error !== null && !isApiError(error) && query.queryKey[0] !== authStatusQueryKey[0];
}

export function useStatusRecheck(): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    const statusFailed = () => queryClient.getQueryState(authStatusQueryKey)?.status === 'error';
    // Not cancelling a check already under way: the triggers below can come in quick succession.
    const recheck = () =>
      void queryClient.refetchQueries({ queryKey: authStatusQueryKey }, { cancelRefetch: false });
    const stopReplays = onOutboxReplayed((summary) => {
      // Ask again when the replay and the last check disagree: the server is back, or it is gone
      // while the browser still says online (then the header says so, not only the banner).
      if (replayReachedServer(summary) === statusFailed()) recheck();
    });
    // With nothing waiting to send, no replay runs after the app's first pull: the server stopping
    // later was seen only by the mood's poll ('Offline, last known at …') while the header said nothing.
    const stopReads = queryClient.getQueryCache().subscribe((event) => {
      if (event.type !== 'updated' || event.action.type !== 'error') return;
      if (foundNoServer(event.query) && !statusFailed()) recheck();
    });
    return () => {
      stopReplays();
      stopReads();
    };
  }, [queryClient]);
}
