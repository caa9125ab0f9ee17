// Offline replies on the device's store (issue 12): what is written, in which transaction, and how the
// server's answer (the one of record) meets the device's.
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  COPY_KEY,
  parseEngineContext,
  readCompanionCopy,
  refreshCompanionCopy,
} from '@/db/companion-copy';
import { mergeServerMessages } from '@/db/conversation-pull';
import {
  answerWaitingMessages,
  deviceEngineInput,
  deviceReplyCandidates,
  storeDeviceReply,
  type AnswerWaitingDeps,
} from '@/db/device-reply';
import { storeChatAnswers } from '@/db/messages';
import { drainOutbox } from '@/db/outbox-delivery';
import { ensureTodaySession } from '@/db/sessions';
import type { KiriDatabase } from '@/db/schema';
import { deviceReplyIds } from '@/domain/device-reply';
import { CONNECTION_REASON } from '@/domain/outbox-rules';
import { TIMEOUT_REASON } from '@/domain/outbox-timeout';
import { MIN_SPLIT_DELAY_MS } from '@/domain/reply-timing';
import type { CompanionInput, CompanionReply, EngineContext } from '@/engine/companion/types';
import { freshDb, jsonResponse, queueOwnerMessage } from './helpers';

let db: KiriDatabase;
afterEach(async () => db?.delete());

const T0 = Date.parse('2026-11-22T02:00:00Z');
const SESSION = '2026-11-22';
const ZONE = 'Asia/Shanghai';

const CONTEXT: EngineContext = {
  userName: 'Mira',
  personaName: 'Kiri',
  timeZone: ZONE,
  personality: {
    softness: 0.7,
    logic_bias: 0.5,
    humor_level: 0.5,
    formality: 0.3,
    initiative: 0.6,
  },
  mood: { mode: 'nurturing', intensity: 0.6 },
  memories: [{ content: 'Mira likes jasmine tea', timestamp: T0 - 86_400_000 }],
  recentReplies: ['an older reply of the server'],
};

async function setup(copy: EngineContext | null = CONTEXT) {
  db = freshDb();
  await ensureTodaySession(db, T0, ZONE);
  if (copy) await db.companionCopy.put({ key: COPY_KEY, context: copy, fetchedAt: T0 - 1000 });
}

/** The owner's message, stored as the composer does while the browser is offline. */
async function queueOffline(id: string, text: string, at = T0) {
  await queueOwnerMessage(db, { id, text, sessionId: SESSION, at });
  await db.messages.update(id, { status: 'waiting', statusReason: CONNECTION_REASON });
}

let ids = 0;
const newId = () => `dev-${String((ids += 1)).padStart(4, '0')}`;

function fakeEngine(parts = (input: CompanionInput) => [`you said: ${input.message}`]) {
  const seen: CompanionInput[] = [];
  const reply = vi.fn((input: CompanionInput): CompanionReply => {
    seen.push(input);
    return {
      parts: parts(input),
      provider: 'local',
      remember: null,
      intent: 'statement' as const,
      feeling: null,
    };
  });
  return { seen, reply };
}

function deps(
  engine: (input: CompanionInput) => CompanionReply,
  extra: Partial<AnswerWaitingDeps> = {},
): AnswerWaitingDeps {
  return { enabled: () => true, engine: async () => engine, now: () => T0 + 50, newId, ...extra };
}

const kiriRows = async () =>
  (await db.messages.toArray())
    .filter((row) => row.sender === 'kiri')
    .sort((a, b) => (a.order! < b.order! ? -1 : 1));

