// /api/sleep-mode: who may call it, the status of spec 002 §3, the transitions and their real effects,
// voice wake, and a message sent in deep pause answered once, in order, after Kiri wakes.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DEEP_PAUSE_REPLY } from '../../server/chat/deep-pause';
import { NOT_A_WAKE_WORD, type SleepStatus } from '../../server/power/power-service';
import { closeStores } from '../../server/store/stores';
import { deliveryOutcome } from '../../src/domain/outbox-rules';
import {
  cleanUpChatApps,
  fakeCompanion,
  keyHeader,
  logOf,
  ownerChat,
  startChatApp,
  type ChatAnswer,
} from './support/chat-harness';
import { expectError, type TestApp, type TestBrowser } from './support/harness';

afterEach(cleanUpChatApps);

const TRANSITIONS = ['enable', 'disable', 'deep-pause', 'resume-all'] as const;

async function statusOf(browser: TestBrowser): Promise<SleepStatus> {
  const response = await browser.request('/api/sleep-mode/status');
  expect(response.status).toBe(200);
  return (await response.json()) as SleepStatus;
}

const powerFile = (setup: TestApp) => readFile(join(setup.dataDir, 'power.json'), 'utf8');

describe('who may call it', () => {
  it('401 without a session, 403 without system control, 200 for the owner', async () => {
    const { setup, owner } = await ownerChat({ companion: fakeCompanion() });
    const stranger = setup.browser();
    await expectError(await stranger.request('/api/sleep-mode/status'), 401);
    for (const action of TRANSITIONS) {
      await expectError(await stranger.post(`/api/sleep-mode/${action}`), 401);
    }
    await expectError(await stranger.post('/api/sleep-mode/voice-wake', { command: 'wake' }), 401);

    // Another device without pairing is a user with the default permissions (chat, screen settings).
    const guest = setup.browser({ address: '203.0.113.7' });
    await guest.loginOk();
    await expectError(await guest.request('/api/sleep-mode/status'), 403);
    await expectError(await guest.post('/api/sleep-mode/deep-pause'), 403);
    await expectError(await guest.post('/api/sleep-mode/voice-wake', { command: 'wake up' }), 403);
    expect((await statusOf(owner)).state).toBe('awake');
  });
});

describe('status and transitions', () => {
  it('names the state, its cost text and what runs and what is paused in each state', async () => {
    const { owner } = await ownerChat({ companion: fakeCompanion() });
    const awake = await statusOf(owner);
    expect(awake).toMatchObject({
      sleeping: false,
      deepPause: false,
      state: 'awake',
      costSavings: 'Full operation costs',
      pausedSystems: [],
    });
    expect(awake.activeSystems).toEqual([
      'chat-local-engine',
      'morning-greeting',
      'evening-check-in',
      'silence-nudge',
      'reminders',
      'daily-reflection',
      'memory-lattice',
      'consciousness-stream',
      'presence-mood',
      'weekly-deep-sync',
    ]);

    const slept = await owner.post('/api/sleep-mode/enable');
    expect(slept.status).toBe(200);
    expect(await slept.json()).toMatchObject({ success: true, changed: true });
    const sleeping = await statusOf(owner);
    expect(sleeping).toMatchObject({ sleeping: true, deepPause: false, state: 'sleeping' });
    expect(sleeping.pausedSystems).toEqual([
      'silenceNudge',
      'reminders',
      'consciousnessStream',
      'presenceMood',
      'weeklyDeepSync',
    ]);
    expect(sleeping.costSavings).toMatch(/80%/);
    expect(sleeping.lastActivity).not.toBeNull();

    await owner.post('/api/sleep-mode/deep-pause');
    const paused = await statusOf(owner);
    expect(paused).toMatchObject({ sleeping: false, deepPause: true, activeSystems: [] });
    expect(paused.pausedSystems).toContain('chatLocalEngine');
    expect(paused.pausedSystems).toContain('memoryLattice');
    expect(paused.pausedSystems).toContain('dailyReflection');
    expect(paused.costSavings).toMatch(/100%/);

    // Enable Sleep Mode does not lift a deep pause; Resume Full Mode does.
    expect(await (await owner.post('/api/sleep-mode/enable')).json()).toMatchObject({
      changed: false,
    });
    expect((await statusOf(owner)).state).toBe('deep-pause');
    await owner.post('/api/sleep-mode/disable');
    expect((await statusOf(owner)).state).toBe('awake');
  });

  it('keeps the state and its history across a restart', async () => {
    const { setup, owner } = await ownerChat({ companion: fakeCompanion() });
    await owner.post('/api/sleep-mode/enable');
    await owner.post('/api/sleep-mode/deep-pause');
    await closeStores(setup.stores);
    const again = await startChatApp({ dataDir: setup.dataDir, companion: fakeCompanion() });
    const phone = again.browser();
    for (const [name, value] of owner.cookies) phone.cookies.set(name, value);
    expect((await statusOf(phone)).state).toBe('deep-pause');
    expect(again.app.services.power.history().map((t) => t.to)).toEqual(['sleeping', 'deep-pause']);
  });
});

