// /api/sleep-mode (spec 002 §7): the power state's status, the transitions, and the voice wake. Spec 002
// leaves the page's protection open; changing what Kiri does for everyone is system control (§6), which
// owners and admins hold and a user only when an admin grants it.
import { Hono } from 'hono';
import { z } from 'zod';
import { requireSession } from '../auth/guards';
import type { AppEnv } from '../http/app-env';
import { jsonBody } from '../http/validate';
import { MAX_WAKE_COMMAND_CHARS, type PowerAction } from '../power/power-rules';
import type { PowerChange, PowerService } from '../power/power-service';

export const voiceWakeSchema = z.object({
  command: z
    .string({ error: 'is required: the phrase that was heard' })
    .trim()
    .min(1, 'is required: the phrase that was heard')
    .max(MAX_WAKE_COMMAND_CHARS, `must be at most ${MAX_WAKE_COMMAND_CHARS} characters`),
});

export function sleepModeRoutes({ power }: { power: PowerService }) {
  // The session's; the area's permission is checked before any route (auth/area-permissions.ts).
  const guard = requireSession;
  const answer = (change: PowerChange) => ({
    success: true as const,
    message: change.message,
    changed: change.changed,
    status: power.status(),
  });
  const transition = (action: PowerAction) =>
    new Hono<AppEnv>().post('/', guard, async (c) =>
      c.json(answer(await power.apply(action, c.var.viewer.user.id))),
    );
  return new Hono<AppEnv>()
    .get('/status', guard, (c) => c.json(power.status()))
    .route('/enable', transition('enable'))
    .route('/disable', transition('disable'))
    .route('/deep-pause', transition('deep-pause'))
    .route('/resume-all', transition('resume-all'))
    .post('/voice-wake', guard, jsonBody(voiceWakeSchema), async (c) => {
      const { command } = c.req.valid('json');
      return c.json(answer(await power.voiceWake(command, c.var.viewer.user.id)));
    });
}
