// Issue 18, sync control (docs/sync-control.md): the weekly deep sync fires at Sunday 03:00 in UTC+8 once,
// a restart neither repeats it nor loses a run missed while the server was down, its consolidation merges
// near-duplicate memories (and it rebuilds the compiled file, snapshots, prunes), a second trigger while a
// sync runs is a 409, the daemon's switch survives a restart, and 'bloom sync' in the chat starts one once.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { uuidv7 } from '../../src/domain/uuidv7';
import { closeStores } from '../../server/store/stores';
import type { SyncTimers, WeeklySyncStatus } from '../../server/weekly-sync/weekly-sync-service';
import {
  SYNC_ALREADY_RUNNING,
  SYNC_STOPPED_IN_DEEP_PAUSE,
} from '../../server/weekly-sync/weekly-sync-service';
import { BLOOM_RUNNING_REPLY, BLOOM_STARTED_REPLY } from '../../server/weekly-sync/chat-bloom';
import { COMPILED_MEMORY_FILE } from '../../server/weekly-sync/sync-steps';
import { cleanUpChatApps, keyHeader, startChatApp, type ChatAnswer } from './support/chat-harness';
import { FakeClock, type TestApp, type TestBrowser } from './support/harness';

afterEach(cleanUpChatApps);

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const ENV = { TIME_ZONE: 'Asia/Shanghai' };
/** FakeClock starts Thursday 2026-01-15 16:00 in Shanghai; the next Sunday 03:00 there is this (UTC). */
const SUNDAY_3AM = Date.UTC(2026, 0, 17, 19, 0, 0);

class FakeSyncTimers implements SyncTimers {
  armed: { run: () => void; ms: number } | null = null;
  setTimeout(run: () => void, ms: number) {
    const handle = { run, ms };
    this.armed = handle;
    return handle;
  }
  clearTimeout(handle: unknown) {
    if (this.armed === handle) this.armed = null;
  }
  /** Fires the armed timer (as Node would at its time). */
  fire(): void {
    const armed = this.armed;
    this.armed = null;
    armed?.run();
  }
}

interface Started {
  setup: TestApp;
  owner: TestBrowser;
  timers: FakeSyncTimers;
}

async function start(
  options: { clock?: FakeClock; dataDir?: string; hold?: Promise<void>; owner?: TestBrowser } = {},
): Promise<Started> {
  const timers = new FakeSyncTimers();
  const setup = await startChatApp({
    env: ENV,
    clock: options.clock ?? new FakeClock(),
    dataDir: options.dataDir,
    weeklySync: { timers, beforeSteps: options.hold ? () => options.hold! : undefined },
  });
  const owner = setup.browser();
  if (options.owner) options.owner.cloneCookiesInto(owner);
  else {
    await owner.loginOk();
    await owner.register('Mei');
  }
  await setup.app.services.weeklySync.start();
  return { setup, owner, timers };
}

async function restart(from: Started, clock: FakeClock): Promise<Started> {
  await from.setup.app.services.weeklySync.stop();
  await closeStores(from.setup.stores);
  return start({ clock, dataDir: from.setup.dataDir, owner: from.owner });
}

async function statusOf(browser: TestBrowser): Promise<WeeklySyncStatus> {
  const response = await browser.request('/api/weekly-sync/status');
  expect(response.status).toBe(200);
  return (await response.json()) as WeeklySyncStatus;
}

async function fireAndSettle({ setup, timers }: Started): Promise<void> {
  timers.fire();
  // The run is begun inside the timer's callback after a store write: wait until it has ended.
  await new Promise((resolve) => setImmediate(resolve));
  await setup.app.services.weeklySync.settled();
}

async function remember(browser: TestBrowser, content: string): Promise<void> {
  const response = await browser.post('/api/memory-lattice/create', {
    content,
    contextType: 'conversation',
    source: 'user',
    ownerOnly: false,
  });
  expect(response.status).toBe(201);
}

async function memoryContents(browser: TestBrowser): Promise<string[]> {
  const response = await browser.request('/api/memories');
  return ((await response.json()) as { nodes: { content: string }[] }).nodes.map((n) => n.content);
}

