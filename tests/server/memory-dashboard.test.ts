// Issue 20 item 4, the memory dashboard's calls (spec 002 §5, §7, §8; docs/memory-dashboard.md) over the
// chat's own memory lattice: add (importance 'x' is 5, blank content a 400 that writes nothing, the type
// and importance rules), the stats every figure of which is real (by type, threads, users, greeting,
// last optimization), the context a provider's prompt carries, the compiled Markdown file (401 without a
// session, the memory in it with one), the chat recalling what was added, and a restart keeping it.
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  IMPORTANCE_INVALID,
  MEMORY_CONTENT_REQUIRED,
  MEMORY_TYPE_INVALID,
  TOO_MANY_TAGS,
} from '../../src/domain/memory-dashboard';
import { NOT_LOGGED_IN, PERMISSION_REQUIRED } from '../../server/auth/guards';
import { REPEATED_HELLO_TEXT } from '../../server/memory-dashboard/memory-dashboard-rules';
import type {
  MemoryContext,
  MemoryDashboardStats,
} from '../../server/memory-dashboard/memory-dashboard-service';
import type { MemoryNode } from '../../server/store/memory-store';
import { closeStores } from '../../server/store/stores';
import {
  chatFiles,
  cleanUpChatApps,
  ownerChat,
  startChatApp,
  type ChatAnswer,
} from './support/chat-harness';
import {
  ANDROID_UA,
  expectError,
  makeDataDir,
  type TestApp,
  type TestBrowser,
} from './support/harness';

afterEach(cleanUpChatApps);

interface Added {
  success: true;
  stored: boolean;
  memory: MemoryNode | null;
}

async function add(browser: TestBrowser, body: unknown, status = 201): Promise<Added> {
  const response = await browser.post('/api/memory/add', body);
  expect(response.status, await response.clone().text()).toBe(status);
  return (await response.json()) as Added;
}

async function stats(browser: TestBrowser): Promise<MemoryDashboardStats> {
  const response = await browser.request('/api/memory/stats');
  expect(response.status, await response.clone().text()).toBe(200);
  return (await response.json()) as MemoryDashboardStats;
}

async function context(browser: TestBrowser): Promise<MemoryContext> {
  const response = await browser.request('/api/memory/context');
  expect(response.status, await response.clone().text()).toBe(200);
  return (await response.json()) as MemoryContext;
}

async function compiled(browser: TestBrowser): Promise<string> {
  const response = await browser.request('/compiled-memory.md');
  expect(response.status, await response.clone().text()).toBe(200);
  return response.text();
}

/** memory.json, its journal, conversations.json and memory-lattice.json, as bytes. */
async function memoryFiles(setup: TestApp): Promise<string> {
  await setup.app.persistState();
  const lattice = await readFile(join(setup.dataDir, 'memory-lattice.json'), 'utf8').catch(
    () => '(none)',
  );
  return `${await chatFiles(setup.dataDir)}\n---\n${lattice}`;
}

/** A second account: a user of its own (not one of the owner's devices), holding `permissions`. */
async function userWith(setup: TestApp, permissions: string[]): Promise<TestBrowser> {
  const user = setup.browser({ userAgent: ANDROID_UA, address: '203.0.113.40' });
  const id = (await user.loginOk()).user.id;
  await user.register('Grace');
  await setup.stores.auth.update((data) => {
    data.users.find((u) => u.id === id)!.permissions = permissions as never;
  });
  return user;
}

