// The scheduler (docs/schedule.md): on each tick, in TIME_ZONE, the morning greeting and the evening
// check-in, the nudge after a silence, the day's spontaneous thoughts, and due reminders; each a Kiri
// message in the log and a push. The power state decides what may go out. Time comes from the
// injected clock; the timer is unref'd and stopped on close.
import { OWNER_ACCOUNT } from '../chat/account';
import { composeScheduled, type ScheduledKind } from '../../src/engine/companion/scheduled';
import type { Logger } from '../log';
import type { PowerState } from '../power/power-rules';
import type { PushUrgency } from '../push/push-sender';
import type { ReminderService } from '../reminders/reminder-service';
import { sessionIdAt } from '../../src/domain/day-session';
import { uuidv7 } from '../../src/domain/uuidv7';
import type { KiriDelivery } from './kiri-delivery';
import {
  EVENING_PATTERN,
  isQuietHour,
  isWithinGrace,
  jobRunsIn,
  MISSED_FIRING_GRACE_MS,
  MORNING_PATTERN,
  nextFiringAfter,
  nudgeDueAt,
  thoughtTimes,
} from './schedule-rules';
import { TASK_IDS_KEPT, type ScheduleStore } from './schedule-store';

/** Reminders fire within this of their time; the daily jobs within this of theirs. */
export const TICK_INTERVAL_MS = 15_000;
const HOUR_S = 60 * 60;

interface PushStyle {
  tag: string;
  topic?: string;
  urgency: PushUrgency;
  ttlSeconds: number;
}

/** A newer message of the same kind replaces an undelivered older one (Topic) and a shown one (tag). */
const PUSH_STYLE: Record<'morning' | 'evening' | 'nudge' | 'thought', PushStyle> = {
  morning: {
    tag: 'kiri-morning',
    topic: 'kiri-morning',
    urgency: 'normal',
    ttlSeconds: 3 * HOUR_S,
  },
  evening: {
    tag: 'kiri-evening',
    topic: 'kiri-evening',
    urgency: 'normal',
    ttlSeconds: 3 * HOUR_S,
  },
  nudge: { tag: 'kiri-nudge', topic: 'kiri-nudge', urgency: 'low', ttlSeconds: 2 * HOUR_S },
  thought: {
    tag: 'kiri-thought',
    topic: 'kiri-thought',
    urgency: 'very-low',
    ttlSeconds: 2 * HOUR_S,
  },
};

export interface SchedulerOptions {
  store: ScheduleStore;
  delivery: KiriDelivery;
  reminders: ReminderService;
  clock: () => number;
  timeZone: string;
  powerState: () => PowerState;
  /** Spontaneous thoughts a day (0: off, the default; at most 3). */
  thoughtsPerDay: number;
  /** When the owner last changed the power state: waking Kiri is not silence. */
  lastPowerChangeAt?: () => number | null;
  /** The name Kiri calls the owner by. */
  ownerName?: () => string | null;
  log?: Logger;
}

export interface TaskNotice {
  /** The caller's id for the task: a second call with it is the same notice. */
  taskId: string;
  summary: string;
  account?: string;
}

export class Scheduler {
  private timer: ReturnType<typeof setTimeout> | null = null;
  private running: Promise<void> | null = null;
  private stopped = false;

  constructor(private readonly options: SchedulerOptions) {}

  /** Ticks now and then every TICK_INTERVAL_MS, without keeping the process alive. */
  start(): void {
    this.stopped = false;
    const loop = () => {
      void this.tick().finally(() => {
        if (this.stopped) return;
        this.timer = setTimeout(loop, TICK_INTERVAL_MS);
        this.timer.unref();
      });
    };
    loop();
  }

