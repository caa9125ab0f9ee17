// Issue 20 item 6, the settings pages' server half (docs/settings-health.md): GET /api/system-health reads
// real figures (uptime by the injected clock, the process's memory, each store file growing when written,
// the version guard's newest snapshot); GET /api/server-errors lists a forced 500 for an admin and refuses
// everyone else; GET /api/system-health/performance lists a route after it was called, by its pattern,
// never with a raw id or a query string, and forgets it after the window.
import { afterEach, describe, expect, it } from 'vitest';
import { errorTestMessage } from '../../server/routes/error-test';
import { TIMING_WINDOW_MS } from '../../server/system-health/timing-rules';
import type { SystemHealth } from '../../server/system-health/system-health-service';
import type { ServerError } from '../../server/system-health/error-ring';
import type { TimingSummary } from '../../server/system-health/request-timings';
import {
  ANDROID_UA,
  IPHONE_UA,
  expectError,
  removeDataDirs,
  startTestApp,
  type TestApp,
  type TestBrowser,
} from './support/harness';
import type { Logger } from '../../server/log';

afterEach(removeDataDirs);

async function ownerAndUser(setup?: TestApp) {
  const app = setup ?? (await startTestApp());
  const owner = app.browser({ userAgent: IPHONE_UA });
  await owner.loginOk();
  const user = app.browser({ userAgent: ANDROID_UA, address: '203.0.113.20' });
  await user.loginOk();
  return { setup: app, owner, user };
}

async function health(browser: TestBrowser): Promise<SystemHealth> {
  const response = await browser.request('/api/system-health');
  expect(response.status).toBe(200);
  return (await response.json()) as SystemHealth;
}

async function serverErrors(browser: TestBrowser): Promise<ServerError[]> {
  const response = await browser.request('/api/server-errors');
  expect(response.status).toBe(200);
  return ((await response.json()) as { errors: ServerError[] }).errors;
}

async function timings(browser: TestBrowser): Promise<TimingSummary & { serverTime: string }> {
  const response = await browser.request('/api/system-health/performance');
  expect(response.status).toBe(200);
  return (await response.json()) as TimingSummary & { serverTime: string };
}

const sizeOf = (figures: SystemHealth, name: string) => {
  const store = figures.stores.find((entry) => entry.name === name);
  if (!store) throw new Error(`no store ${name}`);
  return (store.bytes ?? 0) + (store.journalBytes ?? 0);
};

describe('GET /api/system-health', () => {
  it('uptime counts from the app start by the injected clock', async () => {
    const { setup, owner } = await ownerAndUser();
    const start = await health(owner);
    expect(start.uptimeSeconds).toBe(0);
    expect(start.startedAt).toBe(new Date(setup.clock.now).toISOString());
    setup.clock.advance(90_500);
    const later = await health(owner);
    expect(later.uptimeSeconds).toBe(90);
    expect(later.serverTime).toBe(new Date(setup.clock.now).toISOString());
    expect(later.startedAt).toBe(start.startedAt);
  });

  it("the process's memory, read from the process (not made up)", async () => {
    const { owner } = await ownerAndUser();
    const { memory, node } = await health(owner);
    expect(memory.rssBytes).toBeGreaterThan(10 * 1024 * 1024);
    expect(memory.heapUsedBytes).toBeGreaterThan(0);
    expect(memory.heapTotalBytes).toBeGreaterThanOrEqual(memory.heapUsedBytes);
    expect(node).toBe(process.version);
  });

  it('every store file is listed with its size on disk, and a store written grows', async () => {
    const { setup, owner } = await ownerAndUser();
    const before = await health(owner);
    expect(before.stores.map((store) => store.name).sort()).toEqual(
      Object.keys(setup.stores).sort(),
    );
    const auth = before.stores.find((store) => store.name === 'auth')!;
    expect(auth.file).toBe('auth.json');
    expect(auth.bytes).toBeGreaterThan(0);
    // Only the file's name: where DATA_DIR is stays on the server.
    expect(JSON.stringify(before)).not.toContain(setup.dataDir);
    expect(before.storesTotalBytes).toBe(
      before.stores.reduce((sum, s) => sum + (s.bytes ?? 0) + (s.journalBytes ?? 0), 0),
    );

    const added = await owner.post('/api/presence-hub/staff', { name: 'Noor', role: 'Guard' });
    expect(added.status).toBe(201);
    const after = await health(owner);
    expect(sizeOf(after, 'presenceHub')).toBeGreaterThan(sizeOf(before, 'presenceHub'));
    expect(after.storesTotalBytes).toBeGreaterThan(before.storesTotalBytes);
  });

  it("the last snapshot: none before the first, then the version guard's newest", async () => {
    const { setup, owner } = await ownerAndUser();
    expect((await health(owner)).lastSnapshot).toBeNull();
    const first = await setup.app.services.versionGuard.snapshot('First', 'hydra-task');
    setup.clock.advance(60_000);
    const second = await setup.app.services.versionGuard.snapshot('Second', 'hydra-task');
    expect(second.id).not.toBe(first.id);
    expect((await health(owner)).lastSnapshot).toEqual({
      id: second.id,
      timestamp: second.timestamp,
      description: 'Second',
    });
  });

  it('needs infrastructure: 401 without a session, 403 for a plain user', async () => {
    const { setup, user } = await ownerAndUser();
    for (const path of ['/api/system-health', '/api/system-health/performance']) {
      await expectError(await setup.browser().request(path), 401, 'Not logged in');
      await expectError(await user.request(path), 403, 'You do not have access to this feature');
    }
  });
});

