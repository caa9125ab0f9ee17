// POST /api/chat with deviceReply (issue 12): a reply Kiri wrote on the device while the server was out of
// reach is stored as her answer (the device's ids, marked written offline), the companion is not asked,
// the server learns from the message as online, and every replay, whatever it carries, gets one answer.
import { afterEach, describe, expect, it } from 'vitest';
import { uuidv7 } from '../../src/domain/uuidv7';
import { splitTimings } from '../../src/domain/reply-timing';
import { DEVICE_PROVIDER, type DeviceReplyPart } from '../../src/engine/companion/types';
import { DEEP_PAUSE_REPLY } from '../../server/chat/deep-pause';
import { DEVICE_REPLY_NEEDS_KEY } from '../../server/chat/chat-service';
import { KEY_REUSED } from '../../server/chat/idempotency';
import { expectError } from './support/harness';
import {
  chatFiles,
  cleanUpChatApps,
  fakeCompanion,
  keyHeader,
  logOf,
  ownerChat,
  type ChatAnswer,
} from './support/chat-harness';

afterEach(cleanUpChatApps);

const MINUTE = 60_000;

/** What the device's outbox sends: the message as first written, then its reply attached. */
function offlineBody(message: string, sentAt: number, parts: DeviceReplyPart[]) {
  return {
    message,
    userName: 'Mei',
    history: [],
    sessionId: '2026-01-15',
    clientTimestamp: sentAt,
    deviceReply: { kiriMessages: parts },
  };
}

/** A device reply of `texts`, shown 2 s after the message and 3 s apart, with the device's ids. */
function deviceParts(sentAt: number, ...texts: string[]): DeviceReplyPart[] {
  return texts.map((message, index) => {
    const timestamp = sentAt + 2_000 + index * 3_000;
    return { id: uuidv7(timestamp), message, timestamp };
  });
}

interface Entry {
  id: string;
  message: string;
  sender: 'user' | 'kiri';
  timestamp: number;
  answersId: string | null;
  writtenOffline?: boolean;
}

