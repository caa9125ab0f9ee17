import { afterEach, describe, expect, it, vi } from 'vitest';
import { readLastGreeting, recordGreeting } from '@/db/engine-state';
import {
  EMPTY_REPLY_TEXT,
  deleteMessageHere,
  newestKiriMessage,
  queueUserMessage,
  sessionMessageCount,
  storeChatAnswer,
  storeChatAnswers,
  storeGreetingAnswer,
} from '@/db/messages';
import type { KiriDatabase } from '@/db/schema';
import { DEEP_PAUSE_REASON, isDeepPauseHold } from '@/domain/outbox-rules';
import { ensureTodaySession } from '@/db/sessions';
import { ensurePersistentStorage, readStoragePersisted } from '@/db/storage-persist';
import { loadDraft, saveDraft } from '@/db/ui-state';
import { freshDb } from './helpers';

let db: KiriDatabase;
afterEach(async () => db?.delete());

const T0 = Date.parse('2026-11-22T02:00:00Z');
const SESSION = '2026-11-22';

async function setup() {
  db = freshDb();
  await ensureTodaySession(db, T0, 'Asia/Shanghai');
}

function queue(id: string, now = T0) {
  return queueUserMessage(db, {
    id,
    sessionId: SESSION,
    text: 'hello Kiri',
    replyToId: null,
    userName: 'Mei',
    history: [],
    now,
  });
}

/** A reply in parts `${id}-a`, `${id}-b`…, each shown `delay` ms after the one before. */
function reply(id: string, count = 2, delay = 2_000) {
  const letters = 'abcdefgh';
  return {
    kiriMessages: Array.from({ length: count }, (_, i) => ({
      id: `${id}-${letters[i]}`,
      message: `part ${i + 1}`,
      timestamp: T0,
    })),
    splitMessageTimings: Array.from({ length: count }, (_, i) => (i === 0 ? 0 : delay)),
  };
}

async function kiriInOrder() {
  return (await db.messages.orderBy('[sessionId+timestamp]').toArray()).filter(
    (m) => m.sender === 'kiri',
  );
}

describe('an empty reply is answered with the fallback line', () => {
  it("stores 'I'm here with you...' when kiriMessages is empty", async () => {
    await setup();
    await queue('m1');
    await storeChatAnswer(db, 'm1', { kiriMessages: [], splitMessageTimings: [] }, T0 + 5);
    const parts = (await db.messages.toArray()).filter((m) => m.sender === 'kiri');
    expect(parts.map((p) => p.message)).toEqual([EMPTY_REPLY_TEXT]);
    expect(EMPTY_REPLY_TEXT).toBe("I'm here with you...");
    expect((await db.messages.get('m1'))?.status).toBe('answered');
  });

  it("takes the spec's other reply shapes when kiriMessages is missing", async () => {
    await setup();
    await queue('m1');
    await storeChatAnswer(db, 'm1', { kiriResponse: { message: 'right here ~' } }, T0 + 5);
    const parts = (await db.messages.toArray()).filter((m) => m.sender === 'kiri');
    expect(parts.map((p) => p.message)).toEqual(['right here ~']);
  });

  it('stores the fallback once, whatever a second delivery of the same answer says', async () => {
    await setup();
    await queue('m1');
    await storeChatAnswer(db, 'm1', {}, T0 + 5);
    await storeChatAnswer(db, 'm1', {}, T0 + 6);
    expect((await db.messages.toArray()).filter((m) => m.sender === 'kiri')).toHaveLength(1);
  });
});

