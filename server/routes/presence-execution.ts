// /api/presence-execution (spec 002 §7 "Console", docs/sandbox.md): the manual console's code runs, its
// engine status, the newest rollback snapshot and the three autonomous tasks. The console is admin only
// (spec 002 §6): every call needs system_control, the admin group's permission, refused as the admin
// area is (auth/area-permissions.ts); the route checks it itself too.
import { Hono } from 'hono';
import { z } from 'zod';
import { accountOf } from '../chat/account';
import { ADMIN_REQUIRED, requirePermission } from '../auth/guards';
import type { AppEnv } from '../http/app-env';
import { jsonBody } from '../http/validate';
import { MAX_CODE_CHARS } from '../presence-execution/execution-rules';
import {
  TASK_TYPES,
  type PresenceExecution,
} from '../presence-execution/presence-execution-service';

export const executeBodySchema = z.object({
  code: z
    .string({ error: 'code is required' })
    .max(MAX_CODE_CHARS, `code is longer than ${MAX_CODE_CHARS} characters`)
    .refine((code) => code.trim() !== '', 'code is required'),
  context: z.string().max(64).optional(),
  language: z.enum(['javascript', 'python']).optional(),
});

export const autonomousTaskBodySchema = z.object({
  type: z.enum(TASK_TYPES, { error: 'type must be maintenance, learning or consciousness' }),
  description: z.string().max(500).optional(),
  priority: z.string().max(32).optional(),
});

export function presenceExecutionRoutes({ execution }: { execution: PresenceExecution }) {
  const adminOnly = requirePermission('system_control', ADMIN_REQUIRED);
  return new Hono<AppEnv>()
    .get('/status', adminOnly, async (c) => c.json(await execution.status()))
    .get('/rollback', adminOnly, (c) => c.json(execution.rollback()))
    .post('/execute', adminOnly, jsonBody(executeBodySchema), async (c) => {
      const { code, language } = c.req.valid('json');
      return c.json(await execution.execute(code, language));
    })
    .post('/autonomous-task', adminOnly, jsonBody(autonomousTaskBodySchema), async (c) => {
      const { type } = c.req.valid('json');
      return c.json(await execution.autonomousTask(type, accountOf(c.var.viewer)));
    });
}
