// /api/analytics (issue 20): the Analytics page's summary and the Monitoring page's last 24 hours, from a
// conversation seeded through the real chat API on a fake clock: counts by the owner's day and hour,
// reply latency, provider use (the log's, a kept record's, unknown, the device), device replies by their
// arrival, pushes by their outcome; who may read it, bad input, and the push log across a restart.
import { afterEach, describe, expect, it } from 'vitest';
import { uuidv7 } from '../../src/domain/uuidv7';
import type { DeviceReplyPart } from '../../src/engine/companion/types';
import type { AnalyticsSummary, MonitoringHour } from '../../server/analytics/analytics-rules';
import type { Companion } from '../../server/companion';
import type { PushMessage, PushOutcome, PushSender } from '../../server/push/push-sender';
import { closeStores, openStores } from '../../server/store/stores';
import {
  cleanUpChatApps,
  fakeCompanion,
  keyHeader,
  ownerChat,
  startChatApp,
} from './support/chat-harness';
import {
  ANDROID_UA,
  expectError,
  FakeClock,
  type TestApp,
  type TestBrowser,
} from './support/harness';

afterEach(cleanUpChatApps);

const SECOND = 1_000;
const MINUTE = 60_000;

/** The fake engine, taking `thinkMs` of the fake clock to answer (the reply's latency). */
function slowCompanion(clock: FakeClock, thinkMs: () => number): Companion {
  const base = fakeCompanion();
  return {
    ...base,
    async reply(input) {
      clock.advance(thinkMs());
      return base.reply(input);
    },
  };
}

/** A push sender whose every fan-out reaches two devices: one takes it, one fails. */
function halfFailingPush(): PushSender & { calls: number } {
  const sender = {
    calls: 0,
    sendToUser(_userId: string, _message: PushMessage): Promise<PushOutcome> {
      sender.calls += 1;
      return Promise.resolve({ sent: 1, failed: 1, removed: 0 });
    },
  };
  return sender;
}

type Summary = Omit<AnalyticsSummary, 'log'> & {
  success: true;
  generatedAt: string;
  log: { entries: number; cap: number; oldestAt: string | null };
};
interface Monitoring {
  success: true;
  timeZone: string;
  start: string;
  hours: (Omit<MonitoringHour, 'start'> & { start: string })[];
  totals: Omit<MonitoringHour, 'start' | 'hour'>;
}

async function summaryOf(browser: TestBrowser, query = ''): Promise<Summary> {
  const response = await browser.request(`/api/analytics/summary${query}`);
  expect(response.status).toBe(200);
  return (await response.json()) as Summary;
}

async function monitoringOf(browser: TestBrowser): Promise<Monitoring> {
  const response = await browser.request('/api/analytics/monitoring');
  expect(response.status).toBe(200);
  return (await response.json()) as Monitoring;
}

async function say(browser: TestBrowser, message: string, clientTimestamp?: number) {
  const key = uuidv7(clientTimestamp ?? Date.now());
  const response = await browser.post(
    '/api/chat',
    { message, history: [], ...(clientTimestamp === undefined ? {} : { clientTimestamp }) },
    keyHeader(key),
  );
  expect(response.status).toBe(200);
  return key;
}

/** The device's outbox sending a message it answered offline (issue 12). */
async function sayOffline(browser: TestBrowser, message: string, sentAt: number) {
  const key = uuidv7(sentAt);
  const parts: DeviceReplyPart[] = [
    { id: uuidv7(sentAt + 2 * SECOND), message: 'here ~', timestamp: sentAt + 2 * SECOND },
  ];
  const response = await browser.post(
    '/api/chat',
    { message, history: [], clientTimestamp: sentAt, deviceReply: { kiriMessages: parts } },
    keyHeader(key),
  );
  expect(response.status).toBe(200);
  return key;
}

/** 2026-01-15 08:00 UTC is 16:00 in Asia/Shanghai (the default TIME_ZONE). */
async function seeded(thinks: number[] = [1_500, 4_000]) {
  const clock = new FakeClock();
  let turn = 0;
  const companion = slowCompanion(clock, () => thinks[turn++ % thinks.length]!);
  const push = halfFailingPush();
  const { setup, owner } = await ownerChat({ clock, companion, push });
  return { setup, owner, clock, push };
}

