// Issue 16 point 5: the admin system control panel's server. Tasks (run to completed, an unknown one to
// failed, params checked at the door, one at a time, interrupted by a restart), the version guard
// (snapshot, change a memory, roll back: the memory is as before at once and the safety snapshot holds
// the change; what a rollback keeps; a damaged snapshot refused; an encrypted DATA_DIR), and the admin
// check of every call.
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { COMMAND_NAMES } from '../../server/hydra/commands';
import { INTERRUPTED_BY_RESTART } from '../../server/hydra/task-rules';
import { closeStores } from '../../server/store/stores';
import { fateOf } from '../../server/version-guard/restore-lists';
import { SNAPSHOTS_DIR } from '../../server/version-guard/version-guard';
import {
  ANDROID_UA,
  expectError,
  IPHONE_UA,
  removeDataDirs,
  startTestApp,
  type TestApp,
  type TestBrowser,
} from './support/harness';

afterEach(removeDataDirs);

const KEY = Buffer.alloc(32, 7).toString('base64');
const OTHER_KEY = Buffer.alloc(32, 9).toString('base64');

interface Task {
  id: string;
  type: string;
  status: string;
  progress: number;
  error: string | null;
  result: string | null;
}
interface SnapshotView {
  id: string;
  description: string;
  timestamp: string;
  files: string[];
  metadata: { triggeredBy: string; encrypted: boolean; sameKey: boolean };
}

async function ownerOf(setup: TestApp): Promise<TestBrowser> {
  const owner = setup.browser({ userAgent: IPHONE_UA });
  await owner.loginOk();
  await owner.register('Ada');
  return owner;
}

async function execute(owner: TestBrowser, command: string, params?: unknown): Promise<string> {
  const response = await owner.post('/api/admin/system-mod/execute', { command, params });
  expect(response.status, await response.clone().text()).toBe(200);
  const body = (await response.json()) as { success: boolean; taskId: string };
  expect(body.success).toBe(true);
  return body.taskId;
}

async function tasks(owner: TestBrowser): Promise<Task[]> {
  const response = await owner.request('/api/hydra/tasks/active');
  expect(response.status).toBe(200);
  return ((await response.json()) as { tasks: Task[] }).tasks;
}

/** Runs a task to its end (the runner's own idle state, never a sleep) and answers it. */
async function run(setup: TestApp, owner: TestBrowser, command: string, params?: unknown) {
  const id = await execute(owner, command, params);
  await setup.app.services.hydra.idle();
  const task = (await tasks(owner)).find((t) => t.id === id);
  expect(task).toBeDefined();
  return task!;
}

async function snapshots(owner: TestBrowser): Promise<SnapshotView[]> {
  const response = await owner.request('/api/version-guard/snapshots');
  expect(response.status).toBe(200);
  return ((await response.json()) as { snapshots: SnapshotView[] }).snapshots;
}

async function createMemory(owner: TestBrowser, content: string): Promise<void> {
  const response = await owner.post('/api/memory-lattice/create', {
    content,
    contextType: 'conversation',
    source: 'user',
    ownerOnly: false,
  });
  expect(response.status).toBe(201);
}

async function memoryTexts(owner: TestBrowser): Promise<string[]> {
  const response = await owner.request('/api/memories');
  expect(response.status).toBe(200);
  return ((await response.json()) as { nodes: { content: string }[] }).nodes
    .map((node) => node.content)
    .sort();
}

async function rollback(owner: TestBrowser, id: string): Promise<Response> {
  return owner.post(`/api/version-guard/rollback/${id}`);
}

describe("the console's Load Rollback (issue 17) reads the version guard", () => {
  it("answers 'No rollback data available' until a snapshot exists, then the newest one", async () => {
    const setup = await startTestApp();
    const owner = await ownerOf(setup);
    const none = await owner.request('/api/presence-execution/rollback');
    expect(await none.json()).toMatchObject({
      success: false,
      error: 'No rollback data available',
    });
    await run(setup, owner, 'snapshot', { description: 'First' });
    await run(setup, owner, 'snapshot', { description: 'Second' });
    const newest = (await snapshots(owner))[0]!;
    const answer = (await (await owner.request('/api/presence-execution/rollback')).json()) as {
      success: boolean;
      rollback: { id: string; description: string };
    };
    expect(answer.success).toBe(true);
    expect(answer.rollback).toMatchObject({ id: newest.id, description: 'Second' });
  });
});

