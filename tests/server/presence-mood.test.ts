// /api/presence (issue 18 point 3, spec 002 §2, §3, §7, §9): the mood engine drifts toward the target over
// its 60 s ticks (an injected clock and timer), a sad conversation moves the target, bad input is a 400
// that changes nothing, sleep pauses the cycle and deep pause stops it, and a restart keeps the state.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { PRESENCE_TICK_MS } from '../../src/domain/presence-mood';
import { PRESENCE_ENGINE_VERSION } from '../../server/presence-mood/drift-rules';
import {
  ENGINE_STOPPED,
  type EngineTimers,
  type PresenceState,
} from '../../server/presence-mood/presence-mood-service';
import { closeStores } from '../../server/store/stores';
import { cleanUpChatApps, fakeCompanion, ownerChat, startChatApp } from './support/chat-harness';
import { NOT_LOGGED_IN } from '../../server/auth/guards';
import { expectError, FakeClock, type TestBrowser } from './support/harness';

afterEach(cleanUpChatApps);

/** The engine's timer, fired by the test: what is armed and with which delay. */
class FakeTimers implements EngineTimers {
  armed: { run: () => void; ms: number } | null = null;
  setTimeout(run: () => void, ms: number): unknown {
    this.armed = { run, ms };
    return this.armed;
  }
  clearTimeout(handle: unknown): void {
    if (this.armed === handle) this.armed = null;
  }
  fire(): void {
    const armed = this.armed;
    if (!armed) throw new Error('no timer armed');
    this.armed = null;
    armed.run();
  }
}

async function stateOf(browser: TestBrowser): Promise<PresenceState> {
  const response = await browser.request('/api/presence/state');
  expect(response.status).toBe(200);
  return ((await response.json()) as { state: PresenceState }).state;
}

async function setMood(browser: TestBrowser, mood: string): Promise<PresenceState> {
  const response = await browser.post('/api/presence/set-mood', { mood });
  expect(response.status).toBe(200);
  return ((await response.json()) as { state: PresenceState }).state;
}

async function tick(browser: TestBrowser): Promise<PresenceState> {
  const response = await browser.post('/api/presence/tick');
  expect(response.status).toBe(200);
  return ((await response.json()) as { state: PresenceState }).state;
}

describe('the three calls', () => {
  it('answer the state of spec 002 §3; a fresh engine is neutral, untouched', async () => {
    const { setup, owner } = await ownerChat({ companion: fakeCompanion() });
    await expectError(
      await setup.browser({ address: '203.0.113.9' }).request('/api/presence/state'),
      401,
      NOT_LOGGED_IN,
    );
    expect(await stateOf(owner)).toEqual({
      mood: 'neutral',
      target_mood: 'neutral',
      mood_confidence: 0.5,
      engine_version: PRESENCE_ENGINE_VERSION,
      age_ticks: 0,
      uptime_seconds: 0,
      last_tick_at: null,
      events: [],
      drift_history: [],
      cycle: 'stopped',
      next_tick_at: null,
    });
  });

  it('refuses a mood that is not one of the seven with a 400 and changes nothing', async () => {
    const { setup, owner } = await ownerChat({ companion: fakeCompanion() });
    await setMood(owner, 'calm');
    const file = () => readFile(join(setup.dataDir, 'presence-mood.json'), 'utf8');
    const before = await file();
    const bad = await owner.post('/api/presence/set-mood', { mood: 'angry' });
    const body = await expectError(bad, 400);
    expect(body.error).toMatch(/mood: must be one of calm, focused, restless, tired, hopeful/);
    await expectError(await owner.post('/api/presence/set-mood', {}), 400);
    await expectError(await owner.post('/api/presence/set-mood', { mood: 'calm', x: 1 }), 400);
    await expectError(
      await owner.request('/api/presence/set-mood', {
        method: 'POST',
        body: '{"mood":',
        headers: { 'content-type': 'application/json' },
      }),
      400,
      'Malformed JSON',
    );
    expect(await file()).toBe(before);
    expect((await stateOf(owner)).target_mood).toBe('calm');
  });
});