describe('the weekly deep sync on Sunday 03:00 (UTC+8)', () => {
  it('is armed for Sunday 03:00 in the zone, fires there once, then waits for the next Sunday', async () => {
    const clock = new FakeClock();
    const started = await start({ clock });
    const { owner, timers } = started;
    expect(timers.armed?.ms).toBe(SUNDAY_3AM - clock.now);
    const before = await statusOf(owner);
    expect(before).toMatchObject({
      enabled: true,
      syncing: false,
      nextSyncDay: 'Sunday',
      nextSyncTime: '03:00',
      nextSyncAt: new Date(SUNDAY_3AM).toISOString(),
      lastSync: null,
    });
    expect(before.weeklyConfig.durationMinutes).toBeNull();

    clock.now = SUNDAY_3AM;
    await fireAndSettle(started);
    const after = await statusOf(owner);
    expect(after.recentRuns.map((run) => [run.kind, run.trigger, run.status])).toEqual([
      ['weekly', 'schedule', 'completed'],
    ]);
    expect(after.lastSync).toBe(new Date(SUNDAY_3AM).toISOString());
    expect(after.nextSyncAt).toBe(new Date(SUNDAY_3AM + 7 * DAY).toISOString());
    // Measured, rounded up: a run of a few milliseconds reads as one minute.
    expect(after.weeklyConfig.durationMinutes).toBe(1);
    expect(timers.armed?.ms).toBe(7 * DAY);

    // The timer firing again at the same moment (a second tick) runs nothing.
    await fireAndSettle(started);
    expect((await statusOf(owner)).recentRuns).toHaveLength(1);
  });

  it('survives a restart without running twice', async () => {
    const clock = new FakeClock();
    const first = await start({ clock });
    clock.now = SUNDAY_3AM;
    await fireAndSettle(first);
    expect((await statusOf(first.owner)).recentRuns).toHaveLength(1);

    clock.advance(5 * MINUTE);
    const second = await restart(first, clock);
    // Armed for next Sunday, not for the one just handled.
    expect(second.timers.armed?.ms).toBe(SUNDAY_3AM + 7 * DAY - clock.now);
    await fireAndSettle(second);
    const status = await statusOf(second.owner);
    expect(status.recentRuns).toHaveLength(1);
    expect(status.nextSyncAt).toBe(new Date(SUNDAY_3AM + 7 * DAY).toISOString());
  });

  it('a Sunday missed while the server was down runs once after the start, and not again after another', async () => {
    const clock = new FakeClock();
    const first = await start({ clock });
    clock.now = SUNDAY_3AM + 2 * HOUR;
    const second = await restart(first, clock);
    expect(second.timers.armed?.ms).toBe(0);
    await fireAndSettle(second);
    expect((await statusOf(second.owner)).recentRuns).toHaveLength(1);

    clock.advance(MINUTE);
    const third = await restart(second, clock);
    await fireAndSettle(third);
    expect((await statusOf(third.owner)).recentRuns).toHaveLength(1);
  });

  it('merges two near-duplicate memories, rebuilds the compiled file, snapshots and logs each step', async () => {
    const clock = new FakeClock();
    const started = await start({ clock });
    const { owner, setup } = started;
    await remember(owner, 'Mei keeps a small red notebook for her garden plans every spring');
    clock.advance(HOUR);
    await remember(
      owner,
      'Mei keeps a small red notebook for her garden plans every single spring',
    );
    clock.advance(HOUR);
    await remember(owner, 'The harbour ferry leaves at seven on weekdays');
    expect(await memoryContents(owner)).toHaveLength(3);

    clock.now = SUNDAY_3AM;
    await fireAndSettle(started);

    const contents = await memoryContents(owner);
    expect(contents).toHaveLength(2);
    expect(contents).toContain('Mei keeps a small red notebook for her garden plans every spring');
    const [run] = (await statusOf(owner)).recentRuns;
    expect(run!.steps.map((step) => step.name)).toEqual([
      'Memory consolidation',
      'Compiled memory file',
      'Snapshot',
      'Login sessions',
      'Temporary photos',
    ]);
    expect(run!.steps[0]!.detail).toContain('1 near-duplicate merged');
    const compiled = JSON.parse(
      await readFile(join(setup.dataDir, COMPILED_MEMORY_FILE), 'utf8'),
    ) as { accounts: Record<string, { content: string }[]> };
    expect(Object.values(compiled.accounts).flat()).toHaveLength(2);
    const snapshots = setup.app.services.versionGuard.list();
    expect(snapshots.map((s) => s.metadata.triggeredBy)).toEqual(['weekly-sync']);
  });

  it('does not run while the daemon is stopped, and the switch survives a restart', async () => {
    const clock = new FakeClock();
    const first = await start({ clock });
    const stopped = await first.owner.post('/api/weekly-sync/stop');
    expect(stopped.status).toBe(200);
    expect(await stopped.json()).toMatchObject({ enabled: false, nextSyncAt: null });
    expect(first.timers.armed).toBeNull();

    clock.now = SUNDAY_3AM + MINUTE;
    const second = await restart(first, clock);
    expect(second.timers.armed).toBeNull();
    expect((await statusOf(second.owner)).enabled).toBe(false);

    const restarted = await second.owner.post('/api/weekly-sync/start');
    expect(await restarted.json()).toMatchObject({
      enabled: true,
      nextSyncAt: new Date(SUNDAY_3AM + 7 * DAY).toISOString(),
    });
    expect((await statusOf(second.owner)).recentRuns).toHaveLength(0);
  });

  it('refuses a body with unknown fields and changes nothing', async () => {
    const { owner } = await start();
    const response = await owner.post('/api/weekly-sync/stop', { enabled: false });
    expect(response.status).toBe(400);
    expect((await response.json()) as object).toMatchObject({ success: false });
    expect((await statusOf(owner)).enabled).toBe(true);
  });
});

