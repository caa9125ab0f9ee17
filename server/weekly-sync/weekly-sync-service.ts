// The sync daemon (spec 002 §2 "Sync control screen", §3, §4; docs/sync-control.md): the weekly deep
// sync on Sunday 03:00 in TIME_ZONE while the daemon is Active, and the bloom sync on demand (button,
// API, the chat's 'bloom sync'). One sync at a time: a second trigger while one runs is a 409. The next
// due time is stored before a run starts, so a restart neither repeats nor loses a week; a run cut short
// by a restart is logged as interrupted, not run again (its steps would fade memories twice).
import { uuidv7 } from '../../src/domain/uuidv7';
import { HttpError } from '../http/errors';
import type { Logger } from '../log';
import type { PowerState } from '../power/power-rules';
import type { SyncSteps } from './sync-steps';
import {
  BLOOM_WINDOW_MS,
  bloomDurationRange,
  manualSyncAllowedIn,
  nextWeeklySyncAfter,
  WEEKLY_DAY,
  WEEKLY_TIME,
  weeklyDurationMinutes,
  weeklyRunsIn,
} from './weekly-sync-rules';
import {
  CHAT_TRIGGERS_KEPT,
  RUNS_KEPT,
  type SyncKind,
  type SyncRun,
  type SyncStep,
  type SyncTrigger,
  type WeeklySyncStore,
} from './weekly-sync-store';

export const SYNC_ALREADY_RUNNING = 'A sync is already running';
export const SYNC_STOPPED_IN_DEEP_PAUSE =
  'Kiri is in deep pause: syncing is stopped until you wake her';

/** What the weekly sync does, in order: weeklyConfig.includes is this list (what really runs). */
export const WEEKLY_INCLUDES = [
  'Memory consolidation: near-duplicates merged, never-recalled memories faded, at most 100 core memories',
  'Compiled memory file rebuilt',
  'Snapshot of the data folder',
  'Expired login sessions pruned (unused for 30 days)',
  'Temporary photos pruned (24 hours after upload)',
  'What it did written to the sync log',
] as const;

export const BLOOM_DESCRIPTION =
  'A short consolidation of the last day: near-duplicate memories of the last 24 hours merged into the ' +
  'ones they repeat, and the compiled memory file rebuilt. Nothing fades, nothing else is pruned.';

export const SYNC_TYPE = 'Weekly deep sync';

