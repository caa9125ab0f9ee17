import { afterEach, describe, expect, it, vi } from 'vitest';
import { drainOutbox } from '@/db/outbox-delivery';
import {
  cancelReminder,
  createReminder,
  dismissReminder,
  listReminders,
  storeServerReminders,
} from '@/db/reminders';
import type { KiriDatabase } from '@/db/schema';
import { freshDb, jsonResponse } from './helpers';

let db: KiriDatabase;
afterEach(async () => db?.delete());

const T0 = Date.parse('2026-11-24T02:00:00Z');
const REMINDER = {
  id: '019ab000-0000-7000-8000-000000000001',
  text: 'call the dentist',
  dueAt: '2026-11-24T12:00:00.000Z',
  messageId: 'm1',
};

type Answer = Response | Error;
function serverSays(...answers: Answer[]) {
  const fetch = vi.fn(async () => {
    const next = answers.shift() ?? jsonResponse(200, { success: true });
    if (next instanceof Error) throw next;
    return next;
  });
  return fetch;
}
const drain = (fetch: typeof globalThis.fetch) =>
  drainOutbox(db, { fetch, now: () => T0 + 1000, force: true });
const notDraining = async () => false;
const draining = async () => true;

describe('a reminder is stored on the device and queued in one step', () => {
  it('writes the row as queued and a POST keyed by its id, with exactly its fields', async () => {
    db = freshDb();
    await createReminder(db, REMINDER, T0);
    expect(await db.reminders.get(REMINDER.id)).toMatchObject({ sync: 'queued', createdAt: T0 });
    const [entry] = await db.outbox.toArray();
    expect(entry).toMatchObject({
      kind: 'reminder',
      key: REMINDER.id,
      method: 'POST',
      url: '/api/reminders',
      messageId: null,
    });
    expect(JSON.parse(entry!.body!)).toEqual(REMINDER);
  });
});

describe('the drain settles a reminder', () => {
  it('sends it once with its Idempotency-Key; the server taking it makes it set', async () => {
    db = freshDb();
    await createReminder(db, REMINDER, T0);
    const fetch = serverSays(jsonResponse(201, { success: true, reminder: REMINDER }));
    await drain(fetch as unknown as typeof globalThis.fetch);
    expect(fetch).toHaveBeenCalledTimes(1);
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/reminders');
    expect((init.headers as Record<string, string>)['Idempotency-Key']).toBe(REMINDER.id);
    expect(await db.outbox.count()).toBe(0);
    expect((await db.reminders.get(REMINDER.id))?.sync).toBe('set');
  });

  it('offline it waits, queued, and is sent once when the server answers', async () => {
    db = freshDb();
    await createReminder(db, REMINDER, T0);
    await drain(serverSays(new TypeError('Failed to fetch')) as unknown as typeof fetch);
    expect((await db.reminders.get(REMINDER.id))?.sync).toBe('queued');
    expect(await db.outbox.count()).toBe(1);
    const online = serverSays(jsonResponse(200, { success: true }));
    await drain(online as unknown as typeof fetch);
    await drain(online as unknown as typeof fetch);
    expect(online).toHaveBeenCalledTimes(1);
    expect((await db.reminders.get(REMINDER.id))?.sync).toBe('set');
  });

  it("a refusal is kept with the server's reason, and never marks the chat message", async () => {
    db = freshDb();
    await db.messages.add({
      id: 'm1',
      sessionId: '2026-11-24',
      sender: 'user',
      message: 'call the dentist',
      timestamp: T0 - 1000,
      replyToId: null,
      emotionalState: null,
      status: 'answered',
    });
    await createReminder(db, REMINDER, T0);
    const refuse = serverSays(
      jsonResponse(400, { success: false, error: 'dueAt is in the past', message: 'x' }),
    );
    await drain(refuse as unknown as typeof fetch);
    expect(await db.reminders.get(REMINDER.id)).toMatchObject({
      sync: 'refused',
      reason: 'dueAt is in the past',
    });
    expect((await db.messages.get('m1'))?.status).toBe('answered');
    await dismissReminder(db, REMINDER.id);
    expect(await db.reminders.count()).toBe(0);
  });

  it('a 5xx leaves it queued and the chat message untouched', async () => {
    db = freshDb();
    await createReminder(db, REMINDER, T0);
    await drain(serverSays(jsonResponse(503, { error: 'busy' })) as unknown as typeof fetch);
    expect((await db.reminders.get(REMINDER.id))?.sync).toBe('queued');
    expect(await db.outbox.count()).toBe(1);
  });
});

