// Reminders (issue 10 point 4): created by id (the client's, so the outbox's replay is idempotent), listed,
// cancelled, and fired once at their time as a Kiri message and a push, even across a restart.
import { composeScheduled } from '../../src/engine/companion/scheduled';
import { HttpError } from '../http/errors';
import type { KiriDelivery } from '../schedule/kiri-delivery';
import { uuidv7 } from '../../src/domain/uuidv7';
import { ReminderHeap } from './reminder-heap';
import type { PendingQuestion, Reminder, ReminderStore } from './reminder-store';
import type { PowerState } from '../power/power-rules';
import { jobRunsIn } from '../schedule/schedule-rules';
import { lateReminderText } from './late-reminder';

export const REMINDER_NOT_FOUND = 'Reminder not found';
export const REMINDER_ID_TAKEN = 'A reminder with this id already exists with other details';
export const REMINDER_ALREADY_SENT = 'This reminder was already sent';
export const tooManyReminders = (cap: number) =>
  `Too many pending reminders: at most ${cap}. Cancel one first.`;
/** Per account: enough for any person, and a bound on what one account can make the server hold. */
export const MAX_PENDING_REMINDERS = 500;
/** How long a reminder's push is worth delivering late (a phone off for the evening still gets it). */
const REMINDER_PUSH_TTL_SECONDS = 12 * 60 * 60;
/** Prune finished reminders on a create at most this often per account. */
const PRUNE_INTERVAL_MS = 60 * 60_000;

export interface NewReminder {
  id: string;
  text: string;
  dueAt: number;
  messageId: string | null;
  source: 'api' | 'chat';
  createdBy: string | null;
  bodyHash: string | null;
}

/** What the API shows of a reminder. */
export interface ReminderView {
  id: string;
  text: string;
  dueAt: string;
  messageId: string | null;
  status: Reminder['status'];
  createdAt: string;
}

export function viewOf(reminder: Reminder): ReminderView {
  return {
    id: reminder.id,
    text: reminder.text,
    dueAt: new Date(reminder.dueAt).toISOString(),
    messageId: reminder.messageId,
    status: reminder.status,
    createdAt: new Date(reminder.createdAt).toISOString(),
  };
}

export interface ReminderServiceOptions {
  store: ReminderStore;
  delivery: KiriDelivery;
  clock: () => number;
  timeZone: string;
  /** The power state: sleep and deep pause hold reminders until Kiri wakes. */
  powerState?: () => PowerState;
  /** Whether Kiri slept or was in deep pause at a reminder's time or since: its message then says so. */
  heldBy?: (dueAt: number, now: number) => 'sleeping' | 'deep-pause' | null;
  maxPending?: number;
}

export class ReminderService {
  private readonly heap = new ReminderHeap();
  private readonly pendingCount = new Map<string, number>();
  private readonly prunedAt = new Map<string, number>();
  /** Creates under way by account and id: a second one with the same id waits and then finds the first. */
  private readonly creating = new Map<string, Promise<unknown>>();
  private readonly maxPending: number;

  constructor(private readonly options: ReminderServiceOptions) {
    this.maxPending = options.maxPending ?? MAX_PENDING_REMINDERS;
    for (const [account, reminders] of Object.entries(options.store.data.accounts)) {
      for (const reminder of Object.values(reminders)) {
        // A 'firing' one was cut short by a restart: it goes first, and finishes under its kept id.
        if (reminder.status === 'pending' || reminder.status === 'firing') {
          this.heap.push({ dueAt: reminder.dueAt, account, id: reminder.id });
          if (reminder.status === 'pending') this.countPending(account, 1);
        }
      }
    }
  }

  private countPending(account: string, by: 1 | -1): void {
    this.pendingCount.set(account, (this.pendingCount.get(account) ?? 0) + by);
  }

  find(account: string, id: string): Reminder | undefined {
    const reminders = this.options.store.data.accounts[account];
    return reminders && Object.hasOwn(reminders, id) ? reminders[id] : undefined;
  }

  /** Pending reminders of an account, soonest first. */
  pending(account: string): Reminder[] {
    const reminders = this.options.store.data.accounts[account] ?? {};
    return Object.values(reminders)
      .filter((reminder) => reminder.status === 'pending')
      .sort((a, b) => a.dueAt - b.dueAt);
  }

  /**
   * Creates a reminder, or finds the one made by the same request before (same id, same body): then
   * `created` is false and nothing is written. The same id with another body is a 409.
   */
  async create(
    account: string,
    input: NewReminder,
  ): Promise<{ reminder: Reminder; created: boolean }> {
    const key = `${account}\u0000${input.id}`;
    for (let running = this.creating.get(key); running; running = this.creating.get(key)) {
      await running.catch(() => undefined);
    }
    const work = this.createNow(account, input);
    this.creating.set(key, work);
    try {
      return await work;
    } finally {
      this.creating.delete(key);
    }
  }

