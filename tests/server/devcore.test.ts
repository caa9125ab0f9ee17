// /api/devcore: who may call it, halt stopping the monitor's own job and restore starting it (kept across
// a restart), the manual scan finding a damaged file, and metrics that follow the conversation.
import { appendFile, readFile, stat, utimes, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  SCAN_INTERVAL_MS,
  SCAN_JOB_ID,
  type DevcoreStatus,
  type Timers,
} from '../../server/devcore/devcore-service';
import { closeStores } from '../../server/store/stores';
import { cleanUpChatApps, fakeCompanion, ownerChat, startChatApp } from './support/chat-harness';
import { expectError, type TestBrowser } from './support/harness';

afterEach(cleanUpChatApps);

/** A scan timer the test fires by hand; it records what is scheduled. */
class FakeTimers implements Timers {
  readonly live = new Map<number, { run: () => void; ms: number }>();
  private next = 1;
  setInterval(run: () => void, ms: number): unknown {
    const id = this.next++;
    this.live.set(id, { run, ms });
    return id;
  }
  clearInterval(handle: unknown): void {
    this.live.delete(handle as number);
  }
  fire(): void {
    for (const timer of this.live.values()) timer.run();
  }
}

async function statusOf(browser: TestBrowser): Promise<DevcoreStatus> {
  const response = await browser.request('/api/devcore/status');
  expect(response.status).toBe(200);
  return (await response.json()) as DevcoreStatus;
}

/**
 * Waits for a state by time, not by a number of turns: a scan reads every file of DATA_DIR, and on a
 * loaded machine, beside the other jobs startBackground starts, 200 turns of the loop were not enough.
 */
async function waitFor(check: () => boolean | Promise<boolean>, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  throw new Error('the condition never held');
}

describe('who may call it', () => {
  it('401 without a session; a plain user sees the status but cannot halt, restore or scan', async () => {
    const { setup, owner } = await ownerChat({ companion: fakeCompanion() });
    setup.app.startBackground();
    const stranger = setup.browser();
    await expectError(await stranger.request('/api/devcore/status'), 401);
    await expectError(await stranger.post('/api/devcore/emergency-halt'), 401);

    const guest = setup.browser({ address: '203.0.113.7' });
    await guest.loginOk();
    expect((await statusOf(guest)).active).toBe(true);
    for (const action of ['emergency-halt', 'emergency-restore', 'manual-scan']) {
      const refused = await guest.post(`/api/devcore/${action}`);
      expect(refused.status).toBe(403);
      expect(await refused.json()).toEqual({
        success: false,
        error: 'Access Restricted',
        message: 'Access Restricted',
      });
    }
    // Nothing changed: still active, its job still running, never scanned.
    const after = await statusOf(owner);
    expect(after).toMatchObject({ active: true, lastScan: null, version: 'v1.6' });
    expect(after.jobs).toEqual([expect.objectContaining({ id: SCAN_JOB_ID, running: true })]);
    await setup.app.stopBackground();
  });
});

describe('halt and restore', () => {
  it('halt stops the integrity scan it owns, restore starts it again, and the state survives a restart', async () => {
    const timers = new FakeTimers();
    const { setup, owner } = await ownerChat({ companion: fakeCompanion(), devcoreTimers: timers });
    setup.app.startBackground();
    expect(timers.live.size).toBe(1);
    expect([...timers.live.values()][0]!.ms).toBe(SCAN_INTERVAL_MS);

    // The scheduled scan runs while active.
    timers.fire();
    await waitFor(async () => (await statusOf(owner)).lastScan !== null);
    const firstScan = (await statusOf(owner)).lastScan;
    expect((await statusOf(owner)).scan).toMatchObject({ ok: true, trigger: 'scheduled' });

    setup.clock.advance(90_000);
    expect((await statusOf(owner)).uptime).toBe(90);

    const halted = await owner.post('/api/devcore/emergency-halt');
    expect(halted.status).toBe(200);
    expect(timers.live.size).toBe(0);
    const inactive = await statusOf(owner);
    expect(inactive).toMatchObject({ active: false, uptime: 0, lastScan: firstScan });
    expect(inactive.jobs[0]).toMatchObject({ running: false, nextRunAt: null });

    // Halted across a restart: the new server does not start the job.
    await setup.app.stopBackground();
    await closeStores(setup.stores);
    const restartedTimers = new FakeTimers();
    const again = await startChatApp({
      dataDir: setup.dataDir,
      companion: fakeCompanion(),
      devcoreTimers: restartedTimers,
    });
    again.app.startBackground();
    expect(restartedTimers.live.size).toBe(0);
    const phone = again.browser();
    owner.cloneCookiesInto(phone);
    expect((await statusOf(phone)).active).toBe(false);

    const restored = await phone.post('/api/devcore/emergency-restore');
    expect(restored.status).toBe(200);
    expect(restartedTimers.live.size).toBe(1);
    const active = await statusOf(phone);
    expect(active.active).toBe(true);
    expect(active.jobs[0]).toMatchObject({ running: true });
    expect(active.jobs[0]!.nextRunAt).not.toBeNull();
    await again.app.stopBackground();
  });
});

