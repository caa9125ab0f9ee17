// The owner's messages and photos in the outbox, live: how many, and whether any has been tried and failed.
import { useLiveQuery } from 'dexie-react-hooks';
import { db } from '@/db/db';
import { ownerMessagesWaiting, type OutboxWaiting } from '@/db/outbox-waiting';

export type { OutboxWaiting };

export function useOutboxWaiting(): OutboxWaiting | undefined {
  return useLiveQuery(() => ownerMessagesWaiting(db), []);
}
