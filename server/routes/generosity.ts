// /api/generosity (spec 002 §7 "Builds, generosity, memory"; docs/generosity.md): the session statistics
// and the engine's status, both for the viewer's own conversation. The area needs 'chat' (the page shows
// one's own chat, read-only: auth/area-permissions.ts), checked before any route runs. Neither takes input.
import { Hono } from 'hono';
import { requireSession } from '../auth/guards';
import type { GenerosityService } from '../generosity/generosity-service';
import type { AppEnv } from '../http/app-env';

export function generosityRoutes({ generosity }: { generosity: GenerosityService }) {
  return new Hono<AppEnv>()
    .get('/stats', requireSession, (c) => c.json(generosity.stats(c.var.viewer)))
    .get('/status', requireSession, (c) => c.json(generosity.status(c.var.viewer)));
}
