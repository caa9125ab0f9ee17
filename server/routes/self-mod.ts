// /api/self-mod (spec 001 §2 "Self-modification panel", §5, §7, §8): config, the greeting the chat uses,
// the server's and the console's recent log lines, execute, and apply-latest-patch (our name for the
// 'Apply Latest Patch' button's call: spec 001 names none). Admin only: the area's line in
// auth/area-permissions.ts (system_control, refused as the admin area is) runs before any route here.
import { Hono } from 'hono';
import { z } from 'zod';
import { EXECUTE_TYPES, MAX_COMMAND_CHARS, MAX_LOG_COUNT } from '../../src/domain/self-mod';
import { requireSession } from '../auth/guards';
import type { AppEnv } from '../http/app-env';
import { jsonBody, pathParams } from '../http/validate';
import type { SelfModService } from '../self-mod/self-mod-service';

const countParam = z.object({
  count: z
    .string()
    .regex(/^\d{1,4}$/, 'must be a whole number')
    .transform(Number)
    .refine((count) => count >= 1 && count <= MAX_LOG_COUNT, {
      message: `must be 1 to ${MAX_LOG_COUNT}`,
    }),
});

export const executeSchema = z.object({
  type: z.enum(EXECUTE_TYPES, { error: `must be one of ${EXECUTE_TYPES.join(', ')}` }),
  command: z
    .string({ error: 'must be text' })
    .max(MAX_COMMAND_CHARS, `must be at most ${MAX_COMMAND_CHARS} characters`)
    .refine((command) => command.trim() !== '', 'is required'),
  params: z.record(z.string(), z.unknown()).optional().default({}),
});

export function selfModRoutes({ selfMod }: { selfMod: SelfModService }) {
  return new Hono<AppEnv>()
    .get('/config', requireSession, (c) =>
      c.json({ success: true as const, config: selfMod.config() }),
    )
    .get('/greeting', requireSession, (c) =>
      c.json({ success: true as const, ...selfMod.greeting(c.var.viewer) }),
    )
    .get('/logs/:count', requireSession, pathParams(countParam), (c) =>
      c.json({ success: true as const, logs: selfMod.logs(c.req.valid('param').count) }),
    )
    .get('/python-logs/:count', requireSession, pathParams(countParam), (c) =>
      c.json({ success: true as const, logs: selfMod.pythonLogs(c.req.valid('param').count) }),
    )
    .post('/execute', requireSession, jsonBody(executeSchema), async (c) =>
      c.json(await selfMod.execute(c.var.viewer, c.req.valid('json'))),
    )
    .post('/apply-latest-patch', requireSession, async (c) =>
      c.json(await selfMod.applyLatestPatch(c.var.viewer)),
    );
}
