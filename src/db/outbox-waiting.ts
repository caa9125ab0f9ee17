// What the owner has waiting to send, as the chat's banner counts it ('N messages waiting to send'):
// her messages and her photos (a photo is a message in the chat, with its own 'Waiting to send'), not
// the background writes (push subscription, reminders, unsend) that she does not see as messages.
import type { KiriDatabase, OutboxKind } from './schema';

export interface OutboxWaiting {
  count: number;
  /** Whether any of them has been tried and failed. */
  retrying: boolean;
}

const OWNER_MESSAGE_KINDS: readonly OutboxKind[] = ['chat', 'image'];

export async function ownerMessagesWaiting(db: KiriDatabase): Promise<OutboxWaiting> {
  const entries = await db.outbox.where('kind').anyOf(OWNER_MESSAGE_KINDS).toArray();
  return { count: entries.length, retrying: entries.some((entry) => entry.attempts > 0) };
}
