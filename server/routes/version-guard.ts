// /api/version-guard (spec 001 §7): the snapshot count (polled 5 s), the snapshots newest first, and the
// rollback to one. system_control, refused as the admin area is (auth/area-permissions.ts).
import { Hono } from 'hono';
import { z } from 'zod';
import { requireSession } from '../auth/guards';
import type { AppEnv } from '../http/app-env';
import { HttpError } from '../http/errors';
import { pathParams } from '../http/validate';
import { GuardError, type VersionGuard } from '../version-guard/version-guard';

const idParams = z.object({ id: z.string().regex(/^[0-9a-f-]{36}$/, 'is not a snapshot id') });

export function versionGuardRoutes({ guard }: { guard: VersionGuard }) {
  return new Hono<AppEnv>()
    .get('/status', requireSession, (c) => c.json({ total_snapshots: guard.count() }))
    .get('/snapshots', requireSession, (c) => c.json({ snapshots: guard.list() }))
    .post('/rollback/:id', requireSession, pathParams(idParams), async (c) => {
      const { id } = c.req.valid('param');
      try {
        const result = await guard.rollback(id);
        return c.json({
          success: true as const,
          message: 'System rolled back successfully',
          ...result,
        });
      } catch (error) {
        if (error instanceof GuardError) throw new HttpError(error.status, error.message);
        throw error;
      }
    });
}
