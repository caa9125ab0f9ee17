// /api/system-health and /api/server-errors (the System Health, Performance and Error Logs settings pages,
// docs/settings-health.md). Read only, no body, no query. System health and the request timings are the
// machine's read-only state: `infrastructure` (auth/area-permissions.ts). The server's recent errors are
// the administrator's (their messages may name what failed inside): system_control, refused 'Admin access
// required'. Both are checked before any route runs.
import { Hono } from 'hono';
import { requireSession } from '../auth/guards';
import type { AppEnv } from '../http/app-env';
import { SERVER_ERROR_CAP, type ServerErrorRing } from '../system-health/error-ring';
import type { RequestTimings } from '../system-health/request-timings';
import type { SystemHealthService } from '../system-health/system-health-service';

export function systemHealthRoutes({
  health,
  timings,
  clock,
}: {
  health: SystemHealthService;
  timings: RequestTimings;
  clock: () => number;
}) {
  return (
    new Hono<AppEnv>()
      // Uptime, memory, store files, the last snapshot (polled every 10 s by the page).
      .get('/', requireSession, async (c) => c.json(await health.read()))
      // Per route pattern over the last 15 minutes: count, p50, p95, max.
      .get('/performance', requireSession, (c) => {
        const now = clock();
        return c.json({ serverTime: new Date(now).toISOString(), ...timings.summary(now) });
      })
  );
}

export function serverErrorsRoutes({ errors }: { errors: ServerErrorRing }) {
  return new Hono<AppEnv>().get('/', requireSession, (c) =>
    c.json({ capacity: SERVER_ERROR_CAP, errors: errors.recent() }),
  );
}
