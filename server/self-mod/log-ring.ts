// The server's own recent log lines (spec 001 §2 "TypeScript logs"): a ring buffer in front of the
// logger. It sees only what the logger is given, which is never a request body, a cookie or a code
// (server/log.ts); the access code printed at a first start goes to the console before the ring exists.
import type { Logger } from '../log';

/** How many lines the ring keeps: the newest win. */
export const LOG_RING_CAPACITY = 500;
/** A longer line (a stack) is cut: the panel shows lines, the console keeps the whole. */
export const MAX_LOG_LINE_CHARS = 2000;

export type LogLevel = 'INFO' | 'WARN' | 'ERROR';

function firstLineOf(error: unknown): string {
  if (error instanceof Error) return `${error.name}: ${error.message}`;
  return String(error);
}

/** Rule 'log line': time (ISO, UTC), level, message; an error adds its name and message, not its stack. */
export function logLine(at: number, level: LogLevel, message: string, error?: unknown): string {
  const text = error === undefined ? message : `${message}: ${firstLineOf(error)}`;
  const line = `${new Date(at).toISOString()} ${level} ${text}`;
  return line.length > MAX_LOG_LINE_CHARS ? `${line.slice(0, MAX_LOG_LINE_CHARS - 1)}…` : line;
}

export class LogRing {
  private readonly lines: string[] = [];

  constructor(
    private readonly clock: () => number = Date.now,
    private readonly capacity = LOG_RING_CAPACITY,
  ) {}

  add(level: LogLevel, message: string, error?: unknown): void {
    this.lines.push(logLine(this.clock(), level, message, error));
    if (this.lines.length > this.capacity) this.lines.splice(0, this.lines.length - this.capacity);
  }

  /** The newest `count` lines, newest first. */
  recent(count: number): string[] {
    const n = Math.max(0, Math.min(Math.floor(count), this.lines.length));
    return this.lines.slice(this.lines.length - n).reverse();
  }

  /** A logger that writes to `inner` and keeps each line here. */
  wrap(inner: Logger): Logger {
    return {
      info: (message) => {
        this.add('INFO', message);
        inner.info(message);
      },
      warn: (message) => {
        this.add('WARN', message);
        inner.warn(message);
      },
      error: (message, error) => {
        this.add('ERROR', message, error);
        inner.error(message, error);
      },
    };
  }
}
