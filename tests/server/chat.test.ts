// POST /api/chat: every body shape, exactly once per Idempotency-Key, refusals that write nothing,
// persistence across a restart, and memories made and recalled through the real local engine.
import { afterEach, describe, expect, it } from 'vitest';
import { UUID_V7_PATTERN, uuidv7 } from '../../src/domain/uuidv7';
import { splitTimings } from '../../src/domain/reply-timing';
import { KEY_REUSED } from '../../server/chat/idempotency';
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

const DAY = 86_400_000;

function expectReplyShape(answer: ChatAnswer): void {
  expect(answer.kiriMessages.length).toBeGreaterThanOrEqual(1);
  expect(answer.kiriMessages.length).toBeLessThanOrEqual(3);
  for (const part of answer.kiriMessages) {
    expect(part.id).toMatch(UUID_V7_PATTERN);
    expect(part.message.trim()).not.toBe('');
    expect(typeof part.timestamp).toBe('number');
  }
  const texts = answer.kiriMessages.map((part) => part.message);
  expect(answer.splitMessageTimings).toEqual(splitTimings(texts));
  expect(answer.kiriResponse.message).toBe(texts.join('\n\n'));
}

describe('POST /api/chat body shapes (real local engine)', () => {
  it('greeting: stores only Kiri’s message(s), by the owner’s registered name', async () => {
    const { owner, setup } = await ownerChat();
    // The next day: registering put the welcome into this one, and a greeting opens an empty day only.
    setup.clock.advance(DAY);
    const response = await owner.post('/api/chat', {
      message: '',
      isInitialGreeting: true,
      history: [],
    });
    expect(response.status).toBe(200);
    const answer = (await response.json()) as ChatAnswer;
    expectReplyShape(answer);
    expect(answer.provider).toBe('local');
    expect(answer.userMessage).toBeNull();
    const log = await logOf(owner);
    expect(log.map((e) => e.sender)).toEqual(answer.kiriMessages.map(() => 'kiri'));
    expect(log.map((e) => e.id)).toEqual(answer.kiriMessages.map((p) => p.id));
    expect(log[0]).toMatchObject({ answersId: null, sessionId: '2026-01-16', replyToId: null });
  });

  it('variant A: { message, history: [{ role, content }], replyToId }', async () => {
    const { owner } = await ownerChat();
    const response = await owner.post('/api/chat', {
      message: 'I went to the park with my dog',
      history: [
        { role: 'user', content: 'hi' },
        { role: 'assistant', content: 'hello ~' },
      ],
      replyToId: null,
    });
    expect(response.status).toBe(200);
    const answer = (await response.json()) as ChatAnswer;
    expectReplyShape(answer);
    expect(answer.userMessage).toMatchObject({ sessionId: '2026-01-15' });
    const log = await logOf(owner);
    expect(log[0]).toMatchObject({
      id: answer.userMessage!.id,
      sender: 'user',
      message: 'I went to the park with my dog',
      answersId: null,
    });
    expect(log.slice(1).map((e) => e.answersId)).toEqual(
      answer.kiriMessages.map(() => answer.userMessage!.id),
    );
  });

  it('variant B: { message, userName, history: [{ message, sender, timestamp }] } with the device’s id', async () => {
    const { setup, owner } = await ownerChat();
    const id = uuidv7(setup.clock.now - 60_000);
    const sentAt = setup.clock.now - 60_000;
    const response = await owner.post(
      '/api/chat',
      {
        message: 'how are you?',
        userName: 'Mei',
        history: [{ message: 'hi', sender: 'user', timestamp: sentAt - 1000 }],
        replyToId: 'some-kiri-message',
        sessionId: '2026-01-14',
        clientTimestamp: sentAt,
      },
      keyHeader(id),
    );
    expect(response.status).toBe(200);
    const answer = (await response.json()) as ChatAnswer;
    expectReplyShape(answer);
    expect(answer.userMessage).toEqual({ id, sessionId: '2026-01-14' });
    const [user, ...kiri] = await logOf(owner);
    expect(user).toEqual({
      id,
      message: 'how are you?',
      sender: 'user',
      timestamp: sentAt,
      replyToId: 'some-kiri-message',
      emotionalState: null,
      sessionId: '2026-01-14',
      answersId: null,
    });
    expect(kiri.map((e) => e.sessionId)).toEqual(kiri.map(() => '2026-01-14'));
    expect(kiri[0]!.timestamp).toBeGreaterThan(sentAt);
  });

  it('minimal: { message, history }', async () => {
    const { owner } = await ownerChat();
    const response = await owner.post('/api/chat', { message: 'hello', history: [] });
    expect(response.status).toBe(200);
    expectReplyShape((await response.json()) as ChatAnswer);
  });

  it('console: { message, context, uploadedFiles, replyToId }, read as kiriResponse.message, not logged', async () => {
    const { setup, owner } = await ownerChat();
    const files = await chatFiles(setup.dataDir);
    const response = await owner.post('/api/chat', {
      message: 'who are you?',
      context: 'manual_console',
      uploadedFiles: ['notes.txt'],
      replyToId: null,
    });
    expect(response.status).toBe(200);
    const answer = (await response.json()) as ChatAnswer;
    expectReplyShape(answer);
    expect(answer.kiriResponse.message.length).toBeGreaterThan(0);
    expect(answer.userMessage).toBeNull();
    expect(await logOf(owner)).toEqual([]);
    expect(await chatFiles(setup.dataDir)).toBe(files);
  });

  it('a "remember that …" message makes a memory, and a later question gets it back', async () => {
    const { setup, owner } = await ownerChat();
    const remember = await owner.post('/api/chat', {
      message: 'remember that my brother is called Leo',
      history: [],
    });
    expect(remember.status).toBe(200);
    const memory = setup.stores.memory.data.accounts.owner!.nodes;
    expect(memory).toHaveLength(1);
    expect(memory[0]).toMatchObject({
      content: 'my brother is called Leo',
      contextType: 'conversation',
      source: 'chat',
      ownerOnly: false,
      accessCount: 0,
      linkedNodes: [],
    });
    // The lattice reads the feelings of the message: a brother is tenderness, nothing in it is sad.
    expect(memory[0]!.emotionalWeight.tenderness).toBeGreaterThan(0);
    expect(memory[0]!.emotionalWeight.melancholy).toBe(0);
    expect(memory[0]!.semanticTags).toEqual(expect.arrayContaining(['brother', 'leo']));

    setup.clock.advance(60_000);
    // A restart in between: the memory is on disk, not only in memory.
    await setup.app.persistState();
    const again = await startChatApp({ dataDir: setup.dataDir, clock: setup.clock });
    const phone = again.browser();
    owner.cloneCookiesInto(phone);
    const recall = await phone.post('/api/chat', {
      message: "what's my brother's name?",
      history: [],
    });
    const answer = (await recall.json()) as ChatAnswer;
    expect(answer.kiriResponse.message).toContain('Leo');
  });

  it("'call me Mimi' is kept: the next conversation, with no history, still calls the owner Mimi", async () => {
    const { setup, owner } = await ownerChat();
    const asked = (await (
      await owner.post('/api/chat', { message: 'you can call me Mimi', history: [] })
    ).json()) as ChatAnswer;
    expect(asked.kiriResponse.message).toContain('Mimi');
    expect(setup.stores.memory.data.accounts.owner!.nodes.map((node) => node.content)).toEqual([
      'call me Mimi',
    ]);
    setup.clock.advance(60_000);
    const later = (await (
      await owner.post('/api/chat', { message: "what's my name?", history: [] })
    ).json()) as ChatAnswer;
    expect(later.kiriResponse.message).toContain('Mimi');
    expect(later.kiriResponse.message).not.toContain('Mei');
  });

  it("a memory said again is one memory: 'call me Mimi', 'call me Bob', 'call me Mimi' leave two, and she calls the owner Mimi", async () => {
    const { setup, owner } = await ownerChat();
    for (const name of ['Mimi', 'Bob', 'Mimi']) {
      const asked = await owner.post('/api/chat', { message: `call me ${name}`, history: [] });
      expect(asked.status).toBe(200);
      setup.clock.advance(60_000);
    }
    await owner.post('/api/chat', { message: 'remember that I like tea', history: [] });
    setup.clock.advance(60_000);
    await owner.post('/api/chat', { message: 'Remember that I like tea!', history: [] });
    const nodes = setup.stores.memory.data.accounts.owner!.nodes;
    expect(nodes.map((node) => node.content).toSorted()).toEqual([
      'I like tea',
      'call me Bob',
      'call me Mimi',
    ]);
    setup.clock.advance(60_000);
    const later = (await (
      await owner.post('/api/chat', { message: "what's my name?", history: [] })
    ).json()) as ChatAnswer;
    expect(later.kiriResponse.message).toContain('Mimi');
    expect(later.kiriResponse.message).not.toContain('Bob');
  });
});

