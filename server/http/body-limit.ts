// The request body cap, without hono's bodyLimit cost on the common request: that middleware reads
// `c.req.raw.body`, which makes @hono/node-server build a whole fetch Request (headers, AbortController,
// a web stream over the socket) and then read the body through that stream, instead of straight from
// the socket. Measured: a third of a chat request's CPU (issue 8, bench/server-chat.ts).
import type { MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type { AppEnv } from './app-env';
import { errorResponse, REQUEST_TOO_LARGE } from './errors';

/**
 * A declared Content-Length (without Transfer-Encoding) is decided from the header, as hono's
 * bodyLimit does: Node's parser never lets a body run past it. A GET or HEAD has no body. Anything
 * else (a chunked body) is counted as it streams, by hono's bodyLimit.
 */
export function limitBody(maxSize: number): MiddlewareHandler<AppEnv> {
  const streamed = bodyLimit({
    maxSize,
    onError: (c) => errorResponse(c, 413, REQUEST_TOO_LARGE),
  });
  return async (c, next) => {
    const method = c.req.method;
    if (method === 'GET' || method === 'HEAD') return next();
    const length = c.req.header('content-length');
    if (length !== undefined && c.req.header('transfer-encoding') === undefined) {
      return parseInt(length, 10) > maxSize ? errorResponse(c, 413, REQUEST_TOO_LARGE) : next();
    }
    return streamed(c, next);
  };
}