describe('voice wake', () => {
  it('a wake word wakes Kiri from deep pause', async () => {
    const { owner } = await ownerChat({ companion: fakeCompanion() });
    await owner.post('/api/sleep-mode/deep-pause');
    const response = await owner.post('/api/sleep-mode/voice-wake', {
      command: 'Hey Kiri, you there?',
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ success: true, message: expect.any(String) });
    expect((await statusOf(owner)).state).toBe('awake');
  });

  it('any other phrase is a 400 that says why, and nothing changes', async () => {
    const { setup, owner } = await ownerChat({ companion: fakeCompanion() });
    await owner.post('/api/sleep-mode/deep-pause');
    const before = await powerFile(setup);
    for (const command of ['hello there', 'an awakening', 'wakeful']) {
      await expectError(
        await owner.post('/api/sleep-mode/voice-wake', { command }),
        400,
        NOT_A_WAKE_WORD,
      );
    }
    await expectError(await owner.post('/api/sleep-mode/voice-wake', {}), 400, /^command: /);
    await expectError(
      await owner.post('/api/sleep-mode/voice-wake', { command: 42 }),
      400,
      /^command: /,
    );
    await expectError(
      await owner.request('/api/sleep-mode/voice-wake', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{"command":',
      }),
      400,
      'Malformed JSON',
    );
    expect((await statusOf(owner)).state).toBe('deep-pause');
    expect(await powerFile(setup)).toBe(before);
  });
});

