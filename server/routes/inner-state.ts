// Kiri's inner state (issue 11 points 4 and 6; docs/mood.md): the mood and thought map of spec 000
// §3.6 under /api/kiri, what Kiri is doing (/api/kiri-state), her affection (/api/manja), the day's
// reflection (/api/mirror). Each reads the caller's own conversation (the owner's devices share one).
// Reading them is part of the chat, so 'chat' is the permission. The consciousness stream has its own
// area (routes/consciousness.ts).
import { Hono } from 'hono';
import { requireSession } from '../auth/guards';
import { accountOf } from '../chat/account';
import type { AppEnv } from '../http/app-env';
import type { MoodService } from '../mood/mood-service';

/** What GET /api/mirror/last-reflection says before the first day with a conversation has ended. */
export const NO_REFLECTION_YET =
  'No reflection yet: Kiri writes one when a day with a conversation ends';

/** Mounted at /api/kiri: GET /state, GET /thoughtmap (polled every 10 s by the mood strip). */
export function kiriRoutes({ mood }: { mood: MoodService }) {
  // The session's; the area's permission is checked before any route (auth/area-permissions.ts).
  const guard = requireSession;
  return new Hono<AppEnv>()
    .get('/state', guard, (c) => c.json(mood.moodState(accountOf(c.var.viewer))))
    .get('/thoughtmap', guard, (c) => c.json(mood.thoughtMap(accountOf(c.var.viewer))));
}

/** Mounted at /api/kiri-state: GET / → {currentActivity, …}. */
export function kiriStateRoutes({ mood }: { mood: MoodService }) {
  return new Hono<AppEnv>().get('/', requireSession, (c) =>
    c.json(mood.kiriState(accountOf(c.var.viewer))),
  );
}

/** Mounted at /api/manja: GET /state. */
export function manjaRoutes({ mood }: { mood: MoodService }) {
  return new Hono<AppEnv>().get('/state', requireSession, async (c) =>
    c.json(await mood.manja(accountOf(c.var.viewer))),
  );
}

/** Mounted at /api/mirror: GET /last-reflection. */
export function mirrorRoutes({ mood }: { mood: MoodService }) {
  return new Hono<AppEnv>().get('/last-reflection', requireSession, async (c) => {
    const reflection = await mood.lastReflection(accountOf(c.var.viewer));
    return c.json(
      reflection
        ? { success: true as const, reflection }
        : { success: true as const, reflection: null, message: NO_REFLECTION_YET },
    );
  });
}