export interface SyncTimers {
  setTimeout(run: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

/** setTimeout's longest delay (about 24.8 days); a longer wait is re-armed when it fires. */
const MAX_TIMER_MS = 2 ** 31 - 1;

const nodeTimers: SyncTimers = {
  setTimeout(run, ms) {
    const handle = setTimeout(run, ms);
    handle.unref();
    return handle;
  },
  clearTimeout: (handle) => clearTimeout(handle as NodeJS.Timeout),
};

export interface WeeklySyncOptions {
  store: WeeklySyncStore;
  steps: SyncSteps;
  clock: () => number;
  timeZone: string;
  powerState: () => PowerState;
  log: Logger;
  timers?: SyncTimers;
  /** Tests only: awaited before a run's first step, so a test can hold a run under way. */
  beforeSteps?: () => Promise<void>;
}

/** GET /api/weekly-sync/status (spec 002 §3 "Weekly sync status", and what the log says). */
export interface WeeklySyncStatus {
  success: true;
  enabled: boolean;
  syncing: boolean;
  nextSyncDay: string;
  nextSyncTime: string;
  /** ISO time of the next weekly run; null while the daemon is Inactive. */
  nextSyncAt: string | null;
  /** ISO time the last sync (weekly or bloom) finished; null before the first. */
  lastSync: string | null;
  timeZone: string;
  weeklyConfig: {
    syncType: string;
    /** The last weekly run's measured duration, rounded up; null before the first weekly run. */
    durationMinutes: number | null;
    includes: string[];
  };
  bloomConfig: {
    description: string;
    /** Shortest and longest of the recent bloom runs, rounded up; null before the first. */
    durationRangeMinutes: [number, number] | null;
  };
  /** The run under way. */
  current: { kind: SyncKind; trigger: SyncTrigger; startedAt: string } | null;
  /** The newest runs first (the sync log). */
  recentRuns: RunView[];
}

export interface RunView {
  id: string;
  kind: SyncKind;
  trigger: SyncTrigger;
  status: SyncRun['status'];
  startedAt: string;
  finishedAt: string | null;
  durationMs: number | null;
  steps: SyncStep[];
  error: string | null;
}

const iso = (ms: number) => new Date(ms).toISOString();
const RECENT_RUNS_SHOWN = 10;
const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

export class WeeklySyncService {
  private timer: unknown = null;
  private started = false;
  private running: Promise<SyncRun> | null = null;
  /** The run under way, known from the moment it begins (the store hears of it a moment later). */
  private currentRun: {
    id: string;
    kind: SyncKind;
    trigger: SyncTrigger;
    startedAt: number;
  } | null = null;
  private readonly timers: SyncTimers;

  constructor(private readonly options: WeeklySyncOptions) {
    this.timers = options.timers ?? nodeTimers;
  }

  private get data() {
    return this.options.store.data;
  }

  get syncing(): boolean {
    return this.running !== null;
  }

  // ---- the timer ----

  /** Logs a run a restart cut short, stores the next due time if missing, and arms the timer. */
  async start(): Promise<void> {
    this.started = true;
    const cut = this.data.current;
    if (cut && !this.running) {
      await this.options.store.update((data) => {
        data.current = null;
        this.appendRun(data.runs, {
          ...cut,
          finishedAt: null,
          durationMs: null,
          status: 'interrupted',
          steps: [],
          error: 'The server stopped while it ran; it was not run again',
        });
      });
    }
    await this.ensureNextDue();
    this.arm();
  }

  async stop(): Promise<void> {
    this.started = false;
    this.disarm();
    await this.settled();
  }

  /** Kiri woke: a weekly run that fell due while she slept or was paused happens now. */
  resume(): void {
    this.arm();
  }

  /** Resolves once no run is under way. */
  async settled(): Promise<void> {
    await this.running?.catch(() => {});
  }

  private async ensureNextDue(): Promise<void> {
    if (!this.data.enabled || this.data.nextDueAt !== null) return;
    const next = nextWeeklySyncAfter(this.options.clock(), this.options.timeZone);
    await this.options.store.update((data) => void (data.nextDueAt = next));
  }

  private disarm(): void {
    if (this.timer !== null) this.timers.clearTimeout(this.timer);
    this.timer = null;
  }

  private arm(): void {
    this.disarm();
    const due = this.data.nextDueAt;
    if (!this.started || !this.data.enabled || due === null) return;
    if (!weeklyRunsIn(this.options.powerState())) return;
    const delay = Math.min(MAX_TIMER_MS, Math.max(0, due - this.options.clock()));
    this.timer = this.timers.setTimeout(() => void this.fire(), delay);
  }

  /** The timer fired: the weekly run if it is due, Kiri is awake and no sync is under way. */
  private async fire(): Promise<void> {
    this.timer = null;
    const due = this.data.nextDueAt;
    if (!this.started || !this.data.enabled || due === null) return;
    if (!weeklyRunsIn(this.options.powerState())) return;
    const now = this.options.clock();
    if (now < due || this.running) {
      // Early (a long wait re-armed), or a manual sync under way: look again when it ends.
      if (this.running) await this.settled();
      this.arm();
      return;
    }
    // Moved on before the run starts: however the run ends, this Sunday is handled once.
    const next = nextWeeklySyncAfter(now, this.options.timeZone);
    this.begin('weekly', 'schedule', (data) => void (data.nextDueAt = next));
    await this.settled();
    this.arm();
  }

  // ---- the daemon ----

  async setEnabled(enabled: boolean): Promise<WeeklySyncStatus> {
    if (enabled !== this.data.enabled) {
      // Started again, the next Sunday counts from now: a week missed while Inactive is not made up.
      const next = enabled
        ? nextWeeklySyncAfter(this.options.clock(), this.options.timeZone)
        : null;
      await this.options.store.update((data) => {
        data.enabled = enabled;
        data.nextDueAt = next;
      });
    }
    this.arm();
    return this.status();
  }

  // ---- the runs ----

  /** A sync now (button, API or chat). 409 while one runs or in deep pause. Answers at once. */
  trigger(kind: SyncKind, trigger: Exclude<SyncTrigger, 'schedule'>): WeeklySyncStatus {
    if (!manualSyncAllowedIn(this.options.powerState())) {
      throw new HttpError(409, SYNC_STOPPED_IN_DEEP_PAUSE);
    }
    if (this.running) throw new HttpError(409, SYNC_ALREADY_RUNNING);
    this.begin(kind, trigger);
    return this.status();
  }

  /**
   * 'bloom sync' in the chat: starts a bloom sync once per message (a retried message finds its id in
   * chatTriggers and starts nothing). Answers what happened, for Kiri's reply.
   */
  async triggerFromChat(messageId: string): Promise<'started' | 'running' | 'repeated' | 'paused'> {
    if (this.data.chatTriggers.includes(messageId)) return 'repeated';
    if (!manualSyncAllowedIn(this.options.powerState())) return 'paused';
    if (this.running) return 'running';
    await this.options.store.update((data) => {
      data.chatTriggers.push(messageId);
      data.chatTriggers.splice(0, Math.max(0, data.chatTriggers.length - CHAT_TRIGGERS_KEPT));
    });
    if (this.running) return 'running';
    this.begin('bloom', 'chat');
    return 'started';
  }

  /** Sets `running` synchronously (the status says Syncing from this moment), then runs. */
  private begin(
    kind: SyncKind,
    trigger: SyncTrigger,
    alsoWrite?: (data: WeeklySyncStore['data']) => void,
  ): void {
    const startedAt = this.options.clock();
    const current = { id: uuidv7(startedAt), kind, trigger, startedAt };
    this.currentRun = current;
    this.running = this.run(current, alsoWrite).finally(() => {
      this.running = null;
      this.currentRun = null;
    });
    // A failure is in the log; nothing waits on this promise but settled().
    this.running.catch(() => {});
  }

  private async run(
    current: { id: string; kind: SyncKind; trigger: SyncTrigger; startedAt: number },
    alsoWrite?: (data: WeeklySyncStore['data']) => void,
  ): Promise<SyncRun> {
    const { store, log } = this.options;
    await store.update((data) => {
      alsoWrite?.(data);
      data.current = current;
    });
    const steps: SyncStep[] = [];
    let error: string | null = null;
    try {
      await this.options.beforeSteps?.();
      if (current.kind === 'weekly') await this.weeklySteps(steps);
      else await this.bloomSteps(steps, current.startedAt);
    } catch (cause) {
      error = cause instanceof Error ? cause.message : String(cause);
      log.error(`weekly-sync: the ${current.kind} sync failed`, cause);
    }
    const finishedAt = this.options.clock();
    const run: SyncRun = {
      ...current,
      finishedAt,
      durationMs: finishedAt - current.startedAt,
      status: error === null ? 'completed' : 'failed',
      steps,
      error,
    };
    await store.update((data) => {
      data.current = null;
      this.appendRun(data.runs, run);
    });
    return run;
  }

  private appendRun(runs: SyncRun[], run: SyncRun): void {
    runs.push(run);
    runs.splice(0, Math.max(0, runs.length - RUNS_KEPT));
  }

  private async consolidateAll(
    steps: SyncStep[],
    name: string,
    options: { since?: number; decay?: boolean },
  ): Promise<void> {
    let examined = 0;
    let merged = 0;
    let decayed = 0;
    let forgotten = 0;
    for (const account of this.options.steps.accounts()) {
      const report = await this.options.steps.consolidate(account, options);
      examined += report.examined;
      merged += report.merged.length;
      decayed += report.decayed.length;
      forgotten += report.forgotten?.length ?? 0;
    }
    const parts = [
      `${plural(examined, 'memory', 'memories')} examined`,
      `${plural(merged, 'near-duplicate', 'near-duplicates')} merged`,
    ];
    if (options.decay !== false) parts.push(`${decayed} faded`);
    if (forgotten > 0) parts.push(`${forgotten} past the 100 core memories forgotten`);
    steps.push({ name, detail: parts.join(', ') });
  }

  private async weeklySteps(steps: SyncStep[]): Promise<void> {
    const s = this.options.steps;
    await this.consolidateAll(steps, 'Memory consolidation', {});
    const compiled = await s.compile();
    steps.push({
      name: 'Compiled memory file',
      detail: `${plural(compiled, 'memory', 'memories')} written`,
    });
    const snapshotId = await s.snapshot(`Weekly deep sync ${iso(this.options.clock())}`);
    steps.push({ name: 'Snapshot', detail: `snapshot ${snapshotId} taken` });
    const sessions = await s.pruneSessions();
    steps.push({
      name: 'Login sessions',
      detail: `${plural(sessions, 'expired session', 'expired sessions')} pruned`,
    });
    const photos = await s.pruneTemporaryPhotos();
    steps.push({
      name: 'Temporary photos',
      detail: `${plural(photos, 'expired temporary photo', 'expired temporary photos')} pruned`,
    });
  }

  private async bloomSteps(steps: SyncStep[], startedAt: number): Promise<void> {
    await this.consolidateAll(steps, 'Memory consolidation (last 24 hours)', {
      since: startedAt - BLOOM_WINDOW_MS,
      decay: false,
    });
    const compiled = await this.options.steps.compile();
    steps.push({
      name: 'Compiled memory file',
      detail: `${plural(compiled, 'memory', 'memories')} written`,
    });
  }

  // ---- the status ----

  status(): WeeklySyncStatus {
    const { runs, enabled, nextDueAt } = this.data;
    const lastFinished = [...runs].reverse().find((run) => run.status === 'completed');
    const running = this.currentRun;
    return {
      success: true,
      enabled,
      syncing: this.running !== null,
      nextSyncDay: WEEKLY_DAY,
      nextSyncTime: WEEKLY_TIME,
      nextSyncAt: enabled && nextDueAt !== null ? iso(nextDueAt) : null,
      lastSync: lastFinished?.finishedAt != null ? iso(lastFinished.finishedAt) : null,
      timeZone: this.options.timeZone,
      weeklyConfig: {
        syncType: SYNC_TYPE,
        durationMinutes: weeklyDurationMinutes(runs),
        includes: [...WEEKLY_INCLUDES],
      },
      bloomConfig: {
        description: BLOOM_DESCRIPTION,
        durationRangeMinutes: bloomDurationRange(runs),
      },
      current: running
        ? { kind: running.kind, trigger: running.trigger, startedAt: iso(running.startedAt) }
        : null,
      recentRuns: [...runs]
        .reverse()
        .slice(0, RECENT_RUNS_SHOWN)
        .map((run) => ({
          id: run.id,
          kind: run.kind,
          trigger: run.trigger,
          status: run.status,
          startedAt: iso(run.startedAt),
          finishedAt: run.finishedAt === null ? null : iso(run.finishedAt),
          durationMs: run.durationMs,
          steps: run.steps,
          error: run.error,
        })),
    };
  }
}
