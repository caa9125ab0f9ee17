// The conversation's order on the device (issue 8): each reply right under the message it answers, as in
// the server's log, whether it came by a replay of the outbox, by a pull, or to another device.
import { afterEach, describe, expect, it } from 'vitest';
import { pullConversations, type ServerMessage } from '@/db/conversation-pull';
import { newestMessages, storeGreetingAnswer } from '@/db/messages';
import { drainOutbox } from '@/db/outbox-delivery';
import { ensureTodaySession } from '@/db/sessions';
import type { KiriDatabase } from '@/db/schema';
import { freshDb, jsonResponse, queueOwnerMessage, servingBatches } from './helpers';

const dbs: KiriDatabase[] = [];
afterEach(async () => {
  await Promise.all(dbs.splice(0).map((db) => db.delete()));
});

const T0 = Date.parse('2026-11-22T02:00:00Z');
const SESSION = '2026-11-22';
const ZONE = 'Asia/Shanghai';
/** The replay, a long commute after the messages were written. */
const REPLAY_AT = T0 + 40 * 60_000;

async function device(): Promise<KiriDatabase> {
  const db = freshDb();
  dbs.push(db);
  await ensureTodaySession(db, T0, ZONE);
  return db;
}

/** Three messages written offline a few seconds apart. */
async function queueThree(db: KiriDatabase): Promise<string[]> {
  const ids = ['0193f000-0000-7000-8000-000000000001', '0193f000-0000-7000-8000-000000000002'];
  ids.push('0193f000-0000-7000-8000-000000000003');
  for (const [i, id] of ids.entries()) {
    await queueOwnerMessage(db, {
      id,
      text: `message ${i + 1}`,
      sessionId: SESSION,
      at: T0 + i * 5_000,
    });
  }
  return ids;
}

/**
 * A server as docs/chat-server.md says: each request appends the message and Kiri's two parts (stamped
 * at the server's time, after the question) to its log, and answers with those parts.
 */
function fakeServer() {
  const log: ServerMessage[] = [];
  let clock = REPLAY_AT;
  const chat = (body: { message: string; clientTimestamp: number }, key: string) => {
    clock += 300;
    log.push({
      id: key,
      sender: 'user',
      message: body.message,
      timestamp: body.clientTimestamp,
      sessionId: SESSION,
      answersId: null,
    });
    const parts = [0, 1].map((index) => ({
      id: `${key}-part-${index}`,
      message: `reply ${index + 1} to ${body.message}`,
      timestamp: clock + index,
    }));
    for (const part of parts)
      log.push({ ...part, sender: 'kiri', sessionId: SESSION, answersId: key });
    return { kiriMessages: parts, splitMessageTimings: [0, 0], kiriResponse: { message: '' } };
  };
  // The server as the outbox meets it: a replay's messages come in batches (issue 21).
  const fetch = servingBatches(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    if (url.startsWith('/api/conversations')) {
      const since = new URL(url, 'http://x').searchParams.get('since');
      const at = since ? log.findIndex((entry) => entry.id === since) : -1;
      return jsonResponse(200, log.slice(at + 1));
    }
    const key = new Headers(init?.headers).get('Idempotency-Key')!;
    return jsonResponse(200, chat(JSON.parse(String(init?.body)), key));
  }) as typeof globalThis.fetch;
  return { log, fetch };
}

const shownIds = async (db: KiriDatabase) =>
  (await newestMessages(db, SESSION, 100)).map((message) => message.id);

describe('each reply shows right under the message it answers, as in the server log', () => {
  it('replies that arrive by the replay of three queued messages', async () => {
    const db = await device();
    await queueThree(db);
    const server = fakeServer();
    await drainOutbox(db, { fetch: server.fetch, now: () => REPLAY_AT, force: true });
    expect(server.log).toHaveLength(9);
    expect(await shownIds(db)).toEqual(server.log.map((entry) => entry.id));
  });

  it('replies that arrive by a pull (the answers to the replay were lost on the way)', async () => {
    const db = await device();
    await queueThree(db);
    const server = fakeServer();
    // The server stores each exchange (a drain that was killed before it read the answers).
    for (const entry of await db.outbox.orderBy('seq').toArray()) {
      await server.fetch(entry.url, {
        method: 'POST',
        headers: { 'Idempotency-Key': entry.key },
        body: entry.body,
      });
    }
    await pullConversations(db, { fetch: server.fetch, timeZone: ZONE, now: () => REPLAY_AT });
    expect(await shownIds(db)).toEqual(server.log.map((entry) => entry.id));
  });

  it('on another device that pulls both the messages and the replies', async () => {
    const phone = await device();
    await queueThree(phone);
    const server = fakeServer();
    await drainOutbox(phone, { fetch: server.fetch, now: () => REPLAY_AT, force: true });

    const laptop = await device();
    await pullConversations(laptop, { fetch: server.fetch, timeZone: ZONE, now: () => REPLAY_AT });
    expect(await shownIds(laptop)).toEqual(server.log.map((entry) => entry.id));
    expect(await shownIds(laptop)).toEqual(await shownIds(phone));
  });

  it("a greeting the server made before the day's messages goes before them here too", async () => {
    const db = await device();
    const [first] = await queueThree(db);
    // The answer to a greeting asked at T0 - 1 min, read only now (a replay of its request).
    const greeting = { id: 'greeting-part', message: 'morning ~', timestamp: T0 - 60_000 };
    await storeGreetingAnswer(
      db,
      SESSION,
      { kiriMessages: [greeting], splitMessageTimings: [0] },
      REPLAY_AT,
    );
    expect((await shownIds(db)).slice(0, 2)).toEqual(['greeting-part', first]);
  });
});
