// The one error format of the API: { success: false, error, message }, with the right status.
import type { Context, ErrorHandler, NotFoundHandler } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { Logger } from '../log';
import { routeLabelOf } from './route-label';

export interface ErrorBody {
  success: false;
  error: string;
  message: string;
}

export function errorBody(message: string): ErrorBody {
  return { success: false, error: message, message };
}

/** Thrown by handlers and guards; turned into an error answer by the app's error handler. */
export class HttpError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    message: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

export function errorResponse(
  c: Context,
  status: ContentfulStatusCode,
  message: string,
  headers: Record<string, string> = {},
): Response {
  return c.json(errorBody(message), status, headers);
}

export const REQUEST_TOO_LARGE = 'Request body too large';

/** An answer of 500 or more, as the server's recent errors keep it (server/system-health/error-ring.ts). */
export interface ServerFailure {
  status: number;
  /** `METHOD /route/:pattern`: never the raw path or its query. */
  route: string;
  /** The answer's message; for an unexpected exception, its name and message (never its stack). */
  message: string;
}

function exceptionLine(error: Error): string {
  return `${error.name}: ${error.message}`.split('\n', 1)[0] ?? error.name;
}

/**
 * The app's error handler. `log` gets the unexpected exceptions (the line and the stack); `onFailure`
 * hears every answer of 500 or more, a handler's own 5xx too (which is not logged).
 */
export function handleErrors(
  log: Logger,
  onFailure: (failure: ServerFailure) => void = () => {},
): ErrorHandler {
  return (error, c) => {
    if (error instanceof HttpError) {
      if (error.status >= 500) {
        onFailure({ status: error.status, route: routeLabelOf(c), message: error.message });
      }
      return errorResponse(c, error.status, error.message, error.headers);
    }
    if (error instanceof HTTPException && error.status < 500) {
      const message = error.status === 413 ? REQUEST_TOO_LARGE : error.message || 'Bad request';
      return errorResponse(c, error.status as ContentfulStatusCode, message);
    }
    // The path and the error only: never the body, the cookies or the query, which may hold secrets.
    log.error(`${c.req.method} ${c.req.path} failed`, error);
    onFailure({ status: 500, route: routeLabelOf(c), message: exceptionLine(error) });
    return errorResponse(c, 500, 'Internal server error');
  };
}

export const notFound: NotFoundHandler = (c) => errorResponse(c, 404, 'Not found');
