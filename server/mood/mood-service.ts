// Kiri's inner state read from the real conversation (docs/mood.md): the mood and the thought map
// (spec 000 §3.6), what Kiri is doing (/api/kiri-state), her affection (/api/manja/state), the
// reflection written at each day rollover (/api/mirror/last-reflection). Mood and thought map are
// computed on each read, nothing random; what must last (affection, reflections, snapshots) is kept in
// mood.json. (The consciousness stream moved to server/consciousness in issue 15.)
import type { Companion, PersonalityDimensions } from '../companion';
import { hourIn } from '../../src/engine/companion/time';
import type { Logger } from '../log';
import type { PowerState } from '../power/power-rules';
import type { ConversationEntry, ConversationStore } from '../store/conversation-store';
import { sessionIdAt } from '../../src/domain/day-session';
import {
  categoryShare,
  FOCUS_MAX_MESSAGES,
  FOCUS_WINDOW_MS,
  focusTerms,
  recentTexts,
  type FocusTerm,
} from './focus-terms';
import {
  initialManja,
  manjaAfterMessage,
  manjaLabelOf,
  manjaLevelAt,
  FADE_GRACE_MS,
} from './manja-rules';
import {
  FEELING_MAX_MESSAGES,
  FEELING_WINDOW_MS,
  feelingOf,
  moodOf,
  URGENT_ALERT_MS,
  type Mood,
} from './mood-rules';
import { ownerTimelineOf, type OwnerTimeline } from './owner-timeline';
import {
  REFLECTIONS_CAP,
  SNAPSHOTS_CAP,
  type MoodAccount,
  type MoodStore,
  type Reflection,
  type ThoughtSnapshot,
} from './mood-store';
import { composeReflection } from './reflection';

/** Kiri counts as thinking this long after the owner's newest message (one poll of the orb, 10 s). */
export const THINKING_AFTER_MESSAGE_MS = 10_000;
/** The owner's message within this counts as a conversation going on ('Talking'). */
export const TALKING_WITHIN_MS = 5 * 60_000;
/** At most one thought-map snapshot an hour, and only after new messages. */
export const SNAPSHOT_INTERVAL_MS = 60 * 60_000;
/** How often the rollover is checked (spec 000 §9's day check). */
export const ROLLOVER_CHECK_MS = 60_000;
/** A rollover looks back this many days at most (a server off for a month writes a week). */
export const REFLECTION_LOOKBACK_DAYS = 7;

/**
 * Rule 'reflection runs in': the rollover timer runs awake and asleep, and is paused by a deep pause
 * only. The reflection is a local composition (no provider, no push): sleep saves nothing by skipping
 * it, and midnight usually falls while Kiri sleeps, so pausing it then would move every reflection to
 * the morning. A deep pause stops everything in the background; the first tick after it catches up.
 */
export function reflectionRunsIn(state: PowerState): boolean {
  return state !== 'deep-pause';
}

export type TimeOfDay = 'morning' | 'afternoon' | 'evening' | 'night';

/** Rule 'time of day': 05-11 morning, 12-16 afternoon, 17-21 evening, else night (in TIME_ZONE). */
export function timeOfDayOf(hour: number): TimeOfDay {
  if (hour >= 5 && hour < 12) return 'morning';
  if (hour >= 12 && hour < 17) return 'afternoon';
  if (hour >= 17 && hour < 22) return 'evening';
  return 'night';
}

/** GET /api/kiri/state: spec 000 §3.6's mood state and what it was read from. */
export interface MoodState extends Mood {
  isThinking: boolean;
  timeOfDay: TimeOfDay;
  sleepState: PowerState;
  /** The recency-weighted feeling of the owner's recent messages (-1 to 1) and how many were read. */
  ownerFeeling: number;
  messagesRead: number;
  updatedAt: string;
}

/** GET /api/kiri/thoughtmap: spec 000 §3.6's thought map. */
export interface ThoughtMap {
  isThinking: boolean;
  focus: FocusTerm[];
  contextSummary: string;
  mode: Mood['mode'];
  messagesRead: number;
  updatedAt: string;
}

export type Activity = 'deep-pause' | 'sleeping' | 'thinking' | 'talking' | 'idle';

/** GET /api/kiri-state: spec 000 §3.5 "State: currentActivity". */
export interface KiriState {
  currentActivity: string;
  activity: Activity;
  /** ISO: since when (the power change, the conversation's last message); null when unknown. */
  since: string | null;
  mode: Mood['mode'];
  updatedAt: string;
}

export interface ManjaAnswer {
  /** 0 to 1, two decimals. */
  level: number;
  percent: number;
  label: string;
  warmExchanges: number;
  lastExchangeAt: string | null;
  /** Silence is taking it down now. */
  fading: boolean;
  updatedAt: string;
}

