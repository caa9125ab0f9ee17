// /api/conversations: the log and its ?since= reading, storing a message (image sharing), Unsend, the
// 1000-entry cap, who sees which log, refusals that write nothing, and a restart.
import { afterEach, describe, expect, it } from 'vitest';
import { uuidv7 } from '../../src/domain/uuidv7';
import { CONVERSATION_LOG_CAP } from '../../server/chat/conversation-log';
import { MESSAGE_NOT_FOUND, NOT_YOUR_MESSAGE } from '../../server/chat/chat-service';
import { KEY_REUSED } from '../../server/chat/idempotency';
import type { ConversationEntry } from '../../server/store/conversation-store';
import { expectError } from './support/harness';
import {
  chatFiles,
  cleanUpChatApps,
  startChatApp,
  fakeCompanion,
  keyHeader,
  logOf,
  ownerChat,
  type ChatAnswer,
} from './support/chat-harness';

afterEach(cleanUpChatApps);

const IMAGE_SENT = 'Image sent 📷';
const KIRI_FEELING = { curiosity: 75, contentment: 80, empathy: 85 };

interface StoredAnswer {
  success: true;
  message: ConversationEntry;
}

describe('GET /api/conversations', () => {
  it('answers the log oldest first, in the order the server appended it', async () => {
    const { setup, owner } = await ownerChat({ companion: fakeCompanion() });
    expect(await logOf(owner)).toEqual([]);
    await owner.post('/api/chat', { message: 'first', history: [] });
    setup.clock.advance(1000);
    await owner.post('/api/chat', { message: 'second', history: [] });
    const log = await logOf(owner);
    expect(log.map((e) => `${e.sender}:${e.message}`)).toEqual([
      'user:first',
      'kiri:reply 1, part one',
      'kiri:and part two of reply 1',
      'user:second',
      'kiri:reply 2, part one',
      'kiri:and part two of reply 2',
    ]);
  });

  it('?since=<id> gives what was appended after that entry, even a message with an older id', async () => {
    const { setup, owner } = await ownerChat({ companion: fakeCompanion() });
    // Written on the phone at 08:00 while offline; it reaches the server only after a later message.
    const offlineAt = setup.clock.now;
    const offlineId = uuidv7(offlineAt);
    setup.clock.advance(10 * 60_000);
    const online = (await (
      await owner.post(
        '/api/chat',
        { message: 'online', history: [] },
        keyHeader(uuidv7(setup.clock.now)),
      )
    ).json()) as ChatAnswer;
    const cursor = online.kiriMessages.at(-1)!.id;
    expect(await logOf(owner, cursor)).toEqual([]);

    setup.clock.advance(60_000);
    const late = (await (
      await owner.post(
        '/api/chat',
        { message: 'written offline', history: [], clientTimestamp: offlineAt },
        keyHeader(offlineId),
      )
    ).json()) as ChatAnswer;
    expect(offlineId < cursor).toBe(true);

    const since = await logOf(owner, cursor);
    expect(since.map((e) => e.id)).toEqual([offlineId, ...late.kiriMessages.map((p) => p.id)]);
    expect(since[0]).toMatchObject({ message: 'written offline', timestamp: offlineAt });

    // The newest entry: nothing after it. An id the log does not hold: the whole log.
    expect(await logOf(owner, late.kiriMessages.at(-1)!.id)).toEqual([]);
    expect(await logOf(owner, 'not-in-the-log')).toHaveLength(6);
    expect(await logOf(owner, '')).toHaveLength(6);
    await expectError(
      await owner.request(`/api/conversations?since=${'x'.repeat(201)}`),
      400,
      /^since: /,
    );
  });

  it('keeps the newest 1000 entries per account, dropping the oldest', async () => {
    const { setup, owner } = await ownerChat({ companion: fakeCompanion() });
    const prefilled = CONVERSATION_LOG_CAP - 2;
    await setup.stores.conversations.update((data) => {
      data.accounts.owner = {
        log: Array.from({ length: prefilled }, (_, i) => ({
          id: `old-${i}`,
          message: `old ${i}`,
          sender: 'user' as const,
          timestamp: i,
          replyToId: null,
          emotionalState: null,
          sessionId: '2026-01-01',
          answersId: null,
        })),
        idempotency: {},
      };
    });
    const sent: string[] = [];
    for (let i = 0; i < 7; i += 1) {
      const response = await owner.post('/api/conversations', {
        message: `new ${i}`,
        sender: 'user',
        emotionalState: null,
      });
      sent.push(((await response.json()) as StoredAnswer).message.id);
    }
    const log = await logOf(owner);
    expect(log).toHaveLength(CONVERSATION_LOG_CAP);
    expect(log[0]!.id).toBe('old-5');
    expect(log.slice(-7).map((e) => e.id)).toEqual(sent);
    // A chat exchange (1 + 2 entries) pushes three more out.
    await owner.post('/api/chat', { message: 'and now', history: [] });
    const after = await logOf(owner);
    expect(after).toHaveLength(CONVERSATION_LOG_CAP);
    expect(after[0]!.id).toBe('old-8');
  });

  it('the owner’s paired devices share one log; another user has their own', async () => {
    const { setup, owner } = await ownerChat({ companion: fakeCompanion() });
    await owner.post('/api/chat', { message: 'from the phone', history: [] });

    const laptop = setup.browser({ address: '203.0.113.30' });
    await laptop.loginOk();
    const { code } = (await (await owner.post('/api/auth/pairing-code')).json()) as {
      code: string;
    };
    expect((await laptop.post('/api/auth/pair', { code })).status).toBe(200);
    expect((await logOf(laptop)).map((e) => e.message)).toContain('from the phone');

    const guest = setup.browser({ address: '203.0.113.40' });
    await guest.loginOk();
    await guest.register('Grace');
    expect(await logOf(guest)).toEqual([]);
    await guest.post('/api/chat', { message: 'hello from a guest', history: [] });
    expect((await logOf(guest)).map((e) => e.message)).toContain('hello from a guest');
    expect((await logOf(owner)).map((e) => e.message)).not.toContain('hello from a guest');
    // Nor can the guest unsend the owner's message.
    const ownerMessage = (await logOf(owner))[0]!;
    await expectError(
      await guest.request(`/api/conversations/${ownerMessage.id}`, { method: 'DELETE' }),
      404,
      MESSAGE_NOT_FOUND,
    );
  });
});