describe('in deep pause a message is kept for an answer after waking, with no bubble now', () => {
  const held = {
    kiriMessages: [],
    splitMessageTimings: [],
    kiriResponse: {
      message:
        'Kiri is in deep pause. Your message is kept, and she will answer it when you wake her.',
    },
    provider: 'none',
    deepPause: true,
  };

  it("marks the message 'sent' with the deep-pause reason, adds no Kiri message, and leaves the outbox", async () => {
    await setup();
    await queue('m1');
    expect(await db.outbox.count()).toBe(1);
    const seq = (await db.outbox.toArray())[0]!.seq!;
    await storeChatAnswer(db, 'm1', held, T0 + 5, { outboxSeq: seq });
    expect((await db.messages.toArray()).filter((m) => m.sender === 'kiri')).toEqual([]);
    const message = await db.messages.get('m1');
    expect(message?.status).toBe('sent');
    expect(message?.statusReason).toBe(DEEP_PAUSE_REASON);
    expect(await db.outbox.count()).toBe(0);
  });

  it('is recognised only from the deep-pause flag with no parts', () => {
    expect(isDeepPauseHold(held)).toBe(true);
    expect(isDeepPauseHold({ ...held, deepPause: undefined })).toBe(false);
    expect(isDeepPauseHold({ ...held, kiriMessages: [{ id: 'k', message: 'hi' }] })).toBe(false);
    expect(isDeepPauseHold(null)).toBe(false);
  });
});

describe('the initial greeting is stored without a message of the owner', () => {
  const answer = {
    kiriMessages: [
      { id: 'g1', message: 'morning!', timestamp: T0 },
      { id: 'g2', message: 'how did you sleep?', timestamp: T0 + 1 },
    ],
    splitMessageTimings: [0, 1200],
  };

  it("stores Kiri's parts with their reveal times in today's session", async () => {
    await setup();
    expect(await storeGreetingAnswer(db, SESSION, answer, T0 + 10)).toBe(2);
    const parts = await db.messages.orderBy('timestamp').toArray();
    expect(parts.map((p) => [p.id, p.sender, p.revealAt])).toEqual([
      ['g1', 'kiri', T0 + 10],
      ['g2', 'kiri', T0 + 1_210],
    ]);
    expect(await sessionMessageCount(db, SESSION)).toBe(2);
    expect((await db.sessions.get(SESSION))?.messageCount).toBe(2);
  });

  it('a replayed greeting (same ids) adds nothing, and a deleted part stays deleted', async () => {
    await setup();
    await storeGreetingAnswer(db, SESSION, answer, T0 + 10);
    await deleteMessageHere(db, 'g1', T0 + 20);
    expect(await storeGreetingAnswer(db, SESSION, answer, T0 + 30)).toBe(0);
    expect((await db.messages.toArray()).map((m) => m.id)).toEqual(['g2']);
  });
});

describe("Kiri's newest message", () => {
  it('is the newest already shown, in any session', async () => {
    await setup();
    await db.messages.bulkAdd([
      {
        id: 'a',
        sessionId: '2026-11-21',
        sender: 'kiri',
        message: 'old',
        timestamp: T0 - 86_400_000,
        replyToId: null,
        emotionalState: null,
      },
      {
        id: 'b',
        sessionId: SESSION,
        sender: 'kiri',
        message: 'shown',
        timestamp: T0,
        replyToId: null,
        emotionalState: null,
        revealAt: T0,
      },
      {
        id: 'c',
        sessionId: SESSION,
        sender: 'kiri',
        message: 'later',
        timestamp: T0 + 1,
        replyToId: null,
        emotionalState: null,
        revealAt: T0 + 5_000,
      },
      {
        id: 'd',
        sessionId: SESSION,
        sender: 'user',
        message: 'mine',
        timestamp: T0 + 2,
        replyToId: null,
        emotionalState: null,
        status: 'sent',
      },
    ]);
    expect((await newestKiriMessage(db, T0 + 100))?.id).toBe('b');
    expect((await newestKiriMessage(db, T0 + 5_000))?.id).toBe('c');
  });

  it('is undefined when Kiri has said nothing', async () => {
    await setup();
    expect(await newestKiriMessage(db, T0)).toBeUndefined();
  });
});

describe('engine state: the last greeting', () => {
  it('is null until the owner greets, then the time of that greeting', async () => {
    await setup();
    expect(await readLastGreeting(db)).toBeNull();
    await recordGreeting(db, T0);
    expect(await readLastGreeting(db)).toBe(T0);
  });
});

