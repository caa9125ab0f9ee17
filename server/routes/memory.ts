// /api/memory (spec 002 §7 "Builds, generosity, memory"): the memory dashboard's stats (polled every 30 s),
// its memory context (every 60 s) and add; and GET /compiled-memory.md, the file the dashboard downloads.
// All read and write the viewer's own account of the chat's memory lattice (docs/memory-dashboard.md).
// The area needs memory_threading to read and to write (auth/area-permissions.ts), and so does the file:
// it is mounted outside /api, with the session and the permission checked by its own middleware.
import { Hono } from 'hono';
import { z } from 'zod';
import { newMemoryOf } from '../../src/domain/memory-dashboard';
import { requirePermission, requireSession } from '../auth/guards';
import { accountOf } from '../chat/account';
import type { AppEnv } from '../http/app-env';
import { HttpError } from '../http/errors';
import { jsonBody } from '../http/validate';
import { COMPILED_MEMORY_NAME } from '../memory-dashboard/memory-dashboard-rules';
import type { MemoryDashboard } from '../memory-dashboard/memory-dashboard-service';

/** Where the compiled memory file is served (spec 002 §7), outside /api. */
export const COMPILED_MEMORY_PATH = `/${COMPILED_MEMORY_NAME}`;

/**
 * The body's shape at the door: text where text is meant, a list or text of tags. What the fields mean
 * (content required, the five types, importance 1 to 10 or 5) is src/domain/memory-dashboard.ts's
 * newMemoryOf, the form's own rule, whose words the 400 carries as they are.
 */
export const addMemorySchema = z.object({
  content: z.string().optional(),
  type: z.string().nullable().optional(),
  importance: z.unknown().optional(),
  tags: z
    .union([z.string(), z.array(z.string())])
    .nullable()
    .optional(),
});

export function memoryRoutes({ dashboard }: { dashboard: MemoryDashboard }) {
  return new Hono<AppEnv>()
    .get('/stats', requireSession, (c) => {
      const viewer = c.var.viewer;
      return c.json(dashboard.stats(accountOf(viewer), viewer.user.name ?? null));
    })
    .get('/context', requireSession, (c) => c.json(dashboard.context(accountOf(c.var.viewer))))
    .post('/add', requireSession, jsonBody(addMemorySchema), async (c) => {
      const checked = newMemoryOf(c.req.valid('json'));
      if (!checked.ok) throw new HttpError(400, checked.error);
      const answer = await dashboard.add(accountOf(c.var.viewer), checked.memory);
      return answer.stored
        ? c.json({ success: true as const, ...answer }, 201)
        : c.json({ success: true as const, ...answer }, 200);
    });
}

/** GET /compiled-memory.md: the viewer's memories as Markdown, downloaded as a file. */
export function compiledMemoryRoutes({ dashboard }: { dashboard: MemoryDashboard }) {
  return new Hono<AppEnv>().get('/', requirePermission('memory_threading'), (c) => {
    const viewer = c.var.viewer;
    const text = dashboard.compiled(accountOf(viewer), viewer.user.name ?? null);
    return c.body(text, 200, {
      'Content-Type': 'text/markdown; charset=utf-8',
      'Content-Disposition': `attachment; filename="${COMPILED_MEMORY_NAME}"`,
      'Cache-Control': 'no-store',
    });
  });
}
