// The memory lattice through its routes (spec 000 §3.1, §5, §7): who may call it, create, search (a
// 2-character query refused, ranked, each hit an access), the integrity check, snapshots and
// backupRequired, a restart, memories from the chat, soul awakening and dreams.
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { buildMessages, MAX_PROMPT_MEMORIES } from '../../server/companion/prompt';
import { BASELINE_PERSONALITY } from '../../src/engine/companion/types';
import { EMOTIONS } from '../../server/memory/emotions';
import { SEARCH_TOO_SHORT, sealOf } from '../../server/memory/lattice-rules';
import { SNAPSHOT_DIR } from '../../server/memory/lattice-store';
import type { MemoryStatus } from '../../server/memory/memory-lattice';
import { MEMORY_CONTENT_REQUIRED } from '../../server/routes/memory-lattice';
import { closeStores } from '../../server/store/stores';
import type { MemoryNode } from '../../server/store/memory-store';
import { PRE_LATTICE_BACKUP } from '../../server/store/memory-store';
import { cleanUpChatApps, ownerChat, startChatApp, type ChatAnswer } from './support/chat-harness';
import { expectError, type TestApp, type TestBrowser } from './support/harness';

afterEach(cleanUpChatApps);

const HOUR = 3_600_000;

type Hit = MemoryNode & { relevance: number };

async function create(
  browser: TestBrowser,
  content: string,
  contextType = 'conversation',
): Promise<MemoryNode> {
  const response = await browser.post('/api/memory-lattice/create', {
    content,
    contextType,
    source: 'user',
    ownerOnly: false,
  });
  expect(response.status).toBe(201);
  return ((await response.json()) as { node: MemoryNode }).node;
}

async function search(browser: TestBrowser, query: string): Promise<Hit[]> {
  const response = await browser.request(
    `/api/memory-lattice/search?query=${encodeURIComponent(query)}`,
  );
  expect(response.status).toBe(200);
  return (await response.json()) as Hit[];
}

async function status(browser: TestBrowser): Promise<MemoryStatus> {
  const response = await browser.request('/api/memory-lattice/status');
  expect(response.status).toBe(200);
  return (await response.json()) as MemoryStatus;
}

async function nodes(browser: TestBrowser): Promise<MemoryNode[]> {
  const response = await browser.request('/api/memories');
  expect(response.status).toBe(200);
  return ((await response.json()) as { nodes: MemoryNode[] }).nodes;
}

const memoryFile = (setup: TestApp) => readFile(join(setup.dataDir, 'memory.json'), 'utf8');

describe('who may call it', () => {
  it('401 without a session, 403 for a user without memory threading, 200 for the owner', async () => {
    const { setup, owner } = await ownerChat();
    const paths = [
      '/api/memory-lattice/status',
      '/api/memory-lattice/search?query=tea',
      '/api/memories',
      '/api/backup/list',
      '/api/soul-awakening-status',
      '/api/dreams/sequences',
    ];
    const stranger = setup.browser();
    // A device that is not the owner's: a user with the default permissions (chat, screen settings).
    const guest = setup.browser({ address: '203.0.113.7' });
    await guest.loginOk();
    for (const path of paths) {
      await expectError(await stranger.request(path), 401);
      await expectError(await guest.request(path), 403);
      expect((await owner.request(path)).status).toBe(200);
    }
    await expectError(await stranger.post('/api/memory-lattice/create', { content: 'x' }), 401);
    await expectError(await guest.post('/api/memory-lattice/create', { content: 'x' }), 403);
    expect(await nodes(owner)).toEqual([]);
  });
});

