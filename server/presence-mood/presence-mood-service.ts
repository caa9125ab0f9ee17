// The mood engine (spec 002 §2, §3, §4, §7, §9; docs/presence-mood.md): a tick every 60 s while Kiri is
// awake (paused asleep, stopped in deep pause) drifts the current mood one step toward the target,
// after the owner's new messages have nudged the target; the owner sets a target, or ticks by hand.
// The next scheduled tick is the stored last tick plus 60 s, so a restart neither resets nor repeats it.
import { randomUUID } from 'node:crypto';
import { PRESENCE_TICK_MS, type PresenceMood } from '../../src/domain/presence-mood';
import { readSentiment } from '../../src/engine/language/sentiment';
import { HttpError } from '../http/errors';
import type { Logger } from '../log';
import type { PowerState } from '../power/power-rules';
import {
  feelingDirectionOf,
  nudgedTarget,
  NUDGE_WINDOW_MS,
  PRESENCE_ENGINE_VERSION,
  retarget,
  tickOf,
  type EngineMood,
} from './drift-rules';
import {
  DRIFT_CAP,
  EVENTS_CAP,
  type EventKind,
  type PresenceMoodFile,
  type PresenceMoodStore,
} from './presence-mood-store';

/** 409 to a manual tick in deep pause. */
export const ENGINE_STOPPED =
  'Kiri is in deep pause: the mood engine is stopped until you wake her';