describe('cancelling a reminder', () => {
  it('one that never left the device just goes: nothing is sent', async () => {
    db = freshDb();
    await createReminder(db, REMINDER, T0);
    expect(await cancelReminder(db, REMINDER.id, T0, notDraining)).toBe(false);
    expect(await db.reminders.count()).toBe(0);
    expect(await db.outbox.count()).toBe(0);
  });

  it('one that may be on its way is deleted on the server after its create', async () => {
    db = freshDb();
    await createReminder(db, REMINDER, T0);
    expect(await cancelReminder(db, REMINDER.id, T0, draining)).toBe(true);
    const entries = await db.outbox.toArray();
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      kind: 'reminder',
      method: 'DELETE',
      url: `/api/reminders/${REMINDER.id}`,
    });
    expect(entries[0]!.key).not.toBe(REMINDER.id);
    expect((await db.reminders.get(REMINDER.id))?.sync).toBe('cancelling');
  });

  it('a set one is cancelled through the outbox; the row goes when the server answers', async () => {
    db = freshDb();
    await createReminder(db, REMINDER, T0);
    await drain(serverSays(jsonResponse(201, { success: true })) as unknown as typeof fetch);
    await cancelReminder(db, REMINDER.id, T0 + 2000, notDraining);
    expect((await db.reminders.get(REMINDER.id))?.sync).toBe('cancelling');
    const fetch = serverSays(jsonResponse(200, { success: true }));
    await drain(fetch as unknown as typeof globalThis.fetch);
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect([url, init.method]).toEqual([`/api/reminders/${REMINDER.id}`, 'DELETE']);
    expect(await db.reminders.count()).toBe(0);
  });

  it('a cancel answered 404 (already fired) removes it too; another refusal keeps it, saying why', async () => {
    db = freshDb();
    await db.reminders.bulkAdd([
      { ...REMINDER, id: 'gone', sync: 'set', createdAt: T0 },
      { ...REMINDER, id: 'kept', sync: 'set', createdAt: T0 },
    ]);
    await cancelReminder(db, 'gone', T0, notDraining);
    await cancelReminder(db, 'kept', T0, notDraining);
    await drain(
      serverSays(
        jsonResponse(404, { error: 'Reminder not found' }),
        jsonResponse(403, { error: 'Not allowed' }),
      ) as unknown as typeof fetch,
    );
    expect(await db.reminders.get('gone')).toBeUndefined();
    expect(await db.reminders.get('kept')).toMatchObject({
      sync: 'set',
      reason: 'Could not be cancelled: Not allowed',
    });
  });

  it('a second tap on Cancel queues nothing more', async () => {
    db = freshDb();
    await db.reminders.add({ ...REMINDER, sync: 'set', createdAt: T0 });
    await cancelReminder(db, REMINDER.id, T0, notDraining);
    expect(await cancelReminder(db, REMINDER.id, T0, notDraining)).toBe(false);
    expect(await db.outbox.count()).toBe(1);
  });
});

describe("the server's list is merged into the device's", () => {
  it('adds what the server lists, keeps the unsent, drops what fired', async () => {
    db = freshDb();
    await createReminder(db, { ...REMINDER, id: 'mine', dueAt: '2026-11-25T01:00:00.000Z' }, T0);
    await db.reminders.add({ ...REMINDER, id: 'fired', sync: 'set', createdAt: 1, settledAt: 1 });
    await storeServerReminders(
      db,
      [{ id: 'elsewhere', text: 'stretch', dueAt: '2026-11-24T05:00:00.000Z', messageId: null }],
      T0,
    );
    expect((await listReminders(db)).map((r) => [r.id, r.sync])).toEqual([
      ['elsewhere', 'set'],
      ['mine', 'queued'],
    ]);
  });
});