describe('ui state: the draft survives a reload', () => {
  it('keeps the text, and forgets it when emptied', async () => {
    await setup();
    expect(await loadDraft(db)).toBe('');
    await saveDraft(db, 'half a thought');
    expect(await loadDraft(db)).toBe('half a thought');
    await saveDraft(db, '');
    expect(await loadDraft(db)).toBe('');
  });
});

describe('persistent storage is asked for once and the answer kept', () => {
  it('asks the first time, then only re-reads the grant', async () => {
    await setup();
    const storage = { persist: vi.fn(async () => false), persisted: vi.fn(async () => true) };
    expect(await ensurePersistentStorage(db, storage)).toBe(false);
    expect(await readStoragePersisted(db)).toBe(false);
    // Granted later (Safari does for a home-screen app): read without asking again.
    expect(await ensurePersistentStorage(db, storage)).toBe(true);
    expect(storage.persist).toHaveBeenCalledTimes(1);
    expect(await readStoragePersisted(db)).toBe(true);
    expect(await ensurePersistentStorage(db, storage)).toBe(true);
    expect(storage.persisted).toHaveBeenCalledTimes(1);
  });

  it('is null where the platform has no storage manager', async () => {
    await setup();
    expect(await ensurePersistentStorage(db, undefined)).toBeNull();
    expect(await readStoragePersisted(db)).toBeNull();
  });
});

describe("a message that cannot go now is 'waiting' in the transaction that stores it", () => {
  const second = (offline = false) =>
    queueUserMessage(db, {
      id: 'm2',
      sessionId: SESSION,
      text: 'second',
      replyToId: null,
      userName: null,
      history: [],
      now: T0 + 1,
      offline,
    });

  it("takes 'waiting' and the reason of the entry ahead that failed an attempt", async () => {
    await setup();
    await queue('m1');
    await db.outbox.where('messageId').equals('m1').modify({
      attempts: 1,
      lastError: 'Server unavailable (503)',
    });
    expect(await second()).toMatchObject({ status: 'waiting' });
    expect(await db.messages.get('m2')).toMatchObject({
      status: 'waiting',
      statusReason: 'Server unavailable (503)',
    });
  });

  it('waits behind an earlier entry not tried yet (queued before its first try was recorded)', async () => {
    await setup();
    await queue('m1');
    await second();
    expect((await db.messages.get('m1'))?.status).toBe('sending');
    expect((await db.messages.get('m2'))?.status).toBe('waiting');
  });

  it('waits for a connection when the browser is offline, with nothing ahead of it', async () => {
    await setup();
    await second(true);
    expect(await db.messages.get('m2')).toMatchObject({
      status: 'waiting',
      statusReason: 'Waiting for a connection',
    });
    expect(await db.outbox.count()).toBe(1);
  });

  it("is 'sending' online with nothing ahead of it", async () => {
    await setup();
    await second();
    expect((await db.messages.get('m2'))?.status).toBe('sending');
  });
});