describe('POST /api/chat with a device reply', () => {
  it('stores the message and the device’s parts as Kiri’s answer, with their ids, marked written offline, without asking the companion', async () => {
    const companion = fakeCompanion();
    const { setup, owner } = await ownerChat({ companion });
    const sentAt = setup.clock.now - 10 * MINUTE;
    const key = uuidv7(sentAt);
    const parts = deviceParts(sentAt, 'oh, a tunnel?', 'I am right here with you ~');
    setup.clock.advance(0);
    const response = await owner.post(
      '/api/chat',
      offlineBody('in a tunnel again', sentAt, parts),
      keyHeader(key),
    );
    expect(response.status).toBe(200);
    const answer = (await response.json()) as ChatAnswer;
    expect(answer).toEqual({
      kiriMessages: parts,
      splitMessageTimings: splitTimings(parts.map((p) => p.message)),
      kiriResponse: { message: 'oh, a tunnel?\n\nI am right here with you ~' },
      userMessage: { id: key, sessionId: '2026-01-15' },
      provider: DEVICE_PROVIDER,
    });
    expect(companion.calls).toHaveLength(0);

    const log = (await logOf(owner)) as Entry[];
    expect(log).toEqual([
      {
        id: key,
        message: 'in a tunnel again',
        sender: 'user',
        timestamp: sentAt,
        replyToId: null,
        emotionalState: null,
        sessionId: '2026-01-15',
        answersId: null,
      },
      ...parts.map((part) => ({
        id: part.id,
        message: part.message,
        sender: 'kiri',
        timestamp: part.timestamp,
        replyToId: null,
        emotionalState: null,
        sessionId: '2026-01-15',
        answersId: key,
        writtenOffline: true,
      })),
    ]);
    // Another device pulling after the owner's message sees the mark too.
    const pulled = (await logOf(owner, key)) as Entry[];
    expect(pulled.map((e) => [e.id, e.writtenOffline])).toEqual(parts.map((p) => [p.id, true]));
  });

  it('the owner’s other device pulls it marked, and its replay of the message gets that answer, no second one', async () => {
    const companion = fakeCompanion();
    const { setup, owner } = await ownerChat({ companion });
    const laptop = setup.browser({ address: '203.0.113.30' });
    await laptop.loginOk();
    const { code } = (await (await owner.post('/api/auth/pairing-code')).json()) as {
      code: string;
    };
    expect((await laptop.post('/api/auth/pair', { code })).status).toBe(200);
    const cursor = (await logOf(laptop)).at(-1)?.id;

    const sentAt = setup.clock.now - MINUTE;
    const key = uuidv7(sentAt);
    const body = offlineBody('on the train', sentAt, deviceParts(sentAt, 'which line?'));
    const first = await (await owner.post('/api/chat', body, keyHeader(key))).json();
    const pulled = (await logOf(laptop, cursor)) as Entry[];
    expect(pulled.map((e) => [e.sender, e.writtenOffline ?? false])).toEqual([
      ['user', false],
      ['kiri', true],
    ]);
    const { deviceReply: _reply, ...bare } = body;
    const fromLaptop = await laptop.post('/api/chat', bare, keyHeader(key));
    expect(fromLaptop.headers.get('Idempotent-Replayed')).toBe('true');
    expect(await fromLaptop.json()).toEqual(first);
    expect(companion.calls).toHaveLength(0);
    expect(await logOf(laptop, cursor)).toEqual(pulled);
  });

  it('device reply times: clamped to after the owner’s message and never in the future, in order', async () => {
    const { setup, owner } = await ownerChat({ companion: fakeCompanion() });
    const now = setup.clock.now;
    const sentAt = now - 5 * MINUTE;
    const key = uuidv7(sentAt);
    const parts: DeviceReplyPart[] = [
      // A device clock behind: before the message it answers.
      { id: uuidv7(sentAt), message: 'first', timestamp: sentAt - 60_000 },
      // A device clock ahead: an hour in the future.
      { id: uuidv7(sentAt + 1), message: 'second', timestamp: now + 3_600_000 },
      { id: uuidv7(sentAt + 2), message: 'third', timestamp: now + 7_200_000.5 },
    ];
    const answer = (await (
      await owner.post('/api/chat', offlineBody('hello?', sentAt, parts), keyHeader(key))
    ).json()) as ChatAnswer;
    expect(answer.kiriMessages.map((p) => p.timestamp)).toEqual([sentAt + 1, now, now + 1]);
    const log = (await logOf(owner)) as Entry[];
    expect(log.map((e) => e.timestamp)).toEqual([sentAt, sentAt + 1, now, now + 1]);
  });

  it('a replay of it returns the stored answer and writes nothing', async () => {
    const companion = fakeCompanion();
    const { setup, owner } = await ownerChat({ companion });
    const sentAt = setup.clock.now - MINUTE;
    const key = uuidv7(sentAt);
    const body = offlineBody('are you there?', sentAt, deviceParts(sentAt, 'always ~'));
    const first = (await (
      await owner.post('/api/chat', body, keyHeader(key))
    ).json()) as ChatAnswer;
    const files = await chatFiles(setup.dataDir);
    setup.clock.advance(MINUTE);
    const replay = await owner.post('/api/chat', body, keyHeader(key));
    expect(replay.status).toBe(200);
    expect(replay.headers.get('Idempotent-Replayed')).toBe('true');
    expect(await replay.json()).toEqual(first);
    // The same message from the same outbox entry without its reply (another device's copy): the same.
    const { deviceReply: _reply, ...bare } = body;
    const plain = await owner.post('/api/chat', bare, keyHeader(key));
    expect(plain.headers.get('Idempotent-Replayed')).toBe('true');
    expect(await plain.json()).toEqual(first);
    expect(companion.calls).toHaveLength(0);
    expect(await chatFiles(setup.dataDir)).toBe(files);
  });

  it('a message answered online whose answer never reached the device gets the server’s answer on its device-reply replay, not a 422 nor a second answer', async () => {
    const companion = fakeCompanion();
    const { setup, owner } = await ownerChat({ companion });
    const sentAt = setup.clock.now;
    const key = uuidv7(sentAt);
    const online = {
      message: 'long day',
      userName: 'Mei',
      history: [],
      sessionId: '2026-01-15',
      clientTimestamp: sentAt,
    };
    // The server answered, but the device timed out first and answered on its own.
    const served = (await (
      await owner.post('/api/chat', online, keyHeader(key))
    ).json()) as ChatAnswer;
    const logBefore = await logOf(owner);
    const files = await chatFiles(setup.dataDir);
    setup.clock.advance(2 * MINUTE);
    const replay = await owner.post(
      '/api/chat',
      { ...online, deviceReply: { kiriMessages: deviceParts(sentAt, 'rest now, Mei') } },
      keyHeader(key),
    );
    expect(replay.status).toBe(200);
    expect(replay.headers.get('Idempotent-Replayed')).toBe('true');
    expect(await replay.json()).toEqual(served);
    expect(served.provider).toBe('fake');
    expect(companion.calls).toHaveLength(1);
    expect(await logOf(owner)).toEqual(logBefore);
    expect(await chatFiles(setup.dataDir)).toBe(files);
  });

  it('the online request still running when the device-reply replay arrives: one answer, the server’s', async () => {
    const companion = fakeCompanion();
    const { setup, owner } = await ownerChat({ companion });
    const sentAt = setup.clock.now;
    const key = uuidv7(sentAt);
    const online = { message: 'slow server?', history: [], clientTimestamp: sentAt };
    companion.hold();
    const first = owner.post('/api/chat', online, keyHeader(key));
    while (companion.calls.length === 0) await new Promise((resolve) => setTimeout(resolve, 1));
    const replay = owner.post(
      '/api/chat',
      { ...online, deviceReply: { kiriMessages: deviceParts(sentAt, 'a little, yes') } },
      keyHeader(key),
    );
    companion.release();
    const [a, b] = await Promise.all([first, replay]);
    expect(await b.json()).toEqual(await a.json());
    expect(companion.calls).toHaveLength(1);
    const log = (await logOf(owner)) as Entry[];
    expect(log.map((e) => [e.sender, e.writtenOffline ?? false])).toEqual([
      ['user', false],
      ['kiri', false],
      ['kiri', false],
    ]);
  });

  it('a message already in the log with its answer, its record gone: that answer again, nothing appended', async () => {
    const companion = fakeCompanion();
    const { setup, owner } = await ownerChat({ companion });
    const sentAt = setup.clock.now - MINUTE;
    const deviceKey = uuidv7(sentAt);
    const body = offlineBody('hello?', sentAt, deviceParts(sentAt, 'hi ~', 'missed you'));
    const stored = (await (
      await owner.post('/api/chat', body, keyHeader(deviceKey))
    ).json()) as ChatAnswer;
    const onlineKey = uuidv7(sentAt + 5);
    const online = { message: 'and you?', history: [], clientTimestamp: sentAt + 5 };
    const served = (await (
      await owner.post('/api/chat', online, keyHeader(onlineKey))
    ).json()) as ChatAnswer;
    // What a record dropped (past its 30 days, or by the caps) leaves: the log without the records.
    await setup.stores.conversations.update((data) => {
      data.accounts.owner!.idempotency = {};
    });
    const log = await logOf(owner);

    const again = (await (
      await owner.post('/api/chat', body, keyHeader(deviceKey))
    ).json()) as ChatAnswer;
    expect(again).toEqual(stored);
    const late = (await (
      await owner.post(
        '/api/chat',
        { ...online, deviceReply: { kiriMessages: deviceParts(sentAt + 5, 'me? fine') } },
        keyHeader(onlineKey),
      )
    ).json()) as ChatAnswer;
    expect(late.kiriMessages).toEqual(served.kiriMessages);
    // The log names who wrote it (its first part's provider, issue 20): the answer says so again.
    expect(late.provider).toBe(served.provider);
    expect(late.provider).toBe('fake');
    expect(await logOf(owner)).toEqual(log);
    expect(companion.calls).toHaveLength(1);
  });

  it('the same key with another message and a device reply is a 422 that writes nothing', async () => {
    const { setup, owner } = await ownerChat({ companion: fakeCompanion() });
    const sentAt = setup.clock.now;
    const key = uuidv7(sentAt);
    const parts = deviceParts(sentAt, 'hi ~');
    await owner.post('/api/chat', offlineBody('hello', sentAt, parts), keyHeader(key));
    const files = await chatFiles(setup.dataDir);
    const other = await owner.post(
      '/api/chat',
      offlineBody('goodbye', sentAt, parts),
      keyHeader(key),
    );
    await expectError(other, 422, KEY_REUSED);
    expect(await chatFiles(setup.dataDir)).toBe(files);
  });

  it('a device part whose id the log already holds gets a server id, never a second entry with that id', async () => {
    const { setup, owner } = await ownerChat({ companion: fakeCompanion() });
    const sentAt = setup.clock.now - MINUTE;
    const firstKey = uuidv7(sentAt);
    const part = deviceParts(sentAt, 'one')[0]!;
    await owner.post('/api/chat', offlineBody('first', sentAt, [part]), keyHeader(firstKey));
    const secondKey = uuidv7(sentAt + 10);
    const answer = (await (
      await owner.post(
        '/api/chat',
        offlineBody('second', sentAt + 10, [{ ...part, message: 'two' }]),
        keyHeader(secondKey),
      )
    ).json()) as ChatAnswer;
    expect(answer.kiriMessages[0]!.id).not.toBe(part.id);
    const ids = (await logOf(owner)).map((e) => e.id);
    expect(new Set(ids).size).toBe(ids.length);
  });
});

