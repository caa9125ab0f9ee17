// The maintenance monitor (DevCore, spec 000 §3.2 and §4): its status, and the one background job it
// owns, the periodic integrity scan of DATA_DIR. Emergency Halt stops that job and keeps the monitor
// inactive across restarts (devcore.json); Emergency Restore starts it again. A manual scan runs the
// same checks at once. Kiri's chat, reminders and pushes are not the monitor's: halting never stops them.
import type { Logger } from '../log';
import type { ConversationEntry } from '../store/conversation-store';
import type { DevcoreStore, ScanReport } from './devcore-store';
import { scanFiles, type ScanTarget } from './integrity-scan';
import { evolutionMetrics, type EvolutionMetrics, type ProviderCounts } from './metrics';

/** How often the monitor scans on its own while active. */
export const SCAN_INTERVAL_MS = 60 * 60 * 1000;
export const SCAN_JOB_ID = 'integrity-scan';
/** Spec 000 §9: the maintenance system's version label. */
export const DEVCORE_VERSION = 'v1.6';

export interface Timers {
  setInterval(run: () => void, ms: number): unknown;
  clearInterval(handle: unknown): void;
}

const nodeTimers: Timers = {
  setInterval(run, ms) {
    const handle = setInterval(run, ms);
    // The scan must never keep the process alive on its own.
    handle.unref();
    return handle;
  },
  clearInterval: (handle) => clearInterval(handle as NodeJS.Timeout),
};

export interface OwnedJob {
  id: string;
  running: boolean;
  intervalMs: number;
  nextRunAt: string | null;
}

export interface DevcoreStatus {
  active: boolean;
  /** Seconds since the monitor last became active (start of the server, or a restore); 0 when halted. */
  uptime: number;
  /** When the last integrity scan ran (ISO 8601), null before the first. */
  lastScan: string | null;
  evolutionMetrics: EvolutionMetrics;
  version: string;
  /** What the last scan found: its verdict and the files it found wrong (none when all is well). */
  scan: { ok: boolean; trigger: ScanReport['trigger']; checked: number; problems: string[] } | null;
  jobs: OwnedJob[];
}

export interface DevcoreServiceOptions {
  store: DevcoreStore;
  clock: () => number;
  log: Logger;
  /** The store files to check, read when a scan runs (their versions are the running ones). */
  scanTargets: () => ScanTarget[];
  /** The account's conversation log, oldest first. */
  conversationLog: (account: string) => readonly ConversationEntry[];
  /** The provider chain's counts since the server started (server/companion/providers.ts). */
  providerCounts: () => readonly ProviderCounts[];
  timers?: Timers;
}

export class DevcoreService {
  private timer: unknown = null;
  private activeSince: number | null = null;
  private nextRunAt: number | null = null;
  private scanning: Promise<ScanReport> | null = null;
  private readonly timers: Timers;

  constructor(private readonly options: DevcoreServiceOptions) {
    this.timers = options.timers ?? nodeTimers;
  }

  get active(): boolean {
    return this.options.store.data.active;
  }

  /** Starts the owned job if the monitor is active (it stays halted after a restart if it was). */
  start(): void {
    if (this.active) this.startJob();
  }

  /** Stops the owned job (shutdown) without changing the stored state, and waits for a scan under way. */
  async stop(): Promise<void> {
    this.stopJob();
    await this.scanning?.catch(() => {});
  }

  isJobRunning(): boolean {
    return this.timer !== null;
  }

  async halt(by: string): Promise<DevcoreStatus> {
    this.stopJob();
    await this.options.store.update((data) => {
      data.active = false;
      data.changedAt = this.options.clock();
      data.changedBy = by;
    });
    this.options.log.warn(`devcore: emergency halt by ${by}; the integrity scan is stopped`);
    return this.status();
  }

  async restore(by: string): Promise<DevcoreStatus> {
    await this.options.store.update((data) => {
      data.active = true;
      data.changedAt = this.options.clock();
      data.changedBy = by;
    });
    this.startJob();
    this.options.log.info(`devcore: restored by ${by}; the integrity scan runs again`);
    return this.status();
  }

  /** Runs the checks now; one scan at a time (a second call waits for the one under way). */
  scan(trigger: ScanReport['trigger']): Promise<ScanReport> {
    this.scanning ??= this.runScan(trigger).finally(() => {
      this.scanning = null;
    });
    return this.scanning;
  }

  status(account?: string): DevcoreStatus {
    const data = this.options.store.data;
    const now = this.options.clock();
    const report = data.lastScan;
    return {
      active: data.active,
      uptime:
        data.active && this.activeSince !== null
          ? Math.max(0, Math.floor((now - this.activeSince) / 1000))
          : 0,
      lastScan: report ? new Date(report.at).toISOString() : null,
      evolutionMetrics: evolutionMetrics(
        account ? this.options.conversationLog(account) : [],
        this.options.providerCounts(),
      ),
      version: DEVCORE_VERSION,
      scan: report && {
        ok: report.ok,
        trigger: report.trigger,
        checked: report.files.length,
        problems: report.files
          .filter((file) => !file.ok)
          .map((file) => `${file.file}: ${file.detail}`),
      },
      jobs: [
        {
          id: SCAN_JOB_ID,
          running: this.isJobRunning(),
          intervalMs: SCAN_INTERVAL_MS,
          nextRunAt:
            this.isJobRunning() && this.nextRunAt !== null
              ? new Date(this.nextRunAt).toISOString()
              : null,
        },
      ],
    };
  }

  private startJob(): void {
    if (this.timer !== null) return;
    this.activeSince = this.options.clock();
    this.nextRunAt = this.activeSince + SCAN_INTERVAL_MS;
    this.timer = this.timers.setInterval(() => {
      this.nextRunAt = this.options.clock() + SCAN_INTERVAL_MS;
      this.scan('scheduled').catch((error: unknown) =>
        this.options.log.error('devcore: the scheduled integrity scan failed', error),
      );
    }, SCAN_INTERVAL_MS);
  }

  private stopJob(): void {
    if (this.timer !== null) this.timers.clearInterval(this.timer);
    this.timer = null;
    this.activeSince = null;
    this.nextRunAt = null;
  }

  private async runScan(trigger: ScanReport['trigger']): Promise<ScanReport> {
    const report = await scanFiles(
      this.options.scanTargets(),
      this.options.store.data.lastScan,
      this.options.clock(),
      trigger,
    );
    await this.options.store.update((data) => {
      data.lastScan = report;
    });
    if (!report.ok) {
      const problems = report.files.filter((file) => !file.ok).map((file) => file.file);
      this.options.log.warn(`devcore: the integrity scan found problems in ${problems.join(', ')}`);
    }
    return report;
  }
}