describe('what the engine is given', () => {
  it('the last 10 history items as turns, the body’s userName over the registered one, memories, recent replies', async () => {
    const companion = fakeCompanion();
    const { setup, owner } = await ownerChat({ companion });
    await owner.post('/api/chat', { message: 'remember that I like tea', history: [] });
    setup.clock.advance(1000);
    await owner.post('/api/chat', { message: 'remember that I live in Lyon', history: [] });
    const history = Array.from({ length: 15 }, (_, i) => ({
      message: `m${i}`,
      sender: i % 2 === 0 ? 'user' : 'kiri',
      timestamp: i,
    }));
    await owner.post('/api/chat', { message: 'so?', userName: 'Meimei', history });
    await owner.post('/api/chat', { message: 'and?', history: [] });

    const third = companion.calls[2]!;
    expect(third.history).toHaveLength(10);
    expect(third.history[0]).toEqual({ role: 'assistant', content: 'm5' });
    expect(third.history[9]).toEqual({ role: 'user', content: 'm14' });
    expect(third.userName).toBe('Meimei');
    expect(third.timeZone).toBe('Asia/Shanghai');
    expect(third.personaName).toBe('Kiri');
    expect(third.memories.map((m) => m.content)).toEqual(['I live in Lyon', 'I like tea']);
    expect(third.recentReplies).toEqual([
      'reply 2, part one\n\nand part two of reply 2',
      'reply 1, part one\n\nand part two of reply 1',
      // The registration welcome is one of Kiri's own lines too: she must not repeat it either.
      expect.stringContaining('Nice to meet you, Mei'),
    ]);
    expect(companion.calls[3]!.userName).toBe('Mei');
    expect(companion.calls[3]!.recentReplies).toHaveLength(4);
  });

  it('keeps the recent replies at 50: no reply repeats word for word within 50 turns (issue 12)', async () => {
    const companion = fakeCompanion();
    const { owner } = await ownerChat({ companion });
    for (let i = 0; i < 52; i += 1) {
      await owner.post('/api/chat', { message: `message ${i}`, history: [] });
    }
    await owner.post('/api/chat', { message: 'last', history: [] });
    const last = companion.calls.at(-1)!;
    expect(last.recentReplies).toHaveLength(50);
    expect(last.recentReplies[0]).toContain('reply 52');
  });
});