describe('a device reply refused at the door changes nothing', () => {
  const sentAt = Date.UTC(2026, 0, 15, 7, 59, 0);
  const good = deviceParts(sentAt, 'hello ~')[0]!;
  const cases: [string, unknown, number, string | RegExp][] = [
    ['no parts', [], 400, 'deviceReply.kiriMessages: must have at least 1 item'],
    [
      'four parts',
      deviceParts(sentAt, 'a', 'b', 'c', 'd'),
      400,
      'deviceReply.kiriMessages: must have at most 3 items',
    ],
    [
      'an id that is not a UUIDv7',
      [{ ...good, id: '3b241101-e2bb-4255-8caf-4136c566a962' }],
      400,
      'deviceReply.kiriMessages.0.id: must be a UUIDv7',
    ],
    [
      'an id longer than 200 characters',
      [{ ...good, id: 'a'.repeat(201) }],
      400,
      /deviceReply\.kiriMessages\.0\.id: must be at most 200 characters/,
    ],
    [
      'an empty part',
      [{ ...good, message: '   ' }],
      400,
      'deviceReply.kiriMessages.0.message: must not be empty',
    ],
    [
      'a part over the message limit',
      [{ ...good, message: 'x'.repeat(10_001) }],
      413,
      'deviceReply.kiriMessages.0.message: must be at most 10000 characters',
    ],
    [
      'a timestamp that is not a number',
      [{ ...good, timestamp: '2026-01-15T08:00:00Z' }],
      400,
      /^deviceReply\.kiriMessages\.0\.timestamp: /,
    ],
    [
      'one id twice',
      [good, { ...good, message: 'again' }],
      400,
      'deviceReply.kiriMessages: must not repeat an id',
    ],
  ];
  for (const [name, kiriMessages, status, message] of cases) {
    it(name, async () => {
      const companion = fakeCompanion();
      const { setup, owner } = await ownerChat({ companion });
      const files = await chatFiles(setup.dataDir);
      const response = await owner.post(
        '/api/chat',
        { message: 'hi', history: [], deviceReply: { kiriMessages } },
        keyHeader(uuidv7(sentAt)),
      );
      await expectError(response, status, message);
      expect(await chatFiles(setup.dataDir)).toBe(files);
      expect(companion.calls).toHaveLength(0);
    });
  }

  it('with the greeting, with the console, or without an Idempotency-Key', async () => {
    const companion = fakeCompanion();
    const { setup, owner } = await ownerChat({ companion });
    const files = await chatFiles(setup.dataDir);
    const deviceReply = { kiriMessages: [good] };
    await expectError(
      await owner.post(
        '/api/chat',
        { message: '', isInitialGreeting: true, history: [], deviceReply },
        keyHeader(uuidv7(sentAt)),
      ),
      400,
      'deviceReply: must not be sent with the initial greeting',
    );
    await expectError(
      await owner.post(
        '/api/chat',
        { message: 'hi', context: 'manual_console', uploadedFiles: [], deviceReply },
        keyHeader(uuidv7(sentAt)),
      ),
      400,
      'deviceReply: must not be sent with the manual console',
    );
    await expectError(
      await owner.post('/api/chat', { message: 'hi', history: [], deviceReply }),
      400,
      DEVICE_REPLY_NEEDS_KEY,
    );
    expect(await chatFiles(setup.dataDir)).toBe(files);
    expect(companion.calls).toHaveLength(0);
  });
});