describe('POST /api/conversations (image sharing)', () => {
  it('stores the owner’s image note and Kiri’s answer, 201 { success, message }', async () => {
    const { setup, owner } = await ownerChat({ companion: fakeCompanion() });
    const userKey = uuidv7(setup.clock.now);
    const user = await owner.post(
      '/api/conversations',
      { message: IMAGE_SENT, sender: 'user', emotionalState: null },
      keyHeader(userKey),
    );
    expect(user.status).toBe(201);
    expect(await user.json()).toEqual({
      success: true,
      message: {
        id: userKey,
        message: IMAGE_SENT,
        sender: 'user',
        timestamp: setup.clock.now,
        replyToId: null,
        emotionalState: null,
        sessionId: '2026-01-15',
        answersId: null,
      },
    });
    const kiri = await owner.post('/api/conversations', {
      message: 'What a lovely picture!',
      sender: 'kiri',
      emotionalState: KIRI_FEELING,
    });
    expect(kiri.status).toBe(201);
    const stored = ((await kiri.json()) as StoredAnswer).message;
    expect(stored).toMatchObject({ sender: 'kiri', emotionalState: KIRI_FEELING });
    expect((await logOf(owner)).map((e) => e.id)).toEqual([userKey, stored.id]);
  });

  it('honours Idempotency-Key: a replay answers the same 201, a changed body is a 422', async () => {
    const { setup, owner } = await ownerChat({ companion: fakeCompanion() });
    const key = uuidv7(setup.clock.now);
    const body = { message: IMAGE_SENT, sender: 'user', emotionalState: null };
    const first = await owner.post('/api/conversations', body, keyHeader(key));
    const firstAnswer = await first.json();
    const files = await chatFiles(setup.dataDir);
    setup.clock.advance(1000);
    const replay = await owner.post('/api/conversations', body, keyHeader(key));
    expect(replay.status).toBe(201);
    expect(replay.headers.get('Idempotent-Replayed')).toBe('true');
    expect(await replay.json()).toEqual(firstAnswer);
    await expectError(
      await owner.post('/api/conversations', { ...body, message: 'other' }, keyHeader(key)),
      422,
      KEY_REUSED,
    );
    expect(await chatFiles(setup.dataDir)).toBe(files);
    expect(await logOf(owner)).toHaveLength(1);
  });

  it('refuses bad bodies with a 400 (a too long message with a 413) and writes nothing', async () => {
    const { setup, owner } = await ownerChat({ companion: fakeCompanion() });
    const files = await chatFiles(setup.dataDir);
    const bad: [unknown, RegExp][] = [
      [{ message: IMAGE_SENT, sender: 'bot', emotionalState: null }, /^sender: /],
      [{ message: '', sender: 'user', emotionalState: null }, /^message: must not be empty/],
      [{ message: 'hi', sender: 'kiri', emotionalState: { curiosity: 75 } }, /^emotionalState\./],
      [
        { message: 'hi', sender: 'kiri', emotionalState: { ...KIRI_FEELING, empathy: 'lots' } },
        /^emotionalState\.empathy: /,
      ],
      [{ sender: 'user' }, /^message: /],
    ];
    for (const [body, message] of bad) {
      await expectError(await owner.post('/api/conversations', body), 400, message);
    }
    await expectError(
      await owner.post('/api/conversations', { message: 'x'.repeat(10_001), sender: 'user' }),
      413,
      'message: must be at most 10000 characters',
    );
    await expectError(
      await owner.request('/api/conversations', {
        method: 'POST',
        body: '{"message":',
        headers: { 'content-type': 'application/json' },
      }),
      400,
      'Malformed JSON',
    );
    expect(await chatFiles(setup.dataDir)).toBe(files);
  });
});