describe('GET /api/analytics/summary', () => {
  it('counts today’s messages by the owner’s day and hour, with the latency of each reply', async () => {
    const { owner, clock } = await seeded();
    await say(owner, 'good afternoon');
    clock.advance(10 * MINUTE);
    await say(owner, 'are you there?');
    // Typed at 23:30 UTC yesterday: 07:30 today in Shanghai, answered only now (held in the outbox).
    const lateAt = Date.UTC(2026, 0, 14, 23, 30);
    await say(owner, 'sent from the tunnel', lateAt);
    // Typed at 15:30 UTC yesterday: 23:30 yesterday in Shanghai.
    const yesterdayAt = Date.UTC(2026, 0, 14, 15, 30);
    await say(owner, 'late last night', yesterdayAt);

    const summary = await summaryOf(owner);
    expect(summary).toMatchObject({
      success: true,
      timeZone: 'Asia/Shanghai',
      days: 30,
      from: '2025-12-17',
      to: '2026-01-15',
    });
    expect(summary.messages.days).toHaveLength(30);
    // Kiri's messages count on their own day: the registration's welcome and four replies of two parts,
    // the one to last night's message among them (it was answered today).
    expect(summary.messages.days.at(-1)).toEqual({ day: '2026-01-15', owner: 3, kiri: 1 + 4 * 2 });
    expect(summary.messages.days.at(-2)).toEqual({ day: '2026-01-14', owner: 1, kiri: 0 });
    expect(summary.messages.hours[16]).toMatchObject({ owner: 2 });
    expect(summary.messages.hours[7]).toMatchObject({ owner: 1 });
    expect(summary.messages.hours[23]).toMatchObject({ owner: 1, kiri: 0 });

    // 08:00 'good afternoon' (1.5 s), 08:10:01.5 'are you there?' (4 s), then the tunnel's (1.5 s).
    const lateWait = Date.UTC(2026, 0, 15, 8, 10, 7) - lateAt;
    const day15 = summary.latency.days.at(-1)!;
    expect(day15).toEqual({ day: '2026-01-15', replies: 3, p50Ms: 4_000, p90Ms: lateWait });
    expect(summary.latency.days.at(-2)!.replies).toBe(1);
    expect(summary.latency.replies).toBe(4);
    expect(summary.latency.deviceReplies).toBe(0);
    expect(summary.providers).toEqual([{ provider: 'fake', replies: 4 }]);
    // Welcome, four messages, eight parts; the oldest is last night's.
    expect(summary.log).toEqual({
      entries: 13,
      cap: 1000,
      oldestAt: new Date(yesterdayAt).toISOString(),
    });
  });

  it('names the provider from the log, from a kept record, else unknown; device replies as device, untimed', async () => {
    const { setup, owner, clock } = await seeded();
    const named = await say(owner, 'one');
    const recorded = await say(owner, 'two');
    const forgotten = await say(owner, 'three');
    await sayOffline(owner, 'offline now', clock.now - 5 * MINUTE);
    // 'one' lost its record (past its 30 days): the log says who wrote it. Replies from before the log
    // named its provider: only the chat's record says who wrote 'two'; 'three' lost its record too.
    await setup.stores.conversations.update((data) => {
      const account = data.accounts.owner!;
      delete account.idempotency[named];
      for (const entry of account.log) {
        if (entry.answersId === recorded || entry.answersId === forgotten) delete entry.provider;
      }
      account.idempotency[recorded]!.answer = {
        ...account.idempotency[recorded]!.answer,
        provider: 'gemini',
      } as never;
      delete account.idempotency[forgotten];
    });

    const summary = await summaryOf(owner);
    expect(summary.providers).toEqual([
      { provider: 'device', replies: 1 },
      { provider: 'fake', replies: 1 },
      { provider: 'gemini', replies: 1 },
      { provider: 'unknown', replies: 1 },
    ]);
    expect(summary.latency).toMatchObject({ replies: 3, deviceReplies: 1 });
  });

  it('reads only the viewer’s own conversation', async () => {
    const { setup, owner } = await seeded();
    await say(owner, 'mine');
    const guest = setup.browser({ userAgent: ANDROID_UA, address: '203.0.113.30' });
    await guest.loginOk();
    await guest.register('Grace');
    await say(guest, 'hers');
    await say(guest, 'hers again');

    expect((await summaryOf(owner)).messages.owner).toBe(1);
    expect((await summaryOf(guest)).messages.owner).toBe(2);
    expect((await summaryOf(guest)).providers).toEqual([{ provider: 'fake', replies: 2 }]);
  });

  it('?days= sets the range; an empty conversation is all zeros', async () => {
    const { owner } = await seeded();
    const summary = await summaryOf(owner, '?days=7');
    expect(summary.messages.days.map((day) => day.day)).toEqual([
      '2026-01-09',
      '2026-01-10',
      '2026-01-11',
      '2026-01-12',
      '2026-01-13',
      '2026-01-14',
      '2026-01-15',
    ]);
    expect(summary.messages.owner).toBe(0);
    expect(summary.latency).toMatchObject({ replies: 0, p50Ms: null, p90Ms: null });
    expect(summary.providers).toEqual([]);
  });

  it.each(['0', '91', 'abc', '30.5', '1e1', '-3', ''])(
    '?days=%s is a 400 that says what days must be',
    async (days) => {
      const { owner } = await seeded();
      await expectError(
        await owner.request(`/api/analytics/summary?days=${days}`),
        400,
        'days: must be a whole number from 1 to 90',
      );
    },
  );
});

