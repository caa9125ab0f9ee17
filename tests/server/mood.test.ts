// Kiri's inner state from the real conversation: the mood follows a sad conversation toward protective
// or nurturing, urgency gives the urgent mode, sleep rests; the thought map's focus comes from the
// owner's own words; manja rises with warm messages and fades with silence; a reflection is written at
// the day rollover and survives a restart. (The consciousness stream: tests/server/consciousness.test.ts.)
import { afterEach, describe, expect, it } from 'vitest';
import type { KiriState, ManjaAnswer, MoodState, ThoughtMap } from '../../server/mood/mood-service';
import type { Reflection } from '../../server/mood/mood-store';
import { closeStores } from '../../server/store/stores';
import { cleanUpChatApps, fakeCompanion, ownerChat, startChatApp } from './support/chat-harness';
import { expectError, FakeClock, type TestBrowser } from './support/harness';

afterEach(cleanUpChatApps);

const MINUTE = 60_000;

async function getJson<T>(browser: TestBrowser, path: string): Promise<T> {
  const response = await browser.request(path);
  if (response.status !== 200) {
    throw new Error(`${path} answered ${response.status}: ${await response.text()}`);
  }
  return (await response.json()) as T;
}

const moodOf = (b: TestBrowser) => getJson<MoodState>(b, '/api/kiri/state');
const thoughtsOf = (b: TestBrowser) => getJson<ThoughtMap>(b, '/api/kiri/thoughtmap');
const manjaOf = (b: TestBrowser) => getJson<ManjaAnswer>(b, '/api/manja/state');

async function say(owner: TestBrowser, message: string): Promise<void> {
  const response = await owner.post('/api/chat', { message, history: [] });
  expect(response.status).toBe(200);
}

describe('who may read it', () => {
  it('401 without a session; 200 for the owner on every endpoint', async () => {
    const { setup, owner } = await ownerChat({ companion: fakeCompanion() });
    const stranger = setup.browser();
    const paths = [
      '/api/kiri/state',
      '/api/kiri/thoughtmap',
      '/api/kiri-state',
      '/api/manja/state',
      '/api/mirror/last-reflection',
      '/api/consciousness/status',
    ];
    for (const path of paths) {
      await expectError(await stranger.request(path), 401);
      expect((await owner.request(path)).status).toBe(200);
    }
  });

  it("another user reads their own conversation's mood, not the owner's", async () => {
    const { setup, owner } = await ownerChat({ companion: fakeCompanion() });
    await say(owner, 'I am so sad and lonely, everything is awful and I keep crying');
    const guest = setup.browser({ address: '203.0.113.7' });
    await guest.loginOk();
    expect((await moodOf(owner)).mode).not.toBe('calm');
    const theirs = await thoughtsOf(guest);
    expect(theirs.focus).toEqual([]);
    expect((await moodOf(guest)).mode).toBe('calm');
  });
});