describe('tasks', () => {
  it('a snapshot task runs to completed with progress 100, and the snapshot is listed and counted', async () => {
    const setup = await startTestApp();
    const owner = await ownerOf(setup);
    const task = await run(setup, owner, 'snapshot', { description: 'Before the trip' });
    expect(task).toMatchObject({
      type: 'snapshot',
      status: 'completed',
      progress: 100,
      error: null,
    });
    const [snapshot] = await snapshots(owner);
    expect(snapshot).toMatchObject({
      description: 'Before the trip',
      metadata: { triggeredBy: 'hydra-task' },
    });
    expect(snapshot!.files).toEqual(expect.arrayContaining(['auth.json', 'memory.json']));
    expect(await (await owner.request('/api/version-guard/status')).json()).toEqual({
      total_snapshots: 1,
    });
    const status = (await (await owner.request('/api/hydra/status')).json()) as Record<
      string,
      unknown
    >;
    expect(status).toMatchObject({ active_tasks: 0, queued_tasks: 0, total_tasks: 1 });
    expect((status.commands as { name: string }[]).map((c) => c.name)).toEqual(COMMAND_NAMES);
  });

  it('an unknown command is accepted and its task ends failed with the reason', async () => {
    const setup = await startTestApp();
    const owner = await ownerOf(setup);
    const task = await run(setup, owner, 'format-disk', { all: true });
    expect(task.status).toBe('failed');
    expect(task.error).toMatch(/^Unknown command: format-disk\. Known commands: snapshot, /);
  });

  it("refuses a known command's bad params, and a missing command, with a 400 naming the reason", async () => {
    const setup = await startTestApp();
    const owner = await ownerOf(setup);
    await expectError(
      await owner.post('/api/admin/system-mod/execute', {
        command: 'snapshot',
        params: { description: 5 },
      }),
      400,
      /^Invalid params for snapshot: description/,
    );
    await expectError(
      await owner.post('/api/admin/system-mod/execute', {
        command: 'reindex-memory',
        params: { everything: true },
      }),
      400,
      /^Invalid params for reindex-memory:/,
    );
    await expectError(
      await owner.post('/api/admin/system-mod/execute', { command: '  ' }),
      400,
      /Please enter a system modification command$/,
    );
    expect(await tasks(owner)).toEqual([]);
  });

  it('runs one task at a time, in the order accepted', async () => {
    const setup = await startTestApp();
    const owner = await ownerOf(setup);
    const ids = [
      await execute(owner, 'snapshot'),
      await execute(owner, 'reindex-memory'),
      await execute(owner, 'rebuild-compiled-memory'),
    ];
    const during = await tasks(owner);
    expect(during.filter((t) => t.status === 'processing').length).toBeLessThanOrEqual(1);
    const status = (await (await owner.request('/api/hydra/status')).json()) as {
      active_tasks: number;
      queued_tasks: number;
    };
    expect(status.active_tasks + status.queued_tasks).toBeGreaterThanOrEqual(2);
    await setup.app.services.hydra.idle();
    const after = await tasks(owner);
    expect(after.map((t) => t.status)).toEqual(['completed', 'completed', 'completed']);
    // Newest first: the list's order is the reverse of the order accepted.
    expect(after.map((t) => t.id)).toEqual([...ids].reverse());
    const order = setup.stores.hydra.data.tasks.map((t) => [t.startedAt, t.finishedAt]);
    for (let i = 1; i < order.length; i += 1) {
      expect(order[i]![0]!).toBeGreaterThanOrEqual(order[i - 1]![1]!);
    }
  });

  it('every command of the registry does its work: export, prune-uploads, verify-integrity, compact-memory', async () => {
    const setup = await startTestApp();
    const owner = await ownerOf(setup);
    await createMemory(owner, 'Ada loves the sea at Brighton');
    await createMemory(owner, 'Ada loves the sea at Brighton');
    const compact = await run(setup, owner, 'compact-memory');
    expect(compact).toMatchObject({ status: 'completed', result: 'Merged 1 duplicate memory' });
    expect(await memoryTexts(owner)).toEqual(['Ada loves the sea at Brighton']);
    const again = await run(setup, owner, 'compact-memory');
    expect(again.result).toBe('No exact duplicate memories: nothing to merge');

    const exported = await run(setup, owner, 'export');
    expect(exported.status).toBe('completed');
    const [file] = await readdir(join(setup.dataDir, 'exports'));
    const data = JSON.parse(await readFile(join(setup.dataDir, 'exports', file!), 'utf8')) as {
      memories: { content: string }[];
    };
    expect(data.memories.map((m) => m.content)).toEqual(['Ada loves the sea at Brighton']);

    expect(await run(setup, owner, 'prune-uploads')).toMatchObject({
      status: 'completed',
      result: 'Every stored photo still has its message: nothing to prune',
    });
    expect(await run(setup, owner, 'verify-integrity')).toMatchObject({ status: 'completed' });
    expect(await run(setup, owner, 'reindex-memory')).toMatchObject({
      status: 'completed',
      result: 'Search index rebuilt over 1 memories',
    });
  });

  it('a task that was processing when the server stopped is failed at start; the history survives', async () => {
    const setup = await startTestApp();
    const owner = await ownerOf(setup);
    await run(setup, owner, 'reindex-memory');
    await setup.stores.hydra.update((data) => {
      data.tasks.push({
        ...data.tasks[0]!,
        id: '019a0000-0000-7000-8000-000000000001',
        status: 'processing',
        progress: 40,
        createdAt: data.tasks[0]!.createdAt + 1000,
        result: null,
        finishedAt: null,
      });
      data.totalTasks += 1;
    });
    await closeStores(setup.stores);
    const again = await startTestApp({ dataDir: setup.dataDir });
    const browser = again.browser({ userAgent: IPHONE_UA });
    owner.cloneCookiesInto(browser);
    const list = await tasks(browser);
    expect(list.map((t) => [t.status, t.error])).toEqual([
      ['failed', INTERRUPTED_BY_RESTART],
      ['completed', null],
    ]);
    expect(await (await browser.request('/api/hydra/status')).json()).toMatchObject({
      total_tasks: 2,
    });
  });
});