describe('manual scan', () => {
  it('updates lastScan, and finds a corrupted data file and a damaged journal', async () => {
    const { setup, owner } = await ownerChat({ companion: fakeCompanion() });
    expect((await statusOf(owner)).lastScan).toBeNull();
    const clean = await owner.post('/api/devcore/manual-scan');
    expect(clean.status).toBe(200);
    const afterClean = await statusOf(owner);
    expect(afterClean.lastScan).toBe(new Date(setup.clock.read()).toISOString());
    expect(afterClean.scan).toMatchObject({ ok: true, trigger: 'manual', problems: [] });
    expect(afterClean.scan!.checked).toBeGreaterThanOrEqual(8);

    setup.clock.advance(60_000);
    // Bytes changed under the server: a file that no longer parses, and a journal line that is not JSON.
    await writeFile(join(setup.dataDir, 'push.json'), '{"version": 1, "subscr');
    await appendFile(join(setup.dataDir, 'conversations.json.journal'), 'not a change\n');
    await owner.post('/api/devcore/manual-scan');
    const damaged = await statusOf(owner);
    expect(damaged.lastScan).toBe(new Date(setup.clock.read()).toISOString());
    expect(damaged.scan!.ok).toBe(false);
    expect(damaged.scan!.problems).toEqual([
      expect.stringMatching(/^conversations\.json\.journal: .*not valid JSON/),
      expect.stringMatching(/^push\.json: not valid JSON/),
    ]);
    // The path of DATA_DIR is not shown to users.
    expect(JSON.stringify(damaged)).not.toContain(setup.dataDir);
  });

  it('finds a file whose bytes changed while its size and time stayed (checksum)', async () => {
    const { setup, owner } = await ownerChat({ companion: fakeCompanion() });
    await owner.post('/api/devcore/manual-scan');
    const pushPath = join(setup.dataDir, 'push.json');
    const before = await stat(pushPath);
    const text = await readFile(pushPath, 'utf8');
    // Same length, one letter's case flipped, modification time put back: only the checksum can tell.
    const flipped = text.replace('"vapid"', '"vapiD"');
    expect(flipped).not.toBe(text);
    expect(flipped.length).toBe(text.length);
    await writeFile(pushPath, flipped);
    await utimes(pushPath, before.atimeMs / 1000, before.mtimeMs / 1000);
    await owner.post('/api/devcore/manual-scan');
    const found = await statusOf(owner);
    expect(found.scan!.problems).toEqual([expect.stringMatching(/^push\.json: checksum mismatch/)]);
  });
});

describe('evolution metrics', () => {
  it('are null before any conversation, then follow the replies and the owner’s feelings', async () => {
    const companion = fakeCompanion();
    const { owner } = await ownerChat({ companion });
    const fresh = (await statusOf(owner)).evolutionMetrics;
    // The welcome after registration is Kiri's but answers nothing: no reply to judge yet.
    expect(fresh.conversationAccuracy).toBeNull();
    expect(fresh.userSatisfaction).toBeNull();

    await owner.post('/api/chat', { message: 'I feel awful and sad today', history: [] });
    await owner.post('/api/chat', {
      message: 'Thank you, that really helps, I love it!',
      history: [],
    });
    const metrics = (await statusOf(owner)).evolutionMetrics;
    expect(metrics.conversationAccuracy).toBe(100);
    expect(metrics.adaptationSuccess).toBe(100);
    expect(metrics.responseQuality).toBe(100);
    // The owner's reactions after Kiri's messages: the happy one after the first reply (and the sad
    // one came after the welcome).
    expect(metrics.userSatisfaction).not.toBeNull();
    // Sad, then better after Kiri's reply: the feeling was met.
    expect(metrics.emotionalResonance).toBe(100);

    await owner.post('/api/chat', {
      message: 'This is terrible, I hate it, you are useless',
      history: [],
    });
    const worse = (await statusOf(owner)).evolutionMetrics;
    expect(worse.emotionalResonance).toBe(50);
    expect(worse.userSatisfaction!).toBeLessThan(metrics.userSatisfaction!);
  });
});