export interface MoodServiceOptions {
  store: MoodStore;
  conversations: ConversationStore;
  clock: () => number;
  timeZone: string;
  powerState: () => PowerState;
  /** When the power state last changed (ms), for 'Sleeping since …'. */
  powerSince?: () => number | null;
  /** The name Kiri calls the owner of an account by, for the reflection. */
  userName?: (account: string) => string | null;
  /** The personality the reflection is written in; the baseline until the personality area lands. */
  personality?: (account: string) => PersonalityDimensions;
  log?: Logger;
}

const iso = (ms: number) => new Date(ms).toISOString();

function dayBefore(day: string, days = 1): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d - days)).toISOString().slice(0, 10);
}

export class MoodService {
  private inFlight = 0;
  private timer: ReturnType<typeof setInterval> | null = null;
  private rolling: Promise<void> | null = null;
  /**
   * Per account, the newest day whose rollover found nothing to write: kept in memory only (after a
   * restart the last week is looked at once more, and a day already reflected on is never written twice).
   */
  private readonly handledThrough = new Map<string, string>();

  /** HH:mm in TIME_ZONE, for 'Sleeping since …' and 'Idle since …'. */
  private readonly clockFormat: Intl.DateTimeFormat;

  constructor(private readonly options: MoodServiceOptions) {
    this.clockFormat = new Intl.DateTimeFormat('en-GB', {
      timeZone: options.timeZone,
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
  }

  /** The companion, counted while it makes a reply: Kiri is thinking. Health and the rest pass through. */
  track(companion: Companion): Companion {
    return {
      health: () => companion.health(),
      reply: async (input) => {
        this.inFlight += 1;
        try {
          return await companion.reply(input);
        } finally {
          this.inFlight -= 1;
        }
      },
    };
  }

  /**
   * Checks the day rollover every minute (unref'd), except in a deep pause (reflectionRunsIn); a missed
   * one is caught up on the next tick, on start and on read.
   */
  start(): void {
    if (this.timer) return;
    void this.timedRollover();
    this.timer = setInterval(() => void this.timedRollover(), ROLLOVER_CHECK_MS);
    this.timer.unref();
  }

  /** The timer's rollover: skipped while the power state pauses it (listed on the sleep-mode screen). */
  timedRollover(): Promise<void> {
    if (!reflectionRunsIn(this.options.powerState())) return Promise.resolve();
    return this.rollover();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.rolling;
  }

  private logOf(account: string): readonly ConversationEntry[] {
    return this.options.conversations.data.accounts[account]?.log ?? [];
  }

  /**
   * The owner's messages by time, kept up to date as the log grows instead of rebuilt from the whole log
   * on every read (issue 21: the mood is read on every chat; server/mood/owner-timeline.ts).
   */
  private timeline(account: string): OwnerTimeline {
    return ownerTimelineOf(this.logOf(account));
  }

  isThinking(account: string, now = this.options.clock()): boolean {
    if (this.inFlight > 0) return true;
    const last = this.timeline(account).lastAt();
    return last !== null && now >= last && now - last <= THINKING_AFTER_MESSAGE_MS;
  }

  /**
   * The mood and what it is read from. Only the messages the windows can read are handed to the rules
   * (the focus's window holds the feeling's: FOCUS_* ≥ FEELING_*), and the newest urgent message is
   * looked up among the urgent ones: the same answers as the rules over every owner message.
   */
  private read(account: string, now: number) {
    const timeline = this.timeline(account);
    const texts = timeline.recent(now, FOCUS_WINDOW_MS, FOCUS_MAX_MESSAGES);
    const focus = focusTerms(texts, now);
    const feeling = feelingOf(texts, now);
    const hour = hourIn(now, this.options.timeZone);
    const power = this.options.powerState();
    const mood = moodOf({
      now,
      hour,
      power,
      feeling,
      urgentAt: timeline.lastUrgentAt(now, URGENT_ALERT_MS),
      practicalShare: categoryShare(focus, 'practical'),
      lastOwnerMessageAt: timeline.lastAt(),
    });
    return { texts, focus, feeling, hour, power, mood };
  }

  /** GET /api/kiri/state. */
  moodState(account: string): MoodState {
    const now = this.options.clock();
    const { feeling, hour, power, mood } = this.read(account, now);
    return {
      ...mood,
      isThinking: this.isThinking(account, now),
      timeOfDay: timeOfDayOf(hour),
      sleepState: power,
      ownerFeeling: Math.round(feeling.valence * 100) / 100,
      messagesRead: feeling.messages,
      updatedAt: iso(now),
    };
  }

  /** GET /api/kiri/thoughtmap. */
  thoughtMap(account: string): ThoughtMap {
    const now = this.options.clock();
    const { texts, focus, feeling, mood, hour } = this.read(account, now);
    const recent = recentTexts(texts, now, FEELING_WINDOW_MS, FEELING_MAX_MESSAGES).length;
    return {
      isThinking: this.isThinking(account, now),
      focus,
      contextSummary: summaryOf({ focus, recent, mood, feelingCount: feeling.messages, hour }),
      mode: mood.mode,
      messagesRead: feeling.messages,
      updatedAt: iso(now),
    };
  }

  /** GET /api/kiri-state: what Kiri is doing, in words for the sidebar's System Status. */
  kiriState(account: string): KiriState {
    const now = this.options.clock();
    const { mood } = this.read(account, now);
    const power = this.options.powerState();
    const powerSince = this.options.powerSince?.() ?? null;
    const base = { mode: mood.mode, updatedAt: iso(now) };
    const time = (ms: number) => this.clockFormat.format(ms);
    if (power === 'deep-pause') {
      return {
        ...base,
        activity: 'deep-pause',
        currentActivity: 'In deep pause',
        since: powerSince ? iso(powerSince) : null,
      };
    }
    if (power === 'sleeping') {
      return {
        ...base,
        activity: 'sleeping',
        currentActivity: powerSince ? `Sleeping since ${time(powerSince)}` : 'Sleeping',
        since: powerSince ? iso(powerSince) : null,
      };
    }
    const last = this.logOf(account).reduce<number | null>(
      (newest, entry) => (newest === null || entry.timestamp > newest ? entry.timestamp : newest),
      null,
    );
    if (this.isThinking(account, now)) {
      return { ...base, activity: 'thinking', currentActivity: 'Thinking', since: null };
    }
    if (last !== null && now - last <= TALKING_WITHIN_MS) {
      return {
        ...base,
        activity: 'talking',
        currentActivity: `Talking · ${mood.mode}`,
        since: iso(last),
      };
    }
    return {
      ...base,
      activity: 'idle',
      currentActivity:
        last === null ? `Idle · ${mood.mode}` : `Idle since ${time(last)} · ${mood.mode}`,
      since: last === null ? null : iso(last),
    };
  }

  private accountData(
    data: { accounts: Record<string, MoodAccount> },
    account: string,
    now: number,
  ) {
    let entry = data.accounts[account];
    if (!entry) {
      entry = {
        manja: initialManja(now),
        readThrough: null,
        reflectedThrough: null,
        reflections: [],
        snapshots: [],
      };
      data.accounts[account] = entry;
    }
    return entry;
  }

  /** The owner's messages appended since the last read (in log order), for manja and snapshots. */
  private unread(account: string): ConversationEntry[] {
    const log = this.logOf(account);
    const through = this.options.store.data.accounts[account]?.readThrough ?? null;
    let start = 0;
    if (through) {
      const index = log.findIndex((entry) => entry.id === through.id);
      // Dropped by the cap or unsent: what came after it by time is what is new.
      start = index >= 0 ? index + 1 : log.findIndex((entry) => entry.timestamp > through.at);
      if (start === -1) start = log.length;
    }
    return log.slice(start).filter((entry) => entry.sender === 'user');
  }

  /**
   * Reads the owner's new messages into manja and, at most once an hour, keeps a snapshot of the
   * thought map. Writes only when there was something new. No await between reading what is new and
   * the store's update (which applies its change at once): two reads at the same time count a message
   * once.
   */
  async catchUp(account: string): Promise<void> {
    const fresh = this.unread(account);
    if (fresh.length === 0) return;
    const now = this.options.clock();
    const { focus, feeling, mood } = this.read(account, now);
    await this.options.store.update((data) => {
      const entry = this.accountData(data, account, now);
      let manja = entry.manja;
      for (const message of fresh)
        manja = manjaAfterMessage(manja, message.message, message.timestamp);
      entry.manja = manja;
      const last = fresh.at(-1)!;
      entry.readThrough = { id: last.id, at: last.timestamp };
      const lastSnapshot = entry.snapshots.at(-1);
      if (focus.length > 0 && (!lastSnapshot || now - lastSnapshot.at >= SNAPSHOT_INTERVAL_MS)) {
        const snapshot: ThoughtSnapshot = {
          at: now,
          mode: mood.mode,
          valence: Math.max(-1, Math.min(1, Math.round(feeling.valence * 100) / 100)),
          focus: focus.slice(0, 5),
        };
        entry.snapshots.push(snapshot);
        if (entry.snapshots.length > SNAPSHOTS_CAP) {
          entry.snapshots.splice(0, entry.snapshots.length - SNAPSHOTS_CAP);
        }
      }
    });
  }

  /** GET /api/manja/state. */
  async manja(account: string): Promise<ManjaAnswer> {
    await this.catchUp(account);
    const now = this.options.clock();
    const state = this.options.store.data.accounts[account]?.manja ?? initialManja(now);
    const level = Math.round(manjaLevelAt(state, now) * 100) / 100;
    const silenceStart = state.lastExchangeAt ?? state.at;
    return {
      level,
      percent: Math.round(level * 100),
      label: manjaLabelOf(level),
      warmExchanges: state.warmExchanges,
      lastExchangeAt: state.lastExchangeAt === null ? null : iso(state.lastExchangeAt),
      fading: state.lastExchangeAt !== null && now - silenceStart > FADE_GRACE_MS,
      updatedAt: iso(now),
    };
  }

  /**
   * The day rollover: for every account, each finished day (in TIME_ZONE) since the last one handled,
   * at most a week back, gets its reflection if the owner wrote that day. Kept in mood.json with the
   * day handled, so a restart neither loses nor repeats one. Rollovers never overlap.
   */
  rollover(): Promise<void> {
    if (!this.rolling) {
      this.rolling = this.runRollover()
        .catch((error: unknown) => this.options.log?.error('Mood: rollover failed', error))
        .finally(() => (this.rolling = null));
    }
    return this.rolling;
  }

  private async runRollover(): Promise<void> {
    const now = this.options.clock();
    const { timeZone } = this.options;
    const yesterday = dayBefore(sessionIdAt(now, timeZone));
    const oldest = dayBefore(yesterday, REFLECTION_LOOKBACK_DAYS - 1);
    for (const account of Object.keys(this.options.conversations.data.accounts)) {
      const stored = this.options.store.data.accounts[account]?.reflectedThrough ?? null;
      const seen = this.handledThrough.get(account) ?? null;
      const handled = stored !== null && (seen === null || stored > seen) ? stored : seen;
      if (handled !== null && handled >= yesterday) continue;
      const from = handled !== null && handled >= oldest ? handled : dayBefore(oldest);
      const byDay = new Map<string, ConversationEntry[]>();
      for (const entry of this.logOf(account)) {
        if (entry.sessionId > from && entry.sessionId <= yesterday) {
          const list = byDay.get(entry.sessionId) ?? [];
          list.push(entry);
          byDay.set(entry.sessionId, list);
        }
      }
      const written: Reflection[] = [];
      for (const day of [...byDay.keys()].sort()) {
        const reflection = composeReflection({
          day,
          messages: byDay.get(day)!,
          writtenAt: now,
          userName: this.options.userName?.(account) ?? null,
          personality: this.options.personality?.(account),
        });
        if (reflection) written.push(reflection);
      }
      this.handledThrough.set(account, yesterday);
      // Nothing to keep: no write (a rollover of days without the owner's words costs no disk).
      if (written.length === 0) continue;
      await this.options.store.update((data) => {
        const entry = this.accountData(data, account, now);
        const known = new Set(entry.reflections.map((r) => r.day));
        for (const reflection of written) {
          if (!known.has(reflection.day)) entry.reflections.push(reflection);
        }
        entry.reflections.sort((a, b) => (a.day < b.day ? -1 : a.day > b.day ? 1 : 0));
        if (entry.reflections.length > REFLECTIONS_CAP) {
          entry.reflections.splice(0, entry.reflections.length - REFLECTIONS_CAP);
        }
        entry.reflectedThrough = yesterday;
      });
      this.options.log?.info(`Mood: ${written.length} reflection(s) written for ${account}`);
    }
  }

  /** GET /api/mirror/last-reflection: the newest reflection (after catching up a missed rollover). */
  async lastReflection(account: string): Promise<Reflection | null> {
    await this.rollover();
    return this.options.store.data.accounts[account]?.reflections.at(-1) ?? null;
  }

  /** Read-only: the day's reflections kept for the account, oldest first (the core systems dashboard). */
  reflections(account: string): readonly Reflection[] {
    return this.options.store.data.accounts[account]?.reflections ?? [];
  }
}

/** Rule 'context summary': one line on what the conversation is about and how it feels. */
export function summaryOf(input: {
  focus: readonly FocusTerm[];
  recent: number;
  feelingCount: number;
  mood: Mood;
  hour: number;
}): string {
  if (input.feelingCount === 0) {
    const top = input.focus.slice(0, 3).map((f) => f.term);
    return top.length > 0
      ? `Quiet for a while. Earlier: ${top.join(', ')}.`
      : `No recent conversation; it is ${timeOfDayOf(input.hour)} and Kiri is ${input.mood.mode}.`;
  }
  const top = input.focus.slice(0, 3).map((f) => f.term);
  const about = top.length > 0 ? ` about ${top.join(', ')}` : '';
  const plural = input.recent === 1 ? 'message' : 'messages';
  return `${input.recent} recent ${plural}${about}. ${input.mood.reason}: Kiri is ${input.mood.mode}.`;
}