describe('GET /api/analytics/monitoring', () => {
  it('the current hour’s messages in, replies out, latency, pushes and device replies that arrived', async () => {
    const { setup, owner, clock, push } = await seeded();
    clock.advance(20 * MINUTE); // 16:20 in Shanghai
    await say(owner, 'hello');
    await say(owner, 'still here');
    // Written on the device at 15:50, reaching the server now.
    await sayOffline(owner, 'from the train', clock.now - 40 * MINUTE);
    await setup.app.services.delivery.deliver({
      account: 'owner',
      messageId: uuidv7(clock.now),
      text: 'Thinking of you',
      at: clock.now,
      push: { tag: 'kiri-thought', urgency: 'normal', ttlSeconds: 3600 },
    });
    expect(push.calls).toBe(1);

    const monitoring = await monitoringOf(owner);
    expect(monitoring.hours).toHaveLength(24);
    expect(monitoring.start).toBe(new Date(Date.UTC(2026, 0, 14, 9, 0)).toISOString());
    const now = monitoring.hours.at(-1)!;
    expect(now).toMatchObject({
      start: new Date(Date.UTC(2026, 0, 15, 8, 0)).toISOString(),
      hour: 16,
      messagesIn: 2,
      repliesOut: 2,
      latencyReplies: 2,
      p50Ms: 1_500,
      p95Ms: 4_000,
      pushSent: 1,
      pushFailed: 1,
      pushExpired: 0,
      deviceReplies: 1,
    });
    // The offline message was typed at 15:50: it counts in that hour, and its reply is not timed.
    expect(monitoring.hours.at(-2)).toMatchObject({ hour: 15, messagesIn: 1, latencyReplies: 0 });
    expect(monitoring.totals).toMatchObject({
      messagesIn: 3,
      repliesOut: 2,
      pushSent: 1,
      pushFailed: 1,
      deviceReplies: 1,
    });
  });

  it('another account sees none of the owner’s pushes or messages', async () => {
    const { setup, owner, clock } = await seeded();
    await say(owner, 'hello');
    await setup.app.services.delivery.deliver({
      account: 'owner',
      messageId: uuidv7(clock.now),
      text: 'Good morning',
      at: clock.now,
      push: { tag: 'kiri-morning', urgency: 'normal', ttlSeconds: 3600 },
    });
    const guest = setup.browser({ userAgent: ANDROID_UA, address: '203.0.113.31' });
    await guest.loginOk();
    await guest.register('Grace');
    const theirs = await monitoringOf(guest);
    expect(theirs.totals).toMatchObject({ messagesIn: 0, pushSent: 0, pushFailed: 0 });
    expect((await monitoringOf(owner)).totals).toMatchObject({ messagesIn: 1, pushSent: 1 });
  });

  it('the push log survives a restart on the same DATA_DIR', async () => {
    const { setup, owner, clock } = await seeded();
    await setup.app.services.delivery.deliver({
      account: 'owner',
      messageId: uuidv7(clock.now),
      text: 'Good evening',
      at: clock.now,
      push: { tag: 'kiri-evening', urgency: 'normal', ttlSeconds: 3600 },
    });
    expect((await monitoringOf(owner)).totals.pushSent).toBe(1);
    await closeStores(setup.stores);
    const stores = await openStores(setup.dataDir);
    try {
      expect(stores.pushLog.data.entries).toMatchObject([
        { userId: expect.any(String), tag: 'kiri-evening', sent: 1, failed: 1, removed: 0 },
      ]);
    } finally {
      await closeStores(stores);
    }
    expect(owner).toBeTruthy();
  });
});

describe('who may read it', () => {
  let setup: TestApp;

  it('401 without a session; 403 for an account without chat; 200 for one with only chat', async () => {
    setup = await startChatApp({ companion: fakeCompanion() });
    const owner = setup.browser();
    await owner.loginOk();
    await owner.register('Mei');
    const stranger = setup.browser({ address: '203.0.113.40' });
    await expectError(await stranger.request('/api/analytics/summary'), 401, 'Not logged in');
    await expectError(await stranger.request('/api/analytics/monitoring'), 401, 'Not logged in');

    const guest = setup.browser({ userAgent: ANDROID_UA, address: '203.0.113.41' });
    const guestId = (await guest.loginOk()).user.id;
    await guest.register('Grace');
    const grant = (permissions: string[]) =>
      setup.stores.auth.update((data) => {
        data.users.find((user) => user.id === guestId)!.permissions = permissions as never;
      });
    await grant(['memory_threading', 'consciousness']);
    const refusal = 'You do not have access to this feature';
    await expectError(await guest.request('/api/analytics/summary'), 403, refusal);
    await expectError(await guest.request('/api/analytics/monitoring'), 403, refusal);
    await grant(['chat']);
    expect((await guest.request('/api/analytics/summary')).status).toBe(200);
    expect((await guest.request('/api/analytics/monitoring')).status).toBe(200);
  });
});
