// POST /api/chat/batch (issue 21): the outbox's waiting messages in one request, each answered exactly
// as POST /api/chat answers it (same records, so a message sent alone and in a batch is answered once),
// in order, stopping after the first that is not a 2xx; on disk before the answer.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { uuidv7 } from '../../src/domain/uuidv7';
import { KEY_REUSED } from '../../server/chat/idempotency';
import { MAX_BATCH_MESSAGES } from '../../server/chat/chat-batch';
import { expectError } from './support/harness';
import {
  chatFiles,
  cleanUpChatApps,
  fakeCompanion,
  keyHeader,
  logOf,
  ownerChat,
  startChatApp,
  type ChatAnswer,
} from './support/chat-harness';

afterEach(cleanUpChatApps);

interface BatchResult {
  key: string;
  status: number;
  answer: ChatAnswer & { success?: false; error?: string };
  replayed: boolean;
}

const bodyOf = (message: string) => JSON.stringify({ message, history: [], replyToId: null });

function keys(count: number, from: number): string[] {
  return Array.from({ length: count }, (_, i) => uuidv7(from + i));
}

async function results(response: Response): Promise<BatchResult[]> {
  expect(response.status).toBe(200);
  return ((await response.json()) as { results: BatchResult[] }).results;
}

describe('POST /api/chat/batch answers each message as POST /api/chat would', () => {
  it('in order, each with its own key as its id, its reply in the log after it, and on disk before the answer', async () => {
    const companion = fakeCompanion();
    const { setup, owner } = await ownerChat({ companion });
    const ids = keys(3, setup.clock.now - 3000);
    const response = await owner.post('/api/chat/batch', {
      messages: ids.map((key, i) => ({ key, body: bodyOf(`message ${i + 1}`) })),
    });
    // Durable before the answer: the journal on disk already holds every message.
    const onDisk = await readFile(join(setup.dataDir, 'conversations.json.journal'), 'utf8').catch(
      () => '',
    );
    const files = `${onDisk}${await readFile(join(setup.dataDir, 'conversations.json'), 'utf8')}`;
    for (const id of ids) expect(files).toContain(id);

    const got = await results(response);
    expect(got.map((r) => [r.key, r.status, r.replayed])).toEqual(
      ids.map((key) => [key, 200, false]),
    );
    expect(got.map((r) => r.answer.userMessage?.id)).toEqual(ids);
    expect(got.map((r) => r.answer.kiriMessages.map((part) => part.message))).toEqual([
      ['reply 1, part one', 'and part two of reply 1'],
      ['reply 2, part one', 'and part two of reply 2'],
      ['reply 3, part one', 'and part two of reply 3'],
    ]);
    expect(companion.calls.map((call) => call.message)).toEqual([
      'message 1',
      'message 2',
      'message 3',
    ]);
    const log = await logOf(owner);
    expect(log.map((entry) => [entry.sender, entry.answersId ?? entry.id])).toEqual(
      ids.flatMap((id) => [
        ['user', id],
        ['kiri', id],
        ['kiri', id],
      ]),
    );
  });

  it('exactly once across both routes: a message sent alone, then in a batch (and the other way), is answered once, with the first answer', async () => {
    const companion = fakeCompanion();
    const { setup, owner } = await ownerChat({ companion });
    const [alone, inBatch, third] = keys(3, setup.clock.now - 3000) as [string, string, string];
    const first = (await (
      await owner.post('/api/chat', JSON.parse(bodyOf('one')), keyHeader(alone))
    ).json()) as ChatAnswer;

    const got = await results(
      await owner.post('/api/chat/batch', {
        messages: [
          { key: alone, body: bodyOf('one') },
          { key: inBatch, body: bodyOf('two') },
        ],
      }),
    );
    expect(got[0]).toMatchObject({ key: alone, status: 200, replayed: true });
    expect(got[0]!.answer).toEqual(first);
    expect(got[1]).toMatchObject({ key: inBatch, status: 200, replayed: false });

    const again = await owner.post('/api/chat', JSON.parse(bodyOf('two')), keyHeader(inBatch));
    expect(again.headers.get('Idempotent-Replayed')).toBe('true');
    expect(await again.json()).toEqual(got[1]!.answer);
    // A whole batch again: every message a replay, nothing runs.
    const replay = await results(
      await owner.post('/api/chat/batch', {
        messages: [
          { key: inBatch, body: bodyOf('two') },
          { key: third, body: bodyOf('three') },
        ],
      }),
    );
    expect(replay.map((r) => r.replayed)).toEqual([true, false]);
    expect(companion.calls).toHaveLength(3);
    expect((await logOf(owner)).filter((entry) => entry.sender === 'user')).toHaveLength(3);
  });

  it('stops after a message that is not a 2xx: a key reused with another body is a 422, and nothing after it runs', async () => {
    const companion = fakeCompanion();
    const { setup, owner } = await ownerChat({ companion });
    const [a, b, c] = keys(3, setup.clock.now - 3000) as [string, string, string];
    await owner.post('/api/chat', JSON.parse(bodyOf('a')), keyHeader(a));
    const files = await chatFiles(setup.dataDir);
    const got = await results(
      await owner.post('/api/chat/batch', {
        messages: [
          { key: a, body: bodyOf('a changed') },
          { key: b, body: bodyOf('b') },
        ],
      }),
    );
    expect(got).toEqual([
      {
        key: a,
        status: 422,
        answer: { success: false, error: KEY_REUSED, message: KEY_REUSED },
        replayed: false,
      },
    ]);
    expect(await chatFiles(setup.dataDir)).toBe(files);

    const bad = await results(
      await owner.post('/api/chat/batch', {
        messages: [
          { key: b, body: bodyOf('b') },
          { key: c, body: JSON.stringify({ message: 5, history: [] }) },
          { key: uuidv7(setup.clock.now), body: bodyOf('never run') },
        ],
      }),
    );
    expect(bad.map((r) => r.status)).toEqual([200, 400]);
    expect(bad[1]!.answer.error).toMatch(/^message: /);
    expect(companion.calls.map((call) => call.message)).toEqual(['a', 'b']);
  });

  it('refuses a message as POST /api/chat would: malformed JSON (400), too long (413)', async () => {
    const { setup, owner } = await ownerChat({ companion: fakeCompanion() });
    const files = await chatFiles(setup.dataDir);
    const [a, b] = keys(2, setup.clock.now - 2000) as [string, string];
    const malformed = await results(
      await owner.post('/api/chat/batch', { messages: [{ key: a, body: '{"message": ' }] }),
    );
    expect(malformed[0]).toMatchObject({ status: 400, answer: { error: 'Malformed JSON' } });
    const long = await results(
      await owner.post('/api/chat/batch', {
        messages: [{ key: b, body: bodyOf('x'.repeat(10_001)) }],
      }),
    );
    expect(long[0]).toMatchObject({
      status: 413,
      answer: { error: 'message: must be at most 10000 characters' },
    });
    expect(await chatFiles(setup.dataDir)).toBe(files);
  });

  it('an engine failure is a 500 for the batch; what ran before it is kept and replayed on the retry', async () => {
    const companion = fakeCompanion();
    const { setup, owner } = await ownerChat({ companion });
    const files = await chatFiles(setup.dataDir);
    const ids = keys(2, setup.clock.now - 2000);
    const batch = { messages: ids.map((key, i) => ({ key, body: bodyOf(`m${i}`) })) };
    companion.failNext();
    await expectError(await owner.post('/api/chat/batch', batch), 500);
    expect(await chatFiles(setup.dataDir)).toBe(files);
    const retry = await results(await owner.post('/api/chat/batch', batch));
    expect(retry.map((r) => [r.status, r.replayed])).toEqual([
      [200, false],
      [200, false],
    ]);
    expect(setup.app.services.chat.gate.inFlight).toBe(0);
  });
});

