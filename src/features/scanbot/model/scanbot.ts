// The ScanBot screen's rules (spec 002 §2, §4, §5, §8, §9): what the server's answers mean, the texts and
// toasts, the polling intervals, which buttons are disabled when, the log's last 20 newest first.

export const SCANBOT_STATUS_URL = '/api/scanbot/status';
export const SCANBOT_LOGS_URL = '/api/scanbot/logs';
/** Spec 002 §9: status every 3 s, logs every 5 s. */
export const SCANBOT_STATUS_POLL_MS = 3_000;
export const SCANBOT_LOGS_POLL_MS = 5_000;
/** Spec 002 §9: the activity log shows the last 20 entries. */
export const SHOWN_LOG_COUNT = 20;

export type ScanbotAction = 'scan' | 'start' | 'stop';

export function actionUrl(action: ScanbotAction): string {
  return `/api/scanbot/${action}`;
}

export function removeUrl(filename: string): string {
  return `/api/scanbot/remove-file/${encodeURIComponent(filename)}`;
}

export const SCANBOT_TEXT = {
  title: 'ScanBot Auto-Repair',
  back: 'Back to Chat',
  scanning: 'Scanning',
  idle: 'Idle',
  monitored: (count: number) => `${count} monitored file${count === 1 ? '' : 's'}`,
  interval: (minutes: number) => `Every ${minutes} min`,
  autoFixes: (count: number) => `${count} auto-fix${count === 1 ? '' : 'es'} available`,
  autoOn: 'Auto: On',
  autoOff: 'Auto: Off',
  autoPaused: 'Auto: Paused (Kiri is asleep or paused)',
  manualScan: 'Manual Scan',
  startAuto: 'Start Auto',
  stopAuto: 'Stop Auto',
  addTitle: 'Add Watched File',
  filename: 'Filename',
  filenamePlaceholder: 'e.g. config.json',
  autoFixContent: 'Auto-Fix Content',
  autoFixPlaceholder: 'Optional: what the file is restored with when it goes missing or empty',
  add: 'Add File',
  watchedTitle: 'Watched Files',
  noWatched: 'No watched files yet',
  missing: 'Missing',
  empty: 'Empty',
  present: 'Present',
  hasAutoFix: 'auto-fix',
  remove: (filename: string) => `Remove ${filename}`,
  logTitle: 'Activity Log',
  noLogs: 'No activity logs yet',
  aboutTitle: 'About ScanBot',
  about: [
    'ScanBot watches files in its own folder on the server (DATA_DIR/scanbot). A name is a plain file name: no folders, no paths.',
    'A scan checks every watched file. A file that is missing or empty is written back from its auto-fix content, and the log says so. A file that is there with other content is left alone: ScanBot repairs only what is missing or empty.',
    'Start Auto scans at the interval shown and whenever a watched file changes on disk. Sleep and deep pause stop it until Kiri wakes; Manual Scan works at any time. Removing a file stops watching it and leaves the file as it is.',
  ],
  loading: 'Loading ScanBot status...',
  offlineTitle: 'Offline',
  offlineKnown: (when: string) =>
    `Showing the last known status, from ${when}. Nothing can be scanned, started, stopped, added or removed until the server is back.`,
  offlineNothing: 'The server cannot be reached, and this device has no earlier status to show.',
  deniedText: 'Only the administrator can use ScanBot.',
  // Spec 002 §8: the five auto-repair toasts.
  scanFailed: 'Manual scan failed',
  startFailed: 'Failed to start ScanBot',
  stopFailed: 'Failed to stop ScanBot',
  addFailed: 'Failed to add watched file',
  removeFailed: 'Failed to remove watched file',
  scanDone: (restored: number) =>
    restored === 0
      ? 'Scan complete: nothing to repair'
      : `Scan complete: ${restored} file${restored === 1 ? '' : 's'} restored`,
  started: 'ScanBot started',
  stopped: 'ScanBot stopped',
  added: (filename: string) => `Watching ${filename}`,
  removed: (filename: string) => `Stopped watching ${filename}`,
} as const;

export interface WatchedFile {
  filename: string;
  exists: boolean;
  empty: boolean;
  autoFix: boolean;
}

export interface ScanbotStatus {
  isScanning: boolean;
  watchedFiles: WatchedFile[];
  scanInterval: number;
  autoFixesAvailable: number;
  isRunning: boolean;
  paused: boolean;
  lastScan: string | null;
  nextScan: string | null;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function parseFile(value: unknown): WatchedFile | null {
  if (!isRecord(value) || typeof value.filename !== 'string' || typeof value.exists !== 'boolean') {
    return null;
  }
  return {
    filename: value.filename,
    exists: value.exists,
    empty: value.empty === true,
    autoFix: value.autoFix === true,
  };
}

/** The status answer, or null when it is not one (never guessed at). */
export function parseScanbotStatus(value: unknown): ScanbotStatus | null {
  if (
    !isRecord(value) ||
    typeof value.isScanning !== 'boolean' ||
    !Array.isArray(value.watchedFiles) ||
    typeof value.scanInterval !== 'number' ||
    typeof value.autoFixesAvailable !== 'number'
  ) {
    return null;
  }
  return {
    isScanning: value.isScanning,
    watchedFiles: value.watchedFiles.map(parseFile).filter((file) => file !== null),
    scanInterval: value.scanInterval,
    autoFixesAvailable: value.autoFixesAvailable,
    isRunning: value.isRunning === true,
    paused: value.paused === true,
    lastScan: typeof value.lastScan === 'string' ? value.lastScan : null,
    nextScan: typeof value.nextScan === 'string' ? value.nextScan : null,
  };
}

/** The logs answer (text lines, oldest first), or null. */
export function parseScanbotLogs(value: unknown): string[] | null {
  if (!isRecord(value) || !Array.isArray(value.logs)) return null;
  return value.logs.filter((line): line is string => typeof line === 'string');
}

/** Rule 'last 20 log entries, newest first'. */
export function shownLogLines(lines: readonly string[]): string[] {
  return lines.slice(-SHOWN_LOG_COUNT).reverse();
}

/** Rule 'add-file disabled while the filename is empty' (spec 002 §5); also while busy. */
export function canAddFile(filename: string, busy: boolean): boolean {
  return filename.trim() !== '' && !busy;
}

/** Rule 'Manual Scan disabled while scanning' (spec 002 §4); also while a call is under way. */
export function canScan(status: Pick<ScanbotStatus, 'isScanning'>, busy: boolean): boolean {
  return !status.isScanning && !busy;
}

/** Rule 'tick or Missing': present with content, present but empty, or missing. */
export function fileBadgeOf(file: WatchedFile): 'present' | 'empty' | 'missing' {
  if (!file.exists) return 'missing';
  return file.empty ? 'empty' : 'present';
}

/** Rule 'auto state': started, stopped, or started but stopped by deep pause. */
export function autoStateOf(status: Pick<ScanbotStatus, 'isRunning' | 'paused'>) {
  if (!status.isRunning) return SCANBOT_TEXT.autoOff;
  return status.paused ? SCANBOT_TEXT.autoPaused : SCANBOT_TEXT.autoOn;
}

/** Why the screen has no fresh status: the server refused this account (403) or could not be reached. */
export function scanbotFailure(httpStatus: number | null): 'denied' | 'unreachable' {
  return httpStatus === 403 ? 'denied' : 'unreachable';
}
