// POST /api/admin/system-mod/execute {command, params} → {success, taskId} (spec 001 §7): accepts a task
// of the command registry (server/hydra/commands.ts). Under /api/admin (user_management, checked by the
// area map) and also system_control here: it changes the system, not users. Bad params of a known
// command: 400 naming the reason; an unknown command is accepted and its task fails with the reason.
import { Hono } from 'hono';
import { z } from 'zod';
import { ADMIN_REQUIRED, requirePermission } from '../auth/guards';
import type { AppEnv } from '../http/app-env';
import { jsonBody } from '../http/validate';
import type { HydraRunner } from '../hydra/task-runner';

export const COMMAND_REQUIRED = 'Please enter a system modification command';

const executeBody = z.object({
  command: z
    .string({ error: COMMAND_REQUIRED })
    .trim()
    .min(1, COMMAND_REQUIRED)
    .max(100, 'command must be at most 100 characters'),
  // Checked by the command's own schema; a known command with no params gets {}.
  params: z.unknown().optional(),
});

export function adminSystemModRoutes({ hydra }: { hydra: HydraRunner }) {
  return new Hono<AppEnv>().post(
    '/execute',
    requirePermission('system_control', ADMIN_REQUIRED),
    jsonBody(executeBody),
    async (c) => {
      const { command, params } = c.req.valid('json');
      const viewer = c.var.viewer!;
      const task = await hydra.enqueue(command, params, viewer.user.name ?? viewer.user.id);
      return c.json({ success: true as const, taskId: task.id, status: task.status });
    },
  );
}