describe('GET /api/server-errors', () => {
  it("lists the error-test route's forced 500 for an admin, newest first, by its route pattern", async () => {
    const { setup, owner } = await ownerAndUser();
    expect(await serverErrors(owner)).toEqual([]);
    await expectError(
      await owner.request('/api/error-test/status/500'),
      500,
      errorTestMessage(500),
    );
    setup.clock.advance(1000);
    await expectError(
      await owner.request('/api/error-test/status/503'),
      503,
      errorTestMessage(503),
    );
    // A 4xx is the caller's, not the server's: not listed.
    await expectError(await owner.request('/api/error-test/status/404'), 404);

    const errors = await serverErrors(owner);
    expect(errors).toHaveLength(2);
    expect(errors[0]).toMatchObject({
      source: 'response',
      status: 503,
      route: 'GET /api/error-test/status/:status{[0-9]{3}}',
      message: errorTestMessage(503),
      at: new Date(setup.clock.now).toISOString(),
    });
    expect(errors[1]).toMatchObject({ status: 500, message: errorTestMessage(500) });
  });

  it("hides them from a non-admin: 403 'Admin access required'; 401 without a session", async () => {
    const { setup, owner, user } = await ownerAndUser();
    await owner.request('/api/error-test/status/500');
    await expectError(await user.request('/api/server-errors'), 403, 'Admin access required');
    await expectError(await setup.browser().request('/api/server-errors'), 401, 'Not logged in');
  });

  it('an unexpected exception is listed once, by pattern, with no id, query or secret in it', async () => {
    const lines: string[] = [];
    const log: Logger = {
      info: () => {},
      warn: () => {},
      error: (message) => lines.push(message),
    };
    const setup = await startTestApp({ log });
    // A route that fails as a bug would (added before the first request, while Hono's router is open).
    setup.app.get('/api/system-health/boom/:id', () => {
      throw new Error('lost the disk at /api/x?token=s3cret-value');
    });
    const { owner } = await ownerAndUser(setup);
    await expectError(
      await owner.request('/api/system-health/boom/7f3a9c11?access_token=abc123'),
      500,
      'Internal server error',
    );
    const errors = await serverErrors(owner);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatchObject({
      source: 'response',
      status: 500,
      route: 'GET /api/system-health/boom/:id',
      message: 'Error: lost the disk at /api/x?[query removed]',
    });
    const text = JSON.stringify(errors);
    for (const secret of ['7f3a9c11', 'abc123', 's3cret', 'token=']) {
      expect(text).not.toContain(secret);
    }
    // The console's log still has the line (with the path), once.
    expect(lines.filter((line) => line.includes('failed'))).toHaveLength(1);
  });

  it("keeps the server log's error lines (a service's failure), scrubbed", async () => {
    const setup = await startTestApp({
      // A bloom sync whose run fails as a full disk would: the sync service logs it.
      weeklySync: {
        timers: { setTimeout: () => null, clearTimeout: () => {} },
        beforeSteps: () =>
          Promise.reject(new Error('disk full at https://backup.example/x?key=abc')),
      },
    });
    const { owner } = await ownerAndUser(setup);
    expect((await owner.post('/api/bloom-sync/trigger')).status).toBe(202);
    await setup.app.services.weeklySync.settled();
    const [entry] = await serverErrors(owner);
    expect(entry).toMatchObject({
      source: 'log',
      status: null,
      route: null,
      message:
        'weekly-sync: the bloom sync failed: Error: disk full at https://backup.example/x?[query removed]',
    });
  });
});

describe('GET /api/system-health/performance', () => {
  it('lists a route after it is called, by its pattern, never a raw id or query string', async () => {
    const { owner } = await ownerAndUser();
    for (let i = 0; i < 3; i++) {
      await owner.request('/api/error-test/status/404?secret=hunter2&id=abc-123');
    }
    await owner.request('/api/error-test/slow?ms=0');
    await owner.request('/api/no-such-area/0190d4c8-aaaa-7bbb-8ccc-123456789abc');
    const summary = await timings(owner);
    expect(summary.windowMinutes).toBe(15);
    const byRoute = new Map(summary.routes.map((row) => [row.route, row]));
    const statusRoute = byRoute.get('GET /api/error-test/status/:status{[0-9]{3}}');
    expect(statusRoute).toMatchObject({ count: 3 });
    expect(statusRoute!.p50Ms).toBeGreaterThanOrEqual(0);
    expect(statusRoute!.p95Ms).toBeGreaterThanOrEqual(statusRoute!.p50Ms);
    expect(statusRoute!.maxMs).toBeGreaterThanOrEqual(statusRoute!.p95Ms);
    expect(byRoute.get('GET /api/error-test/slow')).toMatchObject({ count: 1 });
    expect(byRoute.get('GET (no route)')).toMatchObject({ count: 1 });
    expect(byRoute.get('POST /api/auth/login')?.count).toBeGreaterThanOrEqual(2);
    expect(summary.total).toBe(summary.routes.reduce((sum, row) => sum + row.count, 0));

    const text = JSON.stringify(summary);
    for (const raw of ['/status/404', 'hunter2', 'secret', 'abc-123', '0190d4c8', '?']) {
      expect(text).not.toContain(raw);
    }
  });

  it('forgets what is older than its window', async () => {
    const { setup, owner } = await ownerAndUser();
    await owner.request('/api/error-test/slow?ms=0');
    setup.clock.advance(TIMING_WINDOW_MS + 1);
    const summary = await timings(owner);
    expect(summary.routes.map((row) => row.route)).not.toContain('GET /api/error-test/slow');
    // Nothing is left in the window (a call is counted once answered: this one is not in its own answer).
    expect(summary).toMatchObject({ total: 0, routes: [] });
    expect((await timings(owner)).routes).toEqual([
      expect.objectContaining({ route: 'GET /api/system-health/performance', count: 1 }),
    ]);
  });
});
