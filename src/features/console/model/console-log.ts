// The console's execution log (spec 002 §3 "Console log entry", client side only): typed, timestamped
// entries, kept on this device across reloads (localStorage, the newest MAX_LOG_ENTRIES), and the rules
// that turn each call's answer into the words of 002 §8.
import { previewOf, REPLY_PREVIEW_BANNER, REPLY_PREVIEW_LOG } from '@/domain/console-input';
import { uuidv7 } from '@/domain/uuidv7';

export type LogEntryType = 'input' | 'output' | 'error' | 'kiri';

export interface LogEntry {
  id: string;
  /** Milliseconds since the epoch. */
  timestamp: number;
  type: LogEntryType;
  content: string;
  replyToId?: string;
}

/** Bounded: the log is a working scroll, not an archive (Kiri's conversations keep her side). */
export const MAX_LOG_ENTRIES = 200;
export const LOG_STORAGE_KEY = 'kiri-console-log';

export function newEntry(
  type: LogEntryType,
  content: string,
  replyToId?: string,
  now = Date.now(),
): LogEntry {
  return { id: uuidv7(now), timestamp: now, type, content, ...(replyToId ? { replyToId } : {}) };
}

/** Rule: appending keeps the newest MAX_LOG_ENTRIES. */
export function appendEntries(log: readonly LogEntry[], ...entries: LogEntry[]): LogEntry[] {
  const next = [...log, ...entries];
  return next.length > MAX_LOG_ENTRIES ? next.slice(next.length - MAX_LOG_ENTRIES) : next;
}

const TYPES = new Set<LogEntryType>(['input', 'output', 'error', 'kiri']);

function isEntry(value: unknown): value is LogEntry {
  const entry = value as LogEntry;
  return (
    typeof entry === 'object' &&
    entry !== null &&
    typeof entry.id === 'string' &&
    typeof entry.timestamp === 'number' &&
    TYPES.has(entry.type) &&
    typeof entry.content === 'string' &&
    (entry.replyToId === undefined || typeof entry.replyToId === 'string')
  );
}

function storage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

/** The log this device kept; entries that are not entries (an older or damaged copy) are dropped. */
export function readLog(): LogEntry[] {
  try {
    const raw = storage()?.getItem(LOG_STORAGE_KEY);
    if (!raw) return [];
    const parsed: unknown = JSON.parse(raw);
    return Array.isArray(parsed) ? parsed.filter(isEntry).slice(-MAX_LOG_ENTRIES) : [];
  } catch {
    return [];
  }
}

/** False when the device would not keep it (storage blocked or full): the status card says so. */
export function writeLog(log: readonly LogEntry[]): boolean {
  const store = storage();
  if (!store) return false;
  try {
    store.setItem(LOG_STORAGE_KEY, JSON.stringify(log));
    return true;
  } catch {
    return false;
  }
}

/** Whether the device lets the log be kept (a probe write): false where storage is blocked. */
export function canKeepLog(): boolean {
  const store = storage();
  if (!store) return false;
  try {
    store.setItem(`${LOG_STORAGE_KEY}:probe`, '1');
    store.removeItem(`${LOG_STORAGE_KEY}:probe`);
    return true;
  } catch {
    return false;
  }
}

/** Rule (002 §9): the replied-to entry as shown on a log line: 50 characters. */
export const logReplyPreview = (content: string) => previewOf(content, REPLY_PREVIEW_LOG);
/** Rule (002 §9): the replied-to entry as shown in the reply banner: 80 characters. */
export const bannerReplyPreview = (content: string) => previewOf(content, REPLY_PREVIEW_BANNER);

/** The words of 002 §8. */
export const CONSOLE_ERRORS = {
  chatFailed: 'Kiri conversation failed',
  chatConnection: (detail: string) => `Kiri connection error: ${detail}`,
  executionFailed: 'Execution failed',
  executed: 'Code executed successfully',
  network: (detail: string) => `Network error: ${detail}`,
  taskFailed: 'Autonomous task failed',
  taskDone: 'Autonomous task completed successfully',
  noRollback: 'No rollback data available',
  rollbackFailed: 'Failed to load rollback',
  uploadFailed: 'Upload failed',
  uploadError: 'Upload error',
  processingFailed: 'Processing failed',
  processingError: 'Processing error',
  fileLoadFailed: 'Failed to load file',
} as const;

function text(value: unknown): string | null {
  return typeof value === 'string' && value.trim() !== '' ? value : null;
}

/**
 * Rule (002 §7, §8): Kiri's reply is read as kiriResponse.message, or response, or error; a failed
 * answer is its error, or 'Kiri conversation failed'.
 */
export function chatReplyEntry(
  ok: boolean,
  answer: unknown,
): { type: LogEntryType; content: string } {
  const body = (answer ?? {}) as {
    kiriResponse?: { message?: unknown };
    response?: unknown;
    error?: unknown;
  };
  if (ok) {
    const reply = text(body.kiriResponse?.message) ?? text(body.response);
    if (reply) return { type: 'kiri', content: reply };
  }
  return { type: 'error', content: text(body.error) ?? CONSOLE_ERRORS.chatFailed };
}

/**
 * Rule (002 §8): an execution's answer: its output, or 'Code executed successfully' when it printed
 * nothing; a failure is its error, or 'Execution failed'.
 */
export function executionEntry(
  ok: boolean,
  answer: unknown,
): { type: LogEntryType; content: string } {
  const body = (answer ?? {}) as { success?: unknown; output?: unknown; error?: unknown };
  if (ok && body.success === true) {
    return { type: 'output', content: text(body.output) ?? CONSOLE_ERRORS.executed };
  }
  return { type: 'error', content: text(body.error) ?? CONSOLE_ERRORS.executionFailed };
}

/** Rule (002 §8): an autonomous task's answer, with 'Autonomous task completed successfully' / 'failed'. */
export function taskEntry(ok: boolean, answer: unknown): { type: LogEntryType; content: string } {
  const body = (answer ?? {}) as { success?: unknown; output?: unknown; error?: unknown };
  if (ok && body.success === true) {
    return { type: 'output', content: text(body.output) ?? CONSOLE_ERRORS.taskDone };
  }
  const reason = text(body.error);
  return {
    type: 'error',
    content: reason ? `${CONSOLE_ERRORS.taskFailed}: ${reason}` : CONSOLE_ERRORS.taskFailed,
  };
}

/** Rule (002 §8): the rollback's answer as a log line, with 'No rollback data available'. */
export function rollbackEntry(
  ok: boolean,
  answer: unknown,
): { type: LogEntryType; content: string } {
  const body = (answer ?? {}) as { success?: unknown; rollback?: unknown; error?: unknown };
  if (ok && body.success === true && body.rollback !== undefined && body.rollback !== null) {
    return {
      type: 'output',
      content: `Rollback data: ${JSON.stringify(body.rollback, null, 2)}`,
    };
  }
  const reason = text(body.error);
  if (reason === CONSOLE_ERRORS.noRollback || (ok && reason === null)) {
    return { type: 'output', content: CONSOLE_ERRORS.noRollback };
  }
  return { type: 'error', content: reason ?? CONSOLE_ERRORS.rollbackFailed };
}

/** How a time is shown on a log line: the device's own clock and zone, to the second. */
export function logTime(timestamp: number): string {
  return new Date(timestamp).toLocaleTimeString(undefined, {
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  });
}