describe('DELETE /api/conversations/:id (Unsend)', () => {
  it('removes the owner’s own message; Kiri’s is 403, an unknown one 404; a repeat gets the first answer', async () => {
    const { setup, owner } = await ownerChat({ companion: fakeCompanion() });
    const id = uuidv7(setup.clock.now);
    const chat = (await (
      await owner.post('/api/chat', { message: 'oops', history: [] }, keyHeader(id))
    ).json()) as ChatAnswer;

    const kiriId = chat.kiriMessages[0]!.id;
    await expectError(
      await owner.request(`/api/conversations/${kiriId}`, { method: 'DELETE' }),
      403,
      NOT_YOUR_MESSAGE,
    );
    await expectError(
      await owner.request(`/api/conversations/${uuidv7(setup.clock.now)}`, { method: 'DELETE' }),
      404,
      MESSAGE_NOT_FOUND,
    );

    const key = `unsend-${id}`;
    const unsend = () =>
      owner.request(`/api/conversations/${id}`, { method: 'DELETE', headers: keyHeader(key) });
    const first = await unsend();
    expect(first.status).toBe(200);
    expect(await first.json()).toEqual({ success: true, id });
    expect((await logOf(owner)).map((e) => e.id)).toEqual(chat.kiriMessages.map((p) => p.id));

    const files = await chatFiles(setup.dataDir);
    const repeat = await unsend();
    expect(repeat.status).toBe(200);
    expect(repeat.headers.get('Idempotent-Replayed')).toBe('true');
    expect(await repeat.json()).toEqual({ success: true, id });
    expect(await chatFiles(setup.dataDir)).toBe(files);
    // Without the key it is simply gone.
    await expectError(
      await owner.request(`/api/conversations/${id}`, { method: 'DELETE' }),
      404,
      MESSAGE_NOT_FOUND,
    );
    // The chat request's replay still answers as before, and does not bring the message back.
    const replay = await owner.post('/api/chat', { message: 'oops', history: [] }, keyHeader(id));
    expect(await replay.json()).toEqual(chat);
    expect((await logOf(owner)).some((e) => e.id === id)).toBe(false);
  });
});

describe('sessions and restarts', () => {
  it('every call needs a session', async () => {
    const setup = await startChatApp({ companion: fakeCompanion() });
    const stranger = setup.browser();
    await expectError(await stranger.request('/api/conversations'), 401);
    await expectError(
      await stranger.post('/api/conversations', { message: 'hi', sender: 'user' }),
      401,
    );
    await expectError(await stranger.request('/api/conversations/x', { method: 'DELETE' }), 401);
  });

  it('auth status tells the client the time zone its day sessions are named in', async () => {
    const setup = await startChatApp({ env: { TIME_ZONE: 'America/New_York' } });
    expect((await setup.browser().status()).timeZone).toBe('America/New_York');
    // And the server names sessions in it: 08:00 UTC on 15 January is 03:00 that day in New York.
    const owner = setup.browser();
    await owner.loginOk();
    const stored = await owner.post('/api/conversations', { message: 'hi', sender: 'user' });
    expect(((await stored.json()) as StoredAnswer).message.sessionId).toBe('2026-01-15');
    setup.clock.advance(-5 * 3_600_000);
    const earlier = await owner.post('/api/conversations', { message: 'hi', sender: 'user' });
    expect(((await earlier.json()) as StoredAnswer).message.sessionId).toBe('2026-01-14');
  });

  it('the log, the records and Unsend survive a restart on the same DATA_DIR', async () => {
    const { setup, owner } = await ownerChat({ companion: fakeCompanion() });
    const key = uuidv7(setup.clock.now);
    const body = { message: IMAGE_SENT, sender: 'user', emotionalState: null };
    const first = await (await owner.post('/api/conversations', body, keyHeader(key))).json();
    await owner.post(
      '/api/conversations',
      { message: 'gone soon', sender: 'user' },
      keyHeader('k2'),
    );
    const gone = (await logOf(owner))[1]!.id;
    await owner.request(`/api/conversations/${gone}`, {
      method: 'DELETE',
      headers: keyHeader('k3'),
    });

    const restarted = await startChatApp({ dataDir: setup.dataDir, companion: fakeCompanion() });
    const phone = restarted.browser();
    owner.cloneCookiesInto(phone);
    expect((await logOf(phone)).map((e) => e.id)).toEqual([key]);
    const replay = await phone.post('/api/conversations', body, keyHeader(key));
    expect(replay.status).toBe(201);
    expect(await replay.json()).toEqual(first);
    const repeatDelete = await phone.request(`/api/conversations/${gone}`, {
      method: 'DELETE',
      headers: keyHeader('k3'),
    });
    expect(repeatDelete.status).toBe(200);
    expect((await logOf(phone)).map((e) => e.id)).toEqual([key]);
  });
});