describe('what the server learns from a message answered on the device', () => {
  it("'remember that …' said offline reaches memory, and the next online answer can recall it", async () => {
    const companion = fakeCompanion();
    const { setup, owner } = await ownerChat({ companion });
    const sentAt = setup.clock.now - MINUTE;
    const key = uuidv7(sentAt);
    const body = offlineBody(
      'remember that my cat is called Miso',
      sentAt,
      deviceParts(sentAt, 'Miso! I will remember ~'),
    );
    expect((await owner.post('/api/chat', body, keyHeader(key))).status).toBe(200);
    const nodes = setup.stores.memory.data.accounts.owner!.nodes;
    expect(nodes.map((n) => [n.content, n.sourceMessageId])).toEqual([
      ['my cat is called Miso', key],
    ]);
    // A replay learns nothing twice.
    await owner.post('/api/chat', body, keyHeader(key));
    expect(setup.stores.memory.data.accounts.owner!.nodes).toHaveLength(1);

    await owner.post('/api/chat', { message: 'what is my cat called?', history: [] });
    expect(companion.calls).toHaveLength(1);
    expect(companion.calls[0]!.memories.map((m) => m.content)).toContain('my cat is called Miso');
    // Kiri's device reply counts among her recent replies: never said again word for word.
    expect(companion.calls[0]!.recentReplies).toContain('Miso! I will remember ~');
  });

  it('a recall asked offline counts an access of the memory recalled', async () => {
    const { setup, owner } = await ownerChat({ companion: fakeCompanion() });
    await owner.post('/api/chat', { message: 'remember that my cat is called Miso', history: [] });
    const sentAt = setup.clock.now + 1;
    setup.clock.advance(MINUTE);
    await owner.post(
      '/api/chat',
      offlineBody('do you remember my cat?', sentAt, deviceParts(sentAt, 'Miso, of course')),
      keyHeader(uuidv7(sentAt)),
    );
    const node = setup.stores.memory.data.accounts.owner!.nodes[0]!;
    expect(node.accessCount).toBe(1);
    expect(node.lastAccessedAt).toBe(setup.clock.now);
  });

  it("'remind me …' offline sets the reminder; Kiri says nothing more and asks nothing", async () => {
    const companion = fakeCompanion();
    const { setup, owner } = await ownerChat({ companion });
    const sentAt = setup.clock.now - 10 * MINUTE;
    const key = uuidv7(sentAt);
    const parts = deviceParts(sentAt, 'okay ~');
    const answer = (await (
      await owner.post(
        '/api/chat',
        offlineBody('remind me in 2 hours to stretch', sentAt, parts),
        keyHeader(key),
      )
    ).json()) as ChatAnswer;
    expect(answer.kiriMessages).toEqual(parts);
    const pending = (await (await owner.request('/api/reminders')).json()) as {
      reminders: { text: string; dueAt: string }[];
    };
    // Two hours from when it was written, not from when it reached the server.
    expect(pending.reminders).toMatchObject([
      { text: 'stretch', dueAt: new Date(sentAt + 120 * MINUTE).toISOString() },
    ]);
    expect((await logOf(owner)).map((e) => e.sender)).toEqual(['user', 'kiri']);
    expect(companion.calls).toHaveLength(0);
  });

  it("'remind me' without a time, offline: no reminder, and no question left to catch the next message", async () => {
    const companion = fakeCompanion();
    const { setup, owner } = await ownerChat({ companion });
    const sentAt = setup.clock.now - MINUTE;
    await owner.post(
      '/api/chat',
      offlineBody('remind me to call mum', sentAt, deviceParts(sentAt, 'sure ~')),
      keyHeader(uuidv7(sentAt)),
    );
    expect(setup.app.services.reminders.question('owner')).toBeNull();
    // Online, 'at 6pm' is an ordinary message now, answered by the companion.
    await owner.post('/api/chat', { message: 'at 6pm', history: [] });
    expect(companion.calls.map((c) => c.message)).toEqual(['at 6pm']);
    const pending = (await (await owner.request('/api/reminders')).json()) as {
      reminders: unknown[];
    };
    expect(pending.reminders).toEqual([]);
  });

  it('the mood reads the owner’s offline message like any other', async () => {
    const { setup, owner } = await ownerChat({ companion: fakeCompanion() });
    const before = (await (await owner.request('/api/kiri/state')).json()) as {
      messagesRead: number;
    };
    const sentAt = setup.clock.now - MINUTE;
    await owner.post(
      '/api/chat',
      offlineBody('I am so happy today!', sentAt, deviceParts(sentAt, 'yay ~')),
      keyHeader(uuidv7(sentAt)),
    );
    const after = (await (await owner.request('/api/kiri/state')).json()) as {
      messagesRead: number;
      ownerFeeling: number;
    };
    expect(after.messagesRead).toBe(before.messagesRead + 1);
    expect(after.ownerFeeling).toBeGreaterThan(0);
  });
});