describe('create', () => {
  it('makes a node of spec 000 §3.1 with feelings, tags, importance and a seal', async () => {
    const { owner } = await ownerChat();
    const node = await create(
      owner,
      'My sister Ana lives in Lisbon and I miss her so much',
      'bonding',
    );
    expect(node).toMatchObject({
      content: 'My sister Ana lives in Lisbon and I miss her so much',
      contextType: 'bonding',
      source: 'user',
      ownerOnly: false,
      accessCount: 0,
      linkedNodes: [],
    });
    expect(Object.keys(node.emotionalWeight).sort()).toEqual([...EMOTIONS].sort());
    // 'miss' reads as longing, 'sister' as tenderness.
    expect(node.emotionalWeight.longing).toBeGreaterThan(0.2);
    expect(node.emotionalWeight.tenderness).toBeGreaterThan(0.2);
    expect(node.emotionalWeight.joy).toBe(0);
    expect(node.semanticTags).toEqual(expect.arrayContaining(['ana', 'lisbon', 'sister']));
    expect(node.importance).toBeGreaterThan(0.6);
    expect(node.importance).toBeLessThanOrEqual(1);
    expect(node.checksum).toBe(sealOf(node));
    expect(await nodes(owner)).toEqual([node]);
  });

  it('links a new node to related ones, both ways', async () => {
    const { owner } = await ownerChat();
    const first = await create(owner, 'Ana loves sunflowers');
    await create(owner, 'The weather was grey today');
    const second = await create(owner, "Ana's birthday is on March 3rd");
    expect(second.linkedNodes).toEqual([first.id]);
    const all = await nodes(owner);
    expect(all.find((n) => n.id === first.id)!.linkedNodes).toEqual([second.id]);
    expect((await status(owner)).activeThreads).toBe(1);
  });

  it('refuses empty content or an unknown contextType with a 400 and writes nothing', async () => {
    const { setup, owner } = await ownerChat();
    const before = await memoryFile(setup);
    await expectError(
      await owner.post('/api/memory-lattice/create', { content: '   ', contextType: 'bonding' }),
      400,
      new RegExp(MEMORY_CONTENT_REQUIRED),
    );
    await expectError(
      await owner.post('/api/memory-lattice/create', { content: 'tea', contextType: 'dream' }),
      400,
    );
    expect(await memoryFile(setup)).toBe(before);
    expect((await status(owner)).totalNodes).toBe(0);
  });
});

describe('search', () => {
  it('refuses a query of 2 characters or fewer in the spec’s words, and counts nothing', async () => {
    const { owner } = await ownerChat();
    await create(owner, 'I like green tea');
    for (const query of ['te', ' t ', '']) {
      await expectError(
        await owner.request(`/api/memory-lattice/search?query=${encodeURIComponent(query)}`),
        400,
        SEARCH_TOO_SHORT,
      );
    }
    expect((await nodes(owner))[0]!.accessCount).toBe(0);
    expect(await search(owner, 'tea')).toHaveLength(1);
  });

  it('ranks by relevance, then importance; finds a typo and a prefix', async () => {
    const { owner } = await ownerChat();
    await create(owner, 'We talked about the weather and my sister');
    const ana = await create(owner, 'My sister Ana is called Ana by everyone, my sister is kind');
    await create(owner, 'The cat sleeps on the sofa');
    const hits = await search(owner, 'sister');
    expect(hits.map((h) => h.id)[0]).toBe(ana.id);
    expect(hits).toHaveLength(2);
    expect(hits[0]!.relevance).toBeGreaterThan(hits[1]!.relevance);
    // One edit away, and the start of a word.
    expect((await search(owner, 'sistr')).map((h) => h.id)).toContain(ana.id);
    expect((await search(owner, 'sof')).map((h) => h.content)).toEqual([
      'The cat sleeps on the sofa',
    ]);
  });

  it('each hit counts an access, kept on disk', async () => {
    const { setup, owner } = await ownerChat();
    const tea = await create(owner, 'I like green tea');
    const other = await create(owner, 'The cat sleeps on the sofa');
    setup.clock.advance(1000);
    await search(owner, 'tea');
    const hits = await search(owner, 'green tea');
    expect(hits[0]).toMatchObject({ id: tea.id, accessCount: 2, lastAccessedAt: setup.clock.now });
    const listed = await nodes(owner);
    expect(listed.find((n) => n.id === tea.id)!.accessCount).toBe(2);
    expect(listed.find((n) => n.id === other.id)!.accessCount).toBe(0);
    // An access changes no sealed field: the integrity check stays clean.
    expect((await status(owner)).corruptionDetected).toBe(false);
  });
});