describe('mood', () => {
  it('follows a sad conversation toward protective or nurturing, and back as time passes', async () => {
    const { setup, owner } = await ownerChat({ companion: fakeCompanion() });
    const before = await moodOf(owner);
    expect(before).toMatchObject({ mode: 'calm', messagesRead: 0 });
    expect(before.pulseSpeed).toBeGreaterThan(0);

    await say(owner, 'I had a really bad day, I feel so sad');
    setup.clock.advance(MINUTE);
    await say(owner, "I'm lonely and I can't stop crying");
    setup.clock.advance(MINUTE);
    await say(owner, 'everything feels hopeless and terrible');
    const sad = await moodOf(owner);
    expect(['protective', 'nurturing']).toContain(sad.mode);
    expect(sad.ownerFeeling).toBeLessThan(-0.3);
    expect(sad.intensity).toBeGreaterThan(before.intensity);
    expect(sad.color).toMatch(/^#[0-9a-f]{6}$/);

    // Four hours later the sad messages are out of the feeling's window.
    setup.clock.advance(4 * 60 * MINUTE);
    const later = await moodOf(owner);
    expect(['protective', 'nurturing']).not.toContain(later.mode);
  });

  it('Kiri answers in her mood: the engine is given the mood the conversation so far put her in', async () => {
    const companion = fakeCompanion();
    const { owner } = await ownerChat({ companion });
    await say(owner, 'hello there');
    expect(companion.calls.at(-1)!.mood).toEqual({ mode: 'calm', intensity: 0.2 });
    await say(owner, 'I feel so sad and lonely, everything is awful');
    await say(owner, 'are you there?');
    const mood = companion.calls.at(-1)!.mood!;
    expect(['protective', 'nurturing']).toContain(mood.mode);
    expect(mood).toEqual({ mode: (await moodOf(owner)).mode, intensity: expect.any(Number) });
  });

  it('a happy conversation stays calm, warmer than a quiet one', async () => {
    const { owner } = await ownerChat({ companion: fakeCompanion() });
    const quiet = await moodOf(owner);
    await say(owner, "I'm SO happy today!! I got the part, it's wonderful");
    const happy = await moodOf(owner);
    expect(happy.mode).toBe('calm');
    expect(happy.ownerFeeling).toBeGreaterThan(0.5);
    expect(happy.intensity).toBeGreaterThan(quiet.intensity);
  });

  it('a cry for help makes Kiri urgent (the fastest pulse), then alert, then calm again', async () => {
    const { setup, owner } = await ownerChat({ companion: fakeCompanion() });
    await say(owner, 'please help me, someone is following me');
    const urgent = await moodOf(owner);
    expect(urgent.mode).toBe('urgent');
    expect(urgent.pulseSpeed).toBeGreaterThan(0.9);
    setup.clock.advance(45 * MINUTE);
    expect((await moodOf(owner)).mode).toBe('alert');
    setup.clock.advance(3 * 60 * MINUTE);
    expect((await moodOf(owner)).mode).not.toMatch(/urgent|alert/);
  });

  it('asking for help with homework is not urgent', async () => {
    const { owner } = await ownerChat({ companion: fakeCompanion() });
    await say(owner, 'can you help me with my homework and the exam plan');
    expect((await moodOf(owner)).mode).toBe('focused');
  });

  it('rests while Kiri sleeps, and says so in kiri-state', async () => {
    const { owner } = await ownerChat({ companion: fakeCompanion() });
    expect((await owner.post('/api/sleep-mode/enable')).status).toBe(200);
    const state = await moodOf(owner);
    expect(state).toMatchObject({ mode: 'resting', sleepState: 'sleeping' });
    const activity = await getJson<KiriState>(owner, '/api/kiri-state');
    expect(activity.activity).toBe('sleeping');
    expect(activity.currentActivity).toMatch(/^Sleeping since \d\d:\d\d$/);
    await owner.post('/api/sleep-mode/deep-pause');
    expect((await getJson<KiriState>(owner, '/api/kiri-state')).currentActivity).toBe(
      'In deep pause',
    );
  });

  it('rests at night when the owner is quiet (TIME_ZONE Asia/Shanghai: 08:00 UTC is 16:00)', async () => {
    const clock = new FakeClock();
    clock.now = Date.UTC(2026, 0, 15, 17, 0, 0); // 01:00 in Shanghai
    const { owner } = await ownerChat({ companion: fakeCompanion(), clock });
    const state = await moodOf(owner);
    expect(state).toMatchObject({ mode: 'resting', timeOfDay: 'night' });
  });
});

describe('thinking', () => {
  it('is thinking while a reply is made and just after a message; not 10 s later', async () => {
    const companion = fakeCompanion();
    const { setup, owner } = await ownerChat({ companion });
    expect((await thoughtsOf(owner)).isThinking).toBe(false);
    companion.hold();
    const pending = owner.post('/api/chat', { message: 'what should I cook tonight', history: [] });
    await expect.poll(() => companion.calls.length).toBe(1);
    expect((await thoughtsOf(owner)).isThinking).toBe(true);
    expect((await getJson<KiriState>(owner, '/api/kiri-state')).currentActivity).toBe('Thinking');
    companion.release();
    expect((await pending).status).toBe(200);
    expect((await moodOf(owner)).isThinking).toBe(true);
    setup.clock.advance(11_000);
    expect((await thoughtsOf(owner)).isThinking).toBe(false);
    const state = await getJson<KiriState>(owner, '/api/kiri-state');
    expect(state.activity).toBe('talking');
    setup.clock.advance(10 * MINUTE);
    expect((await getJson<KiriState>(owner, '/api/kiri-state')).currentActivity).toMatch(
      /^Idle since \d\d:\d\d · /,
    );
  });
});

describe('thought map', () => {
  it('focus is the weighted terms of the owner’s messages with their categories', async () => {
    const { setup, owner } = await ownerChat({ companion: fakeCompanion() });
    expect((await thoughtsOf(owner)).focus).toEqual([]);
    await say(owner, "my sister's wedding!");
    setup.clock.advance(20 * MINUTE);
    await say(owner, 'I also have a work deadline, so stressed');
    setup.clock.advance(MINUTE);
    await say(owner, 'and I am scared I will miss the deadline');
    const map = await thoughtsOf(owner);
    const byTerm = new Map(map.focus.map((f) => [f.term, f]));
    expect(map.focus[0]).toMatchObject({ term: 'deadline', weight: 1, category: 'practical' });
    expect(byTerm.get('sister')?.category).toBe('relationship');
    expect(byTerm.get('wedding')?.category).toBe('relationship');
    expect(byTerm.get('scared')?.category).toBe('safety');
    expect(byTerm.get('stressed')?.category).toBe('emotional');
    // The wedding came 20 minutes earlier: it weighs less than the newer words.
    expect(byTerm.get('wedding')!.weight).toBeLessThan(byTerm.get('scared')!.weight);
    for (const stop of ['the', 'and', 'my', 'is', 'also', 'will'])
      expect(byTerm.has(stop)).toBe(false);
    expect(map.focus.length).toBeLessThanOrEqual(8);
    for (const term of map.focus) {
      expect(term.weight).toBeGreaterThan(0);
      expect(term.weight).toBeLessThanOrEqual(1);
    }
    expect(map.contextSummary).toMatch(/^3 recent messages about deadline/);
  });
});

describe('manja', () => {
  it('rises with warm exchanges, holds through a night and fades with days of silence', async () => {
    const { setup, owner } = await ownerChat({ companion: fakeCompanion() });
    const start = await manjaOf(owner);
    expect(start.level).toBe(0.5);
    await say(owner, 'I love talking to you, you are wonderful!');
    await say(owner, 'thank you so much, you made my day :)');
    const warm = await manjaOf(owner);
    expect(warm.level).toBeGreaterThan(start.level);
    expect(warm.warmExchanges).toBe(2);

    await say(owner, 'ok see you');
    expect((await manjaOf(owner)).warmExchanges).toBe(2);
    setup.clock.advance(10 * 60 * MINUTE);
    expect((await manjaOf(owner)).level).toBe(warm.level);

    setup.clock.advance(6 * 24 * 60 * MINUTE);
    const faded = await manjaOf(owner);
    expect(faded.fading).toBe(true);
    expect(faded.level).toBeLessThan(warm.level);
    expect(faded.level).toBeGreaterThanOrEqual(0.2);
  });

  it('two reads at once count a warm message once', async () => {
    const { owner } = await ownerChat({ companion: fakeCompanion() });
    await say(owner, 'you are wonderful, thank you!');
    const [a, b] = await Promise.all([manjaOf(owner), manjaOf(owner)]);
    expect([a.warmExchanges, b.warmExchanges]).toEqual([1, 1]);
    expect(a.level).toBe(b.level);
  });

  it('is kept in DATA_DIR across a restart', async () => {
    const { setup, owner } = await ownerChat({ companion: fakeCompanion() });
    await say(owner, 'you are the best, I adore you!');
    const before = await manjaOf(owner);
    await closeStores(setup.stores);
    const again = await startChatApp({ dataDir: setup.dataDir, clock: setup.clock });
    const browser = again.browser();
    owner.cloneCookiesInto(browser);
    expect(await manjaOf(browser)).toEqual(before);
  });
});

describe('reflection at the day rollover', () => {
  it('is written for the day that ended, from its conversation, once, and survives a restart', async () => {
    const { setup, owner } = await ownerChat({ companion: fakeCompanion() });
    const none = await getJson<{ reflection: Reflection | null }>(
      owner,
      '/api/mirror/last-reflection',
    );
    expect(none.reflection).toBeNull();
    await say(owner, 'my exam went badly, I feel awful');
    await say(owner, 'the exam results come out next week');
    await say(owner, 'I will study harder for the next exam');
    // 08:00 UTC is 16:00 in Shanghai: ten hours on is past midnight there.
    setup.clock.advance(10 * 60 * MINUTE);
    const { reflection } = await getJson<{ reflection: Reflection }>(
      owner,
      '/api/mirror/last-reflection',
    );
    // Every message of the day: the welcome at registration, three of the owner's, six reply parts.
    expect(reflection).toMatchObject({ day: '2026-01-15', ownerMessages: 3, messageCount: 10 });
    expect(reflection.topics[0]).toBe('exam');
    expect(reflection.ownerMood).toMatch(/low/);
    expect(reflection.text).toMatch(/exam/);
    expect(reflection.text).toMatch(/10 messages/);

    await closeStores(setup.stores);
    const again = await startChatApp({ dataDir: setup.dataDir, clock: setup.clock });
    const browser = again.browser();
    owner.cloneCookiesInto(browser);
    const after = await getJson<{ reflection: Reflection }>(browser, '/api/mirror/last-reflection');
    expect(after.reflection).toEqual(reflection);
    expect(again.stores.mood.data.accounts.owner!.reflections).toHaveLength(1);
  });

  it('the background check writes it without anyone asking', async () => {
    const { setup, owner } = await ownerChat({ companion: fakeCompanion() });
    await say(owner, 'a lovely walk in the park with my dog today');
    setup.clock.advance(10 * 60 * MINUTE);
    await setup.app.services.mood.rollover();
    expect(setup.stores.mood.data.accounts.owner!.reflections.map((r) => r.day)).toEqual([
      '2026-01-15',
    ]);
  });

  it('the timer writes it while Kiri sleeps, holds it in a deep pause, and catches up after', async () => {
    const { setup, owner } = await ownerChat({ companion: fakeCompanion() });
    await say(owner, 'a lovely walk in the park with my dog today');
    const reflectedDays = () =>
      (setup.stores.mood.data.accounts.owner?.reflections ?? []).map((r) => r.day);
    const { mood, power } = setup.app.services;
    await owner.post('/api/sleep-mode/deep-pause');
    expect(power.state).toBe('deep-pause');
    setup.clock.advance(10 * 60 * MINUTE);
    await mood.timedRollover();
    expect(reflectedDays()).toEqual([]);
    await owner.post('/api/sleep-mode/disable');
    await owner.post('/api/sleep-mode/enable');
    expect(power.state).toBe('sleeping');
    await mood.timedRollover();
    expect(reflectedDays()).toEqual(['2026-01-15']);
  });
});