  /** Stops the timer and waits for a tick under way. */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.running;
  }

  /** One pass over every job at the clock's time; ticks never overlap (a second call joins the first). */
  tick(): Promise<void> {
    if (!this.running) {
      this.running = this.runTick().finally(() => (this.running = null));
    }
    return this.running;
  }

  /**
   * A tick as soon as Kiri wakes, so that what waited for her (reminders) goes out now rather than at
   * the next timer tick. A tick already under way (it may have seen her asleep) is let finish first.
   */
  async tickAfterWake(): Promise<void> {
    // Stopped for a shutdown: the stores may be closing.
    if (this.stopped) return;
    await this.running;
    await this.tick();
  }

  private async runTick(): Promise<void> {
    const now = this.options.clock();
    const steps: [string, () => Promise<unknown>][] = [
      ['morning', () => this.daily('morning', MORNING_PATTERN, now)],
      ['evening', () => this.daily('evening', EVENING_PATTERN, now)],
      ['nudge', () => this.nudge(now)],
      ['thoughts', () => this.thoughts(now)],
      ['reminders', () => this.options.reminders.tick(now)],
    ];
    for (const [name, step] of steps) {
      try {
        await step();
      } catch (error) {
        // One job's failure (a full disk) must not stop the others; the next tick tries again.
        this.options.log?.error(`Scheduler: ${name} failed`, error);
      }
    }
  }

  /** No owner has logged in yet (a fresh DATA_DIR): nobody to greet. */
  private hasOwner(): boolean {
    return this.options.delivery.usersOf(OWNER_ACCOUNT).length > 0;
  }

  private compose(kind: ScheduledKind, now: number, extra: { taskSummary?: string } = {}) {
    const { delivery, timeZone } = this.options;
    const last = delivery.lastOwnerMessage(OWNER_ACCOUNT);
    return composeScheduled({
      kind,
      now,
      timeZone,
      userName: this.options.ownerName?.() ?? null,
      lastOwnerMessage: last ? { text: last.message, at: last.timestamp } : null,
      recentReplies: delivery.recentReplies(OWNER_ACCOUNT),
      ...extra,
    });
  }

  private async send(kind: keyof typeof PUSH_STYLE, messageId: string, now: number): Promise<void> {
    await this.options.delivery.deliver({
      account: OWNER_ACCOUNT,
      messageId,
      text: this.compose(kind, now),
      at: now,
      push: PUSH_STYLE[kind],
    });
  }

  /**
   * A daily job: each due time is handled once. On time, or late within the grace window, it is sent
   * (if the power state lets it); later than that, or in deep pause, it is let go. The firing's message
   * id is kept before the message is written, and a firing cut short by a restart is finished first.
   */
  private async daily(kind: 'morning' | 'evening', pattern: string, now: number): Promise<void> {
    const { store, timeZone, powerState } = this.options;
    const job = () => store.data[kind];
    const pending = job().pending;
    if (pending) {
      await this.send(kind, pending.messageId, now);
      await store.update((data) => {
        data[kind].lastFiredAt = pending.slot;
        data[kind].pending = null;
      });
    }
    if (job().nextDueAt === null) {
      const first = nextFiringAfter(pattern, now, timeZone);
      await store.update((data) => void (data[kind].nextDueAt = first));
      return;
    }
    const due = job().nextDueAt!;
    if (now < due) return;
    const next = nextFiringAfter(pattern, now, timeZone);
    if (isWithinGrace(due, now) && jobRunsIn(kind, powerState()) && this.hasOwner()) {
      const messageId = uuidv7(now);
      await store.update((data) => {
        data[kind].pending = { slot: due, messageId };
        data[kind].nextDueAt = next;
      });
      await this.send(kind, messageId, now);
      await store.update((data) => {
        data[kind].lastFiredAt = due;
        data[kind].pending = null;
      });
    } else {
      await store.update((data) => {
        data[kind].lastSkippedAt = due;
        data[kind].nextDueAt = next;
      });
    }
  }

  /**
   * After 4 hours or more of the owner's silence, one message, never between 01:00 and 07:00 and only
   * while awake. A silence is named by the owner's last message: once it is answered, the next nudge
   * waits for the owner to write again. Changing the power state (waking Kiri) is the owner's doing
   * too: the silence counts from the later of the two.
   */
  private async nudge(now: number): Promise<void> {
    const { store, delivery, timeZone, powerState } = this.options;
    const pending = store.data.nudge.pending;
    if (pending) {
      await this.send('nudge', pending.messageId, now);
      await store.update((data) => {
        data.nudge.lastFiredAt = pending.slot;
        data.nudge.pending = null;
      });
    }
    if (!jobRunsIn('nudge', powerState()) || !this.hasOwner()) return;
    const last = delivery.lastOwnerMessage(OWNER_ACCOUNT);
    if (!last || last.id === store.data.nudge.silenceAnswered) return;
    const silenceSince = Math.max(last.timestamp, this.options.lastPowerChangeAt?.() ?? 0);
    if (now < nudgeDueAt(silenceSince, timeZone) || isQuietHour(now, timeZone)) return;
    const messageId = uuidv7(now);
    await store.update((data) => {
      data.nudge.silenceAnswered = last.id;
      data.nudge.pending = { slot: now, messageId, silence: last.id };
    });
    await this.send('nudge', messageId, now);
    await store.update((data) => {
      data.nudge.lastFiredAt = now;
      data.nudge.pending = null;
    });
  }

  /** The day's planned thoughts: each sent at its time (or within the grace), only while awake. */
  private async thoughts(now: number): Promise<void> {
    const { store, timeZone, powerState, thoughtsPerDay } = this.options;
    const pending = store.data.thoughts.pending;
    if (pending) {
      await this.send('thought', pending.messageId, now);
      await store.update((data) => void (data.thoughts.pending = null));
    }
    if (thoughtsPerDay <= 0) return;
    const day = sessionIdAt(now, timeZone);
    if (store.data.thoughts.day !== day) {
      await store.update((data) => {
        data.thoughts.day = day;
        data.thoughts.handled = [];
      });
    }
    for (const at of thoughtTimes(day, thoughtsPerDay, timeZone)) {
      if (at > now || store.data.thoughts.handled.includes(at)) continue;
      const send =
        now - at <= MISSED_FIRING_GRACE_MS &&
        jobRunsIn('thought', powerState()) &&
        this.hasOwner() &&
        !isQuietHour(now, timeZone);
      const messageId = uuidv7(now);
      await store.update((data) => {
        data.thoughts.handled.push(at);
        if (send) data.thoughts.pending = { slot: at, messageId };
      });
      if (!send) continue;
      await this.send('thought', messageId, now);
      await store.update((data) => void (data.thoughts.pending = null));
    }
  }

  /**
   * For later features: tells the owner a task is done, as a Kiri message and a push. Called again with
   * the same task id it writes nothing new (the push may repeat, under the same tag). While Kiri sleeps
   * or is in deep pause the message is written, for the chat, and nothing is pushed.
   */
  async notifyTaskComplete(notice: TaskNotice): Promise<string> {
    const { store, delivery, clock } = this.options;
    const now = clock();
    const account = notice.account ?? OWNER_ACCOUNT;
    let messageId = store.data.tasks[notice.taskId];
    if (!messageId) {
      const id = uuidv7(now);
      messageId = id;
      await store.update((data) => {
        data.tasks[notice.taskId] = id;
        const ids = Object.keys(data.tasks);
        for (const old of ids.slice(0, Math.max(0, ids.length - TASK_IDS_KEPT))) {
          delete data.tasks[old];
        }
      });
    }
    const text = this.compose('task', now, { taskSummary: notice.summary });
    const push = {
      tag: `task-${notice.taskId}`.slice(0, 64),
      urgency: 'normal' as const,
      ttlSeconds: 12 * HOUR_S,
    };
    if (!jobRunsIn('task', this.options.powerState())) {
      // Sleeping and deep pause push nothing; the chat still shows what was done.
      await delivery.deliver({ account, messageId, text, at: now, push, silent: true });
    } else {
      await delivery.deliver({ account, messageId, text, at: now, push });
    }
    return messageId;
  }
}