describe('POST /api/memory/add', () => {
  it("importance 'x' defaults to 5, and the memory is kept in the chat's lattice as the owner gave it", async () => {
    const { setup, owner } = await ownerChat();
    const answer = await add(owner, {
      content: '  Mei takes her coffee black, no sugar  ',
      type: 'preference',
      importance: 'x',
      tags: 'coffee, , morning ,',
    });
    expect(answer).toMatchObject({
      success: true,
      stored: true,
      memory: {
        content: 'Mei takes her coffee black, no sugar',
        contextType: 'preference',
        source: 'user',
        ownerOnly: false,
        importance: 0.5,
      },
    });
    // The owner's tags first (split on commas, trimmed, empties dropped), then the lattice's own.
    expect(answer.memory!.semanticTags.slice(0, 2)).toEqual(['coffee', 'morning']);
    const nodes = setup.stores.memory.data.accounts.owner!.nodes;
    expect(nodes).toHaveLength(1);
    expect(nodes[0]!.id).toBe(answer.memory!.id);
    // Given importances are kept as given: 8 is 0.8; '3' (the form sends text) is 0.3.
    expect((await add(owner, { content: 'Ana is my sister', importance: 8 })).memory).toMatchObject(
      {
        importance: 0.8,
        contextType: 'conversation',
      },
    );
    expect(
      (await add(owner, { content: 'Tuesday is gym day', importance: '3' })).memory,
    ).toMatchObject({ importance: 0.3 });
    expect((await add(owner, { content: 'Likes rain', importance: null })).memory).toMatchObject({
      importance: 0.5,
    });
  });

  it('blank content is a 400 "Memory content is required" that writes nothing', async () => {
    const { setup, owner } = await ownerChat();
    await add(owner, { content: 'the first memory', type: 'context', importance: 4 });
    const before = await memoryFiles(setup);
    for (const content of ['', '   \n\t ', undefined]) {
      await expectError(
        await owner.post('/api/memory/add', { content, type: 'context', importance: 5 }),
        400,
        MEMORY_CONTENT_REQUIRED,
      );
    }
    expect(await memoryFiles(setup)).toBe(before);
    expect((await stats(owner)).totalMemories).toBe(1);
  });

  it('a bad type, importance or tags, or a bad body, is a 400 in clear words that writes nothing', async () => {
    const { setup, owner } = await ownerChat();
    const before = await memoryFiles(setup);
    const bad: [unknown, string | RegExp][] = [
      [{ content: 'x', type: 'secret' }, MEMORY_TYPE_INVALID],
      [{ content: 'x', type: '' }, MEMORY_TYPE_INVALID],
      [{ content: 'x', importance: 11 }, IMPORTANCE_INVALID],
      [{ content: 'x', importance: 0 }, IMPORTANCE_INVALID],
      [{ content: 'x', importance: 6.5 }, IMPORTANCE_INVALID],
      [{ content: 'x', tags: Array.from({ length: 13 }, (_, i) => `tag${i}`) }, TOO_MANY_TAGS],
      [{ content: 'x', tags: 'a'.repeat(41) }, /tag is at most 40 characters/],
      [{ content: 'x'.repeat(10_001) }, /at most 10,000 characters/],
      [{ content: 42 }, /^content: /],
      [{ content: 'x', tags: 7 }, /^tags: /],
    ];
    for (const [body, message] of bad) {
      await expectError(await owner.post('/api/memory/add', body), 400, message);
    }
    const malformed = await owner.request('/api/memory/add', {
      method: 'POST',
      body: '{"content":',
      headers: { 'content-type': 'application/json' },
    });
    await expectError(malformed, 400, 'Malformed JSON');
    expect(await memoryFiles(setup)).toBe(before);
  });

  it("the chat recalls what was added, and the lattice's search finds it", async () => {
    const { setup, owner } = await ownerChat();
    await add(owner, {
      content: 'My cat is called Miso',
      type: 'relationship',
      importance: 7,
      tags: 'cat, pets',
    });
    const found = await owner.request('/api/memory-lattice/search?query=Miso');
    expect(found.status).toBe(200);
    expect(((await found.json()) as MemoryNode[]).map((node) => node.content)).toEqual([
      'My cat is called Miso',
    ]);

    setup.clock.advance(60_000);
    const response = await owner.post('/api/chat', {
      message: "what is my cat's name?",
      history: [],
    });
    expect(response.status, await response.clone().text()).toBe(200);
    expect(((await response.json()) as ChatAnswer).kiriResponse.message).toContain('Miso');
  });

  it('past the 100 core memories a memory that matters less than every kept one is not kept, and the answer says so', async () => {
    const { setup, owner } = await ownerChat();
    for (let i = 0; i < 100; i += 1) {
      await add(owner, { content: `important memory number ${i}`, importance: 9 });
    }
    const answer = await add(owner, { content: 'a passing remark', importance: 1 }, 200);
    expect(answer).toMatchObject({ success: true, stored: false, memory: null });
    expect(setup.stores.memory.data.accounts.owner!.nodes).toHaveLength(100);
  });
});