describe('snapshots and rollback', () => {
  it('snapshot, change a memory, roll back: the memory is as before at once, and the safety snapshot holds the change', async () => {
    const setup = await startTestApp();
    const owner = await ownerOf(setup);
    await createMemory(owner, 'The first garden was in Kyoto');
    await run(setup, owner, 'snapshot', { description: 'Good state' });
    const [good] = await snapshots(owner);
    await createMemory(owner, 'A bad memory written by mistake');
    // Said after the snapshot: the owner's words are never taken back.
    const chat = await owner.post('/api/chat', {
      message: 'hello after the snapshot',
      history: [],
    });
    expect(chat.status).toBe(200);

    const response = await rollback(owner, good!.id);
    expect(response.status, await response.clone().text()).toBe(200);
    const answer = (await response.json()) as { restored: string[]; safetySnapshotId: string };
    expect(answer.restored).toContain('memory.json');
    expect(answer.restored).not.toContain('conversations.json');
    expect(answer.restored).not.toContain('auth.json');

    // The running server serves the restored state at once; the session still works.
    expect(await memoryTexts(owner)).toEqual(['The first garden was in Kyoto']);
    const hits = (await (
      await owner.request('/api/memory-lattice/search?query=mistake')
    ).json()) as unknown[];
    expect(hits).toEqual([]);
    const log = (await (await owner.request('/api/conversations')).json()) as unknown;
    expect(JSON.stringify(log)).toContain('hello after the snapshot');

    const list = await snapshots(owner);
    const safety = list.find((s) => s.id === answer.safetySnapshotId);
    expect(safety?.metadata.triggeredBy).toBe('rollback-safety');
    expect(list).toHaveLength(2);

    // The safety snapshot holds the change: rolling back to it brings the memory back.
    expect((await rollback(owner, safety!.id)).status).toBe(200);
    expect(await memoryTexts(owner)).toEqual([
      'A bad memory written by mistake',
      'The first garden was in Kyoto',
    ]);
  });

  it('refuses a damaged snapshot with a 409 and changes nothing', async () => {
    const setup = await startTestApp();
    const owner = await ownerOf(setup);
    await createMemory(owner, 'Before');
    await run(setup, owner, 'snapshot');
    const [snapshot] = await snapshots(owner);
    await createMemory(owner, 'After');
    const copy = join(setup.dataDir, SNAPSHOTS_DIR, snapshot!.id, 'files', 'memory.json.copy');
    // One byte more: the copy no longer matches its size and sha256.
    await writeFile(copy, `${await readFile(copy, 'utf8')} `);
    await expectError(
      await rollback(owner, snapshot!.id),
      409,
      `Snapshot ${snapshot!.id} is damaged: memory.json does not match its checksum. Nothing was changed.`,
    );
    expect(await memoryTexts(owner)).toEqual(['After', 'Before']);
    expect(await snapshots(owner)).toHaveLength(1);
    await expectError(
      await rollback(owner, '019a0000-0000-7000-8000-00000000dead'),
      404,
      'Snapshot 019a0000-0000-7000-8000-00000000dead not found',
    );
  });

  it('in an encrypted DATA_DIR, copies the files encrypted and rolls back with the same key', async () => {
    const setup = await startTestApp({ env: { DATA_KEY: KEY } });
    const owner = await ownerOf(setup);
    const on = await owner.post('/api/hybrid-protocol-config', { encryptionEnabled: true });
    expect(on.status).toBe(200);
    await createMemory(owner, 'A secret kept at rest');
    await run(setup, owner, 'snapshot');
    const [snapshot] = await snapshots(owner);
    expect(snapshot!.metadata.encrypted).toBe(true);
    const copy = await readFile(
      join(setup.dataDir, SNAPSHOTS_DIR, snapshot!.id, 'files', 'memory.json.copy'),
    );
    expect(copy.subarray(0, 7).toString('ascii')).toBe('KIRIENC');
    expect(copy.includes(Buffer.from('secret'))).toBe(false);
    await createMemory(owner, 'Written after the snapshot');
    expect((await rollback(owner, snapshot!.id)).status).toBe(200);
    expect(await memoryTexts(owner)).toEqual(['A secret kept at rest']);
  });

  it('refuses with a 409 a rollback to a snapshot whose files were sealed under another DATA_KEY', async () => {
    const setup = await startTestApp({ env: { DATA_KEY: KEY } });
    const owner = await ownerOf(setup);
    expect(
      (await owner.post('/api/hybrid-protocol-config', { encryptionEnabled: true })).status,
    ).toBe(200);
    await createMemory(owner, 'Sealed under the first key');
    await run(setup, owner, 'snapshot');
    const [snapshot] = await snapshots(owner);
    // Encryption off (every state file is rewritten in plaintext; the snapshot's copies stay sealed),
    // then a start under another key.
    expect(
      (await owner.post('/api/hybrid-protocol-config', { encryptionEnabled: false })).status,
    ).toBe(200);
    await closeStores(setup.stores);
    const again = await startTestApp({ dataDir: setup.dataDir, env: { DATA_KEY: OTHER_KEY } });
    const browser = again.browser({ userAgent: IPHONE_UA });
    owner.cloneCookiesInto(browser);
    const [listed] = await snapshots(browser);
    expect(listed!.metadata).toMatchObject({ encrypted: true, sameKey: false });
    await createMemory(browser, 'Written under the second key');
    await expectError(
      await rollback(browser, snapshot!.id),
      409,
      /was taken under another DATA_KEY.*Nothing was changed\.$/,
    );
    expect(await memoryTexts(browser)).toEqual([
      'Sealed under the first key',
      'Written under the second key',
    ]);
    expect(await snapshots(browser)).toHaveLength(1);
  });

  it('classifies every store file as restored or kept (a store added later must be classified)', async () => {
    const setup = await startTestApp();
    const unclassified = Object.values(setup.stores)
      .map((store) => store.path.split(/[\\/]/).pop()!)
      .filter((name) => fateOf(name) === 'unclassified');
    expect(unclassified).toEqual([]);
    expect(fateOf('conversations.json')).toBe('kept');
    expect(fateOf('auth.json')).toBe('kept');
    expect(fateOf('images.json')).toBe('kept');
    expect(fateOf('push.json')).toBe('kept');
    expect(fateOf('memory.json')).toBe('restored');
    expect(fateOf('personality.json')).toBe('restored');
    expect(fateOf('mood.json')).toBe('restored');
  });

  it("counts the version guard's snapshots among the manual console's rollback snapshots", async () => {
    const setup = await startTestApp();
    const owner = await ownerOf(setup);
    const before = (await (await owner.request('/api/manual-console/status')).json()) as {
      rollback_snapshots: number;
    };
    await run(setup, owner, 'snapshot');
    const after = (await (await owner.request('/api/manual-console/status')).json()) as {
      rollback_snapshots: number;
    };
    expect(after.rollback_snapshots).toBe(before.rollback_snapshots + 1);
  });
});

describe('who may call it', () => {
  it('a plain user gets 403 from every call of the panel', async () => {
    const setup = await startTestApp();
    const owner = await ownerOf(setup);
    await run(setup, owner, 'snapshot');
    const [snapshot] = await snapshots(owner);
    const user = setup.browser({ userAgent: ANDROID_UA, address: '203.0.113.20' });
    await user.loginOk();
    await user.register('Grace');
    const calls: [string, string, unknown?][] = [
      ['GET', '/api/hydra/status'],
      ['GET', '/api/hydra/tasks/active'],
      ['POST', '/api/admin/system-mod/execute', { command: 'snapshot' }],
      ['GET', '/api/version-guard/status'],
      ['GET', '/api/version-guard/snapshots'],
      ['POST', `/api/version-guard/rollback/${snapshot!.id}`],
    ];
    for (const [method, path, json] of calls) {
      await expectError(await user.request(path, { method, json }), 403, 'Admin access required');
    }
    expect(await snapshots(owner)).toHaveLength(1);
    expect(setup.stores.hydra.data.totalTasks).toBe(1);
  });
});
