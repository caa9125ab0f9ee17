// The unified memory panel's calls (spec 001 §7, 002 §7 console-memory) over the chat's own memory
// lattice: who may call them, recent and search finding what the chat remembered, the stats, the
// conversation context, a console exchange becoming a memory the chat recalls, and bad input refused
// without a write.
import { afterEach, describe, expect, it } from 'vitest';
import {
  COUNT_INVALID,
  DEFAULT_RECENT_COUNT,
  LIMIT_INVALID,
  MAX_RECENT_COUNT,
  NOTHING_TO_REMEMBER,
  QUERY_REQUIRED,
  type MemoryStats,
  type SyncedMemory,
} from '../../server/memory-sync/memory-sync-rules';
import type {
  ConsoleMemoryAnswer,
  ConversationContext,
} from '../../server/memory-sync/memory-sync-service';
import { SESSION_ID_INVALID } from '../../server/routes/memory-sync';
import {
  chatFiles,
  cleanUpChatApps,
  fakeCompanion,
  ownerChat,
  startChatApp,
  type ChatAnswer,
} from './support/chat-harness';
import { expectError, type TestBrowser } from './support/harness';

afterEach(cleanUpChatApps);

async function json<T>(response: Response, status = 200): Promise<T> {
  expect(response.status, await response.clone().text()).toBe(status);
  return (await response.json()) as T;
}

const recent = async (browser: TestBrowser, count?: string) =>
  (
    await json<{ success: true; memories: SyncedMemory[] }>(
      await browser.request(`/api/memory-sync/recent${count === undefined ? '' : `/${count}`}`),
    )
  ).memories;

const stats = async (browser: TestBrowser) =>
  (
    await json<{ success: true; stats: MemoryStats }>(
      await browser.request('/api/memory-sync/status'),
    )
  ).stats;

const search = async (browser: TestBrowser, body: unknown) =>
  (
    await json<{ success: true; results: (SyncedMemory & { relevance: number })[] }>(
      await browser.post('/api/memory-sync/search', body),
    )
  ).results;

const chat = (browser: TestBrowser, message: string, context?: 'manual_console') =>
  browser.post('/api/chat', { message, history: [], ...(context ? { context } : {}) });

describe('who may call it', () => {
  it('401 without a session, 403 for a plain user, 2xx for the owner; a refused write writes nothing', async () => {
    const { setup, owner } = await ownerChat();
    const stranger = setup.browser();
    const guest = setup.browser({ address: '203.0.113.7' });
    await guest.loginOk();
    const reads = [
      '/api/memory-sync/recent',
      '/api/memory-sync/recent/5',
      '/api/memory-sync/status',
      '/api/memory-sync/conversation-context',
      '/api/memory-sync/conversation-context/2026-01-14',
    ];
    for (const path of reads) {
      await expectError(await stranger.request(path), 401);
      await expectError(await guest.request(path), 403);
      expect((await owner.request(path)).status).toBe(200);
    }
    const before = await chatFiles(setup.dataDir);
    const exchange = { userMessage: 'remember that I love figs', kiriResponse: 'I will' };
    await expectError(await guest.post('/api/memory-sync/console-memory', exchange), 403);
    await expectError(await guest.post('/api/memory-sync/search', { query: 'figs' }), 403);
    expect(await chatFiles(setup.dataDir)).toBe(before);
  });
});

