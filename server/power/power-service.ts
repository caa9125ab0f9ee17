// The power state and its effects' seam: transitions (kept with their history in power.json), the
// messages waiting in deep pause, the status of spec 002 §3, and who is told when Kiri wakes.
import { HttpError } from '../http/errors';
import type { Logger } from '../log';
import { BackgroundSystems } from './background-systems';
import {
  containsWakeWord,
  costStatusOf,
  nextPowerState,
  stateThatHeld,
  type PowerAction,
  type PowerState,
} from './power-rules';
import {
  POWER_HISTORY_CAP,
  type DeferredMessage,
  type PowerStore,
  type PowerTransition,
} from './power-store';

/** 400 to a voice-wake phrase without a wake word: nothing changes. */
export const NOT_A_WAKE_WORD =
  'No wake word heard: say arise, wake up, hey kiri, lumora, presence or wake';
/** Per account, the messages of a deep pause Kiri answers on waking; past it the oldest go unanswered. */
export const DEFERRED_CAP_PER_ACCOUNT = 200;

/** GET /api/sleep-mode/status (spec 002 §3 "Sleep status"), plus the state by name and since when. */
export interface SleepStatus {
  sleeping: boolean;
  deepPause: boolean;
  state: PowerState;
  since: string | null;
  /** ISO time of the owner's last message or power change; null when there has been none. */
  lastActivity: string | null;
  costSavings: string;
  activeSystems: string[];
  pausedSystems: string[];
  /** Messages waiting for Kiri's answer (deep pause). */
  waitingMessages: number;
}

export interface PowerChange {
  state: PowerState;
  previous: PowerState;
  changed: boolean;
  message: string;
}

export interface PowerServiceOptions {
  store: PowerStore;
  clock: () => number;
  log?: Logger;
  /** When the owner last wrote (the conversation log); null when never. */
  lastOwnerMessageAt?: () => number | null;
}

const MESSAGES: Record<PowerState, string> = {
  awake: 'Kiri is awake: full operation',
  sleeping: 'Sleep mode enabled: background cycles paused, chat continues',
  'deep-pause': 'Deep pause active: every AI call is blocked until you wake Kiri',
};

export class PowerService {
  readonly systems = new BackgroundSystems();
  private readonly wakeListeners = new Set<() => void>();
  private readonly awakeListeners = new Set<() => void>();

  constructor(private readonly options: PowerServiceOptions) {}

  get state(): PowerState {
    return this.options.store.data.state;
  }

  isDeepPaused(): boolean {
    return this.state === 'deep-pause';
  }

  /** Called (without waiting) each time Kiri leaves deep pause. */
  onWake(listener: () => void): () => void {
    this.wakeListeners.add(listener);
    return () => this.wakeListeners.delete(listener);
  }

  /** Called (without waiting) each time Kiri becomes awake, from sleep or from deep pause. */
  onAwake(listener: () => void): () => void {
    this.awakeListeners.add(listener);
    return () => this.awakeListeners.delete(listener);
  }

  /** Whether Kiri slept (or was in deep pause) at `dueAt` or since, up to `now`: which, or null. */
  heldBetween(dueAt: number, now: number): 'sleeping' | 'deep-pause' | null {
    return stateThatHeld(this.history(), this.state, dueAt, now);
  }

  async apply(action: PowerAction, by: string | null): Promise<PowerChange> {
    const { store, clock } = this.options;
    const previous = this.state;
    const state = nextPowerState(previous, action);
    if (state !== previous) {
      const at = clock();
      const transition: PowerTransition = { from: previous, to: state, action, at, by };
      await store.update((data) => {
        data.state = state;
        data.since = at;
        data.history.push(transition);
        if (data.history.length > POWER_HISTORY_CAP) {
          data.history.splice(0, data.history.length - POWER_HISTORY_CAP);
        }
      });
      this.options.log?.info(`Power: ${previous} → ${state} (${action})`);
      if (previous === 'deep-pause') for (const listener of this.wakeListeners) listener();
      if (state === 'awake') for (const listener of this.awakeListeners) listener();
    }
    return { state, previous, changed: state !== previous, message: MESSAGES[state] };
  }

  /** POST /api/sleep-mode/voice-wake: a phrase without a wake word is a 400 and changes nothing. */
  async voiceWake(command: string, by: string | null): Promise<PowerChange> {
    if (!containsWakeWord(command)) throw new HttpError(400, NOT_A_WAKE_WORD);
    return this.apply('voice-wake', by);
  }

  status(): SleepStatus {
    const data = this.options.store.data;
    const lastMessage = this.options.lastOwnerMessageAt?.() ?? null;
    const lastChange = data.history.at(-1)?.at ?? null;
    const last = Math.max(lastMessage ?? -Infinity, lastChange ?? -Infinity);
    return {
      sleeping: data.state === 'sleeping',
      deepPause: data.state === 'deep-pause',
      state: data.state,
      since: data.since > 0 ? new Date(data.since).toISOString() : null,
      lastActivity: Number.isFinite(last) ? new Date(last).toISOString() : null,
      costSavings: costStatusOf(data.state),
      ...this.systems.listFor(data.state),
      waitingMessages: data.deferred.length,
    };
  }

  history(): readonly PowerTransition[] {
    return this.options.store.data.history;
  }

  /** Kept before the message itself is stored: a crash between the two leaves an entry to skip. */
  async defer(item: DeferredMessage): Promise<void> {
    await this.options.store.update((data) => {
      data.deferred.push(item);
      const mine = data.deferred.filter((waiting) => waiting.account === item.account);
      if (mine.length > DEFERRED_CAP_PER_ACCOUNT) {
        const oldest = mine[0]!;
        data.deferred.splice(data.deferred.indexOf(oldest), 1);
      }
    });
  }

  deferred(): readonly DeferredMessage[] {
    return this.options.store.data.deferred;
  }

  async answered(item: DeferredMessage): Promise<void> {
    await this.options.store.update((data) => {
      const index = data.deferred.findIndex(
        (waiting) => waiting.account === item.account && waiting.messageId === item.messageId,
      );
      if (index !== -1) data.deferred.splice(index, 1);
    });
  }
}