describe('the engine', () => {
  it('drifts the mood toward the target over its 60 s ticks, confidence rising once it holds', async () => {
    const timers = new FakeTimers();
    const clock = new FakeClock();
    const { setup, owner } = await ownerChat({
      clock,
      companion: fakeCompanion(),
      presenceTimers: timers,
    });
    const engine = setup.app.services.presenceMood;
    await engine.start();
    // A fresh engine ticks at once, then every 60 s.
    expect(timers.armed?.ms).toBe(0);

    let state = await setMood(owner, 'calm');
    expect(state).toMatchObject({ mood: 'neutral', target_mood: 'calm' });
    timers.fire();
    await engine.settled();
    state = await stateOf(owner);
    expect(state).toMatchObject({ mood: 'calm', age_ticks: 1 });
    expect(timers.armed?.ms).toBe(PRESENCE_TICK_MS);

    state = await setMood(owner, 'restless');
    const afterTarget = state.mood_confidence;
    const moods: string[] = [];
    for (let i = 0; i < 4; i += 1) {
      clock.advance(PRESENCE_TICK_MS);
      timers.fire();
      await engine.settled();
      state = await stateOf(owner);
      moods.push(state.mood);
    }
    // calm → neutral → restless, then it holds.
    expect(moods).toEqual(['neutral', 'restless', 'restless', 'restless']);
    const confidences = state.drift_history.slice(-4).map((entry) => entry.confidence);
    expect(confidences[0]).toBe(afterTarget);
    expect(confidences[1]).toBe(afterTarget);
    expect(confidences[2]).toBeGreaterThan(confidences[1]!);
    expect(confidences[3]).toBeGreaterThan(confidences[2]!);
    expect(state).toMatchObject({
      age_ticks: 5,
      last_tick_at: new Date(clock.now).toISOString(),
      uptime_seconds: 4 * 60,
      cycle: 'running',
      next_tick_at: new Date(clock.now + PRESENCE_TICK_MS).toISOString(),
    });
    expect(state.drift_history).toHaveLength(5);
    expect(state.drift_history.at(-1)).toMatchObject({ mood: 'restless', target_mood: 'restless' });
    expect(state.events.map((event) => event.kind)).toContain('drifted');
    expect(state.events.at(-1)?.kind).toBe('drifted');
    expect(state.events.at(-1)?.detail).toBe('Drifted neutral → restless, target reached');
    await engine.stop();
  });

  it('a sad conversation moves the target toward unpleasant; a manual tick records itself', async () => {
    const { owner } = await ownerChat({ companion: fakeCompanion() });
    await setMood(owner, 'hopeful');
    let state = await tick(owner);
    expect(state).toMatchObject({ mood: 'hopeful', target_mood: 'hopeful' });
    expect(state.events.at(-1)).toMatchObject({
      kind: 'manual-tick',
      detail: 'Manual tick: neutral → hopeful, target reached',
    });

    const said = await owner.post('/api/chat', {
      message: 'I feel so sad and lonely today, everything is awful',
      history: [],
    });
    expect(said.status).toBe(200);
    state = await tick(owner);
    expect(state.target_mood).toBe('focused');
    expect(state.mood).toBe('focused');
    const nudge = state.events.find((event) => event.kind === 'nudged');
    expect(nudge?.detail).toMatch(
      /^A sad conversation \(feeling -0\.\d\d\): target hopeful → focused$/,
    );

    // Read once: the next tick is not nudged again by the same message.
    state = await tick(owner);
    expect(state.target_mood).toBe('focused');

    // Small talk does not nudge.
    await owner.post('/api/chat', { message: 'ok', history: [] });
    expect((await tick(owner)).target_mood).toBe('focused');
  });

  it('sleep pauses the cycle (a manual tick still works); deep pause stops it and refuses a tick', async () => {
    const timers = new FakeTimers();
    const clock = new FakeClock();
    const { setup, owner } = await ownerChat({
      clock,
      companion: fakeCompanion(),
      presenceTimers: timers,
    });
    const engine = setup.app.services.presenceMood;
    await engine.start();
    timers.fire();
    await engine.settled();
    expect((await stateOf(owner)).age_ticks).toBe(1);

    expect((await owner.post('/api/sleep-mode/enable')).status).toBe(200);
    clock.advance(PRESENCE_TICK_MS);
    if (timers.armed) timers.fire();
    await engine.settled();
    let state = await stateOf(owner);
    expect(state).toMatchObject({ age_ticks: 1, cycle: 'paused', next_tick_at: null });
    const sleep = (await (await owner.request('/api/sleep-mode/status')).json()) as {
      pausedSystems: string[];
    };
    expect(sleep.pausedSystems).toContain('presenceMood');
    expect((await tick(owner)).age_ticks).toBe(2);

    expect((await owner.post('/api/sleep-mode/deep-pause')).status).toBe(200);
    await expectError(await owner.post('/api/presence/tick'), 409, ENGINE_STOPPED);
    clock.advance(PRESENCE_TICK_MS);
    if (timers.armed) timers.fire();
    await engine.settled();
    state = await stateOf(owner);
    expect(state).toMatchObject({ age_ticks: 2, cycle: 'stopped' });

    // Awake: the tick that fell due happens at once.
    expect((await owner.post('/api/sleep-mode/disable')).status).toBe(200);
    expect(timers.armed?.ms).toBe(0);
    timers.fire();
    await engine.settled();
    expect((await stateOf(owner)).age_ticks).toBe(3);
    await engine.stop();
  });

  it('keeps target, mood, age and history across a restart; uptime counts from the new start', async () => {
    const clock = new FakeClock();
    const { setup, owner } = await ownerChat({ clock, companion: fakeCompanion() });
    await setMood(owner, 'tired');
    clock.advance(5 * PRESENCE_TICK_MS);
    const before = await tick(owner);
    expect(before.uptime_seconds).toBe(300);
    await setup.app.stopBackground();
    await closeStores(setup.stores);

    clock.advance(PRESENCE_TICK_MS);
    const restarted = await startChatApp({ clock, dataDir: setup.dataDir });
    const browser = restarted.browser();
    owner.cloneCookiesInto(browser);
    const after = await stateOf(browser);
    expect(after).toMatchObject({
      mood: before.mood,
      target_mood: 'tired',
      mood_confidence: before.mood_confidence,
      age_ticks: 1,
      last_tick_at: before.last_tick_at,
      uptime_seconds: 0,
    });
    expect(after.drift_history).toEqual(before.drift_history);
    expect(after.events).toEqual(before.events);
  });
});