describe('POST /api/chat/batch refusals write nothing', () => {
  it('400 for no messages, a bad key or a body that is not text; 413 over the limit; 401; 403', async () => {
    const companion = fakeCompanion();
    const { setup, owner } = await ownerChat({ companion });
    const files = await chatFiles(setup.dataDir);
    const key = uuidv7(setup.clock.now);
    await expectError(await owner.post('/api/chat/batch', { messages: [] }), 400, /^messages: /);
    await expectError(await owner.post('/api/chat/batch', {}), 400, /^messages: /);
    for (const bad of ['', 'has space', '__proto__', 'x'.repeat(201)]) {
      await expectError(
        await owner.post('/api/chat/batch', { messages: [{ key: bad, body: bodyOf('hi') }] }),
        400,
        /^messages\.0\.key: Idempotency-Key must be/,
      );
    }
    await expectError(
      await owner.post('/api/chat/batch', { messages: [{ key, body: { message: 'hi' } }] }),
      400,
      /^messages\.0\.body: /,
    );
    await expectError(
      await owner.post('/api/chat/batch', {
        messages: keys(MAX_BATCH_MESSAGES + 1, 1).map((k) => ({ key: k, body: bodyOf('hi') })),
      }),
      413,
      `messages: must hold at most ${MAX_BATCH_MESSAGES} messages`,
    );
    expect(companion.calls).toHaveLength(0);
    expect(await chatFiles(setup.dataDir)).toBe(files);

    const stranger = setup.browser();
    await expectError(
      await stranger.post('/api/chat/batch', { messages: [{ key, body: bodyOf('hi') }] }),
      401,
    );
  });

  it('follows the chat permission: 403 without it', async () => {
    const setup = await startChatApp({ companion: fakeCompanion() });
    const owner = setup.browser();
    await owner.loginOk();
    await owner.post('/api/admin/user-restrictions', {
      restrictionMode: true,
      defaultPermissions: ['screen_settings'],
    });
    const guest = setup.browser({ address: '203.0.113.99' });
    await guest.loginOk();
    await expectError(
      await guest.post('/api/chat/batch', {
        messages: [{ key: uuidv7(setup.clock.now), body: bodyOf('hi') }],
      }),
      403,
    );
  });
});
