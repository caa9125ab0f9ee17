// /api/presence (spec 002 §2 "Mood engine monitor", §7; docs/presence-mood.md): the engine's state
// (polled every 10 s by /presence), a manual tick and the target mood. Who may call it is the area's line
// in auth/area-permissions.ts ('presence': presence_engine, reads and writes), checked before any route
// runs; each route also needs a session.
import { Hono } from 'hono';
import { z } from 'zod';
import { PRESENCE_MOODS } from '../../src/domain/presence-mood';
import { requireSession } from '../auth/guards';
import type { AppEnv } from '../http/app-env';
import { jsonBody } from '../http/validate';
import type { PresenceMoodService } from '../presence-mood/presence-mood-service';

export const setMoodSchema = z.strictObject({
  mood: z.enum(PRESENCE_MOODS, { error: `must be one of ${PRESENCE_MOODS.join(', ')}` }),
});

export function presenceRoutes({ presence }: { presence: PresenceMoodService }) {
  return new Hono<AppEnv>()
    .get('/state', requireSession, (c) =>
      c.json({ success: true as const, state: presence.state() }),
    )
    .post('/tick', requireSession, async (c) =>
      c.json({ success: true as const, state: await presence.manualTick() }),
    )
    .post('/set-mood', requireSession, jsonBody(setMoodSchema), async (c) =>
      c.json({
        success: true as const,
        state: await presence.setTarget(c.req.valid('json').mood),
      }),
    );
}
