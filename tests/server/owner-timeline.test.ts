// The owner timeline (server/mood/owner-timeline.ts) is the mood's reading of the log kept up to date as
// messages arrive (issue 21): after every change it must equal the recompute from the whole log, what
// the mood read before (every owner message, sorted by time); and the mood it gives must be the same
// after a restart, when it is built again from conversations.json.
import { afterEach, describe, expect, it } from 'vitest';
import { appendEntries, applyConversationOp } from '../../server/chat/conversation-log';
import {
  FOCUS_MAX_MESSAGES,
  FOCUS_WINDOW_MS,
  focusTerms,
  type TimedText,
} from '../../server/mood/focus-terms';
import {
  FEELING_MAX_MESSAGES,
  FEELING_WINDOW_MS,
  feelingOf,
  lastUrgentAt,
} from '../../server/mood/mood-rules';
import type { MoodState } from '../../server/mood/mood-service';
import { ownerTimelineOf } from '../../server/mood/owner-timeline';
import {
  defaultConversationsFile,
  type ConversationAccount,
  type ConversationEntry,
} from '../../server/store/conversation-store';
import { closeStores } from '../../server/store/stores';
import { cleanUpChatApps, fakeCompanion, ownerChat, startChatApp } from './support/chat-harness';

afterEach(cleanUpChatApps);

const HOUR = 60 * 60_000;

/** What the mood read before issue 21: every owner message of the log, stably sorted by time. */
function recompute(log: readonly ConversationEntry[]): TimedText[] {
  return log
    .filter((entry) => entry.sender === 'user')
    .map((entry) => ({ text: entry.message, at: entry.timestamp }))
    .sort((a, b) => a.at - b.at);
}

/** A small deterministic generator (no Math.random: a failure can be replayed). */
function generator(seed: number) {
  let state = seed >>> 0 || 1;
  return (n: number) => {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return (state >>> 0) % n;
  };
}

const TEXTS = [
  'I had a lovely walk with my dog',
  'please help me, someone is following me',
  'work is so stressful, the deadline is tomorrow',
  'I feel sad and lonely tonight',
  'there was an accident on the road',
  'we cooked dinner together',
];

let counter = 0;
function entry(sender: 'user' | 'kiri', message: string, timestamp: number): ConversationEntry {
  counter += 1;
  return {
    id: `e${counter}`,
    message,
    sender,
    timestamp,
    replyToId: null,
    emotionalState: null,
    sessionId: '2026-11-29',
    answersId: null,
  };
}

function expectSameReading(log: readonly ConversationEntry[], now: number): void {
  const timeline = ownerTimelineOf(log);
  const all = recompute(log);
  expect(timeline.all().map(({ text, at }) => ({ text, at }))).toEqual(all);
  expect(timeline.lastAt()).toBe(all.at(-1)?.at ?? null);
  expect(timeline.lastUrgentAt(now, 2 * HOUR)).toBe(lastUrgentAt(all, now));
  const windowed = timeline.recent(now, FOCUS_WINDOW_MS, FOCUS_MAX_MESSAGES);
  expect(focusTerms(windowed, now)).toEqual(focusTerms(all, now));
  expect(feelingOf(windowed, now)).toEqual(feelingOf(all, now));
}

describe('the owner timeline equals the recompute from the whole log', () => {
  it('the focus window holds the feeling window, so one slice serves both', () => {
    expect(FOCUS_WINDOW_MS).toBeGreaterThanOrEqual(FEELING_WINDOW_MS);
    expect(FOCUS_MAX_MESSAGES).toBeGreaterThanOrEqual(FEELING_MAX_MESSAGES);
  });

  it('after every append, cap drop, unsend and out-of-order message (600 random changes)', () => {
    const random = generator(21);
    const account: ConversationAccount = { log: [], idempotency: {} };
    const start = Date.UTC(2026, 10, 29, 12);
    let now = start;
    const timeline = ownerTimelineOf(account.log);
    for (let step = 0; step < 600; step += 1) {
      now += random(4) * 7 * 60_000;
      const choice = random(10);
      if (choice < 7) {
        // A message and its answer; sometimes written offline hours ago, sometimes at the same ms.
        const at = random(4) === 0 ? now - random(8) * HOUR : now - random(2);
        appendEntries(
          account,
          [
            entry('user', TEXTS[random(TEXTS.length)]!, at),
            entry('kiri', 'that sounds like a lot ~', now),
          ],
          40,
        );
      } else if (choice < 9) {
        appendEntries(account, [entry('kiri', 'thinking of you', now)], 40);
      } else if (account.log.length > 0) {
        // Unsend: an entry leaves from anywhere in the log.
        account.log.splice(random(account.log.length), 1);
      }
      expectSameReading(account.log, now);
      // Read again at later times too: the windows and the urgency move with the clock.
      expectSameReading(account.log, now + random(3) * HOUR);
    }
    // Kept up to date, not built again on each read: only the unsends rebuilt it.
    expect(timeline.rebuilds).toBeLessThan(80);
  });

  it('follows the log of conversations.json through its own reducer, cap included', () => {
    const data = defaultConversationsFile();
    const now = Date.UTC(2026, 10, 29, 12);
    for (let i = 0; i < 1100; i += 1) {
      applyConversationOp(data, {
        account: 'owner',
        append: [entry('user', TEXTS[i % TEXTS.length]!, now - (1100 - i) * 1000)],
      });
      if (i % 97 === 0) expectSameReading(data.accounts.owner!.log, now);
    }
    expect(data.accounts.owner!.log).toHaveLength(1000);
    expectSameReading(data.accounts.owner!.log, now);
    expect(ownerTimelineOf(data.accounts.owner!.log).rebuilds).toBe(0);
  });
});

describe('the mood after a restart', () => {
  it('is the same mood, read from the log conversations.json kept', async () => {
    const { setup, owner } = await ownerChat({ companion: fakeCompanion() });
    const messages = [
      'please help me, someone is following me',
      'I feel so sad and lonely tonight',
      'work is stressful, the deadline is tomorrow',
    ];
    for (const message of messages) {
      const response = await owner.post('/api/chat', { message, history: [] });
      expect(response.status).toBe(200);
      setup.clock.advance(5 * 60_000);
    }
    const read = async (browser = owner) =>
      (await (await browser.request('/api/kiri/state')).json()) as MoodState;
    const before = await read();
    expect(before.mode).toBe('urgent');
    expect(before.messagesRead).toBe(3);

    await closeStores(setup.stores);
    const again = await startChatApp({ dataDir: setup.dataDir, clock: setup.clock });
    const browser = again.browser();
    owner.cloneCookiesInto(browser);
    expect(await read(browser)).toEqual(before);
    // And the timeline of the reopened log is the recompute of it.
    const log = again.stores.conversations.data.accounts.owner!.log;
    expectSameReading(log, setup.clock.now);
  });
});
