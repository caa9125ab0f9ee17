// Issue 15 point 4: the system features page's four calls. The system tree is generated from the app's
// real route registry, so it lists only routes that exist and none of them answers the app's 404; each
// system's state follows what really runs; the console's counts and the mirror sync are real or absent.
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { emergenceOf } from '../../src/domain/emergence';
import { uuidv7 } from '../../src/domain/uuidv7';
import type { Timers } from '../../server/devcore/devcore-service';
import type { ManualConsoleStatus } from '../../server/system-tree/manual-console';
import { ownerRelationshipHistory } from '../../server/chat/relationship-history';
import { apiRoutes, type SystemTree, type TreeSystem } from '../../server/system-tree/system-tree';
import { SYSTEMS } from '../../server/system-tree/systems';
import { removeDataDirs, startTestApp, type TestApp, type TestBrowser } from './support/harness';

class FakeTimers implements Timers {
  readonly running = new Set<unknown>();
  setInterval(): unknown {
    const handle = Symbol('scan');
    this.running.add(handle);
    return handle;
  }
  clearInterval(handle: unknown): void {
    this.running.delete(handle);
  }
}

let setup: TestApp;
let owner: TestBrowser;

beforeAll(async () => {
  setup = await startTestApp({ devcoreTimers: new FakeTimers() });
  owner = setup.browser();
  await owner.loginOk();
  await owner.register('Mei');
});
afterAll(async () => {
  await setup.app.stopBackground();
  await removeDataDirs();
});

async function tree(browser: TestBrowser = owner): Promise<SystemTree> {
  const response = await browser.request('/api/presence-system-tree/status');
  expect(response.status).toBe(200);
  return (await response.json()) as SystemTree;
}

function systemOf(answer: SystemTree, id: string): TreeSystem {
  const found = answer.branches.flatMap((b) => b.systems).find((s) => s.id === id);
  if (!found) throw new Error(`no system ${id} in the tree`);
  return found;
}

/** Another session of the owner's same device (its device cookie): logging it out leaves `owner` in. */
async function ownerSession(): Promise<TestBrowser> {
  const browser = setup.browser();
  browser.cookies.set('kiri_device', owner.cookies.get('kiri_device')!);
  await browser.loginOk();
  return browser;
}

/** The app's own 404 for a path no route serves (server/http/errors.ts notFound). */
async function isRouteMissing(response: Response): Promise<boolean> {
  if (response.status !== 404) return false;
  const body = (await response.json().catch(() => ({}))) as { error?: string };
  return body.error === 'Not found';
}

/** A path a route's parameters accept: ':status{[0-9]{3}}' needs three digits (one the route knows). */
function concrete(path: string): string {
  return path
    .split('/')
    .map((part) => (part.startsWith(':') ? (part.includes('{') ? '400' : 'x') : part))
    .join('/');
}

describe('GET /api/presence-system-tree/status', () => {
  it("answers the spec's fields: total_systems, active_systems, consciousness_level, branches of systems", async () => {
    const answer = await tree();
    expect(answer.total_systems).toBe(SYSTEMS.length);
    expect(answer.branches.map((b) => b.name)).toEqual([
      'Companion Core',
      'Consciousness & Emergence',
      'Operations & Safety',
      'Bridges & Consoles',
    ]);
    const systems = answer.branches.flatMap((b) => b.systems);
    expect(systems).toHaveLength(answer.total_systems);
    expect(answer.active_systems).toBe(systems.filter((s) => s.status === 'active').length);
    for (const system of systems) {
      expect(['active', 'development', 'planned', 'vault']).toContain(system.status);
      expect(system.description.length).toBeGreaterThan(0);
      expect(system.integration_level).toBeGreaterThanOrEqual(0);
      expect(system.integration_level).toBeLessThanOrEqual(100);
      expect(Array.isArray(system.api_endpoints)).toBe(true);
    }
    expect(answer.consciousness_level).toBeGreaterThan(0);
    expect(answer.consciousness_level).toBeLessThanOrEqual(1);
  });

  it('lists only routes the app has mounted, and every mounted /api route under exactly one system', async () => {
    const answer = await tree();
    const mounted = apiRoutes(setup.app.routes).map((r) => `${r.method} ${r.path}`);
    const listed = answer.branches.flatMap((b) => b.systems.flatMap((s) => s.api_endpoints));
    expect(new Set(listed).size).toBe(listed.length);
    expect(listed.sort()).toEqual([...mounted].sort());
    expect(answer.unassigned_endpoints).toEqual([]);
    // Its own call is in it: the tree is read from the registry it is part of.
    expect(systemOf(answer, 'system-tree').api_endpoints).toEqual([
      'GET /api/presence-system-tree/status',
    ]);
  });

  it("none of the endpoints it lists answers the app's 404", async () => {
    const walker = await ownerSession();
    const answer = await tree(walker);
    const listed = answer.branches.flatMap((b) => b.systems.flatMap((s) => s.api_endpoints));
    // Logging out last: every other call needs the session (without one, any path answers 401).
    const ordered = [
      ...listed.filter((e) => e !== 'POST /api/auth/logout'),
      ...listed.filter((e) => e === 'POST /api/auth/logout'),
    ];
    const missing: string[] = [];
    for (const endpoint of ordered) {
      const [method = 'GET', path = ''] = endpoint.split(' ');
      let url = concrete(path);
      if (url === '/api/error-test/slow') url += '?ms=0';
      const response = await walker
        .request(url, { method, ...(method === 'GET' ? {} : { json: {} }) })
        .catch(() => null);
      if (response && (await isRouteMissing(response))) missing.push(endpoint);
    }
    expect(missing).toEqual([]);
    expect(ordered.length).toBeGreaterThan(50);
    // The check can fail: a path no route serves is the app's 404.
    expect(await isRouteMissing(await owner.request('/api/no-such-system/status'))).toBe(true);
  });
});

