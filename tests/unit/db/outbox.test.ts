import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  queueUserMessage,
  retryFailedMessage,
  unsendMessage,
  deleteMessageHere,
} from '@/db/messages';
import { drainOutbox, waitingCount } from '@/db/outbox-delivery';
import { ensureTodaySession } from '@/db/sessions';
import type { KiriDatabase } from '@/db/schema';
import { freshDb, jsonResponse } from './helpers';

let db: KiriDatabase;
afterEach(async () => db?.delete());

const T0 = Date.parse('2026-11-22T02:00:00Z');
const SESSION = '2026-11-22';

async function setup() {
  db = freshDb();
  await ensureTodaySession(db, T0, 'Asia/Shanghai');
}

function queue(id: string, text: string, at = T0) {
  return queueUserMessage(db, {
    id,
    sessionId: SESSION,
    text,
    replyToId: null,
    userName: 'Mei',
    history: [],
    now: at,
  });
}

function answer(id: string, parts: string[], timings?: number[]) {
  return jsonResponse(200, {
    kiriMessages: parts.map((message, i) => ({ id: `${id}-r${i}`, message, timestamp: T0 })),
    splitMessageTimings: timings ?? parts.map((_, i) => (i === 0 ? 0 : 1000)),
  });
}

describe('outbox: a message and its entry are written together', () => {
  it('queues the message as sending with an entry keyed by its id', async () => {
    await setup();
    await queue('m1', 'hello Kiri');
    expect((await db.messages.get('m1'))?.status).toBe('sending');
    const [entry] = await db.outbox.toArray();
    expect(entry).toMatchObject({ kind: 'chat', key: 'm1', url: '/api/chat', attempts: 0 });
    expect(JSON.parse(entry!.body!)).toMatchObject({
      message: 'hello Kiri',
      userName: 'Mei',
      sessionId: SESSION,
    });
    expect(await waitingCount(db)).toBe(1);
    expect((await db.sessions.get(SESSION))?.messageCount).toBe(1);
  });
});

describe('outbox: delivered entries are removed and their replies stored', () => {
  it('sends in order with the Idempotency-Key and stores split replies with reveal times', async () => {
    await setup();
    await queue('m1', 'first', T0);
    await queue('m2', 'second', T0 + 1);
    const sent: string[] = [];
    const fetch = vi.fn(async (_url: RequestInfo | URL, init?: RequestInit) => {
      const key = new Headers(init?.headers).get('Idempotency-Key')!;
      sent.push(key);
      return answer(key, ['part one', 'part two'], [0, 1500]);
    });
    const summary = await drainOutbox(db, { fetch, now: () => T0 + 10 });
    expect(summary.delivered).toBe(2);
    expect(sent).toEqual(['m1', 'm2']);
    expect(await db.outbox.count()).toBe(0);
    expect((await db.messages.get('m1'))?.status).toBe('answered');
    const parts = (await db.messages.toArray()).filter((m) => m.sender === 'kiri');
    expect(parts).toHaveLength(4);
    const m1Parts = parts
      .filter((p) => p.id.startsWith('m1-'))
      .sort((a, b) => a.revealAt! - b.revealAt!);
    expect(m1Parts.map((p) => p.revealAt)).toEqual([T0 + 10, T0 + 10 + 1500]);
  });
});

