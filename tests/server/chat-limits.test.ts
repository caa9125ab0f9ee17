// What one account can make the server keep (issue 8): records hold a hash and ids, not copies; records
// and memory nodes are capped per account; and one chat's write does not grow with what is stored.
import { stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { uuidv7 } from '../../src/domain/uuidv7';
import {
  MAX_RECORD_BYTES_PER_ACCOUNT,
  MAX_RECORDS_PER_ACCOUNT,
  REPLAY_WINDOW_MS,
  sha256Hex,
} from '../../server/chat/idempotency';
import { MAX_MEMORY_NODES } from '../../server/chat/memories';
import type { IdempotencyRecord } from '../../server/store/conversation-store';
import type { MemoryNode } from '../../server/store/memory-store';
import { expectError, makeDataDir } from './support/harness';
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

const DAY = 86_400_000;
const body = { message: 'how was your day?', history: [] };

function fakeRecord(at: number, extra: Partial<IdempotencyRecord> = {}): IdempotencyRecord {
  return {
    route: 'POST /api/chat',
    bodyHash: sha256Hex(String(at)),
    status: 200,
    answer: { kind: 'chat', kiriIds: [], userMessage: null, provider: 'fake', ...extra.answer },
    at,
    ...extra,
  } as IdempotencyRecord;
}

describe('exactly-once records', () => {
  it('keep a hash of the request, not a copy of the message', async () => {
    const { setup, owner } = await ownerChat({ companion: fakeCompanion() });
    const text = 'a long story about my day '.repeat(380);
    const key = uuidv7(setup.clock.now);
    const stored = await owner.post(
      '/api/conversations',
      { message: text, sender: 'user' },
      keyHeader(key),
    );
    expect(stored.status).toBe(201);
    const record = setup.stores.conversations.data.accounts.owner!.idempotency[key]!;
    expect(JSON.stringify(record)).not.toContain('a long story');
    expect(JSON.stringify(record).length).toBeLessThan(1_000);

    // The replay still answers what the first answer said, read back from the log.
    const replay = await owner.post(
      '/api/conversations',
      { message: text, sender: 'user' },
      keyHeader(key),
    );
    expect(replay.headers.get('Idempotent-Replayed')).toBe('true');
    expect(await replay.json()).toEqual(await stored.clone().json());
  });

  it('past the count cap, the oldest records outside the replay window go first', async () => {
    const companion = fakeCompanion();
    const { setup, owner } = await ownerChat({ companion });
    const now = setup.clock.now;
    const old = now - REPLAY_WINDOW_MS - DAY;
    const recent = now - DAY;
    const oldCount = MAX_RECORDS_PER_ACCOUNT - 1_000;
    await setup.stores.conversations.update((data) => {
      const idempotency: Record<string, IdempotencyRecord> = {};
      for (let i = 0; i < oldCount; i++) idempotency[`old-${i}`] = fakeRecord(old + i);
      for (let i = 0; i < 1_000; i++) idempotency[`recent-${i}`] = fakeRecord(recent + i);
      data.accounts.owner!.idempotency = idempotency;
    });

    const key = uuidv7(now);
    expect((await owner.post('/api/chat', body, keyHeader(key))).status).toBe(200);
    const keys = Object.keys(setup.stores.conversations.data.accounts.owner!.idempotency);
    expect(keys.length).toBeLessThanOrEqual(MAX_RECORDS_PER_ACCOUNT * 0.9);
    expect(keys).toContain(key);
    // Every record within the window stayed; of the old ones, the oldest went.
    expect(keys.filter((k) => k.startsWith('recent-'))).toHaveLength(1_000);
    expect(keys).toContain(`old-${oldCount - 1}`);
    expect(keys).not.toContain('old-0');
    // The new record still replays.
    const replay = await owner.post('/api/chat', body, keyHeader(key));
    expect(replay.headers.get('Idempotent-Replayed')).toBe('true');
  });

  it('when the caps are full within the replay window, a new keyed request is a 429 that writes nothing', async () => {
    const companion = fakeCompanion();
    const { setup, owner } = await ownerChat({ companion });
    const now = setup.clock.now;
    const firstKey = uuidv7(now - 1);
    const first = await owner.post('/api/chat', body, keyHeader(firstKey));
    const oldest = now - 60 * 60_000;
    await setup.stores.conversations.update((data) => {
      const idempotency = { ...data.accounts.owner!.idempotency };
      for (let i = 0; i < MAX_RECORDS_PER_ACCOUNT; i++) {
        idempotency[`seeded-${i}`] = fakeRecord(oldest + i);
      }
      data.accounts.owner!.idempotency = idempotency;
    });
    // The seeding was one large line: let the compaction it started finish before the files are read.
    await setup.stores.conversations.flush();
    const calls = companion.calls.length;
    const files = await chatFiles(setup.dataDir);

    const refused = await owner.post('/api/chat', body, keyHeader(uuidv7(now)));
    const seconds = Math.ceil((REPLAY_WINDOW_MS - 60 * 60_000) / 1000);
    await expectError(refused, 429, `Too many messages. Try again in ${seconds} seconds.`);
    expect(refused.headers.get('Retry-After')).toBe(String(seconds));
    expect(companion.calls).toHaveLength(calls);
    expect(await chatFiles(setup.dataDir)).toBe(files);

    // A replay of a message the server has is still answered, as the first time.
    const replay = await owner.post('/api/chat', body, keyHeader(firstKey));
    expect(replay.status).toBe(200);
    expect(await replay.json()).toEqual(await first.json());
  });

  it('the byte cap holds too: large stored replies fill it before the count does', async () => {
    const { setup, owner } = await ownerChat({ companion: fakeCompanion() });
    const now = setup.clock.now;
    const reply = 'k'.repeat(30_000);
    const count = Math.ceil(MAX_RECORD_BYTES_PER_ACCOUNT / reply.length) + 1;
    await setup.stores.conversations.update((data) => {
      const idempotency: Record<string, IdempotencyRecord> = {};
      for (let i = 0; i < count; i++) {
        idempotency[`console-${i}`] = fakeRecord(now - DAY + i, {
          answer: {
            kind: 'chat',
            kiriIds: [],
            userMessage: null,
            provider: 'fake',
            parts: [{ id: `p${i}`, message: reply, timestamp: now }],
          },
        });
      }
      data.accounts.owner!.idempotency = idempotency;
    });
    await expectError(
      await owner.post('/api/chat', body, keyHeader(uuidv7(now))),
      429,
      /^Too many messages/,
    );
  });

  it('one chat writes the same bytes with 2,000 records as with none', async () => {
    const { setup, owner } = await ownerChat({ companion: fakeCompanion() });
    const file = join(setup.dataDir, 'conversations.json');
    const journal = `${file}.journal`;
    const size = async (path: string) => {
      const info = await stat(path).catch(() => null);
      return info ? { size: info.size, id: `${info.ino}:${info.mtimeMs}` } : { size: 0, id: '' };
    };
    /** Bytes one chat put on disk: a rewritten file counts whole, a journal by what it grew. */
    const bytesOfOneChat = async (): Promise<number> => {
      await setup.stores.conversations.flush();
      const [fileBefore, journalBefore] = [await size(file), await size(journal)];
      setup.clock.advance(1000);
      expect((await owner.post('/api/chat', body, keyHeader(uuidv7(setup.clock.now)))).status).toBe(
        200,
      );
      await setup.stores.conversations.flush();
      const [fileAfter, journalAfter] = [await size(file), await size(journal)];
      const fileBytes = fileAfter.id === fileBefore.id ? 0 : fileAfter.size;
      const journalBytes =
        journalAfter.size >= journalBefore.size
          ? journalAfter.size - journalBefore.size
          : journalAfter.size;
      return fileBytes + journalBytes;
    };
    const none = await bytesOfOneChat();
    const now = setup.clock.now;
    await setup.stores.conversations.update((data) => {
      const idempotency = { ...data.accounts.owner!.idempotency };
      for (let i = 0; i < 2_000; i++)
        idempotency[uuidv7(now - DAY + i)] = fakeRecord(now - DAY + i);
      data.accounts.owner!.idempotency = idempotency;
    });
    const withRecords = await bytesOfOneChat();
    expect(withRecords).toBeLessThan(none * 1.2);
  });

  it('a replay after a restart answers the first answer, rebuilt from the log', async () => {
    const companion = fakeCompanion();
    const { setup, owner } = await ownerChat({ companion });
    const key = uuidv7(setup.clock.now);
    const first = await owner.post('/api/chat', body, keyHeader(key));
    const firstAnswer = (await first.json()) as ChatAnswer;
    await setup.stores.conversations.flush();
    const again = await startChatApp({ dataDir: setup.dataDir, companion, clock: setup.clock });
    const phone = again.browser();
    owner.cloneCookiesInto(phone);
    const replay = await phone.post('/api/chat', body, keyHeader(key));
    expect(replay.headers.get('Idempotent-Replayed')).toBe('true');
    expect(await replay.json()).toEqual(firstAnswer);
  });

  it('a replay whose reply has left the log (1000-entry cap) answers no parts, and the same message id', async () => {
    const { setup, owner } = await ownerChat({ companion: fakeCompanion() });
    const key = uuidv7(setup.clock.now);
    const first = (await (
      await owner.post('/api/chat', body, keyHeader(key))
    ).json()) as ChatAnswer;
    await setup.stores.conversations.update((data) => {
      const log = data.accounts.owner!.log;
      data.accounts.owner!.log = log.filter((entry) => entry.id !== key && entry.answersId !== key);
    });
    const replay = (await (
      await owner.post('/api/chat', body, keyHeader(key))
    ).json()) as ChatAnswer;
    expect(replay).toEqual({
      ...first,
      kiriMessages: [],
      splitMessageTimings: [],
      kiriResponse: { message: '' },
    });
    expect(await logOf(owner)).not.toContainEqual(expect.objectContaining({ id: key }));
  });

  it('a version 1 file (answers kept as copies) is migrated, and its replays answer as before', async () => {
    const dataDir = await makeDataDir();
    const userId = uuidv7(Date.UTC(2026, 0, 15));
    const kiriId = uuidv7(Date.UTC(2026, 0, 15) + 1);
    const entry = (id: string, sender: 'user' | 'kiri', message: string) => ({
      id,
      message,
      sender,
      timestamp: Date.UTC(2026, 0, 15),
      replyToId: null,
      emotionalState: null,
      sessionId: '2026-01-15',
      answersId: sender === 'kiri' ? userId : null,
    });
    const answer = {
      kiriMessages: [{ id: kiriId, message: 'hello!', timestamp: Date.UTC(2026, 0, 15) }],
      splitMessageTimings: [0],
      kiriResponse: { message: 'hello!' },
      userMessage: { id: userId, sessionId: '2026-01-15' },
      provider: 'local',
    };
    const v1 = {
      version: 1,
      accounts: {
        owner: {
          log: [entry(userId, 'user', 'hi'), entry(kiriId, 'kiri', 'hello!')],
          idempotency: {
            [userId]: {
              route: 'POST /api/chat',
              bodyHash: sha256Hex(JSON.stringify(body)),
              status: 200,
              answer,
              at: Date.UTC(2026, 0, 15),
            },
          },
        },
      },
    };
    await writeFile(join(dataDir, 'conversations.json'), JSON.stringify(v1));
    const { owner } = await ownerChat({ companion: fakeCompanion(), dataDir });
    const replay = await owner.post('/api/chat', body, keyHeader(userId));
    expect(replay.headers.get('Idempotent-Replayed')).toBe('true');
    expect(await replay.json()).toEqual(answer);
  });
});

describe('memory nodes', () => {
  function node(
    content: string,
    importance: number,
    accessCount: number,
    timestamp: number,
  ): MemoryNode {
    return {
      id: uuidv7(timestamp),
      content,
      contextType: 'conversation',
      source: 'chat',
      ownerOnly: false,
      timestamp,
      accessCount,
      importance,
      emotionalWeight: {},
      semanticTags: [],
      linkedNodes: [],
      sourceMessageId: null,
    };
  }

  it('an account keeps at most 100: the least important and least recalled are forgotten first', async () => {
    const { setup, owner } = await ownerChat({ companion: fakeCompanion() });
    const t = setup.clock.now - DAY;
    await setup.stores.memory.update((data) => {
      const nodes = Array.from({ length: MAX_MEMORY_NODES - 3 }, (_, i) =>
        node(`treasured ${i}`, 0.9, 3, t + i),
      );
      nodes.push(node('minor but recalled', 0.2, 5, t + 200));
      nodes.push(node('minor and never recalled', 0.2, 0, t + 300));
      nodes.push(node('somewhat important', 0.5, 0, t));
      data.accounts.owner = { nodes };
    });
    const contents = () => setup.stores.memory.data.accounts.owner!.nodes.map((n) => n.content);
    const remember = async (what: string) => {
      setup.clock.advance(1000);
      const key = uuidv7(setup.clock.now);
      const response = await owner.post(
        '/api/chat',
        { message: `remember that ${what}`, history: [] },
        keyHeader(key),
      );
      expect(response.status).toBe(200);
    };

    await remember('I like tea');
    expect(contents()).toHaveLength(MAX_MEMORY_NODES);
    expect(contents()).toContain('I like tea');
    expect(contents()).not.toContain('minor and never recalled');
    expect(contents()).toContain('minor but recalled');

    await remember('my cat is Miso');
    expect(contents()).not.toContain('minor but recalled');
    await remember('I start work at nine');
    expect(contents()).not.toContain('somewhat important');
    expect(contents()).toEqual(
      expect.arrayContaining(['I like tea', 'my cat is Miso', 'I start work at nine']),
    );
    expect(contents()).toHaveLength(MAX_MEMORY_NODES);
  });
});
