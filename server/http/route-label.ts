// The route a request matched, as the timings and the error list name it: the method and the route's
// registered pattern (`GET /api/images/:id`), never the raw path, so no id and no query string lands in
// them. Read from Hono's match result, which is there before any handler runs.
import type { Context } from 'hono';
import { matchedRoutes } from 'hono/route';

/** The label of a request no route answered (a 404, or refused before it reached one it named). */
export const UNMATCHED_ROUTE = '(no route)';

/** Middleware (`.use`) registers under 'ALL'; an endpoint under its method. */
const MIDDLEWARE_METHOD = 'ALL';

export function routeLabelOf(c: Context): string {
  let pattern: string | null = null;
  try {
    for (const route of matchedRoutes(c)) {
      if (route.method !== MIDDLEWARE_METHOD) pattern = route.path;
    }
  } catch {
    // No match result (a request that never reached the router): no route.
  }
  return pattern === null ? `${c.req.method} ${UNMATCHED_ROUTE}` : `${c.req.method} ${pattern}`;
}
