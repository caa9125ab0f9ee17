import { afterEach, describe, expect, it } from 'vitest';
import { PULL_CURSOR_KEY, pullConversations, type ServerMessage } from '@/db/conversation-pull';
import { deleteMessageHere, unsendMessage } from '@/db/messages';
import { drainOutbox } from '@/db/outbox-delivery';
import { ensureTodaySession } from '@/db/sessions';
import type { KiriDatabase } from '@/db/schema';
import { freshDb, jsonResponse, queueOwnerMessage } from './helpers';

let db: KiriDatabase;
afterEach(async () => db?.delete());

const T0 = Date.parse('2026-11-22T02:00:00Z');
const SESSION = '2026-11-22';
const ZONE = 'Asia/Shanghai';

async function setup() {
  db = freshDb();
  await ensureTodaySession(db, T0, ZONE);
}

const queue = (id: string, text: string) =>
  queueOwnerMessage(db, { id, text, sessionId: SESSION, at: T0 });

const entry = (
  id: string,
  sender: 'user' | 'kiri',
  message: string,
  at: number,
  answersId: string | null = null,
): ServerMessage => ({ id, sender, message, timestamp: at, sessionId: SESSION, answersId });

function pull(log: ServerMessage[]) {
  const urls: string[] = [];
  return {
    urls,
    run: () =>
      pullConversations(db, {
        fetch: async (input) => {
          urls.push(String(input));
          return jsonResponse(200, log);
        },
        timeZone: ZONE,
        now: () => T0 + 10_000,
      }),
  };
}

describe('pulling the conversation log', () => {
  it('brings in what the server has and remembers where it stopped', async () => {
    await setup();
    const first = pull([
      entry('u1', 'user', 'from my laptop', T0),
      entry('k1', 'kiri', 'hi from Kiri', T0 + 1, 'u1'),
    ]);
    expect(await first.run()).toBe(2);
    expect(first.urls).toEqual(['/api/conversations']);
    expect((await db.messages.get('u1'))?.status).toBe('answered');
    expect((await db.settings.get(PULL_CURSOR_KEY))?.value).toBe('k1');
    const second = pull([]);
    await second.run();
    expect(second.urls).toEqual(['/api/conversations?since=k1']);
    expect((await db.sessions.get(SESSION))?.messageCount).toBe(2);
  });

  it('does not bring back a message deleted here, nor Kiri’s answer to it', async () => {
    await setup();
    await queue('u1', 'never mind');
    await deleteMessageHere(db, 'u1', T0 + 1, async () => false);
    await unsendMessage(db, 'u0', T0 + 1, async () => false);
    const added = await pull([
      entry('u1', 'user', 'never mind', T0),
      entry('k1', 'kiri', 'an answer to a deleted message', T0 + 1, 'u1'),
      entry('k0', 'kiri', 'an answer to an unsent message', T0 + 1, 'u0'),
      entry('k2', 'kiri', 'good morning', T0 + 2),
    ]).run();
    expect(added).toBe(1);
    expect((await db.messages.toArray()).map((m) => m.id)).toEqual(['k2']);
  });

  it('marks the owner’s message answered when its answer arrives by the pull', async () => {
    await setup();
    await queue('u1', 'are you there?');
    // Delivered, but the answer was lost on the way back (the app was closed).
    await drainOutbox(db, { fetch: async () => jsonResponse(503, {}), now: () => T0 });
    await pull([
      entry('u1', 'user', 'are you there?', T0),
      entry('k1', 'kiri', 'always ~', T0 + 1, 'u1'),
    ]).run();
    expect((await db.messages.get('u1'))?.status).toBe('answered');
    expect((await db.messages.get('k1'))?.message).toBe('always ~');
  });
});
