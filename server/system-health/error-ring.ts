// The server's recent errors for the Error Logs page (admins only, docs/settings-health.md): every
// answer of 500 or more (a handler's own 5xx, as the error-test route's, and an unexpected exception,
// both from http/errors.ts handleErrors) and every error line of the server's logger. In memory, the
// newest SERVER_ERROR_CAP; a restart starts it empty. What it is given is never a request body, a
// cookie or a query string (the route pattern stands for the path); each message is scrubbed again and
// cut (src/domain/secret-scrub.ts).
import { loggableMessage } from '../../src/domain/secret-scrub';
import type { ServerFailure } from '../http/errors';
import type { Logger } from '../log';

export const SERVER_ERROR_CAP = 200;

/** response: an error answer of 500 or more; log: an error line of the server's log. */
export type ServerErrorSource = 'response' | 'log';

export interface ServerError {
  /** Counts up from 1 since the server started. */
  id: number;
  /** ISO 8601. */
  at: string;
  source: ServerErrorSource;
  /** The answer's status (response), else null. */
  status: number | null;
  /** `METHOD /route/:pattern` (response), else null. */
  route: string | null;
  message: string;
}

/** Rule 'an error as listed': its name and message, never its stack. */
export function exceptionText(error: unknown): string {
  const text = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  return text.split('\n', 1)[0] ?? '';
}

export class ServerErrorRing {
  private readonly entries: ServerError[] = [];
  private lastId = 0;

  constructor(
    private readonly clock: () => number,
    private readonly capacity = SERVER_ERROR_CAP,
  ) {}

  private add(entry: Omit<ServerError, 'id' | 'at'>): void {
    this.lastId += 1;
    this.entries.push({
      id: this.lastId,
      at: new Date(this.clock()).toISOString(),
      ...entry,
      message: loggableMessage(entry.message),
    });
    if (this.entries.length > this.capacity) {
      this.entries.splice(0, this.entries.length - this.capacity);
    }
  }

  /** An error answer (handleErrors calls it for every status of 500 or more). */
  recordResponse(failure: ServerFailure): void {
    this.add({
      source: 'response',
      status: failure.status,
      route: failure.route,
      message: failure.message,
    });
  }

  /** An error line of the log: its message and the error's first line. */
  recordLog(message: string, error?: unknown): void {
    const text = error === undefined ? message : `${message}: ${exceptionText(error)}`;
    this.add({ source: 'log', status: null, route: null, message: text });
  }

  /** Newest first. */
  recent(): ServerError[] {
    return [...this.entries].reverse();
  }

  /** A logger that writes to `inner` and keeps each error line here. */
  wrap(inner: Logger): Logger {
    return {
      info: (message) => inner.info(message),
      warn: (message) => inner.warn(message),
      error: (message, error) => {
        this.recordLog(message, error);
        inner.error(message, error);
      },
    };
  }
}
