// /api/analytics (issue 20, docs/analytics.md): the Analytics page's summary of the viewer's own
// conversation over the last days, and the Monitoring page's last 24 hours. Reading one's own conversation
// needs `chat`, as the chat itself and the maintenance monitor do (auth/area-permissions.ts). Times are
// ISO 8601; durations are milliseconds.
import { Hono } from 'hono';
import { z } from 'zod';
import { requireSession } from '../auth/guards';
import type { AnalyticsService } from '../analytics/analytics-service';
import { DEFAULT_DAYS, MAX_DAYS } from '../analytics/analytics-rules';
import type { AppEnv } from '../http/app-env';
import { HttpError } from '../http/errors';

export const DAYS_INVALID = `days: must be a whole number from 1 to ${MAX_DAYS}`;

/** `?days=` absent means the default; present, a whole number in range (no '30.5', no '1e1'). */
const summaryQuery = z.object({
  days: z
    .string()
    .regex(/^\d{1,3}$/)
    .transform(Number)
    .pipe(z.number().int().min(1).max(MAX_DAYS))
    .optional(),
});

const iso = (ms: number) => new Date(ms).toISOString();

export function analyticsRoutes({
  analytics,
  clock,
}: {
  analytics: AnalyticsService;
  clock: () => number;
}) {
  return new Hono<AppEnv>()
    .get('/summary', requireSession, (c) => {
      const parsed = summaryQuery.safeParse({ days: c.req.query('days') });
      if (!parsed.success) throw new HttpError(400, DAYS_INVALID);
      const { log, ...summary } = analytics.summary(c.var.viewer, parsed.data.days ?? DEFAULT_DAYS);
      return c.json({
        success: true as const,
        generatedAt: iso(clock()),
        ...summary,
        log: { ...log, oldestAt: log.oldestAt === null ? null : iso(log.oldestAt) },
      });
    })
    .get('/monitoring', requireSession, (c) => {
      const { start, hours, ...rest } = analytics.monitoring(c.var.viewer);
      return c.json({
        success: true as const,
        generatedAt: iso(clock()),
        ...rest,
        start: iso(start),
        hours: hours.map((row) => ({ ...row, start: iso(row.start) })),
      });
    });
}
