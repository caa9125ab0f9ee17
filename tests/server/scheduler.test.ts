// The scheduler through two days in Asia/Shanghai (UTC+8) with an injected clock: exact firing times, a
// restart in between, the grace window, quiet hours, deep pause and sleep, reminders fired once.
import { afterEach, describe, expect, it } from 'vitest';
import type { PowerAction } from '../../server/power/power-rules';
import { closeStores, openStores } from '../../server/store/stores';
import { cleanUpChatApps, fakeCompanion, logOf, startChatApp } from './support/chat-harness';
import { FakeClock, type TestApp, type TestBrowser } from './support/harness';
import { recordingPush, type RecordedPush } from './support/push-recorder';

const MINUTE = 60_000;
/** 2026-11-24 00:00 in Asia/Shanghai. */
const DAY_ONE = Date.parse('2026-11-24T00:00:00+08:00');
const at = (day: 1 | 2 | 3, time: string) => Date.parse(`2026-11-${23 + day}T${time}:00+08:00`);

interface Run {
  setup: TestApp;
  owner: TestBrowser;
  push: ReturnType<typeof recordingPush>;
  clock: FakeClock;
}

async function start(
  clock = new FakeClock(),
  dataDir?: string,
  push = recordingPush(clock.read),
  env: Record<string, string> = {},
  companion: 'fake' | 'local engine' = 'fake',
) {
  const setup = await startChatApp({
    clock,
    dataDir,
    push,
    companion: companion === 'fake' ? fakeCompanion() : undefined,
    env: { TIME_ZONE: 'Asia/Shanghai', ...env },
  });
  const owner = setup.browser();
  return { setup, owner, push, clock };
}

async function freshRun(
  env: Record<string, string> = {},
  companion: 'fake' | 'local engine' = 'fake',
): Promise<Run> {
  const clock = new FakeClock();
  clock.now = DAY_ONE;
  const run = await start(clock, undefined, undefined, env, companion);
  await run.owner.loginOk();
  await run.owner.register('Mei');
  return run;
}

/** A restart on the same DATA_DIR: stores closed and opened again, a new app, the same clock. */
async function restart(run: Run): Promise<Run> {
  await run.setup.app.stopBackground();
  await closeStores(run.setup.stores);
  const next = await start(run.clock, run.setup.dataDir, run.push);
  // The session cookie survives a restart like the browser's.
  for (const [name, value] of run.owner.cookies) next.owner.cookies.set(name, value);
  return next;
}

/** Ticks every minute (the server ticks more often) up to and including `until`. */
async function runUntil(run: Run, until: number): Promise<void> {
  while (run.clock.now < until) {
    run.clock.advance(MINUTE);
    await run.setup.app.services.scheduler.tick();
  }
}

const firings = (sent: readonly RecordedPush[]) =>
  sent.map((push) => `${push.message.tag} ${new Date(push.at).toISOString()}`);

async function powerTo(run: Run, action: PowerAction) {
  const response = await run.owner.post(`/api/sleep-mode/${action}`);
  expect(response.status).toBe(200);
}

afterEach(cleanUpChatApps);