describe('offline replies: a waiting message gets a reply written on the device', () => {
  it("stores the parts as Kiri's messages marked writtenOffline, shown after her typing pause, and puts them in the outbox body under the same key", async () => {
    await setup();
    await queueOffline('m1', 'on the train, no signal');
    const engine = fakeEngine(() => ['oh no, tunnels', 'i am here though']);
    expect(await answerWaitingMessages(db, deps(engine.reply))).toBe(1);

    const rows = await kiriRows();
    expect(rows.map((row) => row.message)).toEqual(['oh no, tunnels', 'i am here though']);
    for (const row of rows) expect(row.writtenOffline).toBe(true);
    expect(rows[0]!.revealAt! - (T0 + 50)).toBeGreaterThanOrEqual(MIN_SPLIT_DELAY_MS);
    expect(rows[1]!.revealAt!).toBeGreaterThan(rows[0]!.revealAt!);
    const [entry] = await db.outbox.toArray();
    expect(entry!.key).toBe('m1');
    const body = JSON.parse(entry!.body!);
    expect(body.message).toBe('on the train, no signal');
    expect(body.deviceReply.kiriMessages).toEqual(
      rows.map((row) => ({ id: row.id, message: row.message, timestamp: row.timestamp })),
    );
    // The message still waits to reach the server; Kiri did answer it.
    expect((await db.messages.get('m1'))?.status).toBe('waiting');
    expect((await db.sessions.get(SESSION))?.messageCount).toBe(3);
  });

  it('answers once: a second pass finds nothing to answer', async () => {
    await setup();
    await queueOffline('m1', 'hello?');
    const engine = fakeEngine();
    await answerWaitingMessages(db, deps(engine.reply));
    await answerWaitingMessages(db, deps(engine.reply));
    expect(engine.reply).toHaveBeenCalledTimes(1);
    expect(await kiriRows()).toHaveLength(1);
  });

  it('with the setting off, nothing is written and the message waits as the spec says', async () => {
    await setup();
    await queueOffline('m1', 'hello?');
    const engine = fakeEngine();
    expect(await answerWaitingMessages(db, deps(engine.reply, { enabled: () => false }))).toBe(0);
    expect(engine.reply).not.toHaveBeenCalled();
    expect(await kiriRows()).toEqual([]);
    expect(deviceReplyIds((await db.outbox.toArray())[0]!.body)).toEqual([]);
  });

  it('without a copy of the server context nothing is made up: the message waits', async () => {
    await setup(null);
    await queueOffline('m1', 'hello?');
    const engine = fakeEngine();
    expect(await answerWaitingMessages(db, deps(engine.reply))).toBe(0);
    expect(await kiriRows()).toEqual([]);
  });

  it('a message on its way (sending) is not answered on the device', async () => {
    await setup();
    await queueOwnerMessage(db, { id: 'm1', text: 'hi', sessionId: SESSION, at: T0 });
    expect(await deviceReplyCandidates(db, true)).toEqual([]);
  });

  it("the engine gets the copy's name, personality, mood, memories and replies, with the device's newer replies and the turns before the message", async () => {
    await setup();
    await queueOffline('m1', 'first message', T0);
    await queueOffline('m2', 'second message', T0 + 1);
    const engine = fakeEngine((input) => [`reply to ${input.message}`]);
    await answerWaitingMessages(db, deps(engine.reply));
    expect(engine.seen).toHaveLength(2);
    const second = engine.seen[1]!;
    expect(second).toMatchObject({
      message: 'second message',
      userName: 'Mira',
      personaName: 'Kiri',
      timeZone: ZONE,
      personality: CONTEXT.personality,
      mood: CONTEXT.mood,
      isInitialGreeting: false,
      onDevice: true,
    });
    expect(second.memories.map((m) => m.content)).toEqual(['Mira likes jasmine tea']);
    expect(second.recentReplies).toEqual([
      'an older reply of the server',
      'reply to first message',
    ]);
    expect(second.history).toEqual([
      { role: 'user', content: 'first message' },
      { role: 'assistant', content: 'reply to first message' },
    ]);
  });

  it("the same message gets the same words (the engine's seed comes from its id)", async () => {
    await setup();
    await queueOffline('m1', 'hi');
    const candidate = (await deviceReplyCandidates(db, true))[0]!;
    const a = await deviceEngineInput(db, candidate, T0);
    const b = await deviceEngineInput(db, candidate, T0);
    expect(a!.seed).toBe(b!.seed);
  });
});

describe("offline replies: 'remember that …' said offline is recalled offline at once", () => {
  it('the next message answered on the device is given the memory (the real engine recalls it)', async () => {
    await setup();
    await queueOffline('m1', 'remember that my cat is called Miso', T0);
    await queueOffline('m2', "what's my cat called?", T0 + 1);
    const { localReply } = await import('@/engine/companion');
    const seen: CompanionInput[] = [];
    await answerWaitingMessages(
      db,
      deps((input) => {
        seen.push(input);
        return localReply(input);
      }),
    );
    expect(seen[1]!.memories[0]!.content.toLowerCase()).toContain('miso');
    expect((await db.offlineMemories.get('m1'))?.content.toLowerCase()).toContain('miso');
    const rows = await kiriRows();
    const answer = rows
      .filter((row) => row.order!.includes(' m2 '))
      .map((row) => row.message)
      .join(' ');
    expect(answer.toLowerCase()).toContain('miso');
  }, 60_000);
});