describe('a device reply and the deep pause', () => {
  it('in deep pause the device’s reply is stored and nothing is deferred: waking answers nothing', async () => {
    const companion = fakeCompanion();
    const { setup, owner } = await ownerChat({ companion });
    await owner.post('/api/sleep-mode/deep-pause');
    const sentAt = setup.clock.now - MINUTE;
    const key = uuidv7(sentAt);
    const parts = deviceParts(sentAt, 'I am here');
    const response = await owner.post(
      '/api/chat',
      offlineBody('anyone?', sentAt, parts),
      keyHeader(key),
    );
    expect(response.status).toBe(200);
    expect(((await response.json()) as ChatAnswer).kiriMessages).toEqual(parts);
    await owner.post('/api/sleep-mode/resume-all');
    await setup.app.services.deferred.settled();
    expect((await logOf(owner)).map((e) => e.id)).toEqual([key, parts[0]!.id]);
    expect(companion.calls).toHaveLength(0);
  });

  it('a message kept in deep pause whose 202 never reached the device: its device reply is the answer, and waking writes no second one', async () => {
    const companion = fakeCompanion();
    const { setup, owner } = await ownerChat({ companion });
    await owner.post('/api/sleep-mode/deep-pause');
    const sentAt = setup.clock.now;
    const key = uuidv7(sentAt);
    const body = offlineBody('still paused?', sentAt, deviceParts(sentAt, 'shh, resting'));
    const { deviceReply: _reply, ...online } = body;
    expect((await owner.post('/api/chat', online, keyHeader(key))).status).toBe(202);

    setup.clock.advance(MINUTE);
    const replay = await owner.post('/api/chat', body, keyHeader(key));
    expect(replay.status).toBe(200);
    const answer = (await replay.json()) as ChatAnswer;
    expect(answer.kiriMessages).toEqual(body.deviceReply.kiriMessages);
    expect(answer.kiriResponse.message).not.toBe(DEEP_PAUSE_REPLY);

    await owner.post('/api/sleep-mode/resume-all');
    await setup.app.services.deferred.settled();
    expect(companion.calls).toHaveLength(0);
    const log = (await logOf(owner)) as Entry[];
    expect(log.map((e) => [e.id, e.writtenOffline ?? false])).toEqual([
      [key, false],
      [body.deviceReply.kiriMessages[0]!.id, true],
    ]);
    // Every later replay, with or without the reply, gets that answer.
    const late = await owner.post('/api/chat', online, keyHeader(key));
    expect(late.status).toBe(200);
    expect(await late.json()).toEqual(answer);
  });

  it('a message kept in deep pause and answered after waking: its device-reply replay gets that answer', async () => {
    const companion = fakeCompanion();
    const { setup, owner } = await ownerChat({ companion });
    await owner.post('/api/sleep-mode/deep-pause');
    const sentAt = setup.clock.now;
    const key = uuidv7(sentAt);
    const body = offlineBody('hello?', sentAt, deviceParts(sentAt, 'hi'));
    const { deviceReply: _reply, ...online } = body;
    await owner.post('/api/chat', online, keyHeader(key));
    await owner.post('/api/sleep-mode/resume-all');
    await setup.app.services.deferred.settled();
    const logAfterWake = await logOf(owner);
    const replay = await owner.post('/api/chat', body, keyHeader(key));
    const answer = (await replay.json()) as ChatAnswer;
    expect(answer.provider).toBe('fake');
    expect(answer.kiriMessages.map((p) => p.id)).toEqual(logAfterWake.slice(1).map((e) => e.id));
    expect(await logOf(owner)).toEqual(logAfterWake);
    expect(companion.calls).toHaveLength(1);
  });
});
