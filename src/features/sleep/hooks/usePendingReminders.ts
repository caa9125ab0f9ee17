// The pending reminders: the device's copy (a live query, so it shows offline and updates as the
// outbox settles), refreshed from the server on open and after each replay of the outbox.
import { useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useLiveQuery } from 'dexie-react-hooks';
import { db } from '@/db/db';
import { listReminders } from '@/db/reminders';
import { onOutboxReplayed } from '@/lib/outbox-sync';
import { REMINDERS_KEY, syncReminders } from '../api/reminders-api';
import { useNow } from '@/lib/use-now';

export function usePendingReminders() {
  const rows = useLiveQuery(() => listReminders(db), []);
  const server = useQuery({
    queryKey: REMINDERS_KEY,
    queryFn: syncReminders,
    staleTime: 0,
    retry: false,
    // The device's table is the copy kept offline; the cache holds only a count.
    meta: { persist: false },
  });
  const { refetch } = server;
  useEffect(() => onOutboxReplayed(() => void refetch()), [refetch]);
  // Re-render each minute so a due time that has passed stops reading as 'Today, …' in the future.
  const now = useNow(60_000);
  return { rows, serverFailed: server.isError, now };
}