describe('outbox: network errors and 5xx keep the entry and the order', () => {
  it('keeps everything waiting when offline, then replays in order', async () => {
    await setup();
    await queue('m1', 'one', T0);
    await queue('m2', 'two', T0 + 1);
    await queue('m3', 'three', T0 + 2);
    const offline = vi.fn(async () => {
      throw new TypeError('Failed to fetch');
    });
    const first = await drainOutbox(db, { fetch: offline, now: () => T0 });
    // The first failure holds the rest back: m2 and m3 are not tried before m1.
    expect(offline).toHaveBeenCalledTimes(1);
    expect(first.waiting).toBeGreaterThanOrEqual(1);
    expect((await db.messages.get('m1'))?.status).toBe('waiting');
    expect(await db.outbox.count()).toBe(3);

    const serverDown = vi.fn(async () => jsonResponse(503, { success: false, error: 'down' }));
    await drainOutbox(db, { fetch: serverDown, now: () => T0 + 60_000 });
    expect(await db.outbox.count()).toBe(3);

    const order: string[] = [];
    const online = vi.fn(async (_u: RequestInfo | URL, init?: RequestInit) => {
      const key = new Headers(init?.headers).get('Idempotency-Key')!;
      order.push(key);
      return answer(key, ['ok']);
    });
    // Back online: a forced drain ignores the backoff.
    await drainOutbox(db, { fetch: online, now: () => T0 + 61_000, force: true });
    expect(order).toEqual(['m1', 'm2', 'm3']);
    expect(await db.outbox.count()).toBe(0);
  });

  it('respects the backoff unless forced', async () => {
    await setup();
    await queue('m1', 'one');
    await drainOutbox(db, { fetch: async () => jsonResponse(500, {}), now: () => T0 });
    const fetch = vi.fn(async () => answer('m1', ['hi']));
    await drainOutbox(db, { fetch, now: () => T0 + 10 });
    expect(fetch).not.toHaveBeenCalled();
    await drainOutbox(db, { fetch, now: () => T0 + 10, force: true });
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('holds entries on 401 until the owner logs in again', async () => {
    await setup();
    await queue('m1', 'one');
    const summary = await drainOutbox(db, {
      fetch: async () => jsonResponse(401, { success: false, error: 'Not logged in' }),
      now: () => T0,
    });
    expect(summary.needsLogin).toBe(true);
    expect(await db.outbox.count()).toBe(1);
    expect((await db.messages.get('m1'))?.statusReason).toBe('Log in again to send');
  });
});

describe('outbox: a refusal (4xx) fails the message with the reason, and Retry sends it again', () => {
  it('fails, then retries with the same key and body', async () => {
    await setup();
    await queue('m1', 'too much');
    await drainOutbox(db, {
      fetch: async () =>
        jsonResponse(422, {
          success: false,
          error: 'Idempotency key reused with a different body',
        }),
      now: () => T0,
    });
    const failed = await db.messages.get('m1');
    expect(failed?.status).toBe('failed');
    expect(failed?.statusReason).toBe('Idempotency key reused with a different body');
    expect(await db.outbox.count()).toBe(0);

    await retryFailedMessage(db, 'm1', T0 + 5);
    const [entry] = await db.outbox.toArray();
    expect(entry?.key).toBe('m1');
    expect(JSON.parse(entry!.body!).message).toBe('too much');
    expect((await db.messages.get('m1'))?.status).toBe('sending');
  });
});

describe('unsend and delete', () => {
  it('unsending a message that never left the device only drops it from the outbox', async () => {
    await setup();
    await queue('m1', 'oops');
    await unsendMessage(db, 'm1', T0 + 1);
    expect(await db.messages.get('m1')).toBeUndefined();
    expect(await db.outbox.count()).toBe(0);
  });

  it('unsending a delivered message queues a DELETE to the server', async () => {
    await setup();
    await queue('m1', 'sent one');
    await drainOutbox(db, { fetch: async () => answer('m1', ['ok']), now: () => T0 });
    await unsendMessage(db, 'm1', T0 + 1);
    const [entry] = await db.outbox.toArray();
    expect(entry).toMatchObject({ kind: 'unsend', method: 'DELETE', url: '/api/conversations/m1' });
    expect(await db.tombstones.get('m1')).toBeDefined();
  });

  it('delete removes it here only and leaves a tombstone', async () => {
    await setup();
    await queue('m1', 'bye');
    await drainOutbox(db, { fetch: async () => answer('m1', ['ok']), now: () => T0 });
    await deleteMessageHere(db, 'm1', T0 + 1);
    expect(await db.messages.get('m1')).toBeUndefined();
    expect(await db.outbox.count()).toBe(0);
    expect(await db.tombstones.get('m1')).toBeDefined();
  });
});
