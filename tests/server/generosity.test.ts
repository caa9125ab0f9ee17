// Issue 20 item 2, the generosity page's API (docs/generosity.md): the stage from the relationship's real
// age on the injected clock (day 0, day 10, day 70), the session statistics from the viewer's own
// conversation (a sad message's reply counts as support, a plain one's does not), 401 and 403.
import { afterEach, describe, expect, it } from 'vitest';
import { NOT_LOGGED_IN, PERMISSION_REQUIRED } from '../../server/auth/guards';
import type { GenerosityStats, GenerosityStatus } from '../../server/generosity/generosity-service';
import { cleanUpChatApps, ownerChat } from './support/chat-harness';
import { expectError, FakeClock, type TestBrowser } from './support/harness';

afterEach(cleanUpChatApps);

const DAY = 86_400_000;
const ENV = { TIME_ZONE: 'Asia/Shanghai' };

async function statusOf(browser: TestBrowser): Promise<GenerosityStatus> {
  const response = await browser.request('/api/generosity/status');
  expect(response.status).toBe(200);
  return (await response.json()) as GenerosityStatus;
}

async function statsOf(browser: TestBrowser): Promise<GenerosityStats> {
  const response = await browser.request('/api/generosity/stats');
  expect(response.status).toBe(200);
  return (await response.json()) as GenerosityStats;
}

async function say(browser: TestBrowser, message: string): Promise<void> {
  const response = await browser.post('/api/chat', { message, history: [] });
  expect(response.status).toBe(200);
}

describe('GET /api/generosity/status', () => {
  it('the stage follows the relationship real age: Day 1 at day 0, Week 1-4 at day 10, Month 2-6 at day 70', async () => {
    const clock = new FakeClock();
    const { owner } = await ownerChat({ clock, env: ENV });

    const first = await statusOf(owner);
    expect(first.current_stage).toMatchObject({ name: 'Day 1', dayNumber: 1, months: 0 });
    expect(first.current_stage.firstDay).toBe('2026-01-15');
    expect(first.current_stage.pastFinalStage).toBe(false);

    clock.advance(10 * DAY);
    expect((await statusOf(owner)).current_stage).toMatchObject({
      name: 'Week 1-4',
      dayNumber: 11,
    });

    clock.advance(60 * DAY);
    // 70 days on: the session's 30 days have run out; the device cookie logs the owner in again.
    await owner.loginOk();
    const later = await statusOf(owner);
    expect(later.current_stage).toMatchObject({ name: 'Month 2-6', dayNumber: 71, months: 2 });
    expect(later.current_stage.firstDay).toBe('2026-01-15');
  });

  it('answers the four principles, the five stages and the emotional intelligence, and says what is measured', async () => {
    const { owner } = await ownerChat({ env: { ...ENV, PERSONA_NAME: 'Nova' } });
    const status = await statusOf(owner);
    expect(Object.keys(status.principles)).toEqual([
      'see_users_first',
      'give_before_ask',
      'no_scorekeeping',
      'surprise_loyalty',
    ]);
    expect(status.stages_available.map((stage) => stage.name)).toEqual([
      'Day 1',
      'Week 1-4',
      'Month 2-6',
      'Month 6-9',
      'Month 9-12',
    ]);
    expect(status.emotional_intelligence.supportFeelings).toEqual(['sad', 'anxious']);
    expect(status.engine).toEqual({
      state: 'active',
      reason: 'Nova answers messages, and each is read for feeling.',
    });
    expect(status.principles.no_scorekeeping.description).toContain('nothing Nova says');
    expect(status.measured).toEqual(['engine', 'current_stage']);
  });

  it('in deep pause the engine is paused', async () => {
    const { setup, owner } = await ownerChat({ env: ENV });
    await setup.app.services.power.apply('deep-pause', null);
    expect((await statusOf(owner)).engine.state).toBe('paused');
  });
});

describe('GET /api/generosity/stats', () => {
  it("counts the owner's messages today, and a sad message's reply as support but not a plain one's", async () => {
    const { owner } = await ownerChat({ env: ENV });
    const before = await statsOf(owner);
    expect(before).toMatchObject({
      sessionId: '2026-01-15',
      interactionCount: 0,
      emotionalSupportProvided: 0,
    });

    await say(owner, 'What time is it?');
    const plain = await statsOf(owner);
    expect(plain.interactionCount).toBe(1);
    expect(plain.emotionalSupportProvided).toBe(0);

    await say(owner, "I'm so sad today, I can't stop crying");
    const sad = await statsOf(owner);
    expect(sad.interactionCount).toBe(2);
    expect(sad.emotionalSupportProvided).toBe(1);
    expect(sad.sessionStart).not.toBeNull();
    expect(sad.principles).toHaveLength(4);
  });

  it("counts only the viewer's own conversation", async () => {
    const { setup, owner } = await ownerChat({ env: ENV });
    await say(owner, "I'm so worried about tomorrow, I feel anxious");
    expect((await statsOf(owner)).emotionalSupportProvided).toBe(1);

    const guest = setup.browser({ address: '203.0.113.30' });
    await guest.loginOk();
    await guest.register('Grace');
    expect(await statsOf(guest)).toMatchObject({
      interactionCount: 0,
      emotionalSupportProvided: 0,
    });
  });

  it('a new day starts a new session', async () => {
    const clock = new FakeClock();
    const { owner } = await ownerChat({ clock, env: ENV });
    await say(owner, "I'm so sad today");
    clock.advance(DAY);
    expect(await statsOf(owner)).toMatchObject({
      sessionId: '2026-01-16',
      sessionStart: null,
      interactionCount: 0,
      emotionalSupportProvided: 0,
    });
  });
});

describe('who may ask', () => {
  it('401 without a session, 403 for an account without chat', async () => {
    const { setup } = await ownerChat({ env: ENV });
    for (const path of ['/api/generosity/stats', '/api/generosity/status']) {
      await expectError(await setup.browser().request(path), 401, NOT_LOGGED_IN);
    }
    const guest = setup.browser({ address: '203.0.113.31' });
    const id = (await guest.loginOk()).user.id;
    await setup.stores.auth.update((data) => {
      data.users.find((user) => user.id === id)!.permissions = ['screen_settings'];
    });
    for (const path of ['/api/generosity/stats', '/api/generosity/status']) {
      await expectError(await guest.request(path), 403, PERMISSION_REQUIRED);
    }
  });
});