describe('replies delivered back to back show one after another', () => {
  it("a reply starts after the previous reply's last part, in time and in order", async () => {
    await setup();
    await queue('m1');
    await queueUserMessage(db, {
      id: 'm2',
      sessionId: SESSION,
      text: 'second',
      replyToId: null,
      userName: null,
      history: [],
      now: T0 + 1,
    });
    const reply = (id: string) => ({
      kiriMessages: [
        { id: `${id}-a`, message: 'one', timestamp: T0 },
        { id: `${id}-b`, message: 'two', timestamp: T0 },
      ],
      splitMessageTimings: [0, 2_000],
    });
    await storeChatAnswer(db, 'm1', reply('m1'), T0 + 100);
    await storeChatAnswer(db, 'm2', reply('m2'), T0 + 150);
    const kiri = (await db.messages.orderBy('timestamp').toArray()).filter(
      (m) => m.sender === 'kiri',
    );
    expect(kiri.map((m) => m.id)).toEqual(['m1-a', 'm1-b', 'm2-a', 'm2-b']);
    const reveal = kiri.map((m) => m.revealAt!);
    expect(reveal[0]).toBe(T0 + 100);
    expect(reveal[1]).toBe(T0 + 2_100);
    expect(reveal[2]).toBeGreaterThan(reveal[1]!);
    expect(reveal[3]).toBe(reveal[2]! + 2_000);
  });

  it('a reply to a message after the previous reply has shown starts when it arrives', async () => {
    await setup();
    await queue('m1');
    await storeChatAnswer(db, 'm1', { kiriMessages: [{ id: 'a', message: 'hi' }] }, T0 + 100);
    await queueUserMessage(db, {
      id: 'm2',
      sessionId: SESSION,
      text: 'later',
      replyToId: null,
      userName: null,
      history: [],
      now: T0 + 60_000,
    });
    await storeChatAnswer(db, 'm2', { kiriMessages: [{ id: 'b', message: 'yo' }] }, T0 + 60_500);
    expect((await db.messages.get('b'))?.revealAt).toBe(T0 + 60_500);
  });
});

describe('a catch-up (an answer to a message that waited more than 10 s) is revealed at once', () => {
  it('shows every part when it arrives, ordered after the question', async () => {
    await setup();
    await queue('m1', T0);
    await storeChatAnswer(db, 'm1', reply('m1', 3), T0 + 60_000);
    const kiri = await kiriInOrder();
    expect(kiri.map((m) => m.id)).toEqual(['m1-a', 'm1-b', 'm1-c']);
    expect(kiri.map((m) => m.revealAt)).toEqual([T0 + 60_000, T0 + 60_000, T0 + 60_000]);
    const stamps = kiri.map((m) => m.timestamp);
    expect(stamps[0]).toBeGreaterThan(T0);
    expect(stamps[1]).toBeGreaterThan(stamps[0]!);
    expect(stamps[2]).toBeGreaterThan(stamps[1]!);
  });

  it('a replayed burst of 20 two-part replies is all shown, in order, when the last arrives', async () => {
    await setup();
    const ids = Array.from({ length: 20 }, (_, i) => `m${String(i).padStart(2, '0')}`);
    for (const [i, id] of ids.entries()) await queue(id, T0 + i * 1_000);
    const back = T0 + 120_000;
    for (const [i, id] of ids.entries()) {
      await storeChatAnswer(db, id, reply(id, 2, 4_000), back + i * 20);
    }
    const kiri = await kiriInOrder();
    expect(kiri.map((m) => m.id)).toEqual(ids.flatMap((id) => [`${id}-a`, `${id}-b`]));
    // Under the old rule (each reply after the one before, with its delays) this took ~100 s.
    expect(Math.max(...kiri.map((m) => m.revealAt!))).toBe(back + 19 * 20);
    const reveals = kiri.map((m) => m.revealAt!);
    expect(reveals).toEqual([...reveals].sort((a, b) => a - b));
  });

  it('a live reply is still paced', async () => {
    await setup();
    await queue('m1', T0);
    await storeChatAnswer(db, 'm1', reply('m1', 2, 1_500), T0 + 900);
    expect((await kiriInOrder()).map((m) => m.revealAt)).toEqual([T0 + 900, T0 + 2_400]);
  });

  it('never shows before the live reply ahead of it has shown its last part', async () => {
    await setup();
    // m0 was refused and retried much later; m1 was sent live just before its answer came back.
    await queue('m1', T0 + 50_000);
    await queue('m0', T0);
    await storeChatAnswer(db, 'm1', reply('m1', 2, 3_000), T0 + 50_100);
    await storeChatAnswer(db, 'm0', reply('m0', 2), T0 + 50_200);
    const kiri = await kiriInOrder();
    expect(kiri.map((m) => m.id)).toEqual(['m1-a', 'm1-b', 'm0-a', 'm0-b']);
    const lastOfM1 = kiri[1]!.revealAt!;
    expect(lastOfM1).toBe(T0 + 53_100);
    expect(kiri[2]!.revealAt).toBe(lastOfM1);
    expect(kiri[3]!.revealAt).toBe(lastOfM1);
    expect(kiri[2]!.timestamp).toBeGreaterThan(kiri[1]!.timestamp);
  });
});