describe('the integrity check', () => {
  it('finds a link to a node that does not exist', async () => {
    const { setup, owner } = await ownerChat();
    await create(owner, 'Ana loves sunflowers');
    await setup.app.services.lattice.snapshot('manual');
    expect((await status(owner)).corruptionDetected).toBe(false);
    await setup.stores.memory.update((data) => {
      data.accounts.owner!.nodes[0]!.linkedNodes.push('0190f000-0000-7000-8000-000000000000');
    });
    const found = await status(owner);
    expect(found.corruptionDetected).toBe(true);
    expect(found.integrity).toMatchObject({ brokenLinks: 1, checksumMismatches: 0 });
  });

  it('finds a node changed outside Kiri (its seal no longer matches)', async () => {
    const { setup, owner } = await ownerChat();
    await create(owner, 'Ana loves sunflowers');
    await setup.stores.memory.update((data) => {
      data.accounts.owner!.nodes[0]!.content = 'Ana hates sunflowers';
    });
    const found = await status(owner);
    expect(found.corruptionDetected).toBe(true);
    expect(found.integrity).toMatchObject({ brokenLinks: 0, checksumMismatches: 1 });
  });

  it('finds a snapshot of memory.json whose bytes no longer match their sha256', async () => {
    const { setup, owner } = await ownerChat();
    await create(owner, 'Ana loves sunflowers');
    const snapshot = (await setup.app.services.lattice.snapshot('manual'))!;
    expect((await status(owner)).corruptionDetected).toBe(false);
    const path = join(setup.dataDir, SNAPSHOT_DIR, snapshot.file);
    await writeFile(path, (await readFile(path, 'utf8')).replace('sunflowers', 'sunflowerz'));
    setup.app.services.lattice.recheck();
    const found = await status(owner);
    expect(found.corruptionDetected).toBe(true);
    expect(found.integrity.snapshotMismatch).toBe(true);
  });

  it('forgetting a node past the cap leaves no link to it', async () => {
    const { setup, owner } = await ownerChat();
    // 100 memories about Ana link to each other; each new one pushes out the least valuable.
    for (let i = 0; i < 103; i += 1) await create(owner, `Ana said thing number ${i}`);
    const report = setup.app.services.lattice.integrity('owner');
    expect(report.brokenLinks).toEqual([]);
    expect((await status(owner)).totalNodes).toBe(100);
  });
});

describe('snapshots and backupRequired', () => {
  it('a snapshot a day: required without one, not after the tick, again a day later', async () => {
    const { setup, owner } = await ownerChat();
    expect((await status(owner)).backupRequired).toBe(false); // nothing to keep yet
    await create(owner, 'I like green tea');
    expect((await status(owner)).backupRequired).toBe(true);

    await setup.app.services.lattice.tick();
    const after = await status(owner);
    expect(after.backupRequired).toBe(false);
    expect(after.lastSnapshotAt).toBe(setup.clock.now);

    // The same day: no second snapshot.
    setup.clock.advance(HOUR);
    await setup.app.services.lattice.tick();
    let list = (await (await owner.request('/api/backup/list')).json()) as {
      snapshots: { takenAt: number; sha256: string; nodes: number; reason: string }[];
      newestVerified: boolean;
    };
    expect(list.snapshots).toHaveLength(1);
    expect(list.snapshots[0]).toMatchObject({ nodes: 1, reason: 'daily' });
    expect(list.snapshots[0]!.sha256).toMatch(/^[0-9a-f]{64}$/);

    setup.clock.advance(24 * HOUR);
    expect((await status(owner)).backupRequired).toBe(true);
    await setup.app.services.lattice.tick();
    expect((await status(owner)).backupRequired).toBe(false);
    list = (await (await owner.request('/api/backup/list')).json()) as typeof list;
    expect(list.snapshots).toHaveLength(2);
    expect(list.newestVerified).toBe(true);
    expect(list.snapshots[0]!.takenAt).toBe(setup.clock.now);
  });
});

