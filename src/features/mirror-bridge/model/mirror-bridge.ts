// The mirror bridge panel's rules (spec 001 §2, §4, §7, §9): what the server's answers mean, the texts,
// the emotion colours, 'Never' and 'Not configured', and which calls poll when. Plain functions.

export const MIRROR_STATUS_URL = '/api/mirror-bridge/status';
export const MIRROR_LOGS_URL = '/api/mirror-bridge/logs';
/** Spec 001 §9: status every 5 s; logs every 10 s, only while the logs are shown. */
export const MIRROR_STATUS_POLL_MS = 5_000;
export const MIRROR_LOGS_POLL_MS = 10_000;
/** Spec 001 §9: the logs show the last 10 messages. */
export const SHOWN_MESSAGE_COUNT = 10;

export type BridgeAction = 'start' | 'stop' | 'sync';

export function actionUrl(action: BridgeAction): string {
  return `/api/mirror-bridge/${action}`;
}

export const MIRROR_TEXT = {
  title: 'Mirror Bridge',
  back: 'Back to Chat',
  tabBridge: 'Mirror Bridge',
  tabConsole: 'Manual Console',
  running: 'Running',
  stopped: 'Stopped',
  watchFolder: 'Watch Folder',
  githubPath: 'GitHub Path',
  notConfigured: 'Not configured',
  start: 'Start Auto-Sync',
  stop: 'Stop Auto-Sync',
  sync: 'Manual Sync',
  showLogs: 'Show Logs',
  hideLogs: 'Hide Logs',
  totalMessages: 'Total Messages',
  lastSync: 'Last Sync',
  never: 'Never',
  noMessages: 'No messages synced yet',
  loading: 'Loading mirror bridge status...',
  problems: 'Problems',
  lastMirror: 'Last Git Mirror',
  mirrorCommit: (when: string, commit: string | null) =>
    commit === null ? `${when}, nothing new to commit` : `${when}, commit ${commit.slice(0, 7)}`,
  started: 'Auto-sync started',
  stoppedToast: 'Auto-sync stopped',
  synced: (count: number) =>
    count === 0
      ? 'Sync complete: nothing new'
      : `Sync complete: ${count} new message${count === 1 ? '' : 's'}`,
  failed: 'Mirror bridge action failed',
  offlineTitle: 'Offline',
  offlineKnown: (when: string) =>
    `Showing the last known status, from ${when}. The bridge cannot be started, stopped or synced until the server is back.`,
  offlineNothing: 'The server cannot be reached, and this device has no earlier status to show.',
  deniedText: 'Only the administrator can use the mirror bridge.',
  consoleNotBuilt:
    'The Manual Console is not built yet: it arrives with the console issue and will open in this tab.',
} as const;

export interface BridgeStatus {
  isRunning: boolean;
  watchFolder: string | null;
  githubRepoPath: string | null;
}

export interface BridgeMessage {
  author: string;
  timestamp: string;
  message: string;
  emotion: string;
  type: string;
}