describe('answers stored together', () => {
  it('are stored as if one after another, in one transaction', async () => {
    await setup();
    for (const [i, id] of ['m1', 'm2', 'm3'].entries()) await queue(id, T0 + i);
    await storeChatAnswers(db, [
      { messageId: 'm1', answer: reply('m1'), arrivedAt: T0 + 100 },
      { messageId: 'm2', answer: reply('m2'), arrivedAt: T0 + 120 },
      { messageId: 'm3', answer: {}, arrivedAt: T0 + 140 },
    ]);
    const together = (await kiriInOrder()).map((m) => [m.id, m.timestamp, m.revealAt]);
    const count = (await db.sessions.get(SESSION))?.messageCount;

    await db.delete();
    await setup();
    for (const [i, id] of ['m1', 'm2', 'm3'].entries()) await queue(id, T0 + i);
    await storeChatAnswer(db, 'm1', reply('m1'), T0 + 100);
    await storeChatAnswer(db, 'm2', reply('m2'), T0 + 120);
    await storeChatAnswer(db, 'm3', {}, T0 + 140);
    expect((await kiriInOrder()).map((m) => [m.id, m.timestamp, m.revealAt])).toEqual(together);
    expect((await db.sessions.get(SESSION))?.messageCount).toBe(count);
    expect(together.map(([id]) => id)).toEqual(['m1-a', 'm1-b', 'm2-a', 'm2-b', 'm3-reply']);
    expect(count).toBe(3 + 5);
  });

  it('record nothing for an answer whose outbox entry is gone (unsent meanwhile)', async () => {
    await setup();
    await queue('m1');
    await queue('m2', T0 + 1);
    const [first, second] = await db.outbox.orderBy('seq').toArray();
    const queuedAs = (await db.messages.get('m2'))?.status;
    await db.outbox.delete(second!.seq!);
    const recorded = await storeChatAnswers(db, [
      { messageId: 'm1', answer: reply('m1'), arrivedAt: T0 + 100, outboxSeq: first!.seq! },
      { messageId: 'm2', answer: reply('m2'), arrivedAt: T0 + 120, outboxSeq: second!.seq! },
    ]);
    expect(recorded).toEqual([true, false]);
    expect((await kiriInOrder()).map((m) => m.id)).toEqual(['m1-a', 'm1-b']);
    // Left as it was queued (behind m1: 'waiting'), not answered.
    expect((await db.messages.get('m2'))?.status).toBe(queuedAs);
    expect(queuedAs).toBe('waiting');
    expect(await db.outbox.count()).toBe(0);
  });

  it('skip parts already here or deleted here, and a part repeated in one answer', async () => {
    await setup();
    await queue('m1');
    await storeChatAnswer(db, 'm1', reply('m1', 3), T0 + 100);
    await deleteMessageHere(db, 'm1-b', T0 + 200);
    const again = reply('m1', 3);
    again.kiriMessages.push({ ...again.kiriMessages[2]! });
    await storeChatAnswers(db, [
      { messageId: 'm1', answer: again, arrivedAt: T0 + 300 },
      { messageId: 'm1', answer: again, arrivedAt: T0 + 400 },
    ]);
    expect((await kiriInOrder()).map((m) => m.id)).toEqual(['m1-a', 'm1-c']);

    await queue('m2', T0 + 500);
    const twice = reply('m2', 1);
    twice.kiriMessages.push({ ...twice.kiriMessages[0]! });
    await storeChatAnswer(db, 'm2', twice, T0 + 600);
    expect((await kiriInOrder()).map((m) => m.id)).toEqual(['m1-a', 'm1-c', 'm2-a']);
  });
});