  private async createNow(
    account: string,
    input: NewReminder,
  ): Promise<{ reminder: Reminder; created: boolean }> {
    const existing = this.find(account, input.id);
    if (existing) {
      const same =
        input.bodyHash !== null && existing.bodyHash !== null
          ? existing.bodyHash === input.bodyHash
          : existing.text === input.text && existing.dueAt === input.dueAt;
      if (!same) throw new HttpError(409, REMINDER_ID_TAKEN);
      return { reminder: existing, created: false };
    }
    if ((this.pendingCount.get(account) ?? 0) >= this.maxPending) {
      throw new HttpError(409, tooManyReminders(this.maxPending));
    }
    const now = this.options.clock();
    const reminder: Reminder = {
      ...input,
      createdAt: now,
      status: 'pending',
      finishedAt: null,
      kiriMessageId: null,
    };
    const prune = now - (this.prunedAt.get(account) ?? -Infinity) >= PRUNE_INTERVAL_MS;
    if (prune) this.prunedAt.set(account, now);
    await this.options.store.commit({ account, add: reminder, ...(prune ? { pruneAt: now } : {}) });
    this.heap.push({ dueAt: reminder.dueAt, account, id: reminder.id });
    this.countPending(account, 1);
    return { reminder: this.find(account, input.id)!, created: true };
  }

  /** The open 'when should I remind you?' question of an account, kept in reminders.json. */
  question(account: string): PendingQuestion | null {
    const questions = this.options.store.data.questions;
    return Object.hasOwn(questions, account) ? questions[account]! : null;
  }

  /** Keeps (or, with null, drops) the account's open question; nothing is written when none was open. */
  async setQuestion(account: string, question: PendingQuestion | null): Promise<void> {
    if (question === null && this.question(account) === null) return;
    await this.options.store.commit({ account, question });
  }

  /** Cancels a pending reminder; cancelling one already cancelled answers the same (a replayed DELETE). */
  async cancel(account: string, id: string): Promise<Reminder> {
    const reminder = this.find(account, id);
    if (!reminder) throw new HttpError(404, REMINDER_NOT_FOUND);
    if (reminder.status === 'cancelled') return reminder;
    if (reminder.status !== 'pending') throw new HttpError(409, REMINDER_ALREADY_SENT);
    await this.options.store.commit({ account, id, cancelAt: this.options.clock() });
    this.countPending(account, -1);
    return reminder;
  }

  /** The earliest due time waiting (for the timer), or null. */
  nextDueAt(): number | null {
    return this.heap.peek()?.dueAt ?? null;
  }

  /**
   * Fires every reminder due by `now`, soonest first: only the heap's top is looked at, so a tick costs
   * the same with 10 reminders waiting as with 10,000. While Kiri sleeps or is in deep pause they wait,
   * and fire, in due order, at the first tick after she wakes.
   */
  async tick(now: number): Promise<number> {
    const state = this.options.powerState?.() ?? 'awake';
    if (!jobRunsIn('reminder', state)) return 0;
    let fired = 0;
    for (let top = this.heap.peek(); top && top.dueAt <= now; top = this.heap.peek()) {
      this.heap.pop();
      const reminder = this.find(top.account, top.id);
      // Cancelled (or pruned) since it was queued: lazy removal.
      if (!reminder || (reminder.status !== 'pending' && reminder.status !== 'firing')) continue;
      await this.fire(top.account, reminder, now);
      fired += 1;
    }
    return fired;
  }

  /**
   * Three durable steps, so a restart between any two neither repeats nor loses the message: the Kiri
   * message's id is kept ('firing'), the message is written under it (once: the log is checked for it),
   * then the reminder is 'fired'. A restart after the push, before 'fired', pushes again under the
   * same tag, which replaces the notification on the device rather than adding one.
   */
  private async fire(account: string, reminder: Reminder, now: number): Promise<void> {
    const { store, delivery, timeZone } = this.options;
    if (reminder.status === 'pending') {
      await store.commit({ account, id: reminder.id, firing: { kiriMessageId: uuidv7(now) } });
      this.countPending(account, -1);
    }
    const messageId = reminder.kiriMessageId!;
    // Read again after a restart mid-firing from the same power history: the same kind of text.
    const heldBy = this.options.heldBy?.(reminder.dueAt, now) ?? null;
    const text = heldBy
      ? lateReminderText({ text: reminder.text, dueAt: reminder.dueAt, heldBy, now, timeZone })
      : composeScheduled({
          kind: 'reminder',
          now,
          timeZone,
          userName: null,
          reminderText: reminder.text,
          recentReplies: delivery.recentReplies(account),
        });
    await delivery.deliver({
      account,
      messageId,
      text,
      at: now,
      push: {
        tag: `reminder-${reminder.id}`.slice(0, 64),
        urgency: 'high',
        ttlSeconds: REMINDER_PUSH_TTL_SECONDS,
      },
    });
    await store.commit({ account, id: reminder.id, firedAt: now });
  }
}