// Two days ticked minute by minute is some 2,900 ticks: room for a loaded machine.
describe('scheduler', { timeout: 30_000 }, () => {
  it('sends the morning greeting at 09:00 and the evening check-in at 20:00, once each day', async () => {
    const run = await freshRun();
    await runUntil(run, at(3, '00:00'));
    expect(firings(run.push.sent)).toEqual([
      `kiri-morning ${new Date(at(1, '09:00')).toISOString()}`,
      `kiri-evening ${new Date(at(1, '20:00')).toISOString()}`,
      `kiri-morning ${new Date(at(2, '09:00')).toISOString()}`,
      `kiri-evening ${new Date(at(2, '20:00')).toISOString()}`,
    ]);
    // Each is a Kiri message in the log under the id its push names, so the chat shows it on the next open.
    const log = await logOf(run.owner);
    expect(log.map((entry) => entry.id)).toEqual(run.push.sent.map((p) => p.message.messageId));
    expect(log.every((entry) => entry.sender === 'kiri')).toBe(true);
    expect(log[0]!.message).toMatch(/Mei/);
    expect(log[0]!.sessionId).toBe('2026-11-24');
    expect(run.push.sent[0]!.message).toMatchObject({
      title: 'Kiri',
      topic: 'kiri-morning',
      url: `/?message=${log[0]!.id}`,
    });
    expect(run.push.sent[0]!.message.ttlSeconds).toBeLessThanOrEqual(6 * 60 * 60);
  });

  it("the morning and evening messages call the owner what the chat does: 'call me Mimi', kept past the last turns", async () => {
    // The local engine: it reads 'call me Mimi' as a memory to keep (the fake companion does not).
    const run = await freshRun({}, 'local engine');
    run.clock.now = at(1, '07:00');
    const asked = await run.owner.post('/api/chat', {
      message: 'you can call me Mimi',
      history: [],
    });
    expect(asked.status).toBe(200);
    await runUntil(run, at(1, '09:00'));
    const sent = (tag: string) => {
      const push = run.push.sent.find((p) => p.message.tag === tag)!;
      return async () => (await logOf(run.owner)).find((e) => e.id === push.message.messageId)!;
    };
    const morning = await sent('kiri-morning')();
    expect(morning.message).toContain('Mimi');
    expect(morning.message).not.toContain('Mei');

    // A day of talk later 'call me Mimi' is far back in the log: her memory of it still names the owner.
    for (let i = 0; i < 12; i += 1) {
      run.clock.advance(MINUTE);
      await run.owner.post('/api/chat', {
        message: `note ${i}: the bus was late again`,
        history: [],
      });
    }
    await runUntil(run, at(1, '20:00'));
    const evening = await sent('kiri-evening')();
    expect(evening.message).toContain('Mimi');
  });

  it('neither sends twice nor skips across a restart', async () => {
    let run = await freshRun();
    await runUntil(run, at(1, '15:00'));
    run = await restart(run);
    await runUntil(run, at(2, '09:00'));
    run = await restart(run);
    await runUntil(run, at(3, '00:00'));
    expect(firings(run.push.sent)).toEqual([
      `kiri-morning ${new Date(at(1, '09:00')).toISOString()}`,
      `kiri-evening ${new Date(at(1, '20:00')).toISOString()}`,
      `kiri-morning ${new Date(at(2, '09:00')).toISOString()}`,
      `kiri-evening ${new Date(at(2, '20:00')).toISOString()}`,
    ]);
    expect(await logOf(run.owner)).toHaveLength(4);
  });

  it('sends a firing missed while down late within the 2-hour grace, and lets an older one go', async () => {
    let run = await freshRun();
    await runUntil(run, at(1, '08:00'));
    await run.setup.app.stopBackground();
    // Down from 08:00 to 10:30: the morning greeting goes out at 10:30.
    run.clock.now = at(1, '10:30');
    run = await restart(run);
    await run.setup.app.services.scheduler.tick();
    expect(firings(run.push.sent)).toEqual([
      `kiri-morning ${new Date(at(1, '10:30')).toISOString()}`,
    ]);
    await runUntil(run, at(2, '08:00'));
    // Down from 08:00 to 11:30 the next day: too late for a morning greeting.
    run.clock.now = at(2, '11:30');
    run = await restart(run);
    await runUntil(run, at(2, '19:00'));
    expect(run.push.sent.map((p) => p.message.tag)).toEqual(['kiri-morning', 'kiri-evening']);
  });

  it('finishes a firing cut short by a restart under its kept id, once', async () => {
    let run = await freshRun();
    await runUntil(run, at(1, '08:00'));
    // The firing's id was kept, then the server stopped before the message was written.
    await run.setup.stores.schedule.update((data) => {
      data.morning.pending = { slot: at(1, '09:00'), messageId: 'kept-firing-id' };
      data.morning.nextDueAt = at(2, '09:00');
    });
    run = await restart(run);
    await runUntil(run, at(1, '12:00'));
    run = await restart(run);
    await runUntil(run, at(1, '13:00'));
    const log = await logOf(run.owner);
    expect(log.map((entry) => entry.id)).toEqual(['kept-firing-id']);
    expect(run.push.sent.map((p) => p.message.messageId)).toEqual(['kept-firing-id']);
  });

  it('nudges once after 4 hours of silence, never between 01:00 and 07:00', async () => {
    const run = await freshRun();
    await runUntil(run, at(1, '22:30'));
    expect(
      (await run.owner.post('/api/chat', { message: 'going to bed late', history: [] })).status,
    ).toBe(200);
    // 02:30 is in the quiet hours: the nudge waits for 07:00.
    await runUntil(run, at(2, '12:00'));
    await run.owner.post('/api/chat', { message: 'lunch now', history: [] });
    await runUntil(run, at(3, '00:00'));
    const nudges = run.push.sent.filter((push) => push.message.tag === 'kiri-nudge');
    expect(nudges.map((push) => new Date(push.at).toISOString())).toEqual([
      new Date(at(2, '07:00')).toISOString(),
      new Date(at(2, '16:00')).toISOString(),
    ]);
  });

  it('sends nothing in deep pause, and holds a reminder until Kiri wakes', async () => {
    const run = await freshRun();
    await run.owner.post('/api/chat', { message: 'hello', history: [] });
    const reminder = await run.owner.post('/api/reminders', {
      id: 'r-deep',
      text: 'water the plants',
      dueAt: at(1, '10:00'),
    });
    expect(reminder.status).toBe(201);
    await powerTo(run, 'deep-pause');
    const before = (await logOf(run.owner)).length;
    await runUntil(run, at(3, '00:00'));
    expect(run.push.sent).toEqual([]);
    expect(await logOf(run.owner)).toHaveLength(before);
    await powerTo(run, 'resume-all');
    run.clock.advance(MINUTE);
    await run.setup.app.services.scheduler.tick();
    expect(run.push.sent.map((p) => p.message.tag)).toEqual(['reminder-r-deep']);
    expect(run.push.sent[0]!.message.body).toBe(
      'I was in deep pause on Tuesday 24 November at 10:00 — you asked me to remind you: "water the plants"',
    );
  });

  it('sleeping sends only the morning and evening messages; a reminder waits and comes late on waking', async () => {
    const run = await freshRun();
    await runUntil(run, at(1, '07:30'));
    await run.owner.post('/api/chat', { message: 'off to work', history: [] });
    await run.owner.post('/api/reminders', {
      id: 'r-sleep',
      text: 'call the dentist',
      dueAt: at(1, '15:00'),
    });
    await run.owner.post('/api/reminders', {
      id: 'r-later',
      text: 'call mum',
      dueAt: at(1, '18:00'),
    });
    await powerTo(run, 'enable');
    await runUntil(run, at(2, '10:00'));
    expect(run.push.sent.map((p) => `${p.message.tag} ${new Date(p.at).toISOString()}`)).toEqual([
      `kiri-morning ${new Date(at(1, '09:00')).toISOString()}`,
      `kiri-evening ${new Date(at(1, '20:00')).toISOString()}`,
      `kiri-morning ${new Date(at(2, '09:00')).toISOString()}`,
    ]);
    // Manual Wake Up: both come at once, in due order, each saying it is late; no tick needed.
    await powerTo(run, 'disable');
    await expect
      .poll(() => run.push.sent.filter((p) => p.message.tag.startsWith('reminder-')).length)
      .toBe(2);
    const late = run.push.sent.filter((p) => p.message.tag.startsWith('reminder-'));
    expect(late.map((p) => [p.message.tag, p.at, p.message.body])).toEqual([
      [
        'reminder-r-sleep',
        at(2, '10:00'),
        'I was asleep yesterday at 15:00 — you asked me to remind you: "call the dentist"',
      ],
      [
        'reminder-r-later',
        at(2, '10:00'),
        'I was asleep yesterday at 18:00 — you asked me to remind you: "call mum"',
      ],
    ]);
    const log = await logOf(run.owner);
    expect(log.slice(-2).map((entry) => entry.message)).toEqual(late.map((p) => p.message.body));
    // Once: later ticks send neither again.
    await runUntil(run, at(2, '12:00'));
    expect(run.push.sent.filter((p) => p.message.tag.startsWith('reminder-'))).toHaveLength(2);
  });

  it('a reminder held by sleep survives a restart and is delivered once on a voice wake', async () => {
    let run = await freshRun();
    await run.owner.post('/api/reminders', { id: 'r-nap', text: 'stretch', dueAt: at(1, '14:00') });
    await runUntil(run, at(1, '13:00'));
    await powerTo(run, 'enable');
    await runUntil(run, at(1, '15:00'));
    run = await restart(run);
    await runUntil(run, at(1, '16:00'));
    expect(run.push.sent.filter((p) => p.message.tag === 'reminder-r-nap')).toEqual([]);
    const woken = await run.owner.post('/api/sleep-mode/voice-wake', { command: 'hey Kiri' });
    expect(woken.status).toBe(200);
    await expect
      .poll(() => run.push.sent.filter((p) => p.message.tag === 'reminder-r-nap').length)
      .toBe(1);
    run = await restart(run);
    await runUntil(run, at(1, '17:00'));
    const fired = run.push.sent.filter((p) => p.message.tag === 'reminder-r-nap');
    expect(fired.map((p) => [p.at, p.message.body])).toEqual([
      [at(1, '16:00'), 'I was asleep at 14:00 — you asked me to remind you: "stretch"'],
    ]);
    expect(
      (await logOf(run.owner)).filter((e) => e.message === fired[0]!.message.body),
    ).toHaveLength(1);
  });

  it('fires a reminder once at its time, quoting its first 50 characters, even across a restart', async () => {
    let run = await freshRun();
    const text = 'renew the passport before the trip to Lisbon in December, and book the photo';
    await run.owner.post('/api/reminders', { id: 'r-once', text, dueAt: at(1, '10:15') });
    await runUntil(run, at(1, '10:14'));
    expect(run.push.sent.filter((p) => p.message.tag === 'reminder-r-once')).toEqual([]);
    await runUntil(run, at(1, '10:15'));
    run = await restart(run);
    await runUntil(run, at(1, '12:00'));
    const fired = run.push.sent.filter((p) => p.message.tag === 'reminder-r-once');
    expect(fired.map((p) => p.at)).toEqual([at(1, '10:15')]);
    const quote = text.slice(0, 50).trimEnd();
    expect(fired[0]!.message.body).toContain(`"${quote}…"`);
    const log = await logOf(run.owner);
    expect(log.filter((entry) => entry.message.includes(quote))).toHaveLength(1);
    const pending = await run.owner.request('/api/reminders');
    expect(((await pending.json()) as { reminders: unknown[] }).reminders).toEqual([]);
  });

  it('finishes a reminder whose firing a restart cut short, once', async () => {
    let run = await freshRun();
    await run.owner.post('/api/reminders', { id: 'r-cut', text: 'stretch', dueAt: at(1, '10:00') });
    await runUntil(run, at(1, '09:59'));
    await run.setup.stores.reminders.commit({
      account: 'owner',
      id: 'r-cut',
      firing: { kiriMessageId: 'kept-reminder-message' },
    });
    run = await restart(run);
    await runUntil(run, at(1, '10:05'));
    run = await restart(run);
    await runUntil(run, at(1, '10:10'));
    const log = await logOf(run.owner);
    expect(log.filter((entry) => entry.id === 'kept-reminder-message')).toHaveLength(1);
    expect(run.push.sent.filter((p) => p.message.tag === 'reminder-r-cut')).toHaveLength(1);
  });

  it('greets nobody before an owner has logged in', async () => {
    const clock = new FakeClock();
    clock.now = DAY_ONE;
    const run = await start(clock);
    await runUntil(run, at(1, '21:00'));
    expect(run.push.sent).toEqual([]);
    await run.owner.loginOk();
    expect(await logOf(run.owner)).toEqual([]);
  });

  it('sends the spontaneous thoughts set, at most that many a day, and none while sleeping', async () => {
    const run = await freshRun({ THOUGHTS_PER_DAY: '2' });
    await runUntil(run, at(2, '00:00'));
    const thoughts = () => run.push.sent.filter((p) => p.message.tag === 'kiri-thought');
    expect(thoughts()).toHaveLength(2);
    for (const push of thoughts()) {
      expect(push.at).toBeGreaterThanOrEqual(at(1, '11:00'));
      expect(push.at).toBeLessThan(at(1, '19:00'));
    }
    await powerTo(run, 'enable');
    await runUntil(run, at(3, '00:00'));
    expect(thoughts()).toHaveLength(2);
    const status = (await (await run.owner.request('/api/sleep-mode/status')).json()) as {
      pausedSystems: string[];
    };
    expect(status.pausedSystems).toEqual([
      'silenceNudge',
      'spontaneousThoughts',
      'reminders',
      'consciousnessStream',
      'presenceMood',
      'weeklyDeepSync',
    ]);
  });

  it('tells of a finished task once per task id; in deep pause it is written but not pushed', async () => {
    const run = await freshRun();
    const { scheduler } = run.setup.app.services;
    const first = await scheduler.notifyTaskComplete({
      taskId: 'sync-1',
      summary: 'the weekly sync',
    });
    expect(
      await scheduler.notifyTaskComplete({ taskId: 'sync-1', summary: 'the weekly sync' }),
    ).toBe(first);
    expect((await logOf(run.owner)).map((entry) => entry.id)).toEqual([first]);
    expect((await logOf(run.owner))[0]!.message).toMatch(/the weekly sync/);
    await powerTo(run, 'deep-pause');
    const pushes = run.push.sent.length;
    await scheduler.notifyTaskComplete({ taskId: 'sync-2', summary: 'the bloom sync' });
    expect(run.push.sent).toHaveLength(pushes);
    expect(await logOf(run.owner)).toHaveLength(2);
  });

  it('stops its timer on close', async () => {
    const run = await freshRun();
    run.setup.app.startBackground();
    await run.setup.app.stopBackground();
    // Stopped: reopening the stores elsewhere is safe, and nothing ticks after.
    const stores = await openStores(run.setup.dataDir);
    await closeStores(stores);
  });
});
