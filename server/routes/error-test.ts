// /api/error-test: real failures on demand for the error-test page (/error-test, docs/screen-settings.md),
// so the app's request helper, classification and error screens are tried against what the server and
// the network really do, not against made-up errors. Admin-only; it reads and writes nothing.
import { Hono } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { z } from 'zod';
import { requireSession } from '../auth/guards';
import type { AppEnv } from '../http/app-env';
import { HttpError } from '../http/errors';

/** The statuses the page can ask for: one per error type of spec 000 §8, and the rate limit. */
export const ERROR_TEST_STATUSES = [400, 401, 403, 404, 429, 500, 502, 503, 504] as const;
export type ErrorTestStatus = (typeof ERROR_TEST_STATUSES)[number];

/** The message of each answer: says it is a test, and uses none of the classification's words. */
export function errorTestMessage(status: number): string {
  return `Error test: status ${status} on request`;
}

/** The Retry-After of the test 429, in seconds. */
export const ERROR_TEST_RETRY_AFTER_S = 30;

/** The slow answer waits this long by default: longer than the page's 3 s timeout. */
export const SLOW_DEFAULT_MS = 10_000;
/** And never longer, so a forgotten request holds nothing for long. */
export const SLOW_MAX_MS = 15_000;

const slowQuery = z.object({
  ms: z.coerce.number().int().min(0).max(SLOW_MAX_MS).optional(),
});

export interface ErrorTestDeps {
  /** Resolves after `ms` or when `signal` aborts (tests pass a fast one). */
  wait?: (ms: number, signal: AbortSignal) => Promise<void>;
}

function realWait(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    }
    // The browser gave up (its timeout): stop holding the request.
    signal.addEventListener('abort', done, { once: true });
  });
}

export function errorTestRoutes({ wait = realWait }: ErrorTestDeps = {}) {
  return (
    new Hono<AppEnv>()
      // Its permission (system_control, which admins hold) is the area map's: server/auth/area-permissions.ts.
      .use(requireSession)
      // A real error answer in the API's one format, with the status asked for.
      .get('/status/:status{[0-9]{3}}', (c) => {
        const status = Number(c.req.param('status'));
        if (!(ERROR_TEST_STATUSES as readonly number[]).includes(status)) {
          throw new HttpError(404, 'Not found');
        }
        const headers: Record<string, string> =
          status === 429 ? { 'Retry-After': String(ERROR_TEST_RETRY_AFTER_S) } : {};
        throw new HttpError(status as ContentfulStatusCode, errorTestMessage(status), headers);
      })
      // An answer that comes after the page's timeout: the page gives up first.
      .get('/slow', async (c) => {
        const parsed = slowQuery.safeParse({ ms: c.req.query('ms') });
        if (!parsed.success) throw new HttpError(400, `ms: at most ${SLOW_MAX_MS}`);
        const waitedMs = parsed.data.ms ?? SLOW_DEFAULT_MS;
        await wait(waitedMs, c.req.raw.signal);
        return c.json({ success: true as const, waitedMs });
      })
      // The connection is closed with no answer at all: what a dropped network looks like to fetch.
      .get('/network', (c) => {
        const socket = c.env.incoming?.socket;
        // Only a real Node socket can be closed (app.request in tests has none).
        if (typeof socket?.destroy !== 'function') {
          throw new HttpError(501, 'No connection to close here');
        }
        socket.destroy();
        // Nothing reaches the browser; the answer is for the framework only.
        return c.body(null, 204);
      })
  );
}