describe('a restart', () => {
  it('keeps the nodes, their links and their accesses', async () => {
    const { setup, owner } = await ownerChat();
    const first = await create(owner, 'Ana loves sunflowers');
    await create(owner, "Ana's birthday is on March 3rd");
    await search(owner, 'sunflowers');
    await setup.app.persistState();
    await closeStores(setup.stores);

    const again = await startChatApp({ dataDir: setup.dataDir, clock: setup.clock });
    const phone = again.browser();
    owner.cloneCookiesInto(phone);
    const listed = await nodes(phone);
    expect(listed).toHaveLength(2);
    expect(listed.find((n) => n.id === first.id)).toMatchObject({ accessCount: 1 });
    expect(listed.find((n) => n.id === first.id)!.linkedNodes).toHaveLength(1);
    expect((await search(phone, 'sunflowers'))[0]!.id).toBe(first.id);
    expect((await status(phone)).corruptionDetected).toBe(false);
  });

  it('brings memories kept before the lattice onto it, keeping a copy of the old file', async () => {
    const { setup, owner } = await ownerChat();
    await setup.app.persistState();
    await closeStores(setup.stores);
    // memory.json as the chat wrote it before issue 11: no seal, no feelings, word-list tags.
    const old = {
      version: 1,
      accounts: {
        owner: {
          nodes: [
            {
              id: '0190f000-0000-7000-8000-000000000001',
              content: 'my sister is called Ana',
              contextType: 'conversation',
              source: 'chat',
              ownerOnly: false,
              timestamp: setup.clock.now - HOUR,
              accessCount: 0,
              importance: 0.8,
              emotionalWeight: {},
              semanticTags: ['sister', 'ana'],
              linkedNodes: [],
              sourceMessageId: null,
            },
          ],
        },
      },
    };
    await writeFile(join(setup.dataDir, 'memory.json'), JSON.stringify(old));
    await writeFile(join(setup.dataDir, 'memory.json.journal'), '');
    const again = await startChatApp({ dataDir: setup.dataDir, clock: setup.clock });
    const phone = again.browser();
    owner.cloneCookiesInto(phone);
    const [node] = await nodes(phone);
    expect(node!.id).toBe(old.accounts.owner.nodes[0]!.id);
    expect(node!.emotionalWeight.tenderness).toBeGreaterThan(0);
    expect(node!.checksum).toBe(sealOf(node!));
    expect(JSON.parse(await readFile(join(setup.dataDir, PRE_LATTICE_BACKUP), 'utf8'))).toEqual(
      old,
    );
    expect((await status(phone)).corruptionDetected).toBe(false);
  });
});

