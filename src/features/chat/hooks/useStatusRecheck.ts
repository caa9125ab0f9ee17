// The header's 'Offline' pill follows a failed status check. When the browser never went offline (the
// server was down), nothing else asks again; a replay of the outbox that reached the server does.
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
        if (!replayReachedServer(summary)) return;
        if (queryClient.getQueryState(authStatusQueryKey)?.status !== 'error') return;
        void queryClient.refetchQueries({ queryKey: authStatusQueryKey });
      }),
    [queryClient],
  );
}
