import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  queueUserMessage,
  retryFailedMessage,
  unsendMessage,
  deleteMessageHere,
} from '@/db/messages';
import {
  STORE_FAILED_REASON,
  WRITE_GROUP_MAX,
  WRITE_GROUP_WAIT_MS,
  drainOutbox,
  waitingCount,
} from '@/db/outbox-delivery';
import { ensureTodaySession } from '@/db/sessions';
import type { KiriDatabase } from '@/db/schema';
import { freshDb, jsonResponse, queueOwnerMessage, servingBatches } from './helpers';

let db: KiriDatabase;
afterEach(async () => db?.delete());

const T0 = Date.parse('2026-11-22T02:00:00Z');
const SESSION = '2026-11-22';

async function setup() {
  db = freshDb();
  await ensureTodaySession(db, T0, 'Asia/Shanghai');
}

function queue(id: string, text: string, at = T0) {
  return queueOwnerMessage(db, { id, text, sessionId: SESSION, at });
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
    const fetch = servingBatches(async (_url: RequestInfo | URL, init?: RequestInit) => {
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
    expect((await db.messages.get('m1'))?.serverTrouble).toBeUndefined();
    expect(await db.outbox.count()).toBe(3);

    const serverDown = vi.fn(async () => jsonResponse(503, { success: false, error: 'down' }));
    await drainOutbox(db, { fetch: serverDown, now: () => T0 + 60_000 });
    expect(await db.outbox.count()).toBe(3);
    // The server said it is in trouble: the chat shows Kiri's line after m1 until it is delivered.
    expect(await db.messages.get('m1')).toMatchObject({ status: 'waiting', serverTrouble: true });
    await drainOutbox(db, { fetch: offline, now: () => T0 + 60_500, force: true });
    expect((await db.messages.get('m1'))?.serverTrouble).toBeUndefined();
    await drainOutbox(db, { fetch: serverDown, now: () => T0 + 60_600, force: true });

    const order: string[] = [];
    const online = servingBatches(async (_u: RequestInfo | URL, init?: RequestInit) => {
      const key = new Headers(init?.headers).get('Idempotency-Key')!;
      order.push(key);
      return answer(key, ['ok']);
    });
    // Back online: a forced drain ignores the backoff.
    await drainOutbox(db, { fetch: online, now: () => T0 + 61_000, force: true });
    expect(order).toEqual(['m1', 'm2', 'm3']);
    expect(await db.outbox.count()).toBe(0);
  });

  it("marks what it skips 'waiting', with the reason of the entry it waits behind", async () => {
    await setup();
    await queue('m1', 'one', T0);
    await queue('m2', 'two', T0 + 1);
    await queue('m3', 'three', T0 + 2);
    // As rows stored before the first try was recorded were left: 'sending' with no attempt.
    await db.messages.bulkUpdate([
      { key: 'm2', changes: { status: 'sending', statusReason: undefined } },
      { key: 'm3', changes: { status: 'sending', statusReason: undefined } },
    ]);
    const serverDown = vi.fn(async () => jsonResponse(503, { success: false, error: 'down' }));
    await drainOutbox(db, { fetch: serverDown, now: () => T0 });
    expect(serverDown).toHaveBeenCalledTimes(1);
    for (const id of ['m1', 'm2', 'm3']) {
      expect(await db.messages.get(id)).toMatchObject({ status: 'waiting', statusReason: 'down' });
    }

    // In the backoff nothing is tried: one that says 'sending' says 'waiting' all the same.
    await db.messages.update('m3', { status: 'sending', statusReason: undefined });
    await drainOutbox(db, { fetch: serverDown, now: () => T0 + 10 });
    expect(serverDown).toHaveBeenCalledTimes(1);
    expect(await db.messages.get('m3')).toMatchObject({ status: 'waiting', statusReason: 'down' });
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

describe("outbox: only the server's own answer delivers a message", () => {
  it('a 200 that is not a chat answer (a captive portal, a proxy) keeps the message waiting', async () => {
    await setup();
    await queue('m1', 'on the station wifi');
    for (const page of [
      new Response('<html>Sign in to the station wifi</html>', {
        status: 200,
        headers: { 'Content-Type': 'text/html' },
      }),
      jsonResponse(200, { ok: true }),
    ]) {
      const summary = await drainOutbox(db, {
        fetch: async () => page,
        now: () => T0,
        force: true,
      });
      expect(summary.delivered).toBe(0);
      expect(await db.outbox.count()).toBe(1);
      const message = await db.messages.get('m1');
      expect(message?.status).toBe('waiting');
      expect(message?.statusReason).toBe('Unexpected answer from the server');
    }
    // The real server's answer then delivers it.
    await drainOutbox(db, {
      fetch: async () => answer('m1', ['hello']),
      now: () => T0,
      force: true,
    });
    expect((await db.messages.get('m1'))?.status).toBe('answered');
    expect(await db.outbox.count()).toBe(0);
  });
});

describe('outbox: one refused message never blocks the ones after it', () => {
  it('Retry drops a refused, too long message from the history it carries', async () => {
    await setup();
    const long = 'x'.repeat(10_001);
    await queueUserMessage(db, {
      id: 'm2',
      sessionId: SESSION,
      text: 'a normal message',
      replyToId: null,
      userName: 'Mei',
      history: [
        { message: 'hi', sender: 'user', timestamp: T0 - 2 },
        { message: long, sender: 'user', timestamp: T0 - 1 },
      ],
      now: T0,
    });
    await drainOutbox(db, {
      fetch: async () =>
        jsonResponse(400, { success: false, error: 'history.1.message: too long' }),
      now: () => T0,
    });
    expect((await db.messages.get('m2'))?.status).toBe('failed');

    await retryFailedMessage(db, 'm2', T0 + 5);
    const [entry] = await db.outbox.toArray();
    const body = JSON.parse(entry!.body!) as { message: string; history: { message: string }[] };
    expect(body.message).toBe('a normal message');
    expect(body.history.map((h) => h.message)).toEqual(['hi']);
  });
});

describe('unsend and delete', () => {
  it('unsending a message that never left the device only drops it from the outbox', async () => {
    await setup();
    await queue('m1', 'oops');
    await unsendMessage(db, 'm1', T0 + 1, async () => false);
    expect(await db.messages.get('m1')).toBeUndefined();
    expect(await db.outbox.count()).toBe(0);
  });

  it('unsending while a drain runs also asks the server to delete it (it may be on its way)', async () => {
    await setup();
    await queue('m1', 'sent just now');
    // Not failed yet (attempts 0), but a drain holds the lock: the request may be out.
    await unsendMessage(db, 'm1', T0 + 1, async () => true);
    expect(await db.messages.get('m1')).toBeUndefined();
    const entries = await db.outbox.toArray();
    expect(entries).toEqual([
      expect.objectContaining({ kind: 'unsend', method: 'DELETE', url: '/api/conversations/m1' }),
    ]);
    // Had it not arrived after all, the server's 404 ends the DELETE: nothing waits for ever.
    await drainOutbox(db, {
      fetch: async () => jsonResponse(404, { success: false, error: 'Message not found' }),
      now: () => T0 + 2,
    });
    expect(await db.outbox.count()).toBe(0);
  });

  it('unsending a delivered message queues a DELETE to the server', async () => {
    await setup();
    await queue('m1', 'sent one');
    await drainOutbox(db, { fetch: async () => answer('m1', ['ok']), now: () => T0 });
    await unsendMessage(db, 'm1', T0 + 1, async () => false);
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

  it('deleting a message still waiting to send means it is not sent after all', async () => {
    await setup();
    await queue('m1', 'never mind');
    await deleteMessageHere(db, 'm1', T0 + 1, async () => false);
    expect(await db.messages.get('m1')).toBeUndefined();
    expect(await db.outbox.count()).toBe(0);
    const sent: string[] = [];
    await drainOutbox(db, {
      fetch: async (input) => {
        sent.push(String(input));
        return answer('m1', ['ok']);
      },
      now: () => T0 + 2,
    });
    expect(sent).toEqual([]);
  });

  it('deleting a waiting message while a drain may have it out also removes it from the server', async () => {
    await setup();
    await queue('m1', 'never mind');
    await deleteMessageHere(db, 'm1', T0 + 1, async () => true);
    expect(await db.outbox.toArray()).toEqual([
      expect.objectContaining({ kind: 'unsend', method: 'DELETE', url: '/api/conversations/m1' }),
    ]);
  });
});

/**
 * The server as the outbox sees it: answers each Idempotency-Key once and gives the same answer back on
 * a replay. `handled` lists the keys it acted on (once each); `sent` every request, in order.
 */
function fakeServer(options: { tick?: () => void; before?: (key: string) => Promise<void> } = {}) {
  const answers = new Map<string, Response>();
  const handled: string[] = [];
  const sent: string[] = [];
  let inFlight = 0;
  let mostInFlight = 0;
  const fetch = vi.fn(async (_url: RequestInfo | URL, init?: RequestInit) => {
    const key = new Headers(init?.headers).get('Idempotency-Key')!;
    sent.push(key);
    inFlight += 1;
    mostInFlight = Math.max(mostInFlight, inFlight);
    try {
      options.tick?.();
      await options.before?.(key);
      if (!answers.has(key)) {
        handled.push(key);
        answers.set(key, answer(key, ['first', 'second'], [0, 1500]));
      }
      return answers.get(key)!.clone();
    } finally {
      inFlight -= 1;
    }
  });
  return { fetch, handled, sent, mostInFlight: () => mostInFlight };
}

async function queueMany(count: number, at = T0): Promise<string[]> {
  const ids = Array.from({ length: count }, (_, i) => `m${String(i + 1).padStart(2, '0')}`);
  for (const [i, id] of ids.entries()) await queue(id, `message ${i + 1}`, at + i);
  return ids;
}

async function kiriIds(): Promise<string[]> {
  return (await db.messages.orderBy('[sessionId+timestamp]').toArray())
    .filter((m) => m.sender === 'kiri')
    .map((m) => m.id);
}

const answered = async (id: string) => (await db.messages.get(id))?.status === 'answered';

// These send each message alone (batchSize 1: the path of a message sent online, and of a replay on a
// server without batches); batches have their own tests below.
describe('outbox: a replay is pipelined, and keeps the order and exactly once', () => {
  it('writes each answer while the next request is on its way when requests are slow', async () => {
    await setup();
    const ids = await queueMany(3);
    let clock = T0 + 60_000;
    let storedBeforeNextRequest: boolean | undefined;
    const server = fakeServer({
      tick: () => (clock += 500),
      before: async (key) => {
        if (key !== 'm02') return;
        // m01's answer is not stored yet when m02 goes out, and is stored while m02 is out.
        storedBeforeNextRequest = await answered('m01');
        await vi.waitFor(async () => expect(await answered('m01')).toBe(true));
      },
    });
    const summary = await drainOutbox(db, { fetch: server.fetch, now: () => clock, batchSize: 1 });
    expect(storedBeforeNextRequest).toBe(false);
    expect(summary).toMatchObject({ delivered: 3, waiting: 0 });
    expect(server.sent).toEqual(ids);
    expect(server.mostInFlight()).toBe(1);
    expect(await kiriIds()).toEqual(ids.flatMap((id) => [`${id}-r0`, `${id}-r1`]));
  });

  it('writes quick answers in groups beside later requests, and ends once the last is stored', async () => {
    await setup();
    const count = WRITE_GROUP_MAX + 4;
    const ids = await queueMany(count);
    let storedBeforeNextRequest: boolean | undefined;
    const server = fakeServer({
      before: async (key) => {
        if (key !== ids[WRITE_GROUP_MAX]) return;
        // The first WRITE_GROUP_MAX answers are stored together while the next request is out.
        storedBeforeNextRequest = await answered(ids[0]!);
        await vi.waitFor(async () => {
          for (const id of ids.slice(0, WRITE_GROUP_MAX)) expect(await answered(id)).toBe(true);
        });
      },
    });
    const summary = await drainOutbox(db, {
      fetch: server.fetch,
      now: () => T0 + 60_000,
      batchSize: 1,
    });
    expect(storedBeforeNextRequest).toBe(false);
    // Reported done only when every answer is stored.
    expect(summary.delivered).toBe(count);
    expect(await db.outbox.count()).toBe(0);
    for (const id of ids) expect(await answered(id)).toBe(true);
    expect(server.sent).toEqual(ids);
    expect(server.mostInFlight()).toBe(1);
    expect(await kiriIds()).toEqual(ids.flatMap((id) => [`${id}-r0`, `${id}-r1`]));
    // A catch-up: every part of every reply is shown at once.
    const kiri = (await db.messages.toArray()).filter((m) => m.sender === 'kiri');
    expect(new Set(kiri.map((m) => m.revealAt))).toEqual(new Set([T0 + 60_000]));
  });

  it('writes answers held for a group once the next request is slow to come back', async () => {
    await setup();
    await queueMany(2);
    let storedWhileOut = false;
    const server = fakeServer({
      before: async (key) => {
        // m01 came back at once, so its answer waits for others; m02 hangs on a weak signal.
        if (key !== 'm02') return;
        await vi.waitFor(async () => expect(await answered('m01')).toBe(true), {
          timeout: WRITE_GROUP_WAIT_MS * 10,
        });
        storedWhileOut = true;
      },
    });
    await drainOutbox(db, { fetch: server.fetch, now: () => T0 + 60_000, batchSize: 1 });
    expect(storedWhileOut).toBe(true);
    expect(await db.outbox.count()).toBe(0);
  });

  it('does not send an entry unsent while the pass runs, and sends one queued meanwhile', async () => {
    await setup();
    await queueMany(3);
    const server = fakeServer({
      before: async (key) => {
        if (key !== 'm01') return;
        await unsendMessage(db, 'm02', T0 + 10, async () => false);
        await queue('m04', 'typed meanwhile', T0 + 11);
      },
    });
    await drainOutbox(db, { fetch: server.fetch, now: () => T0 + 60_000, batchSize: 1 });
    expect(server.sent).toEqual(['m01', 'm03', 'm04']);
    expect(await db.outbox.count()).toBe(0);
  });
});

// One message a request here too (batchSize 1), so that a write fails beside a request on its way.
describe('outbox: an answer that cannot be stored leaves its entry, which is replayed', () => {
  /** Makes the write of one reply part fail once, as a full disk would. */
  function failOnceOn(partId: string) {
    let failed = false;
    db.messages.hook('creating', (_key, row) => {
      if (row.id === partId && !failed) {
        failed = true;
        throw new Error('QuotaExceededError');
      }
    });
  }

  it('keeps the entry and those of its kind after it, and the next pass delivers them in order', async () => {
    await setup();
    const ids = await queueMany(4);
    failOnceOn('m02-r0');
    let clock = T0 + 60_000;
    const server = fakeServer({
      tick: () => (clock += 500),
      before: async (key) => {
        // Sent beside the write of m02's answer; answered once that write has failed.
        if (key === 'm03') {
          await vi.waitFor(async () => {
            const [entry] = await db.outbox.where('messageId').equals('m02').toArray();
            expect(entry?.attempts).toBe(1);
          });
        }
      },
    });
    const first = await drainOutbox(db, { fetch: server.fetch, now: () => clock, batchSize: 1 });
    expect(first).toMatchObject({ delivered: 1, waiting: 2 });
    // m03 went out beside the failed write, but its answer is not stored before m02's; m04 waits.
    expect(server.sent).toEqual(['m01', 'm02', 'm03']);
    expect(await answered('m01')).toBe(true);
    expect((await db.outbox.orderBy('seq').toArray()).map((e) => e.key)).toEqual([
      'm02',
      'm03',
      'm04',
    ]);
    expect(await db.messages.get('m02')).toMatchObject({
      status: 'waiting',
      statusReason: STORE_FAILED_REASON,
    });
    expect(await kiriIds()).toEqual(['m01-r0', 'm01-r1']);

    const second = await drainOutbox(db, {
      fetch: server.fetch,
      now: () => clock,
      force: true,
      batchSize: 1,
    });
    expect(second).toMatchObject({ delivered: 3, waiting: 0 });
    expect(server.sent).toEqual(['m01', 'm02', 'm03', 'm02', 'm03', 'm04']);
    // Exactly once: the server acted on each message once and answered the replays from its record.
    expect(server.handled).toEqual(ids);
    expect(await db.outbox.count()).toBe(0);
    expect(await kiriIds()).toEqual(ids.flatMap((id) => [`${id}-r0`, `${id}-r1`]));
  });

  it('leaves every entry of a group whose write failed', async () => {
    await setup();
    const ids = await queueMany(3);
    failOnceOn('m02-r1');
    const server = fakeServer();
    const first = await drainOutbox(db, {
      fetch: server.fetch,
      now: () => T0 + 60_000,
      batchSize: 1,
    });
    expect(first).toMatchObject({ delivered: 0, waiting: 3 });
    expect(await db.outbox.count()).toBe(3);
    expect(await kiriIds()).toEqual([]);
    for (const id of ids) expect((await db.messages.get(id))?.status).toBe('waiting');

    await drainOutbox(db, {
      fetch: server.fetch,
      now: () => T0 + 61_000,
      force: true,
      batchSize: 1,
    });
    expect(server.handled).toEqual(ids);
    expect(await db.outbox.count()).toBe(0);
    expect(await kiriIds()).toEqual(ids.flatMap((id) => [`${id}-r0`, `${id}-r1`]));
  });
});

describe('outbox: waiting chat messages go in batches (issue 21), each answered as if alone', () => {
  /** The requests as the server saw them: 'batch:m01,m02' or the key of a message sent alone. */
  function recording(single: (key: string) => Promise<Response> | Response) {
    const requests: string[] = [];
    const fetch = vi.fn(async (url: RequestInfo | URL, init?: RequestInit) => {
      if (String(url) === '/api/chat/batch') {
        const { messages } = JSON.parse(String(init?.body)) as {
          messages: { key: string; body: string }[];
        };
        requests.push(`batch:${messages.map((m) => m.key).join(',')}`);
      } else {
        requests.push(new Headers(init?.headers).get('Idempotency-Key')!);
      }
      return servingBatches(async (_u, itemInit) =>
        single(new Headers(itemInit?.headers).get('Idempotency-Key')!),
      )(url, init);
    });
    return { fetch, requests };
  }

  it('sends a run of waiting messages in batches of at most batchSize, each with its own key and exact body, in order', async () => {
    await setup();
    const ids = await queueMany(5);
    const bodies = (await db.outbox.orderBy('seq').toArray()).map((e) => e.body);
    const seen: { key: string; body: string }[] = [];
    const fetch = vi.fn(async (url: RequestInfo | URL, init?: RequestInit) => {
      if (String(url) === '/api/chat/batch') {
        seen.push(...(JSON.parse(String(init?.body)) as { messages: typeof seen }).messages);
      }
      return server.fetch(url, init);
    });
    const server = recording((key) => answer(key, ['first', 'second']));
    const summary = await drainOutbox(db, { fetch, now: () => T0 + 60_000, batchSize: 2 });
    expect(summary).toMatchObject({ delivered: 5, waiting: 0, refused: 0 });
    // The last one has nothing behind it: it goes alone, as a message sent online does.
    expect(server.requests).toEqual(['batch:m01,m02', 'batch:m03,m04', 'm05']);
    expect(seen).toEqual(ids.slice(0, 4).map((key, i) => ({ key, body: bodies[i] })));
    expect(await db.outbox.count()).toBe(0);
    for (const id of ids) expect(await answered(id)).toBe(true);
    expect(await kiriIds()).toEqual(ids.flatMap((id) => [`${id}-r0`, `${id}-r1`]));
  });

  it('a message refused in a batch fails alone; the ones after it go in the next batch', async () => {
    await setup();
    const ids = await queueMany(4);
    const server = recording((key) =>
      key === 'm02'
        ? jsonResponse(422, { success: false, error: 'Idempotency-Key reused' })
        : answer(key, ['ok']),
    );
    const summary = await drainOutbox(db, { fetch: server.fetch, now: () => T0 + 60_000 });
    expect(summary).toMatchObject({ delivered: 3, refused: 1, waiting: 0 });
    expect(server.requests).toEqual(['batch:m01,m02,m03,m04', 'batch:m03,m04']);
    expect(await db.messages.get('m02')).toMatchObject({
      status: 'failed',
      statusReason: 'Idempotency-Key reused',
    });
    for (const id of ['m01', 'm03', 'm04']) expect(await answered(id)).toBe(true);
    expect(await kiriIds()).toEqual(['m01-r0', 'm03-r0', 'm04-r0']);
    expect(ids).toHaveLength(4);
  });

  it('a 5xx for one message keeps it and every one after it waiting, in order', async () => {
    await setup();
    await queueMany(4);
    const server = recording((key) =>
      key === 'm02' ? jsonResponse(503, { success: false, error: 'down' }) : answer(key, ['ok']),
    );
    const summary = await drainOutbox(db, { fetch: server.fetch, now: () => T0 + 60_000 });
    expect(summary).toMatchObject({ delivered: 1, refused: 0 });
    expect(server.requests).toEqual(['batch:m01,m02,m03,m04']);
    expect(await answered('m01')).toBe(true);
    expect((await db.outbox.orderBy('seq').toArray()).map((e) => e.key)).toEqual([
      'm02',
      'm03',
      'm04',
    ]);
    expect(await db.messages.get('m02')).toMatchObject({
      status: 'waiting',
      statusReason: 'down',
      serverTrouble: true,
    });
    for (const id of ['m03', 'm04']) expect((await db.messages.get(id))?.status).toBe('waiting');
  });

  it('no answer to a batch keeps every message waiting, in order', async () => {
    await setup();
    await queueMany(3);
    const offline = vi.fn(async () => {
      throw new TypeError('Failed to fetch');
    });
    const summary = await drainOutbox(db, { fetch: offline, now: () => T0 + 60_000 });
    expect(offline).toHaveBeenCalledTimes(1);
    expect(summary.delivered).toBe(0);
    expect(await db.outbox.count()).toBe(3);
    for (const id of ['m01', 'm02', 'm03']) {
      expect((await db.messages.get(id))?.status).toBe('waiting');
    }
  });

  it('a server without batches (404) gets the messages one by one, and none is failed for it', async () => {
    await setup();
    const ids = await queueMany(3);
    const requests: string[] = [];
    const fetch = vi.fn(async (url: RequestInfo | URL, init?: RequestInit) => {
      if (String(url) === '/api/chat/batch') {
        requests.push('batch');
        return jsonResponse(404, { success: false, error: 'Not found' });
      }
      const key = new Headers(init?.headers).get('Idempotency-Key')!;
      requests.push(key);
      return answer(key, ['ok']);
    });
    const summary = await drainOutbox(db, { fetch, now: () => T0 + 60_000 });
    expect(summary).toMatchObject({ delivered: 3, refused: 0, waiting: 0 });
    // Asked once per pass, then each alone.
    expect(requests).toEqual(['batch', ...ids]);
    for (const id of ids) expect(await answered(id)).toBe(true);
  });

  it('a 200 that is not a batch answer (not our server) keeps every message waiting', async () => {
    await setup();
    await queueMany(2);
    const portal = vi.fn(async () => jsonResponse(200, { kiriMessages: [] }));
    await drainOutbox(db, { fetch: portal, now: () => T0 + 60_000 });
    expect(await db.outbox.count()).toBe(2);
    expect(await db.messages.get('m01')).toMatchObject({
      status: 'waiting',
      statusReason: 'Unexpected answer from the server',
    });
  });
});