describe('one memory: the chat’s lattice', () => {
  it('a memory the chat made ("remember that …") is in recent and found by the panel’s search', async () => {
    const { owner } = await ownerChat();
    expect((await chat(owner, 'remember that my sister Ana lives in Lisbon')).status).toBe(200);

    const [memory] = await recent(owner);
    expect(memory).toMatchObject({
      content: 'my sister Ana lives in Lisbon',
      synced: true,
      context: { source: 'main_chat', interactionType: 'chat_conversation' },
    });
    // The owner asked: the chat's rule makes it at least 0.8.
    expect(memory!.importance).toBeGreaterThanOrEqual(0.8);
    expect(typeof memory!.emotion).toBe('string');

    const results = await search(owner, { query: 'sistr' });
    expect(results.map((r) => r.id)).toEqual([memory!.id]);
    expect(results[0]!.relevance).toBeGreaterThan(0);
    expect(await search(owner, { query: 'volcano' })).toEqual([]);
  });

  it('recent: newest first, default 20, a count kept, capped at 100', async () => {
    const { setup, owner } = await ownerChat();
    for (let i = 0; i < 23; i += 1) {
      setup.clock.advance(1000);
      await owner.post('/api/memory-lattice/create', { content: `memory number ${i}` });
    }
    const all = await recent(owner);
    expect(all).toHaveLength(DEFAULT_RECENT_COUNT);
    expect(all[0]!.content).toBe('memory number 22');
    expect(all[0]!.context).toEqual({ source: 'main_chat', interactionType: 'memory_panel' });
    expect((await recent(owner, '3')).map((m) => m.content)).toEqual([
      'memory number 22',
      'memory number 21',
      'memory number 20',
    ]);
    expect(await recent(owner, '100000')).toHaveLength(23);
    expect(MAX_RECENT_COUNT).toBe(100);
  });

  it('a count that is not a positive whole number is a 400 in the JSON error format', async () => {
    const { owner } = await ownerChat();
    for (const count of ['0', '-1', 'abc', '2.5', '1e3', '07']) {
      const body = await expectError(await owner.request(`/api/memory-sync/recent/${count}`), 400);
      expect(body.error).toBe(COUNT_INVALID);
    }
  });

  it('search: limit defaults to 10, is capped at 20; a bad query, limit or body is a 400 that writes nothing', async () => {
    const { setup, owner } = await ownerChat();
    for (let i = 0; i < 25; i += 1) {
      setup.clock.advance(1000);
      await owner.post('/api/memory-lattice/create', { content: `Walk with the dog ${i}` });
    }
    expect(await search(owner, { query: 'dog' })).toHaveLength(10);
    const accesses = () =>
      setup.stores.memory.data.accounts.owner!.nodes.reduce((sum, n) => sum + n.accessCount, 0);
    const counted = accesses();
    expect(await search(owner, { query: 'dog', limit: 3 })).toHaveLength(3);
    // Only the hits returned count as recalled (not the lattice's whole top 20).
    expect(accesses() - counted).toBe(3);
    expect(await search(owner, { query: 'dog', limit: 500 })).toHaveLength(20);

    await setup.app.persistState();
    const before = await chatFiles(setup.dataDir);
    const bad: [unknown, string][] = [
      [{ query: '   ' }, QUERY_REQUIRED],
      [{}, QUERY_REQUIRED],
      [{ query: 'dog', limit: 0 }, LIMIT_INVALID],
      [{ query: 'dog', limit: 2.5 }, LIMIT_INVALID],
      [{ query: 'dog', limit: '5' }, LIMIT_INVALID],
    ];
    for (const [body, message] of bad) {
      const answer = await expectError(await owner.post('/api/memory-sync/search', body), 400);
      expect(answer.error).toContain(message);
    }
    const malformed = await owner.request('/api/memory-sync/search', {
      method: 'POST',
      body: '{"query":',
      headers: { 'content-type': 'application/json' },
    });
    await expectError(malformed, 400);
    // A refused search counted no access: memory.json is as it was.
    expect(await chatFiles(setup.dataDir)).toBe(before);
  });

  it('status: counts from the lattice by where each memory was made', async () => {
    const { owner } = await ownerChat();
    expect(await stats(owner)).toEqual({
      totalMemories: 0,
      consoleMemories: 0,
      mainChatMemories: 0,
      syncedMemories: 0,
      averageImportance: 0,
    });
    await chat(owner, 'remember that I like green tea');
    await owner.post('/api/memory-lattice/create', { content: 'Ana likes sunflowers' });
    await json(
      await owner.post('/api/memory-sync/console-memory', {
        userMessage: 'remember that the backup disk is in the drawer',
        kiriResponse: 'Noted.',
        context: 'console_conversation',
        replyToId: null,
      }),
      201,
    );
    const all = await recent(owner);
    const mean = all.reduce((sum, m) => sum + m.importance, 0) / all.length;
    expect(await stats(owner)).toEqual({
      totalMemories: 3,
      consoleMemories: 1,
      mainChatMemories: 2,
      syncedMemories: 3,
      averageImportance: Math.round(mean * 100) / 100,
    });
  });
});