describe('memories from the chat', () => {
  it("'remember that …' makes a node with feelings and tags; the question gets it back and counts", async () => {
    const { setup, owner } = await ownerChat();
    const said = await owner.post('/api/chat', {
      message: 'remember that my sister is called Ana',
      history: [],
    });
    expect(said.status).toBe(200);
    const [node] = await nodes(owner);
    expect(node).toMatchObject({ content: 'my sister is called Ana', source: 'chat' });
    expect(node!.emotionalWeight.tenderness).toBeGreaterThan(0);
    expect(node!.semanticTags).toEqual(expect.arrayContaining(['ana', 'sister']));
    expect(node!.importance).toBeGreaterThanOrEqual(0.8);

    // Other memories, newer, that share no word with the question.
    for (const other of ['I like green tea', 'the cat sleeps on the sofa', 'my exam is in June']) {
      setup.clock.advance(1000);
      await create(owner, other);
    }
    setup.clock.advance(60_000);
    const asked = await owner.post('/api/chat', {
      message: 'what is my sister called?',
      history: [],
    });
    const answer = (await asked.json()) as ChatAnswer;
    expect(answer.kiriResponse.message).toContain('Ana');
    expect((await nodes(owner)).find((n) => n.id === node!.id)!.accessCount).toBe(1);
  });

  it('the engine is given the relevant memories first', async () => {
    const { setup, owner } = await ownerChat();
    await create(owner, 'my sister is called Ana');
    for (let i = 0; i < 8; i += 1) {
      setup.clock.advance(1000);
      await create(owner, `a newer memory about the garden, number ${i}`);
    }
    const given = setup.app.services.lattice.forEngine('owner', 'what is my sister called?');
    expect(given[0]!.content).toBe('my sister is called Ana');
    expect(given).toHaveLength(9);
    // Without a relevant one, newest first.
    expect(setup.app.services.lattice.forEngine('owner', 'hello')[0]!.content).toBe(
      'a newer memory about the garden, number 7',
    );
  });

  it('the provider prompt carries the most relevant few, never an owner-only one', async () => {
    const { setup, owner } = await ownerChat();
    await create(owner, 'my sister is called Ana');
    const secret = await owner.post('/api/memory-lattice/create', {
      content: 'my sister Ana has a secret diary',
      contextType: 'bonding',
      source: 'user',
      ownerOnly: true,
    });
    expect(secret.status).toBe(201);
    for (let i = 0; i < 8; i += 1) {
      setup.clock.advance(1000);
      await create(owner, `a newer memory about the garden, number ${i}`);
    }
    const message = 'what is my sister called?';
    const [system] = buildMessages(
      {
        message,
        isInitialGreeting: false,
        userName: 'Mei',
        history: [],
        now: setup.clock.now,
        timeZone: 'Asia/Shanghai',
        personaName: 'Kiri',
        personality: BASELINE_PERSONALITY,
        memories: setup.app.services.lattice.forEngine('owner', message),
        recentReplies: [],
      },
      { intent: 'recall', feeling: null, remember: null },
    );
    const listed = system!.content
      .split('\n')
      .filter((line) => line.startsWith('- ') && line.includes('(told '));
    expect(listed).toHaveLength(MAX_PROMPT_MEMORIES);
    expect(listed[0]).toContain('my sister is called Ana');
    expect(system!.content).not.toContain('secret diary');
  });
});

describe('soul awakening', () => {
  it('anchors are important memories recalled at least once; awakened from 3', async () => {
    const { owner } = await ownerChat();
    const read = async () =>
      (await (await owner.request('/api/soul-awakening-status')).json()) as {
        awakened: boolean;
        anchors: number;
      };
    for (const what of ['sunflowers', 'birthday', 'grandma']) {
      const said = await owner.post('/api/chat', {
        message: `remember that Ana loves ${what}`,
        history: [],
      });
      expect(said.status).toBe(200);
    }
    expect(await read()).toMatchObject({ awakened: false, anchors: 0 });
    await search(owner, 'sunflowers');
    await search(owner, 'birthday');
    expect(await read()).toMatchObject({ awakened: false, anchors: 2 });
    await search(owner, 'grandma');
    expect(await read()).toMatchObject({ awakened: true, anchors: 3 });
  });
});

describe('dreams', () => {
  it('while Kiri sleeps, related memories are dreamt together, once; awake, none', async () => {
    const { setup, owner } = await ownerChat();
    const a = await create(owner, 'Ana loves sunflowers');
    const b = await create(owner, "Ana's birthday is on March 3rd");
    await create(owner, 'The cat sleeps on the sofa');
    const sequences = async () =>
      (
        (await (await owner.request('/api/dreams/sequences')).json()) as {
          sequences: { nodeIds: string[]; theme: string[]; fragments: string[]; mood: string }[];
        }
      ).sequences;

    await setup.app.services.lattice.tick();
    expect(await sequences()).toEqual([]);

    expect((await owner.post('/api/sleep-mode/enable')).status).toBe(200);
    await setup.app.services.lattice.tick();
    const dreamt = await sequences();
    expect(dreamt).toHaveLength(1);
    expect(new Set(dreamt[0]!.nodeIds)).toEqual(new Set([a.id, b.id]));
    expect(dreamt[0]!.theme).toContain('ana');
    expect(dreamt[0]!.fragments).toContain('Ana loves sunflowers');

    // An hour later, still asleep: that pair was dreamt already.
    setup.clock.advance(HOUR);
    await setup.app.services.lattice.tick();
    expect(await sequences()).toHaveLength(1);
  });
});
