// ScanBot, the file-watching auto-repair tool (spec 002 §2, docs/scanbot.md): a list of watched files in
// one confined folder, DATA_DIR/scanbot (the self-mod workspace's fence: server/self-mod/workspace.ts). A
// scan checks each; a missing or emptied file with auto-fix content is written back (temp file + rename)
// and the log says so. Started, it scans every interval and when a watched file changes on disk
// (chokidar). Its state is in scanbot.json, so a restart resumes it as it was.
import { basename } from 'node:path';
import { watch, type FSWatcher } from 'chokidar';
import { HttpError } from '../http/errors';
import type { Logger } from '../log';
import type { PowerState } from '../power/power-rules';
import { Workspace, workspaceNameProblem } from '../self-mod/workspace';
import {
  autoFixesAvailable,
  autoFixOf,
  nextScanAt,
  repairActionOf,
  scanbotRunsIn,
  type FileState,
} from './scanbot-rules';
import {
  LOG_CAP,
  MAX_AUTOFIX_TOTAL_BYTES,
  MAX_WATCHED_FILES,
  type ScanbotStore,
} from './scanbot-store';

export const SCANBOT_FOLDER = 'scanbot';
export const SCAN_ALREADY_RUNNING = 'A scan is already running';
/** How long after a change on disk the scan runs: a save made of several writes is scanned once. */
export const CHANGE_DEBOUNCE_MS = 300;
const MAX_TIMER_MS = 2 ** 31 - 1;