describe('Idempotency-Key', () => {
  const body = { message: 'hello there', history: [] };

  it('a replay returns the first answer, stores nothing new and does not run the engine again', async () => {
    const companion = fakeCompanion();
    const { setup, owner } = await ownerChat({ companion });
    const key = uuidv7(setup.clock.now);
    const first = await owner.post('/api/chat', body, keyHeader(key));
    expect(first.status).toBe(200);
    const firstAnswer = (await first.json()) as ChatAnswer;
    expect(firstAnswer.userMessage!.id).toBe(key);
    const logAfterFirst = await logOf(owner);
    const files = await chatFiles(setup.dataDir);

    setup.clock.advance(5000);
    const replay = await owner.post('/api/chat', body, keyHeader(key));
    expect(replay.status).toBe(200);
    expect(replay.headers.get('Idempotent-Replayed')).toBe('true');
    expect(await replay.json()).toEqual(firstAnswer);
    expect(companion.calls).toHaveLength(1);
    expect(await logOf(owner)).toEqual(logAfterFirst);
    expect(await chatFiles(setup.dataDir)).toBe(files);
  });

  it('the same key with a different body is a 422 that writes nothing', async () => {
    const companion = fakeCompanion();
    const { setup, owner } = await ownerChat({ companion });
    const key = uuidv7(setup.clock.now);
    expect((await owner.post('/api/chat', body, keyHeader(key))).status).toBe(200);
    const files = await chatFiles(setup.dataDir);
    const changed = await owner.post('/api/chat', { ...body, message: 'other' }, keyHeader(key));
    await expectError(changed, 422, KEY_REUSED);
    // Another route under the same key is another request too.
    const elsewhere = await owner.post(
      '/api/conversations',
      { message: 'hello there', sender: 'user', emotionalState: null },
      keyHeader(key),
    );
    await expectError(elsewhere, 422, KEY_REUSED);
    expect(companion.calls).toHaveLength(1);
    expect(await chatFiles(setup.dataDir)).toBe(files);
  });

  it('concurrent requests with one key run the engine once and get the same answer', async () => {
    const companion = fakeCompanion();
    const { setup, owner } = await ownerChat({ companion });
    const key = uuidv7(setup.clock.now);
    companion.hold();
    const requests = Array.from({ length: 5 }, () => owner.post('/api/chat', body, keyHeader(key)));
    while (companion.calls.length === 0) await new Promise((resolve) => setTimeout(resolve, 1));
    // A different body under the key while the first still runs is refused at once.
    const clash = await owner.post('/api/chat', { ...body, message: 'x' }, keyHeader(key));
    await expectError(clash, 422, KEY_REUSED);
    await new Promise((resolve) => setTimeout(resolve, 20));
    companion.release();
    const responses = await Promise.all(requests);
    const answers = await Promise.all(responses.map((r) => r.json()));
    expect(responses.map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
    for (const answer of answers) expect(answer).toEqual(answers[0]);
    expect(companion.calls).toHaveLength(1);
    expect(await logOf(owner)).toHaveLength(3);
    expect(setup.app.services.chat.gate.inFlight).toBe(0);
  });

  it('an engine failure stores nothing; the retry under the same key runs again', async () => {
    const companion = fakeCompanion();
    const { setup, owner } = await ownerChat({ companion });
    const key = uuidv7(setup.clock.now);
    const files = await chatFiles(setup.dataDir);
    companion.failNext();
    await expectError(await owner.post('/api/chat', body, keyHeader(key)), 500);
    expect(await chatFiles(setup.dataDir)).toBe(files);
    const retry = await owner.post('/api/chat', body, keyHeader(key));
    expect(retry.status).toBe(200);
    expect(retry.headers.get('Idempotent-Replayed')).toBeNull();
    expect(companion.calls).toHaveLength(2);
  });

  it('a retry after a crash between memory.json and conversations.json adds no second memory', async () => {
    const companion = fakeCompanion();
    const { setup, owner } = await ownerChat({ companion });
    const key = uuidv7(setup.clock.now);
    const remember = { message: 'remember that I like tea', history: [] };
    expect((await owner.post('/api/chat', remember, keyHeader(key))).status).toBe(200);
    // What a crash after memory.json's write and before conversations.json's would have left.
    await setup.stores.conversations.update((data) => {
      data.accounts.owner = { log: [], idempotency: {} };
    });
    const retry = await owner.post('/api/chat', remember, keyHeader(key));
    expect(retry.status).toBe(200);
    expect(companion.calls).toHaveLength(2);
    expect(setup.stores.memory.data.accounts.owner!.nodes.map((n) => n.content)).toEqual([
      'I like tea',
    ]);
    expect((await logOf(owner)).map((e) => e.id)).toContain(key);
  });

  it('a key that is not a UUID is accepted, and the server makes the message id', async () => {
    const { owner } = await ownerChat({ companion: fakeCompanion() });
    const response = await owner.post('/api/chat', body, keyHeader('client_1:msg.42'));
    const answer = (await response.json()) as ChatAnswer;
    expect(answer.userMessage!.id).toMatch(UUID_V7_PATTERN);
  });

  it('keeps records 30 days, then forgets them on a later write', async () => {
    const companion = fakeCompanion();
    const { setup, owner } = await ownerChat({ companion });
    const key = uuidv7(setup.clock.now);
    const first = (await (
      await owner.post('/api/chat', body, keyHeader(key))
    ).json()) as ChatAnswer;
    setup.clock.advance(30 * DAY);
    await owner.post('/api/chat', { message: 'a later message', history: [] });
    expect(await (await owner.post('/api/chat', body, keyHeader(key))).json()).toEqual(first);
    setup.clock.advance(DAY);
    await owner.post('/api/chat', { message: 'a month later', history: [] });
    expect(setup.stores.conversations.data.accounts.owner!.idempotency[key]).toBeUndefined();
  });

  it('records and the log survive a restart: a replay after it gets the first answer', async () => {
    const companion = fakeCompanion();
    const { setup, owner } = await ownerChat({ companion });
    const key = uuidv7(setup.clock.now);
    const first = (await (
      await owner.post('/api/chat', body, keyHeader(key))
    ).json()) as ChatAnswer;
    const log = await logOf(owner);

    const restarted = await startChatApp({ dataDir: setup.dataDir, companion });
    const phone = restarted.browser();
    owner.cloneCookiesInto(phone);
    const replay = await phone.post('/api/chat', body, keyHeader(key));
    expect(replay.status).toBe(200);
    expect(await replay.json()).toEqual(first);
    expect(await logOf(phone)).toEqual(log);
    expect(companion.calls).toHaveLength(1);
  });
});

describe('refusals', () => {
  it('401 without a session, 403 without the chat permission', async () => {
    const setup = await startChatApp({ companion: fakeCompanion() });
    const stranger = setup.browser();
    await expectError(await stranger.post('/api/chat', { message: 'hi', history: [] }), 401);
    await expectError(await stranger.request('/api/fallback-system/status'), 401);

    const owner = setup.browser();
    await owner.loginOk();
    await owner.post('/api/admin/user-restrictions', {
      restrictionMode: true,
      defaultPermissions: ['screen_settings'],
    });
    const guest = setup.browser({ address: '203.0.113.99' });
    await guest.loginOk();
    await expectError(await guest.post('/api/chat', { message: 'hi', history: [] }), 403);
  });

  it('bad input is a 400 (413, 415) and writes nothing', async () => {
    const companion = fakeCompanion();
    const { setup, owner } = await ownerChat({ companion });
    const files = await chatFiles(setup.dataDir);
    const json = { 'content-type': 'application/json' };
    const send = (body: string, headers: Record<string, string> = json) =>
      owner.request('/api/chat', { method: 'POST', body, headers });

    await expectError(await send('{"message": "hi", '), 400, 'Malformed JSON');
    await expectError(await send(JSON.stringify({ message: 5, history: [] })), 400, /^message: /);
    await expectError(
      await send(JSON.stringify({ message: 'hi', history: 'nope' })),
      400,
      /^history: /,
    );
    await expectError(
      await send(JSON.stringify({ message: 'hi', history: [{ role: 'robot', content: 'x' }] })),
      400,
      /^history\.0/,
    );
    await expectError(
      await send(JSON.stringify({ message: 'hi', history: [{ text: 'x' }] })),
      400,
      'history.0: must have role and content, or message and sender',
    );
    // Too long is too large: the spec's error format with a 413 (the device keeps such a message).
    await expectError(
      await send(JSON.stringify({ message: 'x'.repeat(10_001), history: [] })),
      413,
      'message: must be at most 10000 characters',
    );
    await expectError(
      await send(
        JSON.stringify({ message: 'hi', history: [{ role: 'user', content: 'x'.repeat(10_001) }] }),
      ),
      413,
      'history.0.content: must be at most 10000 characters',
    );
    await expectError(
      await send(
        JSON.stringify({
          message: 'hi',
          history: Array.from({ length: 51 }, () => ({ role: 'user', content: 'x' })),
        }),
      ),
      400,
      'history: must have at most 50 items',
    );
    await expectError(
      await send(JSON.stringify({ message: '   ', history: [] })),
      400,
      'message: must not be empty',
    );
    await expectError(
      await send(JSON.stringify({ message: 'hi', isInitialGreeting: true, history: [] })),
      400,
      'message: must be empty for the initial greeting',
    );
    await expectError(
      await send(JSON.stringify({ message: 'hi', context: 'somewhere' })),
      400,
      /^context: /,
    );
    await expectError(await send(JSON.stringify(['hi'])), 400);
    await expectError(await send('message=hi', { 'content-type': 'text/plain' }), 415);
    await expectError(
      await send(JSON.stringify({ message: 'hi', history: [], pad: 'x'.repeat(1_100_000) })),
      413,
    );
    for (const key of ['', 'has space', 'x'.repeat(201), 'naïve', 'a/b', '__proto__']) {
      await expectError(
        await send(JSON.stringify({ message: 'hi', history: [] }), { ...json, ...keyHeader(key) }),
        400,
        /^Idempotency-Key must be/,
      );
    }
    expect(companion.calls).toHaveLength(0);
    expect(await chatFiles(setup.dataDir)).toBe(files);
  });

  it('a malformed sessionId or clientTimestamp from the body is replaced by the server’s own', async () => {
    const { setup, owner } = await ownerChat({ companion: fakeCompanion() });
    const response = await owner.post('/api/chat', {
      message: 'hi',
      history: [],
      sessionId: '2026-02-30',
      clientTimestamp: 'not a date',
    });
    const answer = (await response.json()) as ChatAnswer;
    expect(answer.userMessage!.sessionId).toBe('2026-01-15');
    expect((await logOf(owner))[0]!.timestamp).toBe(setup.clock.now);
  });
});

describe('GET /api/fallback-system/status', () => {
  it('reports the provider chain for the dashboards', async () => {
    const { owner } = await ownerChat();
    await owner.post('/api/chat', { message: 'hello', history: [] });
    const response = await owner.request('/api/fallback-system/status');
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({
      primary_provider: 'local',
      secondary_provider: null,
      current_provider: 'local',
      providers_available: ['local'],
      chain: [{ name: 'local', ok: true, successes: 1 }],
    });
  });
});