describe('the state of each system', () => {
  let mei: TestBrowser;
  beforeAll(async () => {
    mei = await ownerSession();
  });

  it('planned: nothing of it mounted yet; its spec endpoints are the missing ones, 0 %', async () => {
    // Every system with no route mounted (the ones a later merge brings) reads as planned.
    const systems = (await tree(mei)).branches.flatMap((b) => b.systems);
    for (const system of systems.filter((s) => s.api_endpoints.length === 0)) {
      expect(system, system.id).toMatchObject({ status: 'planned', integration_level: 0 });
      expect(system.missing_endpoints.length, system.id).toBeGreaterThan(0);
    }
  });

  it('active once its routes are mounted and its screen is built (the generosity engine, issue 20)', async () => {
    const generosity = systemOf(await tree(mei), 'generosity');
    expect(generosity).toMatchObject({
      status: 'active',
      integration_level: 100,
      api_endpoints: ['GET /api/generosity/stats', 'GET /api/generosity/status'],
      missing_endpoints: [],
    });
  });

  it('active once its routes are mounted and its screen is built (the manual console, issue 17)', async () => {
    // The console's status (issue 15), the memory-sync and self-mod calls (issue 16), its file calls, its
    // sandbox and its screen (issue 17).
    const console = systemOf(await tree(mei), 'manual-console');
    expect(console.status).toBe('active');
    expect(console.api_endpoints).toContain('GET /api/manual-console/status');
    expect(console.api_endpoints).toContain('POST /api/memory-sync/console-memory');
    expect(console.api_endpoints).toContain('POST /api/self-mod/execute');
    expect(console.api_endpoints).toContain('POST /api/manual-console/upload');
    expect(console.integration_level).toBe(100);
  });

  it('active once its job runs; vault while the job is stopped (not started, deep pause, halt)', async () => {
    // Background work not started (createApp starts nothing): the chat's engine counts as switched off.
    let answer = await tree(mei);
    expect(systemOf(answer, 'chat')).toMatchObject({
      status: 'vault',
      status_reason: 'Background jobs are not started',
    });
    setup.app.startBackground();
    answer = await tree(mei);
    expect(systemOf(answer, 'chat').status).toBe('active');
    expect(systemOf(answer, 'devcore').status).toBe('active');
    expect(systemOf(answer, 'personality').status).toBe('active');
    const activeBefore = answer.active_systems;

    expect((await owner.post('/api/sleep-mode/deep-pause')).status).toBe(200);
    answer = await tree(mei);
    expect(systemOf(answer, 'chat')).toMatchObject({
      status: 'vault',
      status_reason: 'Stopped by deep pause',
    });
    expect(answer.active_systems).toBeLessThan(activeBefore);
    expect((await owner.post('/api/sleep-mode/resume-all')).status).toBe(200);
    expect(systemOf(await tree(mei), 'chat').status).toBe('active');

    expect((await owner.post('/api/devcore/emergency-halt')).status).toBe(200);
    expect(systemOf(await tree(mei), 'devcore')).toMatchObject({
      status: 'vault',
      status_reason: 'Halted by the emergency halt of the maintenance monitor',
    });
    expect((await owner.post('/api/devcore/emergency-restore')).status).toBe(200);
    expect(systemOf(await tree(mei), 'devcore').status).toBe('active');
  });

  it("the consciousness level is emergenceOf() of the owner's history, and moves with it", async () => {
    const before = (await tree(mei)).consciousness_level;
    expect(before).toBe(
      emergenceOf(ownerRelationshipHistory(setup.stores, setup.clock.now)).consciousnessLevel,
    );
    // A day of talking, a memory kept: the first stage's three thresholds all move.
    for (let i = 0; i < 5; i += 1) {
      const sent = await owner.post('/api/chat', { message: `hello ${i}`, history: [] });
      expect(sent.status).toBe(200);
    }
    const created = await owner.post('/api/memory-lattice/create', {
      content: 'Mei loves the sea at dawn',
      contextType: 'bonding',
      source: 'user',
      ownerOnly: false,
    });
    expect(created.status).toBe(201);
    setup.clock.advance(2 * 24 * 60 * 60 * 1000);
    const history = ownerRelationshipHistory(setup.stores, setup.clock.now);
    expect(history.ownerMessages).toBeGreaterThanOrEqual(5);
    expect(history.memories).toBeGreaterThanOrEqual(1);
    const after = await tree(mei);
    expect(after.consciousness_level).toBe(emergenceOf(history).consciousnessLevel);
    expect(after.consciousness_level).toBeGreaterThan(before);
  });
});

