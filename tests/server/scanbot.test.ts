// Issue 18 point 2: ScanBot through its API on a temp DATA_DIR with a fake clock and fake timers. A scan
// restores a deleted or emptied watched file from its auto-fix content and logs it; names that could
// reach outside DATA_DIR/scanbot are refused with 400 and change nothing; the daemon scans every interval,
// pauses asleep, stops in deep pause, scans on a change on disk (chokidar) and resumes after a
// restart; a second scan while one runs is a 409.
import { existsSync } from 'node:fs';
import { mkdir, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { prepareAccessCode } from '../../server/auth/access-code';
import { ADMIN_REQUIRED, NOT_LOGGED_IN } from '../../server/auth/guards';
import { createApp } from '../../server/app';
import { silentLogger } from '../../server/log';
import {
  CHANGE_DEBOUNCE_MS,
  SCAN_ALREADY_RUNNING,
  type ScanbotStatus,
  type ScanbotTimers,
  type ScanReport,
} from '../../server/scanbot/scanbot-service';
import { closeStores, openStores, type Stores } from '../../server/store/stores';
import {
  ANDROID_UA,
  expectError,
  FakeClock,
  makeDataDir,
  removeDataDirs,
  TEST_SCRYPT_PARAMS,
  testConfig,
  TestBrowser,
} from './support/harness';

const MINUTE = 60_000;

/** Timers the test fires itself: every one armed and not yet fired or cleared. */
class FakeTimers implements ScanbotTimers {
  armed: { run: () => void; ms: number }[] = [];
  setTimeout(run: () => void, ms: number): unknown {
    const handle = { run, ms };
    this.armed.push(handle);
    return handle;
  }
  clearTimeout(handle: unknown): void {
    this.armed = this.armed.filter((timer) => timer !== handle);
  }
  /** The one armed timer of `ms` (the interval's or the change debounce's). */
  find(ms: number) {
    return this.armed.find((timer) => timer.ms === ms);
  }
  fire(ms: number): void {
    const timer = this.find(ms);
    if (!timer)
      throw new Error(`no timer of ${ms} ms armed (armed: ${this.armed.map((t) => t.ms)})`);
    this.clearTimeout(timer);
    timer.run();
  }
}

const opened: { stores: Stores; close: () => Promise<void> }[] = [];

afterEach(async () => {
  for (const item of opened.splice(0)) {
    await item.close().catch(() => undefined);
    await closeStores(item.stores).catch(() => undefined);
  }
  await removeDataDirs();
});

async function scanbotApp(
  options: { dataDir?: string; clock?: FakeClock; sameOwnerAs?: TestBrowser } = {},
) {
  const dataDir = options.dataDir ?? (await makeDataDir());
  const config = testConfig(dataDir);
  const stores = await openStores(dataDir);
  await prepareAccessCode(stores.auth, config.accessCode, TEST_SCRYPT_PARAMS);
  const clock = options.clock ?? new FakeClock();
  const timers = new FakeTimers();
  const app = createApp({
    config,
    stores,
    clock: clock.read,
    log: silentLogger,
    scryptParams: TEST_SCRYPT_PARAMS,
    scanbot: { timers },
  });
  const scanbot = app.services.scanbot;
  opened.push({ stores, close: () => scanbot.close() });
  const owner = new TestBrowser(app);
  // After a restart, the owner's browser keeps its session cookie.
  if (options.sameOwnerAs) options.sameOwnerAs.cloneCookiesInto(owner);
  else await owner.loginOk();
  return { app, stores, clock, timers, scanbot, owner, dataDir, folder: join(dataDir, 'scanbot') };
}

async function statusOf(browser: TestBrowser): Promise<ScanbotStatus> {
  const response = await browser.request('/api/scanbot/status');
  expect(response.status).toBe(200);
  return (await response.json()) as ScanbotStatus;
}

async function logsOf(browser: TestBrowser): Promise<string[]> {
  const response = await browser.request('/api/scanbot/logs');
  expect(response.status).toBe(200);
  return ((await response.json()) as { logs: string[] }).logs;
}

async function addOk(browser: TestBrowser, filename: string, autoFix?: string) {
  const response = await browser.post('/api/scanbot/add-file', { filename, autoFix });
  expect(response.status, await response.clone().text()).toBe(200);
  return (await response.json()) as ScanbotStatus;
}

async function scanOk(browser: TestBrowser): Promise<ScanReport> {
  const response = await browser.post('/api/scanbot/scan');
  expect(response.status, await response.clone().text()).toBe(200);
  return (await response.json()) as ScanReport;
}

const CONFIG = '{ "theme": "dark" }\n';

describe('ScanBot', () => {
  it('restores a deleted file and refuses ../etc/passwd', async () => {
    const { owner, folder, dataDir } = await scanbotApp();
    const status = await addOk(owner, 'config.json', CONFIG);
    expect(status.watchedFiles).toEqual([
      { filename: 'config.json', exists: false, empty: false, autoFix: true },
    ]);
    expect(status).toMatchObject({ autoFixesAvailable: 1, scanInterval: 10, isScanning: false });

    // Never there: the scan writes it.
    let report = await scanOk(owner);
    expect(report.restored).toEqual(['config.json']);
    expect(await readFile(join(folder, 'config.json'), 'utf8')).toBe(CONFIG);

    // Deleted on disk: 'Missing' in the status, restored by the next scan, and the log says so.
    await rm(join(folder, 'config.json'));
    expect((await statusOf(owner)).watchedFiles[0]).toMatchObject({ exists: false });
    report = await scanOk(owner);
    expect(report).toMatchObject({ trigger: 'manual', checked: 1, restored: ['config.json'] });
    expect(await readFile(join(folder, 'config.json'), 'utf8')).toBe(CONFIG);
    expect((await statusOf(owner)).watchedFiles[0]).toMatchObject({ exists: true, empty: false });
    const logs = await logsOf(owner);
    expect(logs.at(-2)).toMatch(
      /^\[2026-01-15 16:00:00\] Restored config\.json from its auto-fix content \(missing, 20 bytes written\)$/,
    );
    expect(logs.at(-1)).toContain('Manual scan: 1 file checked, 1 restored');

    // Names that could reach outside the folder: 400, and nothing changes (list, log, disk).
    const before = await readFile(join(dataDir, 'scanbot.json'), 'utf8');
    await symlink('/etc/passwd', join(folder, 'passwd-link'));
    await mkdir(join(dataDir, 'elsewhere'));
    for (const filename of [
      '../etc/passwd',
      '/etc/passwd',
      '..',
      'sub/file.txt',
      'nul\0byte',
      'passwd-link',
    ]) {
      const response = await owner.post('/api/scanbot/add-file', { filename, autoFix: 'x' });
      await expectError(response, 400);
    }
    await expectError(
      await owner.post('/api/scanbot/add-file', { filename: '  ' }),
      400,
      'filename: filename is required',
    );
    await expectError(
      await owner.request('/api/scanbot/remove-file/..%2Fetc%2Fpasswd', { method: 'DELETE' }),
      400,
    );
    expect(await readFile(join(dataDir, 'scanbot.json'), 'utf8')).toBe(before);
    expect((await statusOf(owner)).watchedFiles.map((file) => file.filename)).toEqual([
      'config.json',
    ]);
    expect(await readFile('/etc/passwd', 'utf8')).not.toBe('x');
  });

  it('restores an emptied file, leaves a changed one alone, reports one with no auto-fix', async () => {
    const { owner, folder } = await scanbotApp();
    await addOk(owner, 'config.json', CONFIG);
    await addOk(owner, 'notes.md', '# Notes\n');
    await addOk(owner, 'plain.txt');
    await mkdir(folder, { recursive: true });
    await writeFile(join(folder, 'config.json'), '');
    await writeFile(join(folder, 'notes.md'), 'changed by hand\n');
    let status = await statusOf(owner);
    expect(status.autoFixesAvailable).toBe(2);
    expect(status.watchedFiles).toEqual([
      { filename: 'config.json', exists: true, empty: true, autoFix: true },
      { filename: 'notes.md', exists: true, empty: false, autoFix: true },
      { filename: 'plain.txt', exists: false, empty: false, autoFix: false },
    ]);
    const report = await scanOk(owner);
    expect(report).toMatchObject({ restored: ['config.json'], broken: ['plain.txt'] });
    expect(await readFile(join(folder, 'config.json'), 'utf8')).toBe(CONFIG);
    expect(await readFile(join(folder, 'notes.md'), 'utf8')).toBe('changed by hand\n');
    const logs = await logsOf(owner);
    expect(
      logs.some((line) =>
        line.endsWith('Restored config.json from its auto-fix content (empty, 20 bytes written)'),
      ),
    ).toBe(true);
    expect(
      logs.some((line) => line.endsWith('plain.txt is missing and has no auto-fix content')),
    ).toBe(true);

    // Removing stops watching; the file on disk stays.
    const response = await owner.request('/api/scanbot/remove-file/config.json', {
      method: 'DELETE',
    });
    expect(response.status).toBe(200);
    status = await statusOf(owner);
    expect(status.watchedFiles.map((file) => file.filename)).toEqual(['notes.md', 'plain.txt']);
    expect(await readFile(join(folder, 'config.json'), 'utf8')).toBe(CONFIG);
    await expectError(
      await owner.request('/api/scanbot/remove-file/config.json', { method: 'DELETE' }),
      404,
      'config.json is not watched',
    );
  });

  it('a scan while one runs is a 409', async () => {
    const { owner } = await scanbotApp();
    for (let index = 0; index < 20; index += 1) await addOk(owner, `file-${index}.txt`, 'content');
    const answers = await Promise.all([
      owner.post('/api/scanbot/scan'),
      owner.post('/api/scanbot/scan'),
    ]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
    await expectError(
      answers.find((answer) => answer.status === 409)!,
      409,
      SCAN_ALREADY_RUNNING,
    );
  });

  it('scans every interval while started, pauses asleep, stops in deep pause', async () => {
    const { owner, folder, timers, scanbot, clock } = await scanbotApp();
    await addOk(owner, 'config.json', CONFIG);
    expect(timers.armed).toEqual([]);
    const start = await owner.post('/api/scanbot/start', {});
    expect(start.status).toBe(200);
    expect(await start.json()).toMatchObject({
      isRunning: true,
      scanInterval: 10,
      nextScan: new Date(clock.now + 10 * MINUTE).toISOString(),
    });
    expect(timers.find(10 * MINUTE)).toBeDefined();

    // Ten minutes on, the scheduled scan writes the missing file.
    clock.advance(10 * MINUTE);
    timers.fire(10 * MINUTE);
    await scanbot.settled();
    expect(await readFile(join(folder, 'config.json'), 'utf8')).toBe(CONFIG);
    expect((await logsOf(owner)).at(-1)).toContain('Scheduled scan: 1 file checked, 1 restored');
    expect(timers.find(10 * MINUTE)).toBeDefined();

    // Asleep it is paused: the interval's scan does nothing, the sleep screen lists it as paused.
    expect((await owner.post('/api/sleep-mode/enable')).status).toBe(200);
    await rm(join(folder, 'config.json'));
    clock.advance(10 * MINUTE);
    if (timers.find(10 * MINUTE)) timers.fire(10 * MINUTE);
    await scanbot.settled();
    expect(existsSync(join(folder, 'config.json'))).toBe(false);
    expect(await statusOf(owner)).toMatchObject({ isRunning: true, paused: true, nextScan: null });
    let sleep = (await (await owner.request('/api/sleep-mode/status')).json()) as {
      activeSystems: string[];
      pausedSystems: string[];
    };
    expect(sleep.pausedSystems).toContain('scanbot');

    // Deep pause stops it: nothing armed, the status says so, the sleep screen lists it as paused.
    expect((await owner.post('/api/sleep-mode/deep-pause')).status).toBe(200);
    await rm(join(folder, 'config.json'), { force: true }); // still missing since the sleep
    clock.advance(10 * MINUTE);
    if (timers.find(10 * MINUTE)) timers.fire(10 * MINUTE);
    await scanbot.settled();
    expect(timers.find(10 * MINUTE)).toBeUndefined();
    const paused = await statusOf(owner);
    expect(paused).toMatchObject({ isRunning: true, paused: true, nextScan: null });
    expect(paused.watchedFiles[0]!.exists).toBe(false);
    sleep = (await (await owner.request('/api/sleep-mode/status')).json()) as {
      activeSystems: string[];
      pausedSystems: string[];
    };
    expect(sleep.pausedSystems).toContain('scanbot');

    // Awake again: the scan that fell due runs at once.
    expect((await owner.post('/api/sleep-mode/resume-all')).status).toBeLessThan(300);
    expect(timers.find(0)).toBeDefined();
    timers.fire(0);
    await scanbot.settled();
    expect(await readFile(join(folder, 'config.json'), 'utf8')).toBe(CONFIG);

    // Stopped: nothing armed any more.
    const stop = await owner.post('/api/scanbot/stop');
    expect(await stop.json()).toMatchObject({ isRunning: false, nextScan: null });
    expect(timers.armed).toEqual([]);
  });

  it('scans when a watched file is deleted on disk while started (chokidar)', async () => {
    const { owner, folder, timers, scanbot } = await scanbotApp();
    await addOk(owner, 'config.json', CONFIG);
    await scanOk(owner);
    expect((await owner.post('/api/scanbot/start', {})).status).toBe(200);
    await rm(join(folder, 'config.json'));
    // The watcher sees the unlink and arms the short debounce; firing it runs the scan.
    await vi.waitFor(() => expect(timers.find(CHANGE_DEBOUNCE_MS)).toBeDefined(), {
      timeout: 5_000,
    });
    timers.fire(CHANGE_DEBOUNCE_MS);
    await scanbot.settled();
    expect(await readFile(join(folder, 'config.json'), 'utf8')).toBe(CONFIG);
    expect((await logsOf(owner)).at(-1)).toContain('Change scan: 1 file checked, 1 restored');
  });

  it('keeps the list, the auto-fix and the started daemon over a restart', async () => {
    const first = await scanbotApp();
    await addOk(first.owner, 'config.json', CONFIG);
    expect((await first.owner.post('/api/scanbot/start', { scanInterval: 5 })).status).toBe(200);
    await first.scanbot.close();
    await closeStores(first.stores);

    const second = await scanbotApp({
      dataDir: first.dataDir,
      clock: first.clock,
      sameOwnerAs: first.owner,
    });
    second.app.startBackground();
    await vi.waitFor(() => expect(second.timers.find(5 * MINUTE)).toBeDefined());
    await second.app.stopBackground();
    const status = await statusOf(second.owner);
    expect(status).toMatchObject({ isRunning: true, scanInterval: 5, autoFixesAvailable: 1 });
    expect(status.watchedFiles.map((file) => file.filename)).toEqual(['config.json']);
    expect(await logsOf(second.owner)).toEqual(
      expect.arrayContaining([expect.stringContaining('Auto-scan started: every 5 minutes')]),
    );
  });

  it('bad input is refused in the JSON error format', async () => {
    const { owner } = await scanbotApp();
    await expectError(
      await owner.post('/api/scanbot/start', { scanInterval: 0 }),
      400,
      'scanInterval: scanInterval must be at least 1',
    );
    await expectError(await owner.post('/api/scanbot/add-file', { autoFix: 'x' }), 400);
    await expectError(
      await owner.post('/api/scanbot/add-file', {
        filename: 'big.txt',
        autoFix: 'x'.repeat(300 * 1024),
      }),
      413,
    );
    expect((await statusOf(owner)).watchedFiles).toEqual([]);
  });

  it('a plain user gets 403 and changes nothing; no session is a 401', async () => {
    const { app, owner } = await scanbotApp();
    await owner.register('Mei');
    const user = new TestBrowser(app, { address: '203.0.113.40', userAgent: ANDROID_UA });
    await user.loginOk();
    await user.register('Grace');
    const anonymous = new TestBrowser(app, { address: '203.0.113.99' });
    for (const browser of [user, anonymous]) {
      const [status, text] = browser === user ? [403, ADMIN_REQUIRED] : [401, NOT_LOGGED_IN];
      await expectError(await browser.request('/api/scanbot/status'), status, text);
      await expectError(
        await browser.post('/api/scanbot/add-file', { filename: 'a.txt', autoFix: 'x' }),
        status,
        text,
      );
    }
    expect((await statusOf(owner)).watchedFiles).toEqual([]);
  });
});