describe('GET /api/memory/stats', () => {
  it('counts an added memory by its type, and starts with every figure defined', async () => {
    const { owner } = await ownerChat();
    expect(await stats(owner)).toEqual({
      totalMemories: 0,
      threadsCount: 0,
      userCount: 0,
      greetingBehavior: `Once a day, Kiri greets in her own words for the time of day. ${REPEATED_HELLO_TEXT}`,
      memoryTypes: { conversation: 0, preference: 0, personality: 0, context: 0, relationship: 0 },
      lastOptimization: null,
    });
    await add(owner, {
      content: 'Mei prefers tea in the evening',
      type: 'preference',
      importance: 6,
    });
    const after = await stats(owner);
    expect(after.totalMemories).toBe(1);
    expect(after.userCount).toBe(1);
    expect(after.memoryTypes).toEqual({
      conversation: 0,
      preference: 1,
      personality: 0,
      context: 0,
      relationship: 0,
    });
  });

  it("counts the lattice's own types too, and the chat's memories as conversation", async () => {
    const { owner } = await ownerChat();
    await owner.post('/api/memory-lattice/create', {
      content: 'A quiet Sunday',
      contextType: 'reflection',
    });
    const chat = await owner.post('/api/chat', {
      message: 'remember that my brother is called Jun',
      history: [],
    });
    expect(chat.status).toBe(200);
    expect((await stats(owner)).memoryTypes).toEqual({
      conversation: 1,
      preference: 0,
      personality: 0,
      context: 0,
      relationship: 0,
      reflection: 1,
    });
  });

  it('threads are memories joined by links; users are the accounts that hold memories', async () => {
    const { setup, owner } = await ownerChat();
    await add(owner, { content: 'Coffee before the morning walk', tags: 'coffee, morning' });
    await add(owner, { content: 'The morning coffee is oat milk latte', tags: 'coffee, morning' });
    await add(owner, { content: 'Violin lessons on Fridays', tags: 'music' });
    const own = await stats(owner);
    expect(own.totalMemories).toBe(3);
    expect(own.threadsCount).toBe(1);

    const user = await userWith(setup, ['memory_threading']);
    expect((await stats(user)).totalMemories).toBe(0);
    await add(user, { content: 'Grace plays chess', type: 'personality' });
    // Each account sees its own memories; the count of accounts holding memories is the lattice's.
    expect(await stats(user)).toMatchObject({ totalMemories: 1, userCount: 2 });
    expect((await stats(owner)).userCount).toBe(2);
    expect(await compiled(user)).not.toContain('Violin');
  });

  it("greetingBehavior names the owner's greeting while one is set", async () => {
    const { owner } = await ownerChat();
    const set = await owner.post('/api/self-mod/execute', {
      type: 'manual_command',
      command: 'update_greeting',
      params: { new_greeting: 'Good {part}, {name}!' },
    });
    expect(set.status, await set.clone().text()).toBe(200);
    // FakeClock: 2026-01-15 08:00 UTC is 16:00 in Asia/Shanghai, the afternoon.
    expect((await stats(owner)).greetingBehavior).toBe(
      `Once a day, Kiri greets with the owner's greeting: “Good afternoon, Mei!” ${REPEATED_HELLO_TEXT}`,
    );
  });

  it('lastOptimization is the last consolidation, null before any, and survives a restart', async () => {
    const { setup, owner } = await ownerChat();
    await add(owner, { content: 'Mei likes long walks' });
    expect((await stats(owner)).lastOptimization).toBeNull();
    setup.clock.advance(3_600_000);
    await setup.app.services.lattice.consolidate('owner');
    const at = new Date(setup.clock.now).toISOString();
    expect((await stats(owner)).lastOptimization).toBe(at);

    await setup.app.persistState();
    await closeStores(setup.stores);
    const again = await startChatApp({ dataDir: setup.dataDir, clock: setup.clock });
    const phone = again.browser();
    owner.cloneCookiesInto(phone);
    expect((await stats(phone)).lastOptimization).toBe(at);
  });
});

describe('GET /api/memory/context', () => {
  it("is the memory section of a provider's prompt: the newest first, then ranked for today's message", async () => {
    const { setup, owner } = await ownerChat();
    expect(await context(owner)).toEqual({
      context: 'The owner has not asked you to remember anything yet.',
      recalledFor: null,
    });
    await add(owner, { content: 'My sister Ana lives in Lisbon', type: 'relationship' });
    setup.clock.advance(3 * 3_600_000);
    await add(owner, { content: 'Mei is learning the violin', type: 'context' });
    const newest = await context(owner);
    expect(newest.recalledFor).toBeNull();
    expect(newest.context.split('\n').slice(1)).toEqual([
      '- Mei is learning the violin (told a little while ago)',
      '- My sister Ana lives in Lisbon (told earlier today)',
    ]);

    const chat = await owner.post('/api/chat', {
      message: 'I miss my sister so much',
      history: [],
    });
    expect(chat.status).toBe(200);
    const ranked = await context(owner);
    expect(ranked.recalledFor).toBe('I miss my sister so much');
    expect(ranked.context.split('\n')[1]).toContain('My sister Ana lives in Lisbon');
  });
});

