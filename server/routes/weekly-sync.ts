// /api/weekly-sync and /api/bloom-sync (spec 002 §7 "Sync control"): the daemon's status (polled every
// 3 s by the page), Start and Stop Daemon, the manual weekly trigger, and the bloom trigger. Both areas
// need system_control (auth/area-permissions.ts), checked before any route runs. A trigger answers at once
// with the status (syncing: true); the run goes on in the background. None takes a body.
import { Hono } from 'hono';
import { z } from 'zod';
import { requireSession } from '../auth/guards';
import type { AppEnv } from '../http/app-env';
import { jsonBody } from '../http/validate';
import type { WeeklySyncService } from '../weekly-sync/weekly-sync-service';

/** No fields: an unknown one is a mistake the caller should hear about. */
const noFields = z.strictObject({});

/**
 * Where a trigger came from: the page sends X-Sync-Source: page; any other caller is the API (the
 * bloom card's third trigger option). Only the log records it.
 */
const sourceOf = (header: string | undefined) => (header === 'page' ? 'manual' : 'api');

export function weeklySyncRoutes({ sync }: { sync: WeeklySyncService }) {
  return new Hono<AppEnv>()
    .get('/status', requireSession, (c) => c.json(sync.status()))
    .post('/start', requireSession, jsonBody(noFields), async (c) =>
      c.json(await sync.setEnabled(true)),
    )
    .post('/stop', requireSession, jsonBody(noFields), async (c) =>
      c.json(await sync.setEnabled(false)),
    )
    .post('/trigger', requireSession, jsonBody(noFields), (c) =>
      c.json(sync.trigger('weekly', sourceOf(c.req.header('x-sync-source'))), 202),
    );
}

export function bloomSyncRoutes({ sync }: { sync: WeeklySyncService }) {
  return new Hono<AppEnv>().post('/trigger', requireSession, jsonBody(noFields), (c) =>
    c.json(sync.trigger('bloom', sourceOf(c.req.header('x-sync-source'))), 202),
  );
}