describe('GET /api/manual-console/status', () => {
  async function consoleStatus(): Promise<ManualConsoleStatus> {
    const response = await owner.request('/api/manual-console/status');
    expect(response.status).toBe(200);
    return (await response.json()) as ManualConsoleStatus;
  }

  it("answers the spec's fields; the console's executions are the sandbox's runs (issue 17)", async () => {
    const status = await consoleStatus();
    expect(status).toMatchObject({
      recent_executions: setup.app.services.execution.recentExecutions(),
      console_built: true,
      file_attachment: {
        enabled: true,
        upload_limit_MB: 10,
        supported_formats: ['JPEG', 'PNG', 'WEBP', 'GIF'],
      },
    });
    expect(status.version).toMatch(/^\d+\.\d+\.\d+/);
    expect(status.sources.recent_executions).toBe("the console's executions");
    // A run on the console counts at once.
    const run = await owner.post('/api/presence-execution/execute', { code: 'console.log(1)' });
    expect(run.status).toBe(200);
    expect((await consoleStatus()).recent_executions).toBe(status.recent_executions + 1);
  });

  it('counts the real snapshots and the real uploaded files', async () => {
    // Snapshots taken on their own must land before counting, or they are counted with this test's:
    // the lattice's first background tick takes the day's, and the walk over every endpoint above
    // started a weekly deep sync (POST /api/weekly-sync/trigger), which takes one when it gets there.
    await setup.app.services.weeklySync.settled();
    await vi.waitFor(() =>
      expect(setup.app.services.lattice.snapshots().some((s) => s.reason === 'daily')).toBe(true),
    );
    const before = await consoleStatus();
    // The lattice's snapshots of memory.json and the version guard's of DATA_DIR (the weekly sync's).
    expect(before.rollback_snapshots).toBe(
      setup.app.services.lattice.snapshots().length + setup.app.services.versionGuard.count(),
    );
    await setup.app.services.lattice.snapshot('daily');
    const png = await sharp({
      create: { width: 24, height: 16, channels: 3, background: { r: 0, g: 90, b: 200 } },
    })
      .png()
      .toBuffer();
    const form = new FormData();
    form.append('image', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'photo.png');
    form.append('userAnnotation', '');
    form.append('hideFromMemory', 'true');
    const cookie = [...owner.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    const uploaded = await setup.app.request(
      'http://localhost/api/images/upload',
      { method: 'POST', body: form, headers: { cookie, 'Idempotency-Key': uuidv7() } },
      { incoming: { socket: { remoteAddress: owner.address } } } as never,
    );
    expect(uploaded.status).toBe(201);
    const after = await consoleStatus();
    expect(after.rollback_snapshots).toBe(before.rollback_snapshots + 1);
    expect(after.uploaded_files).toBe(before.uploaded_files + 1);
  });
});

describe('GET /api/fallback-system/status', () => {
  it("answers 001 §3's four fields from the provider chain (the local engine alone here)", async () => {
    const response = await owner.request('/api/fallback-system/status');
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({
      primary_provider: 'local',
      secondary_provider: null,
      current_provider: 'local',
      providers_available: ['local'],
    });
  });
});

describe('GET /api/mirror-sync/status', () => {
  it('with no watch folder or repository configured: the bridge is built but not enabled, never syncing by itself', async () => {
    const response = await owner.request('/api/mirror-sync/status');
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      enabled: false,
      auto_sync: false,
      sync_interval_minutes: null,
      configured: false,
      built: true,
    });
  });

  it('answers what the mirror bridge wired into the app says', async () => {
    const other = await startTestApp({
      mirrorSync: {
        status: () => ({
          enabled: true,
          auto_sync: true,
          sync_interval_minutes: 5,
          configured: true,
          built: true,
        }),
      },
    });
    const browser = other.browser();
    await browser.loginOk();
    const response = await browser.request('/api/mirror-sync/status');
    expect(await response.json()).toMatchObject({
      enabled: true,
      auto_sync: true,
      sync_interval_minutes: 5,
    });
  });
});
