// /api/hydra (spec 001 §7): the task runner's counts (polled 3 s) and its task list (polled 2 s). The
// area needs system_control, refused as the admin area is (auth/area-permissions.ts, docs/api-auth.md):
// it is the admin system control panel's.
import { Hono } from 'hono';
import { requireSession } from '../auth/guards';
import type { AppEnv } from '../http/app-env';
import type { HydraRunner } from '../hydra/task-runner';

export function hydraRoutes({ hydra }: { hydra: HydraRunner }) {
  return new Hono<AppEnv>()
    .get('/status', requireSession, async (c) =>
      c.json({
        ...(await hydra.status()),
        // The registry's command names, so the panel can say what exists (not in the spec's answer).
        commands: hydra.commands().map((command) => ({
          name: command.name,
          summary: command.summary,
        })),
      }),
    )
    .get('/tasks/active', requireSession, async (c) => {
      const tasks = (await hydra.active()).map((task) => ({
        id: task.id,
        type: task.type,
        status: task.status,
        progress: task.progress,
        error: task.error,
        result: task.result,
        createdAt: new Date(task.createdAt).toISOString(),
        finishedAt: task.finishedAt === null ? null : new Date(task.finishedAt).toISOString(),
      }));
      return c.json({ tasks });
    });
}