export interface ScanbotTimers {
  setTimeout(run: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

const nodeTimers: ScanbotTimers = {
  setTimeout(run, ms) {
    const handle = setTimeout(run, ms);
    // The daemon must never keep the process alive on its own.
    handle.unref();
    return handle;
  },
  clearTimeout: (handle) => clearTimeout(handle as NodeJS.Timeout),
};

export type ScanTrigger = 'manual' | 'scheduled' | 'file change';

export interface WatchedFileStatus {
  filename: string;
  /** A plain file is at the name (it may be empty). */
  exists: boolean;
  /** It is there but holds nothing: a scan restores it when it has auto-fix content. */
  empty: boolean;
  /** It carries auto-fix content. */
  autoFix: boolean;
}

/** GET /api/scanbot/status (spec 002 §3 "Auto-repair tool status", and what the screen needs besides). */
export interface ScanbotStatus {
  isScanning: boolean;
  watchedFiles: WatchedFileStatus[];
  /** Minutes between automatic scans. */
  scanInterval: number;
  autoFixesAvailable: number;
  /** Automatic scanning is started (Start Auto), whatever the power state. */
  isRunning: boolean;
  /** Started but stopped for now by Kiri's deep pause. */
  paused: boolean;
  lastScan: string | null;
  /** When the next automatic scan is due; null when not started or paused. */
  nextScan: string | null;
}

export interface ScanReport {
  trigger: ScanTrigger;
  checked: number;
  restored: string[];
  /** Missing or empty, with no auto-fix content. */
  broken: string[];
  /** Not a plain file at the name, or the restore failed. */
  refused: string[];
}

export interface ScanbotOptions {
  store: ScanbotStore;
  dataDir: string;
  clock: () => number;
  log: Logger;
  timeZone: string;
  powerState: () => PowerState;
  /** Tests: a timer they fire themselves (the interval and the change debounce). */
  timers?: ScanbotTimers;
}

const iso = (ms: number) => new Date(ms).toISOString();

export class ScanbotService {
  readonly workspace: Workspace;
  private readonly timers: ScanbotTimers;
  private watcher: FSWatcher | null = null;
  private intervalTimer: unknown = null;
  private changeTimer: unknown = null;
  private scanning: Promise<ScanReport> | null = null;
  /** A change came while a scan ran: one more scan after it. */
  private rescan = false;
  private readonly lineFormat: Intl.DateTimeFormat;

  constructor(private readonly options: ScanbotOptions) {
    this.workspace = new Workspace(options.dataDir, SCANBOT_FOLDER);
    this.timers = options.timers ?? nodeTimers;
    this.lineFormat = new Intl.DateTimeFormat('en-CA', {
      timeZone: options.timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
      numberingSystem: 'latn',
    });
  }

  private get data() {
    return this.options.store.data;
  }

  /** The daemon runs: started, and Kiri awake (sleep pauses it, deep pause stops it). */
  private get active(): boolean {
    return this.data.running && scanbotRunsIn(this.options.powerState());
  }

  isStarted(): boolean {
    return this.data.running;
  }

  async status(): Promise<ScanbotStatus> {
    const watchedFiles: WatchedFileStatus[] = [];
    for (const file of this.data.files) {
      const state = await this.workspace.inspect(file.filename);
      watchedFiles.push({
        filename: file.filename,
        exists: state === 'file' || state === 'empty',
        empty: state === 'empty',
        autoFix: autoFixOf(file.autoFix) !== null,
      });
    }
    const { running, startedAt, lastScanAt, intervalMinutes } = this.data;
    return {
      isScanning: this.scanning !== null,
      watchedFiles,
      scanInterval: intervalMinutes,
      autoFixesAvailable: autoFixesAvailable(this.data.files),
      isRunning: running,
      paused: running && !this.active,
      lastScan: lastScanAt === null ? null : iso(lastScanAt),
      nextScan:
        this.active && startedAt !== null
          ? iso(Math.max(this.options.clock(), nextScanAt(startedAt, lastScanAt, intervalMinutes)))
          : null,
    };
  }

  /** The activity log as text lines, oldest first, each with its time in the owner's zone. */
  logs(): string[] {
    return this.data.log.map((line) => `[${this.timeText(line.at)}] ${line.text}`);
  }

  private timeText(at: number): string {
    const parts: Record<string, string> = {};
    for (const part of this.lineFormat.formatToParts(at)) parts[part.type] = part.value;
    return `${parts.year}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute}:${parts.second}`;
  }

  /** POST /add-file: watches `filename` (a plain name in DATA_DIR/scanbot); again, replaces its auto-fix. */
  async addFile(filename: string, autoFixText: string | undefined): Promise<ScanbotStatus> {
    const problem = workspaceNameProblem(filename);
    if (problem) throw new HttpError(400, problem);
    const state = await this.workspace.inspect(filename);
    if (state === 'not-a-file') {
      throw new HttpError(400, `${filename} is not a plain file in the ScanBot folder: refused`);
    }
    const autoFix = autoFixOf(autoFixText);
    const known = this.data.files.find((file) => file.filename === filename);
    if (!known && this.data.files.length >= MAX_WATCHED_FILES) {
      throw new HttpError(413, `ScanBot watches at most ${MAX_WATCHED_FILES} files`);
    }
    const others = this.data.files
      .filter((file) => file.filename !== filename)
      .reduce((sum, file) => sum + Buffer.byteLength(file.autoFix ?? '', 'utf8'), 0);
    if (others + Buffer.byteLength(autoFix ?? '', 'utf8') > MAX_AUTOFIX_TOTAL_BYTES) {
      throw new HttpError(
        413,
        `Auto-fix contents may hold at most ${MAX_AUTOFIX_TOTAL_BYTES / 1024 / 1024} MB in all`,
      );
    }
    const now = this.options.clock();
    const what =
      autoFix === null
        ? 'no auto-fix content'
        : `auto-fix content of ${Buffer.byteLength(autoFix, 'utf8')} bytes`;
    await this.options.store.update((data) => {
      const entry = data.files.find((file) => file.filename === filename);
      if (entry) entry.autoFix = autoFix;
      else data.files.push({ filename, autoFix, addedAt: now });
      this.pushLine(data, now, `${known ? 'Updated' : 'Watching'} ${filename} (${what})`);
    });
    return this.status();
  }

  /** DELETE /remove-file/:filename: stops watching it. The file on disk is left as it is. */
  async removeFile(filename: string): Promise<ScanbotStatus> {
    const problem = workspaceNameProblem(filename);
    if (problem) throw new HttpError(400, problem);
    if (!this.data.files.some((file) => file.filename === filename)) {
      throw new HttpError(404, `${filename} is not watched`);
    }
    const now = this.options.clock();
    await this.options.store.update((data) => {
      data.files = data.files.filter((file) => file.filename !== filename);
      this.pushLine(data, now, `Stopped watching ${filename} (the file itself is left as it is)`);
    });
    return this.status();
  }

  /** POST /scan: one scan now; a second while one runs is a 409. */
  async scanNow(): Promise<ScanReport> {
    if (this.scanning) throw new HttpError(409, SCAN_ALREADY_RUNNING);
    const report = await this.scan('manual');
    this.arm();
    return report;
  }

  /** POST /start: automatic scans every `intervalMinutes` (or the stored interval) and on a change. */
  async start(intervalMinutes?: number): Promise<ScanbotStatus> {
    await this.workspace.ensureFolder();
    const now = this.options.clock();
    const interval = intervalMinutes ?? this.data.intervalMinutes;
    if (!this.data.running || interval !== this.data.intervalMinutes) {
      const wasRunning = this.data.running;
      await this.options.store.update((data) => {
        data.running = true;
        data.intervalMinutes = interval;
        if (!wasRunning) data.startedAt = now;
        this.pushLine(
          data,
          now,
          wasRunning
            ? `Scan interval set to ${interval} minutes`
            : `Auto-scan started: every ${interval} minutes and on every change`,
        );
      });
    }
    await this.openWatcher();
    this.arm();
    return this.status();
  }

  /** POST /stop: no more automatic scans (a manual scan still works). */
  async stop(): Promise<ScanbotStatus> {
    if (this.data.running) {
      const now = this.options.clock();
      await this.options.store.update((data) => {
        data.running = false;
        data.startedAt = null;
        this.pushLine(data, now, 'Auto-scan stopped');
      });
    }
    this.disarm();
    await this.closeWatcher();
    return this.status();
  }

  /** At server start: the daemon again if it was started when the server stopped. */
  async resume(): Promise<void> {
    if (!this.data.running) return;
    try {
      await this.openWatcher();
    } catch (error) {
      this.options.log.warn(`ScanBot: cannot watch its folder: ${(error as Error).message}`);
    }
    this.arm();
  }

  /** Kiri is awake again (from deep pause): a scan that fell due meanwhile runs now. */
  wake(): void {
    this.arm();
  }

  /** Server shutdown: timers and watcher go, the stored state stays (the next start resumes). */
  async close(): Promise<void> {
    this.disarm();
    await this.closeWatcher();
    await this.settled();
  }

  /** Resolves once no scan is under way (tests wait for a timer's scan with it). */
  async settled(): Promise<void> {
    while (this.scanning) await this.scanning.catch(() => undefined);
  }

  private disarm(): void {
    if (this.intervalTimer !== null) this.timers.clearTimeout(this.intervalTimer);
    if (this.changeTimer !== null) this.timers.clearTimeout(this.changeTimer);
    this.intervalTimer = null;
    this.changeTimer = null;
  }

  private arm(): void {
    if (this.intervalTimer !== null) this.timers.clearTimeout(this.intervalTimer);
    this.intervalTimer = null;
    const { startedAt, lastScanAt, intervalMinutes } = this.data;
    if (!this.active || startedAt === null) return;
    const delay = nextScanAt(startedAt, lastScanAt, intervalMinutes) - this.options.clock();
    this.intervalTimer = this.timers.setTimeout(
      () => this.tick(),
      Math.min(MAX_TIMER_MS, Math.max(0, delay)),
    );
  }

  private tick(): void {
    this.intervalTimer = null;
    if (!this.active || this.data.startedAt === null) return;
    const due = nextScanAt(this.data.startedAt, this.data.lastScanAt, this.data.intervalMinutes);
    if (due > this.options.clock() || this.scanning) {
      this.arm();
      return;
    }
    void this.scan('scheduled')
      .catch((error: unknown) => this.options.log.error('ScanBot: scan failed', error))
      .finally(() => this.arm());
  }

  private async openWatcher(): Promise<void> {
    if (this.watcher) return;
    const root = await this.workspace.ensureFolder();
    const watcher = watch(root, {
      depth: 0,
      // A symlink is reported as itself and never followed: the scan refuses it.
      followSymlinks: false,
      ignoreInitial: true,
    });
    const changed = (path: string) => {
      if (this.data.files.some((file) => file.filename === basename(path))) this.changeSeen();
    };
    watcher.on('add', changed);
    watcher.on('change', changed);
    watcher.on('unlink', changed);
    watcher.on('error', (error) => {
      this.options.log.warn(`ScanBot: watcher: ${(error as Error).message}`);
    });
    await new Promise<void>((resolveReady) => watcher.once('ready', () => resolveReady()));
    this.watcher = watcher;
  }

  private async closeWatcher(): Promise<void> {
    const watcher = this.watcher;
    this.watcher = null;
    await watcher?.close();
  }

  /** A watched file changed on disk: a scan shortly, once (deep pause: none). */
  private changeSeen(): void {
    if (!this.active) return;
    if (this.scanning) {
      this.rescan = true;
      return;
    }
    if (this.changeTimer !== null) this.timers.clearTimeout(this.changeTimer);
    this.changeTimer = this.timers.setTimeout(() => {
      this.changeTimer = null;
      if (!this.active || this.scanning) return;
      void this.scan('file change')
        .catch((error: unknown) => this.options.log.error('ScanBot: scan failed', error))
        .finally(() => this.arm());
    }, CHANGE_DEBOUNCE_MS);
  }

  private scan(trigger: ScanTrigger): Promise<ScanReport> {
    const run = this.runScan(trigger).finally(() => {
      this.scanning = null;
      if (this.rescan) {
        this.rescan = false;
        this.changeSeen();
      }
    });
    this.scanning = run;
    return run;
  }

  private async runScan(trigger: ScanTrigger): Promise<ScanReport> {
    const report: ScanReport = { trigger, checked: 0, restored: [], broken: [], refused: [] };
    const lines: string[] = [];
    for (const file of [...this.data.files]) {
      report.checked += 1;
      const state: FileState = await this.workspace.inspect(file.filename);
      const action = repairActionOf(state, file.autoFix);
      const was = state === 'empty' ? 'empty' : 'missing';
      if (action === 'restore') {
        try {
          const written = await this.workspace.write(file.filename, file.autoFix ?? '');
          report.restored.push(file.filename);
          lines.push(
            `Restored ${file.filename} from its auto-fix content (${was}, ${written.bytes} bytes written)`,
          );
        } catch (error) {
          report.refused.push(file.filename);
          lines.push(`Could not restore ${file.filename}: ${(error as Error).message}`);
        }
      } else if (action === 'report') {
        report.broken.push(file.filename);
        lines.push(`${file.filename} is ${was} and has no auto-fix content`);
      } else if (action === 'refuse') {
        report.refused.push(file.filename);
        lines.push(`${file.filename} is not a plain file (a link or a folder): not touched`);
      }
    }
    const now = this.options.clock();
    const summary = `${trigger === 'manual' ? 'Manual' : trigger === 'scheduled' ? 'Scheduled' : 'Change'} scan: ${report.checked} file${report.checked === 1 ? '' : 's'} checked, ${report.restored.length} restored${report.broken.length ? `, ${report.broken.length} broken without auto-fix` : ''}${report.refused.length ? `, ${report.refused.length} refused` : ''}`;
    // A scan set off by a change (often the restore's own rename) that found nothing wrong is not logged.
    const quiet = trigger === 'file change' && lines.length === 0;
    await this.options.store.update((data) => {
      data.lastScanAt = now;
      if (quiet) return;
      for (const line of lines) this.pushLine(data, now, line);
      this.pushLine(data, now, summary);
    });
    if (report.restored.length > 0) {
      this.options.log.info(`ScanBot: restored ${report.restored.join(', ')}`);
    }
    return report;
  }

  private pushLine(data: ScanbotStore['data'], at: number, text: string): void {
    data.log.push({ at, text });
    if (data.log.length > LOG_CAP) data.log.splice(0, data.log.length - LOG_CAP);
  }
}