export interface EngineTimers {
  setTimeout(run: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

const nodeTimers: EngineTimers = {
  setTimeout(run, ms) {
    const handle = setTimeout(run, ms);
    // The engine must never keep the process alive on its own.
    handle.unref();
    return handle;
  },
  clearTimeout: (handle) => clearTimeout(handle as NodeJS.Timeout),
};

/** Rule 'the engine's cycle': ticks awake only; sleep pauses it, deep pause stops it. */
export function engineRunsIn(state: PowerState): boolean {
  return state === 'awake';
}

/** One entry of the owner account's conversation log, in log order. */
export interface LogEntry {
  id: string;
  fromOwner: boolean;
  text: string;
  at: number;
}

export interface PresenceMoodServiceOptions {
  store: PresenceMoodStore;
  clock: () => number;
  log: Logger;
  powerState: () => PowerState;
  /** The owner account's conversation log, in the order the server appended it. */
  conversationLog: () => readonly LogEntry[];
  timers?: EngineTimers | undefined;
}

/** The answer of all three calls (spec 002 §3 "Presence (mood) state"). */
export interface PresenceState {
  mood: PresenceMood;
  target_mood: PresenceMood;
  mood_confidence: number;
  engine_version: string;
  age_ticks: number;
  uptime_seconds: number;
  last_tick_at: string | null;
  /** Oldest first, at most 50 (the screen shows the last 3). */
  events: { id: string; kind: EventKind; at: string; detail?: string }[];
  /** Oldest first, at most 50 (the screen shows the last 10). */
  drift_history: {
    at: string;
    mood: PresenceMood;
    target_mood: PresenceMood;
    confidence: number;
  }[];
  /**
   * Beyond the spec: whether the 60 s cycle runs now ('paused' asleep, 'stopped' in deep pause or when
   * the server's background work is not started), and when it ticks next (null when not running).
   */
  cycle: 'running' | 'paused' | 'stopped';
  next_tick_at: string | null;
}

const iso = (ms: number) => new Date(ms).toISOString();

function pushCapped<T>(list: T[], item: T, cap: number): void {
  list.push(item);
  if (list.length > cap) list.splice(0, list.length - cap);
}

export class PresenceMoodService {
  private timer: unknown = null;
  private started = false;
  private readonly timers: EngineTimers;
  /** uptime_seconds counts from here: when this server process made the engine. */
  private readonly processStartedAt: number;
  /** One write at a time: a manual tick and the timer's never interleave. */
  private queue: Promise<unknown> = Promise.resolve();

  constructor(private readonly options: PresenceMoodServiceOptions) {
    this.timers = options.timers ?? nodeTimers;
    this.processStartedAt = options.clock();
  }

  private get data(): PresenceMoodFile {
    return this.options.store.data;
  }

  private serial<T>(work: () => Promise<T>): Promise<T> {
    const next = this.queue.then(work, work);
    this.queue = next.catch(() => {});
    return next;
  }

  cycle(): PresenceState['cycle'] {
    const power = this.options.powerState();
    if (power === 'deep-pause') return 'stopped';
    return engineRunsIn(power) ? 'running' : 'paused';
  }

  /** Arms the cycle from the stored last tick and records the start. */
  async start(): Promise<void> {
    this.started = true;
    const now = this.options.clock();
    await this.serial(() =>
      this.options.store.update((data) => {
        data.firstStartedAt ??= now;
        this.addEvent(data, 'engine-started', now, `Engine ${PRESENCE_ENGINE_VERSION} started`);
      }),
    );
    this.arm();
  }

  async stop(): Promise<void> {
    this.started = false;
    this.disarm();
    await this.settled();
  }

  /** Kiri became awake: a tick that fell due meanwhile happens now. */
  resume(): void {
    this.arm();
  }

  /** Resolves once no write is under way (tests wait for a timer's tick with it). */
  async settled(): Promise<void> {
    await this.queue;
  }

  isTimerArmed(): boolean {
    return this.timer !== null;
  }

  private nextTickAt(now: number): number {
    const last = this.data.lastTickAt;
    return last === null ? now : last + PRESENCE_TICK_MS;
  }

  private disarm(): void {
    if (this.timer !== null) this.timers.clearTimeout(this.timer);
    this.timer = null;
  }

  private arm(): void {
    this.disarm();
    if (!this.started || this.cycle() !== 'running') return;
    const now = this.options.clock();
    const delay = Math.max(0, this.nextTickAt(now) - now);
    this.timer = this.timers.setTimeout(() => this.onTimer(), delay);
  }

  private onTimer(): void {
    this.timer = null;
    if (!this.started || this.cycle() !== 'running') return;
    if (this.nextTickAt(this.options.clock()) > this.options.clock()) {
      this.arm();
      return;
    }
    this.tick('scheduled')
      .catch((error: unknown) => this.options.log.error('presence-mood: tick failed', error))
      .finally(() => this.arm());
  }

  /** POST /api/presence/tick: one tick now, asleep too; refused in deep pause. */
  async manualTick(): Promise<PresenceState> {
    if (this.cycle() === 'stopped') throw new HttpError(409, ENGINE_STOPPED);
    await this.tick('manual');
    this.arm();
    return this.state();
  }

  /** POST /api/presence/set-mood: the owner's target; the messages before it no longer nudge. */
  async setTarget(target: PresenceMood): Promise<PresenceState> {
    await this.serial(() => {
      const now = this.options.clock();
      return this.options.store.update((data) => {
        const before = data.target;
        Object.assign(data, retarget(this.engineOf(data), target));
        data.readThrough = this.logEnd() ?? data.readThrough;
        this.addEvent(
          data,
          'target-set',
          now,
          before === target ? `Target kept at ${target}` : `Target ${before} → ${target}`,
        );
      });
    });
    return this.state();
  }

  private engineOf(data: PresenceMoodFile): EngineMood {
    return { mood: data.mood, target: data.target, confidence: data.confidence };
  }

  private addEvent(data: PresenceMoodFile, kind: EventKind, at: number, detail?: string): void {
    pushCapped(
      data.events,
      { id: randomUUID(), kind, at, ...(detail ? { detail } : {}) },
      EVENTS_CAP,
    );
  }

  private logEnd(): { id: string; at: number } | null {
    const last = this.options.conversationLog().at(-1);
    return last ? { id: last.id, at: last.at } : null;
  }

  /**
   * The owner's messages appended since the last read, in log order (a message sent offline and
   * replayed later counts when it arrives, whatever its time). Before the first read, only the last
   * hour's: an engine started on an old conversation is not nudged by old words.
   */
  private unreadOwnerTexts(data: PresenceMoodFile, now: number): LogEntry[] {
    const log = this.options.conversationLog();
    const through = data.readThrough;
    let fresh: readonly LogEntry[];
    if (through === null) {
      fresh = log.filter((entry) => now - entry.at <= NUDGE_WINDOW_MS);
    } else {
      const index = log.findIndex((entry) => entry.id === through.id);
      // Dropped by the log's cap: what came after it by time is what is new.
      fresh = index >= 0 ? log.slice(index + 1) : log.filter((entry) => entry.at > through.at);
    }
    return fresh.filter((entry) => entry.fromOwner);
  }

  /** One tick: the nudge of the owner's new messages, then one step of drift, one history entry. */
  tick(trigger: 'scheduled' | 'manual'): Promise<void> {
    return this.serial(() => {
      const now = this.options.clock();
      return this.options.store.update((data) => {
        const texts = this.unreadOwnerTexts(data, now);
        const compounds = texts.map((message) => readSentiment(message.text).compound);
        const direction = feelingDirectionOf(compounds);
        if (direction) {
          const target = nudgedTarget(data.target, direction);
          if (target !== data.target) {
            const mean = compounds.reduce((sum, value) => sum + value, 0) / compounds.length;
            this.addEvent(
              data,
              'nudged',
              now,
              `${direction === 'sad' ? 'A sad' : 'A glad'} conversation (feeling ${mean.toFixed(2)}): target ${data.target} → ${target}`,
            );
            Object.assign(data, retarget(this.engineOf(data), target));
          }
        }
        data.readThrough = this.logEnd() ?? data.readThrough;
        const before = data.mood;
        const after = tickOf(this.engineOf(data));
        data.mood = after.mood;
        data.confidence = after.confidence;
        data.ageTicks += 1;
        data.lastTickAt = now;
        pushCapped(
          data.drift,
          { at: now, mood: after.mood, target: after.target, confidence: after.confidence },
          DRIFT_CAP,
        );
        const change =
          after.outcome === 'held'
            ? `holding ${after.mood}`
            : `${before} → ${after.mood}${after.outcome === 'arrived' ? ', target reached' : ''}`;
        if (trigger === 'manual') this.addEvent(data, 'manual-tick', now, `Manual tick: ${change}`);
        else if (after.outcome !== 'held') this.addEvent(data, 'drifted', now, `Drifted ${change}`);
      });
    });
  }

  state(): PresenceState {
    const data = this.data;
    const now = this.options.clock();
    const cycle = this.cycle();
    const running = this.started && cycle === 'running';
    return {
      mood: data.mood,
      target_mood: data.target,
      mood_confidence: data.confidence,
      engine_version: PRESENCE_ENGINE_VERSION,
      age_ticks: data.ageTicks,
      uptime_seconds: Math.max(0, Math.floor((now - this.processStartedAt) / 1000)),
      last_tick_at: data.lastTickAt === null ? null : iso(data.lastTickAt),
      events: data.events.map(({ id, kind, at, detail }) => ({
        id,
        kind,
        at: iso(at),
        ...(detail === undefined ? {} : { detail }),
      })),
      drift_history: data.drift.map((entry) => ({
        at: iso(entry.at),
        mood: entry.mood,
        target_mood: entry.target,
        confidence: entry.confidence,
      })),
      // Awake but not started (background work off): nothing ticks, so it is stopped.
      cycle: running ? 'running' : cycle === 'running' ? 'stopped' : cycle,
      next_tick_at: running ? iso(Math.max(now, this.nextTickAt(now))) : null,
    };
  }
}
