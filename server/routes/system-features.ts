// The system features page's calls (spec 001 §7): the presence system tree, the manual console's status
// and the mirror sync's status. GET /api/fallback-system/status, the page's fourth, is fallback-system.ts.
// Each is one API area with its permission in auth/area-permissions.ts (checked there for the whole area,
// and again here by the route itself, so a route moved out of its area stays guarded); all are read-only.
import { Hono } from 'hono';
import { requirePermission } from '../auth/guards';
import type { AppEnv } from '../http/app-env';
import { manualConsoleStatus, type ManualConsoleSource } from '../system-tree/manual-console';
import type { MirrorSyncSource } from '../system-tree/mirror-sync';
import { buildSystemTree, type SystemTreeSource } from '../system-tree/system-tree';

export function presenceSystemTreeRoutes(source: SystemTreeSource) {
  return new Hono<AppEnv>().get('/status', requirePermission('presence_engine'), (c) =>
    c.json(buildSystemTree(source)),
  );
}

export function manualConsoleRoutes(source: ManualConsoleSource) {
  return new Hono<AppEnv>().get('/status', requirePermission('infrastructure'), (c) =>
    c.json(manualConsoleStatus(source)),
  );
}

export function mirrorSyncRoutes(source: MirrorSyncSource) {
  return new Hono<AppEnv>().get('/status', requirePermission('mirror_bridge'), (c) => {
    const { enabled, auto_sync, sync_interval_minutes, configured, built } = source.status();
    return c.json({ enabled, auto_sync, sync_interval_minutes, configured, built });
  });
}
