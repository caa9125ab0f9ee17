// Reminders on this device (issue 10): set from the message menu, sent through the outbox (one kind,
// 'reminder', so a cancel never overtakes its create), kept here as the last known list offline.
import type { DeliveryOutcome } from '@/domain/outbox-rules';
import {
  REMINDERS_URL,
  cancelKey,
  mergeServerReminders,
  reminderBody,
  reminderIdOfKey,
  reminderUrl,
  sortReminders,
  type Reminder,
} from '@/domain/reminders';
import { isOutboxDraining } from './outbox-lock';
import type { KiriDatabase, OutboxRow, ReminderRow } from './schema';

/**
 * Stores a new reminder and queues its POST in one transaction: once this resolves it is neither lost
 * nor sent twice (its id is the Idempotency-Key). The caller asks for a replay.
 */
export async function createReminder(
  db: KiriDatabase,
  reminder: Reminder,
  now: number,
): Promise<ReminderRow> {
  const row: ReminderRow = {
    id: reminder.id,
    text: reminder.text,
    dueAt: reminder.dueAt,
    messageId: reminder.messageId ?? null,
    sync: 'queued',
    createdAt: now,
  };
  await db.transaction('rw', db.reminders, db.outbox, async () => {
    await db.reminders.add(row);
    await db.outbox.add({
      kind: 'reminder',
      key: reminder.id,
      method: 'POST',
      url: REMINDERS_URL,
      body: reminderBody(reminder),
      // Not the chat message's id: the drainer marks an entry's message 'waiting' or 'failed', and the
      // message itself was delivered long ago.
      messageId: null,
      createdAt: now,
      attempts: 0,
      nextAttemptAt: now,
    });
  });
  return row;
}

/**
 * Cancel. A reminder that never left the device (its POST not yet tried, no drain running) just goes;
 * one the server refused goes too. Otherwise the server may have it: its POST leaves the outbox and a
 * DELETE is queued behind whatever of its kind is on its way, and the row says 'cancelling' until the
 * server answers. Returns whether a request was queued (the caller then asks for a replay).
 */
export async function cancelReminder(
  db: KiriDatabase,
  id: string,
  now: number,
  draining: () => Promise<boolean> = isOutboxDraining,
): Promise<boolean> {
  const mayBeInFlight = await draining();
  return db.transaction('rw', db.reminders, db.outbox, async () => {
    const row = await db.reminders.get(id);
    const entries = (await db.outbox.where('kind').equals('reminder').toArray()).filter(
      (entry) => reminderIdOfKey(entry.key) === id,
    );
    const creates = entries.filter((entry) => entry.method === 'POST');
    const cancels = entries.filter((entry) => entry.method === 'DELETE');
    if (cancels.length > 0) return false; // already on its way
    const neverSent =
      !mayBeInFlight && creates.length > 0 && creates.every((entry) => entry.attempts === 0);
    await db.outbox.bulkDelete(creates.map((entry) => entry.seq!));
    if (neverSent || row?.sync === 'refused') {
      await db.reminders.delete(id);
      return false;
    }
    await db.outbox.add({
      kind: 'reminder',
      key: cancelKey(id),
      method: 'DELETE',
      url: reminderUrl(id),
      body: null,
      messageId: null,
      createdAt: now,
      attempts: 0,
      nextAttemptAt: now,
    });
    if (row) await db.reminders.update(id, { sync: 'cancelling', reason: undefined });
    return true;
  });
}

/** Forgets a refused reminder (the owner has read why). */
export async function dismissReminder(db: KiriDatabase, id: string): Promise<void> {
  await db.transaction('rw', db.reminders, async () => {
    if ((await db.reminders.get(id))?.sync === 'refused') await db.reminders.delete(id);
  });
}

/**
 * What a definitive answer to a reminder entry means for its row; called by the drainer inside the
 * transaction that removes the entry (so the two never disagree). Create taken: 'set'. Create refused:
 * 'refused' with the reason. Cancel taken, or answered 404 (gone already: fired, or never stored):
 * the row goes. Cancel refused otherwise: the reminder stands, and says why it could not be cancelled.
 */
export async function settleReminderEntry(
  db: KiriDatabase,
  entry: Pick<OutboxRow, 'kind' | 'key' | 'method'>,
  outcome: DeliveryOutcome & { status?: number },
  now: number,
): Promise<void> {
  if (entry.kind !== 'reminder') return;
  const id = reminderIdOfKey(entry.key);
  if (entry.method === 'POST') {
    if (outcome.kind === 'delivered') {
      await db.reminders.update(id, { sync: 'set', reason: undefined, settledAt: now });
    } else if (outcome.kind === 'refused') {
      await db.reminders.update(id, { sync: 'refused', reason: outcome.reason, settledAt: now });
    }
    return;
  }
  if (outcome.kind === 'delivered' || (outcome.kind === 'refused' && outcome.status === 404)) {
    await db.reminders.delete(id);
  } else if (outcome.kind === 'refused') {
    await db.reminders.update(id, {
      sync: 'set',
      reason: `Could not be cancelled: ${outcome.reason}`,
      settledAt: now,
    });
  }
}

/** Writes the server's list of pending reminders, read at `fetchedAt`, over this device's copy. */
export async function storeServerReminders(
  db: KiriDatabase,
  server: readonly Reminder[],
  fetchedAt: number,
): Promise<void> {
  await db.transaction('rw', db.reminders, async () => {
    const local = await db.reminders.toArray();
    const { put, remove } = mergeServerReminders(local, server, fetchedAt);
    if (put.length > 0) await db.reminders.bulkPut(put);
    if (remove.length > 0) await db.reminders.bulkDelete(remove);
  });
}

/** Every reminder on this device, soonest first. */
export async function listReminders(db: KiriDatabase): Promise<ReminderRow[]> {
  return sortReminders(await db.reminders.toArray());
}
