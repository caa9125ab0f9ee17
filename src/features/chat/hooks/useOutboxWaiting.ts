// The owner's messages in the outbox, live: how many, and whether any has been tried and failed.
import { useLiveQuery } from 'dexie-react-hooks';
import { db } from '@/db/db';

export interface OutboxWaiting {
  count: number;
  retrying: boolean;
}

export function useOutboxWaiting(): OutboxWaiting | undefined {
  return useLiveQuery(async () => {
    const entries = await db.outbox.where('kind').equals('chat').toArray();
    return { count: entries.length, retrying: entries.some((entry) => entry.attempts > 0) };
  }, []);
}