export interface BridgeLogs {
  totalMessages: number;
  lastSync: string | null;
  messages: BridgeMessage[];
  problems: { at: string; file: string; reason: string }[];
  /** The last git mirror: its commit, or null when nothing had changed. */
  lastMirror: { at: string; commit: string | null } | null;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

const pathOrNull = (value: unknown): string | null =>
  typeof value === 'string' && value.trim() !== '' ? value : null;

/** The status answer, or null when it is not one (never guessed at). */
export function parseBridgeStatus(value: unknown): BridgeStatus | null {
  if (!isRecord(value) || typeof value.isRunning !== 'boolean') return null;
  return {
    isRunning: value.isRunning,
    watchFolder: pathOrNull(value.watchFolder),
    githubRepoPath: pathOrNull(value.githubRepoPath),
  };
}

function parseMessage(value: unknown): BridgeMessage | null {
  if (!isRecord(value)) return null;
  const { author, timestamp, message, emotion, type } = value;
  if (typeof author !== 'string' || typeof message !== 'string' || typeof timestamp !== 'string') {
    return null;
  }
  return {
    author,
    timestamp,
    message,
    emotion: typeof emotion === 'string' ? emotion : '',
    type: typeof type === 'string' ? type : '',
  };
}

/** The logs answer, or null; messages that are not messages are dropped. */
export function parseBridgeLogs(value: unknown): BridgeLogs | null {
  if (!isRecord(value) || typeof value.totalMessages !== 'number') return null;
  const messages = Array.isArray(value.messages) ? value.messages.map(parseMessage) : [];
  const problems = Array.isArray(value.problems) ? value.problems : [];
  const mirror = isRecord(value.lastMirror) ? value.lastMirror : null;
  return {
    totalMessages: value.totalMessages,
    lastSync: typeof value.lastSync === 'string' ? value.lastSync : null,
    messages: messages.filter((message) => message !== null),
    problems: problems.filter(
      (p): p is { at: string; file: string; reason: string } =>
        isRecord(p) &&
        typeof p.at === 'string' &&
        typeof p.file === 'string' &&
        typeof p.reason === 'string',
    ),
    lastMirror:
      mirror && typeof mirror.at === 'string'
        ? { at: mirror.at, commit: typeof mirror.commit === 'string' ? mirror.commit : null }
        : null,
  };
}

/** Rule 'path or Not configured'. */
export function pathText(path: string | null): string {
  return path ?? MIRROR_TEXT.notConfigured;
}

/** Rule 'last 10 messages': the newest ten, newest first. */
export function shownMessages(messages: readonly BridgeMessage[]): BridgeMessage[] {
  return messages.slice(-SHOWN_MESSAGE_COUNT).reverse();
}

/** The panel's emotion colours (spec 001 §2): joyful, melancholic, frustrated, reflective, curious, other. */
export const EMOTION_COLOURS = {
  joyful: 'bg-amber-100 text-amber-900 dark:bg-amber-900/40 dark:text-amber-100',
  melancholic: 'bg-blue-100 text-blue-900 dark:bg-blue-900/40 dark:text-blue-100',
  frustrated: 'bg-red-100 text-red-900 dark:bg-red-900/40 dark:text-red-100',
  reflective: 'bg-purple-100 text-purple-900 dark:bg-purple-900/40 dark:text-purple-100',
  curious: 'bg-emerald-100 text-emerald-900 dark:bg-emerald-900/40 dark:text-emerald-100',
  other: 'bg-stone-200 text-stone-800 dark:bg-stone-700 dark:text-stone-100',
} as const;

export type EmotionColour = keyof typeof EMOTION_COLOURS;

/** Rule 'emotion colour': the five named emotions their own, anything else (neutral…) the other colour. */
export function emotionColourOf(emotion: string): EmotionColour {
  const key = emotion.trim().toLowerCase();
  return key !== 'other' && Object.hasOwn(EMOTION_COLOURS, key) ? (key as EmotionColour) : 'other';
}

const formats = new Map<string, Intl.DateTimeFormat>();

function formatFor(timeZone: string | undefined): Intl.DateTimeFormat {
  const key = timeZone ?? '';
  let format = formats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      ...(timeZone ? { timeZone } : {}),
      year: 'numeric',
      month: 'short',
      day: 'numeric',
      hour: 'numeric',
      minute: '2-digit',
    });
    formats.set(key, format);
  }
  return format;
}

/** A time of the bridge in the owner's zone; a value that is no time is shown as it came. */
export function timeText(iso: string, timeZone?: string): string {
  const at = Date.parse(iso);
  return Number.isNaN(at) ? iso : formatFor(timeZone).format(at);
}

/** Rule 'Never': no sync yet. */
export function lastSyncText(lastSync: string | null, timeZone?: string): string {
  return lastSync === null ? MIRROR_TEXT.never : timeText(lastSync, timeZone);
}

/** Rule 'logs polled only while shown': the interval for the logs query, or false (no polling). */
export function logsPollInterval(shown: boolean): number | false {
  return shown ? MIRROR_LOGS_POLL_MS : false;
}

/** Why the panel has no fresh status: the server refused this account (403) or could not be reached. */
export function bridgeFailure(httpStatus: number | null): 'denied' | 'unreachable' {
  return httpStatus === 403 ? 'denied' : 'unreachable';
}