describe('console-memory', () => {
  it('a console exchange becomes a console memory that the chat then recalls', async () => {
    const { setup, owner } = await ownerChat();
    const answer = await json<{ success: true } & ConsoleMemoryAnswer>(
      await owner.post('/api/memory-sync/console-memory', {
        userMessage: 'remember that my cat is called Miso',
        kiriResponse: { message: 'Miso, what a lovely name.' },
        context: 'console_conversation',
        replyToId: 'console-entry-1',
      }),
      201,
    );
    expect(answer).toMatchObject({
      success: true,
      stored: true,
      created: true,
      memory: {
        content: 'my cat is called Miso',
        synced: true,
        context: { source: 'console', interactionType: 'console_conversation' },
      },
    });
    expect(setup.stores.memory.data.accounts.owner!.nodes[0]!.source).toBe('console');

    setup.clock.advance(60_000);
    const recall = await json<ChatAnswer>(await chat(owner, "what is my cat's name?"));
    expect(recall.kiriResponse.message).toContain('Miso');
  });

  it('an exchange with nothing to remember answers stored: false and writes nothing', async () => {
    const { setup, owner } = await ownerChat();
    await setup.app.persistState();
    const before = await chatFiles(setup.dataDir);
    const answer = await json<ConsoleMemoryAnswer>(
      await owner.post('/api/memory-sync/console-memory', {
        userMessage: 'how is the server doing today?',
        kiriResponse: 'All quiet here.',
        context: 'console_conversation',
        replyToId: null,
      }),
    );
    expect(answer).toMatchObject({
      stored: false,
      created: false,
      memory: null,
      reason: NOTHING_TO_REMEMBER,
    });
    expect(await chatFiles(setup.dataDir)).toBe(before);
  });

  it('the console’s chat keeps its "remember that …" as a console memory; console-memory then adds no second one', async () => {
    const companion = fakeCompanion();
    const { setup, owner } = await ownerChat({ companion });
    expect(
      (await chat(owner, 'remember that the router password is on the fridge', 'manual_console'))
        .status,
    ).toBe(200);
    const nodes = () => setup.stores.memory.data.accounts.owner!.nodes;
    expect(nodes()).toHaveLength(1);
    expect(nodes()[0]!.source).toBe('console');

    setup.clock.advance(2000);
    const answer = await json<ConsoleMemoryAnswer>(
      await owner.post('/api/memory-sync/console-memory', {
        userMessage: 'remember that the router password is on the fridge',
        kiriResponse: 'reply 1, part one',
        context: 'console_conversation',
        replyToId: null,
      }),
    );
    expect(answer).toMatchObject({ stored: true, created: false, memory: { id: nodes()[0]!.id } });
    expect(nodes()).toHaveLength(1);
    expect((await stats(owner)).consoleMemories).toBe(1);
  });

  it('a bad body is a 400 that writes nothing', async () => {
    const { setup, owner } = await ownerChat();
    await setup.app.persistState();
    const before = await chatFiles(setup.dataDir);
    const bad = [
      {},
      { userMessage: 'remember that x is y' },
      { userMessage: '  ', kiriResponse: 'ok' },
      { userMessage: 'remember that x is y', kiriResponse: 42 },
      { userMessage: 'remember that x is y', kiriResponse: 'ok', context: 'chat' },
      { userMessage: 'x'.repeat(10_001), kiriResponse: 'ok' },
    ];
    for (const body of bad) {
      await expectError(await owner.post('/api/memory-sync/console-memory', body), 400);
    }
    expect(await chatFiles(setup.dataDir)).toBe(before);
  });
});

describe('conversation-context', () => {
  it('today’s recent exchanges and the memories recalled for the owner’s newest message', async () => {
    const companion = fakeCompanion();
    const { setup, owner } = await ownerChat({ companion });
    await chat(owner, 'remember that my brother Leo plays the cello');
    setup.clock.advance(1000);
    await owner.post('/api/memory-lattice/create', {
      content: 'The garden needs water on Fridays',
    });
    setup.clock.advance(1000);
    await chat(owner, 'tell me about Leo and his cello');

    const { context } = await json<{ success: true; context: ConversationContext }>(
      await owner.request('/api/memory-sync/conversation-context'),
    );
    expect(context.recalledFor).toBe('tell me about Leo and his cello');
    const owners = context.exchanges.filter((e) => e.sender === 'user').map((e) => e.message);
    expect(owners).toEqual([
      'remember that my brother Leo plays the cello',
      'tell me about Leo and his cello',
    ]);
    expect(context.exchanges.at(-1)!.sender).toBe('kiri');
    // Relevant first (Leo), then the newest other.
    expect(context.memories.map((m) => m.content)).toEqual([
      'my brother Leo plays the cello',
      'The garden needs water on Fridays',
    ]);

    // Another day's session by its id; a day with no talk is empty, a malformed id a 400.
    const today = context.sessionId;
    const again = await json<{ context: ConversationContext }>(
      await owner.request(`/api/memory-sync/conversation-context/${today}`),
    );
    expect(again.context.exchanges).toEqual(context.exchanges);
    const other = await json<{ context: ConversationContext }>(
      await owner.request('/api/memory-sync/conversation-context/2020-02-02'),
    );
    expect(other.context).toMatchObject({
      sessionId: '2020-02-02',
      exchanges: [],
      recalledFor: null,
    });
    const body = await expectError(
      await owner.request('/api/memory-sync/conversation-context/2026-02-31'),
      400,
    );
    expect(body.error).toBe(SESSION_ID_INVALID);
  });

  it('reads the same lattice after a restart', async () => {
    const { setup, owner } = await ownerChat();
    await json(
      await owner.post('/api/memory-sync/console-memory', {
        userMessage: 'remember that the spare key is under the blue pot',
        kiriResponse: 'Got it.',
      }),
      201,
    );
    await setup.app.persistState();
    const again = await startChatApp({ dataDir: setup.dataDir, clock: setup.clock });
    const phone = again.browser();
    owner.cloneCookiesInto(phone);
    expect((await recent(phone)).map((m) => [m.content, m.context.source])).toEqual([
      ['the spare key is under the blue pot', 'console'],
    ]);
  });
});