describe('one sync at a time', () => {
  it('a bloom trigger while the weekly sync runs is a 409, and the triggers work again after', async () => {
    let release = () => {};
    const hold = new Promise<void>((resolve) => (release = resolve));
    const { owner, setup } = await start({ hold });

    const weekly = await owner.post('/api/weekly-sync/trigger');
    expect(weekly.status).toBe(202);
    expect(await weekly.json()).toMatchObject({ syncing: true, current: { kind: 'weekly' } });
    expect((await statusOf(owner)).syncing).toBe(true);

    const bloom = await owner.post('/api/bloom-sync/trigger');
    expect(bloom.status).toBe(409);
    expect(await bloom.json()).toEqual({
      success: false,
      error: SYNC_ALREADY_RUNNING,
      message: SYNC_ALREADY_RUNNING,
    });
    expect((await owner.post('/api/weekly-sync/trigger')).status).toBe(409);

    release();
    await setup.app.services.weeklySync.settled();
    const idle = await statusOf(owner);
    expect(idle.syncing).toBe(false);
    expect(idle.recentRuns.map((run) => [run.kind, run.trigger])).toEqual([['weekly', 'api']]);

    expect((await owner.post('/api/bloom-sync/trigger')).status).toBe(202);
    await setup.app.services.weeklySync.settled();
    const after = await statusOf(owner);
    expect(after.recentRuns[0]).toMatchObject({ kind: 'bloom', status: 'completed' });
    expect(after.bloomConfig.durationRangeMinutes).toEqual([1, 1]);
  });

  it('in deep pause a trigger is refused (409) and nothing runs', async () => {
    const { owner } = await start();
    expect((await owner.post('/api/sleep-mode/deep-pause')).status).toBe(200);
    const response = await owner.post('/api/bloom-sync/trigger');
    expect(response.status).toBe(409);
    expect(((await response.json()) as { error: string }).error).toBe(SYNC_STOPPED_IN_DEEP_PAUSE);
    expect((await statusOf(owner)).recentRuns).toHaveLength(0);
  });
});

describe("'bloom sync' in the chat", () => {
  it('starts a bloom sync once: Kiri says so, and the retried message starts nothing new', async () => {
    const clock = new FakeClock();
    const { owner, setup } = await start({ clock });
    const key = uuidv7(clock.now);
    const first = await owner.post(
      '/api/chat',
      { message: 'Bloom sync!', history: [] },
      keyHeader(key),
    );
    expect(first.status).toBe(200);
    const answer = (await first.json()) as ChatAnswer;
    expect(answer.kiriMessages.map((part) => part.message)).toEqual([BLOOM_STARTED_REPLY]);
    await setup.app.services.weeklySync.settled();

    const retried = await owner.post(
      '/api/chat',
      { message: 'Bloom sync!', history: [] },
      keyHeader(key),
    );
    expect(retried.status).toBe(200);
    await setup.app.services.weeklySync.settled();
    const status = await statusOf(owner);
    expect(status.recentRuns.map((run) => [run.kind, run.trigger])).toEqual([['bloom', 'chat']]);
  });

  it('while a sync runs, Kiri says one is already running', async () => {
    let release = () => {};
    const hold = new Promise<void>((resolve) => (release = resolve));
    const clock = new FakeClock();
    const { owner, setup } = await start({ clock, hold });
    expect((await owner.post('/api/weekly-sync/trigger')).status).toBe(202);
    const response = await owner.post(
      '/api/chat',
      { message: 'bloom sync', history: [] },
      keyHeader(uuidv7(clock.now)),
    );
    const answer = (await response.json()) as ChatAnswer;
    expect(answer.kiriMessages.map((part) => part.message)).toEqual([BLOOM_RUNNING_REPLY]);
    release();
    await setup.app.services.weeklySync.settled();
    expect((await statusOf(owner)).recentRuns.map((run) => run.kind)).toEqual(['weekly']);
  });
});