describe("offline replies: 'remind me …' answered on the device promises no more than is true offline", () => {
  it('the real engine says the reminder is set once back online, never that it is set', async () => {
    await setup();
    await queueOffline('m1', 'remind me to water the plants tomorrow at 6pm', T0);
    const { localReply } = await import('@/engine/companion');
    await answerWaitingMessages(db, deps(localReply));
    const answer = (await kiriRows()).map((row) => row.message).join(' ');
    expect(answer).toMatch(/back online/i);
    expect(answer).toMatch(/tomorrow at 6 pm/i);
    expect(answer).not.toMatch(/got it|i'?ll remind you|reminder (?:is )?set/i);
  }, 60_000);
});

describe('offline replies meet the server: its answer is the one of record', () => {
  async function answeredOnDevice() {
    await setup();
    await queueOffline('m1', 'hello?');
    await answerWaitingMessages(db, deps(fakeEngine().reply));
    return (await db.outbox.toArray())[0]!;
  }

  it("a replay answered with the device's own ids duplicates nothing and keeps the mark", async () => {
    const entry = await answeredOnDevice();
    const parts = JSON.parse(entry.body!).deviceReply.kiriMessages;
    await storeChatAnswers(db, [
      {
        messageId: 'm1',
        answer: { kiriMessages: parts, splitMessageTimings: [0], provider: 'device' },
        arrivedAt: T0 + 60_000,
        outboxSeq: entry.seq!,
      },
    ]);
    const rows = await kiriRows();
    expect(rows.map((row) => row.id)).toEqual(parts.map((part: { id: string }) => part.id));
    expect(rows[0]!.writtenOffline).toBe(true);
    expect((await db.messages.get('m1'))?.status).toBe('answered');
    expect(await db.outbox.count()).toBe(0);
  });

  it("the server's answer with other ids (the request was out when the device wrote its own) replaces the device's rows", async () => {
    const entry = await answeredOnDevice();
    await storeChatAnswers(db, [
      {
        messageId: 'm1',
        answer: {
          kiriMessages: [{ id: 'srv-1', message: 'the server says hi', timestamp: T0 + 10 }],
          splitMessageTimings: [0],
        },
        arrivedAt: T0 + 60_000,
        outboxSeq: entry.seq!,
      },
    ]);
    const rows = await kiriRows();
    expect(rows.map((row) => row.message)).toEqual(['the server says hi']);
    expect(rows[0]!.writtenOffline).toBeUndefined();
    expect((await db.sessions.get(SESSION))?.messageCount).toBe(2);
  });

  it("the server's answer that replaces a device reply shows at once, not after a later message's reply is typed out", async () => {
    // Seen in the crash e2e: the first message's device reply is replaced by the server's on replay,
    // while the device's reply to a later message is still being "typed". The replacement sits above
    // that later reply, so waiting for it hid the answer of record for many seconds.
    await setup();
    await queueOffline('m1', 'hello?', T0);
    await queueOffline('m2', 'still there?', T0 + 5);
    const long = 'a long reply part that takes Kiri a few seconds to type out on the device';
    await answerWaitingMessages(db, deps(fakeEngine(() => [long, long, long]).reply));
    const laterReveal = Math.max(...(await kiriRows()).map((row) => row.revealAt ?? 0));
    const arrivedAt = T0 + 1_000;
    expect(
      laterReveal,
      'the later reply is still being typed when the replay answers',
    ).toBeGreaterThan(arrivedAt);
    const first = (await db.outbox.toArray()).find((entry) => entry.messageId === 'm1')!;
    await storeChatAnswers(db, [
      {
        messageId: 'm1',
        answer: {
          kiriMessages: [
            { id: 'srv-1', message: 'the server says hi', timestamp: T0 + 10 },
            { id: 'srv-2', message: 'and more', timestamp: T0 + 11 },
          ],
          splitMessageTimings: [0, 800],
        },
        arrivedAt,
        outboxSeq: first.seq!,
      },
    ]);
    const served = (await kiriRows()).filter((row) => row.id.startsWith('srv-'));
    expect(served.map((row) => row.message)).toEqual(['the server says hi', 'and more']);
    for (const row of served) expect(row.revealAt ?? 0).toBeLessThanOrEqual(arrivedAt);
  });

  it('a server answer that came first wins: the device writes no reply for an answered message', async () => {
    await setup();
    await queueOffline('m1', 'hello?');
    const entry = (await db.outbox.toArray())[0]!;
    await storeChatAnswers(db, [
      {
        messageId: 'm1',
        answer: {
          kiriMessages: [{ id: 'srv-1', message: 'hi!', timestamp: T0 }],
          splitMessageTimings: [0],
        },
        arrivedAt: T0 + 10,
        outboxSeq: entry.seq!,
      },
    ]);
    const stored = await storeDeviceReply(db, {
      messageId: 'm1',
      parts: ['too late'],
      remember: null,
      madeAt: T0 + 20,
      newId,
    });
    expect(stored).toBeNull();
    expect((await kiriRows()).map((row) => row.message)).toEqual(['hi!']);
  });

  it("a pull that brings the server's own answer to a message answered here replaces the device's rows", async () => {
    await answeredOnDevice();
    await mergeServerMessages(
      db,
      [
        { id: 'm1', sender: 'user', message: 'hello?', timestamp: T0, sessionId: SESSION },
        {
          id: 'srv-1',
          sender: 'kiri',
          message: 'server reply',
          timestamp: T0 + 5,
          sessionId: SESSION,
          answersId: 'm1',
        },
      ],
      ZONE,
      T0 + 60_000,
    );
    expect((await kiriRows()).map((row) => row.message)).toEqual(['server reply']);
  });

  it("another device shows the mark from the server's writtenOffline flag", async () => {
    await setup();
    await mergeServerMessages(
      db,
      [
        { id: 'u1', sender: 'user', message: 'from the phone', timestamp: T0, sessionId: SESSION },
        {
          id: 'k1',
          sender: 'kiri',
          message: 'written on the phone',
          timestamp: T0 + 5,
          sessionId: SESSION,
          answersId: 'u1',
          writtenOffline: true,
        },
        {
          id: 'k2',
          sender: 'kiri',
          message: 'written on the server',
          timestamp: T0 + 6,
          sessionId: SESSION,
        },
      ],
      ZONE,
      T0 + 10,
    );
    expect((await db.messages.get('k1'))?.writtenOffline).toBe(true);
    expect((await db.messages.get('k2'))?.writtenOffline).toBeUndefined();
  });
});

describe('the outbox drainer gives up on a request that hangs', () => {
  it('after its timeout the message waits with its reason, gets a device reply, and the next attempt carries it', async () => {
    await setup();
    await queueOwnerMessage(db, { id: 'm1', text: 'anyone there?', sessionId: SESSION, at: T0 });
    const hanging = vi.fn(() => new Promise<Response>(() => undefined));
    const summary = await drainOutbox(db, {
      fetch: hanging,
      now: () => T0 + 10,
      timeoutMs: () => 30,
    });
    expect(summary.waiting).toBe(1);
    expect(await db.messages.get('m1')).toMatchObject({
      status: 'waiting',
      statusReason: TIMEOUT_REASON,
    });
    const init = hanging.mock.calls[0] as unknown as [string, RequestInit];
    expect(init[1].signal?.aborted).toBe(true);

    await answerWaitingMessages(db, deps(fakeEngine().reply));
    const bodies: string[] = [];
    await drainOutbox(db, {
      fetch: async (_url, request) => {
        bodies.push(String(request?.body));
        return jsonResponse(503, { success: false, error: 'down' });
      },
      now: () => T0 + 60_000,
      force: true,
    });
    expect(deviceReplyIds(bodies[0])).toHaveLength(1);
  });
});

describe("the device's copy of the server's context", () => {
  it('is refreshed from GET /api/companion/context; memories said offline go once their message reached the server', async () => {
    await setup(null);
    await queueOffline('m1', 'remember that I parked on level 3');
    await db.offlineMemories.bulkPut([
      { messageId: 'm1', content: 'I parked on level 3', timestamp: T0 },
      { messageId: 'gone', content: 'delivered already', timestamp: T0 - 5 },
    ]);
    const urls: string[] = [];
    const stored = await refreshCompanionCopy(db, {
      fetch: async (url) => {
        urls.push(String(url));
        return jsonResponse(200, { success: true, ...CONTEXT });
      },
      now: () => T0 + 5,
    });
    expect(stored).toBe(true);
    expect(urls).toEqual(['/api/companion/context']);
    expect((await readCompanionCopy(db))?.context).toEqual(CONTEXT);
    expect((await db.offlineMemories.toArray()).map((m) => m.messageId)).toEqual(['m1']);
  });

  it('keeps the last copy when the server answers with something that is not one', async () => {
    await setup();
    const stored = await refreshCompanionCopy(db, {
      fetch: async () => jsonResponse(404, { success: false, error: 'Not found' }),
      now: () => T0,
    });
    expect(stored).toBe(false);
    expect((await readCompanionCopy(db))?.context).toEqual(CONTEXT);
  });

  it('parseEngineContext refuses a malformed answer instead of storing a made-up one', () => {
    expect(parseEngineContext({ ...CONTEXT })).toEqual(CONTEXT);
    expect(parseEngineContext({ ...CONTEXT, personality: { softness: 1 } })).toBeNull();
    expect(parseEngineContext({ ...CONTEXT, personaName: '' })).toBeNull();
    expect(parseEngineContext({ ...CONTEXT, memories: 'none' })).toBeNull();
    expect(parseEngineContext('<html>')).toBeNull();
  });
});