describe('deep pause and the chat', () => {
  it('keeps the messages unanswered, then answers each once, in order, after waking', async () => {
    const companion = fakeCompanion();
    const { setup, owner } = await ownerChat({ companion });
    await owner.post('/api/sleep-mode/deep-pause');
    const firstKey = '0192f000-0000-7000-8000-000000000001';
    const secondKey = '0192f000-0000-7000-8000-000000000002';
    const first = await owner.post(
      '/api/chat',
      { message: 'first, in deep pause', history: [] },
      keyHeader(firstKey),
    );
    setup.clock.advance(1_000);
    const second = await owner.post(
      '/api/chat',
      { message: 'second one', history: [] },
      keyHeader(secondKey),
    );
    for (const response of [first, second]) {
      expect(response.status).toBe(202);
      const answer = (await response.json()) as ChatAnswer & { deepPause: boolean };
      expect(answer).toMatchObject({
        kiriMessages: [],
        kiriResponse: { message: DEEP_PAUSE_REPLY },
        deepPause: true,
      });
      // The device's outbox counts it delivered: it is not sent again, and not marked failed.
      expect(
        deliveryOutcome(response.status, undefined, Array.isArray(answer.kiriMessages)),
      ).toEqual({
        kind: 'delivered',
      });
    }
    expect(companion.calls).toHaveLength(0);
    // A replay in deep pause answers the same, and stores nothing more.
    const replay = await owner.post(
      '/api/chat',
      { message: 'first, in deep pause', history: [] },
      keyHeader(firstKey),
    );
    expect(replay.status).toBe(202);
    expect((await logOf(owner)).map((e) => [e.sender, e.message])).toEqual([
      ['user', 'first, in deep pause'],
      ['user', 'second one'],
    ]);
    expect((await statusOf(owner)).waitingMessages).toBe(2);

    setup.clock.advance(60_000);
    await owner.post('/api/sleep-mode/resume-all');
    await setup.app.services.deferred.settled();
    const log = await logOf(owner);
    expect(log.map((e) => [e.sender, e.answersId])).toEqual([
      ['user', null],
      ['user', null],
      ['kiri', firstKey],
      ['kiri', firstKey],
      ['kiri', secondKey],
      ['kiri', secondKey],
    ]);
    expect(companion.calls.map((call) => call.message)).toEqual([
      'first, in deep pause',
      'second one',
    ]);
    expect((await statusOf(owner)).waitingMessages).toBe(0);

    // A replay now gets the answer Kiri gave; waking again answers nothing twice.
    const late = await owner.post(
      '/api/chat',
      { message: 'first, in deep pause', history: [] },
      keyHeader(firstKey),
    );
    expect(late.status).toBe(200);
    expect(((await late.json()) as ChatAnswer).kiriMessages.map((m) => m.id)).toEqual(
      log.slice(2, 4).map((e) => e.id),
    );
    await owner.post('/api/sleep-mode/deep-pause');
    await owner.post('/api/sleep-mode/resume-all');
    await setup.app.services.deferred.settled();
    expect(await logOf(owner)).toHaveLength(6);
    expect(companion.calls).toHaveLength(2);
  });

  it('answers what was kept even when the server restarted before waking', async () => {
    const { setup, owner } = await ownerChat({ companion: fakeCompanion() });
    await owner.post('/api/sleep-mode/deep-pause');
    await owner.post('/api/chat', { message: 'are you there?', history: [] });
    await closeStores(setup.stores);
    const companion = fakeCompanion();
    const again = await startChatApp({ dataDir: setup.dataDir, companion });
    const phone = again.browser();
    for (const [name, value] of owner.cookies) phone.cookies.set(name, value);
    await phone.post('/api/sleep-mode/voice-wake', { command: 'wake up' });
    await again.app.services.deferred.settled();
    const log = await logOf(phone);
    expect(log.map((e) => e.sender)).toEqual(['user', 'kiri', 'kiri']);
    expect(companion.calls).toHaveLength(1);
  });

  it("reads a 'remind me' kept in deep pause when Kiri answers it, from when it was written", async () => {
    const { setup, owner } = await ownerChat({ companion: fakeCompanion() });
    await owner.post('/api/sleep-mode/deep-pause');
    await owner.post('/api/chat', { message: 'remind me in 2 hours to stretch', history: [] });
    setup.clock.advance(30 * 60_000);
    await owner.post('/api/sleep-mode/resume-all');
    await setup.app.services.deferred.settled();
    const reply = (await logOf(owner)).at(-1)!;
    expect(reply.message).toMatch(/^Okay! I'll remind you to stretch in 2 hours/);
    const pending = (await (await owner.request('/api/reminders')).json()) as {
      reminders: { dueAt: string }[];
    };
    // Two hours from when it was written, not from when Kiri woke.
    expect(pending.reminders.map((r) => Date.parse(r.dueAt))).toEqual([
      setup.clock.now - 30 * 60_000 + 2 * 3_600_000,
    ]);
  });

  it('sleeping does not stop the chat', async () => {
    const companion = fakeCompanion();
    const { owner } = await ownerChat({ companion });
    await owner.post('/api/sleep-mode/enable');
    const response = await owner.post('/api/chat', { message: 'still there?', history: [] });
    expect(response.status).toBe(200);
    expect(((await response.json()) as ChatAnswer).kiriMessages).toHaveLength(2);
  });
});