describe('GET /compiled-memory.md', () => {
  it('is 401 JSON without a session, 403 without memory_threading', async () => {
    const { setup } = await ownerChat();
    const anonymous = setup.browser({ address: '203.0.113.99' });
    const response = await anonymous.request('/compiled-memory.md');
    expect(response.headers.get('content-type')).toContain('application/json');
    expect(response.headers.get('cache-control')).toBe('no-store');
    await expectError(response, 401, NOT_LOGGED_IN);
    const user = await userWith(setup, ['chat']);
    await expectError(await user.request('/compiled-memory.md'), 403, PERMISSION_REQUIRED);
  });

  it('lists an added memory, grouped by type and importance band, with its date and tags, as a download', async () => {
    const { owner } = await ownerChat();
    await add(owner, {
      content: 'Mei is allergic to peanuts',
      type: 'context',
      importance: 10,
      tags: 'health, allergy',
    });
    await add(owner, { content: 'Mei hums when she cooks', type: 'personality', importance: 6 });
    const response = await owner.request('/compiled-memory.md');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/markdown; charset=utf-8');
    expect(response.headers.get('content-disposition')).toBe(
      'attachment; filename="compiled-memory.md"',
    );
    expect(response.headers.get('cache-control')).toBe('no-store');
    const text = await response.text();
    expect(text).toContain("# Kiri's compiled memory");
    expect(text).toContain(
      'Compiled 2026-01-15 16:00 (Asia/Shanghai) from the memory lattice, for Mei: 2 memories.',
    );
    // The five types come first in the form's order: personality before context.
    const personality = text.indexOf('## Personality (1)');
    const contextType = text.indexOf('## Context (1)');
    expect(personality).toBeGreaterThan(0);
    expect(contextType).toBeGreaterThan(personality);
    expect(text.slice(personality, contextType)).toContain(
      '### Medium (4-6)\n\n- Mei hums when she cooks',
    );
    expect(text.slice(contextType)).toContain(
      [
        '### Critical (9-10)',
        '',
        '- Mei is allergic to peanuts',
        '  - Importance 10 · added 2026-01-15 16:00 · recalled 0 times',
      ].join('\n'),
    );
    expect(text.slice(contextType)).toMatch(/ {2}- Tags: health, allergy/);
  });

  it("is the server's file, not the app's index.html, when the server also serves the built app", async () => {
    const staticDir = join(await makeDataDir(), 'dist');
    await mkdir(staticDir, { recursive: true });
    await writeFile(join(staticDir, 'index.html'), '<!doctype html><title>Kiri</title>');
    const setup = await startChatApp({ env: { SERVE_STATIC: 'true', STATIC_DIR: staticDir } });
    const anonymous = setup.browser();
    await expectError(await anonymous.request('/compiled-memory.md'), 401, NOT_LOGGED_IN);
    const owner = setup.browser();
    await owner.loginOk();
    await add(owner, { content: 'Served by the route, not the build' });
    const response = await owner.request('/compiled-memory.md');
    expect(response.headers.get('content-type')).toBe('text/markdown; charset=utf-8');
    expect(await response.text()).toContain('- Served by the route, not the build');
    // The app's own routes are still the app.
    expect(await (await owner.request('/memory-dashboard')).text()).toContain(
      '<title>Kiri</title>',
    );
  });

  it('persists across a restart: stats, context and the file still hold the memory', async () => {
    const { setup, owner } = await ownerChat();
    await add(owner, { content: 'Mei grew up by the sea', type: 'context', importance: 7 });
    await setup.app.persistState();
    await closeStores(setup.stores);

    const again = await startChatApp({ dataDir: setup.dataDir, clock: setup.clock });
    const phone = again.browser();
    owner.cloneCookiesInto(phone);
    expect(await stats(phone)).toMatchObject({
      totalMemories: 1,
      memoryTypes: { context: 1 },
    });
    expect((await context(phone)).context).toContain('Mei grew up by the sea');
    expect(await compiled(phone)).toContain('- Mei grew up by the sea');
  });
});
