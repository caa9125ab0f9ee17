// Times every /api request for the Performance page (docs/settings-health.md): from when the request
// reaches the app to when its answer is ready (a streamed body's sending is not counted), under its
// route pattern (http/route-label.ts). O(1) per request: two clock reads and one write into a ring.
import { performance } from 'node:perf_hooks';
import { createMiddleware } from 'hono/factory';
import type { AppEnv } from './app-env';
import { routeLabelOf } from './route-label';

/** Where a timing goes: the route's label and the milliseconds it took. */
export type TimingSink = (route: string, ms: number) => void;

export function timeRequests(sink: TimingSink, now: () => number = () => performance.now()) {
  return createMiddleware<AppEnv>(async (c, next) => {
    const started = now();
    try {
      await next();
    } finally {
      sink(routeLabelOf(c), now() - started);
    }
  });
}
