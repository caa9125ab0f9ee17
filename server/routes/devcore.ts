// /api/devcore (spec 000 §7): the maintenance monitor's status for every signed-in user (its metrics are
// the viewer's own conversation's), and its override controls for admins only. The spec says the client
// does not check who presses them; the server does, and a plain user is told 'Access Restricted' (§6).
import { Hono } from 'hono';
import { createMiddleware } from 'hono/factory';
import { requireSession } from '../auth/guards';
import { accountOf } from '../chat/account';
import type { DevcoreService } from '../devcore/devcore-service';
import type { AppEnv, SessionEnv } from '../http/app-env';
import { HttpError } from '../http/errors';

/** Spec 000 §6: what a user who is not an admin is told. */
export const DEVCORE_ADMIN_ONLY = 'Access Restricted';

const adminOnly = createMiddleware<SessionEnv>(async (c, next) => {
  if (!c.var.viewer.isAdmin) throw new HttpError(403, DEVCORE_ADMIN_ONLY);
  await next();
});

export function devcoreRoutes({ devcore }: { devcore: DevcoreService }) {
  return new Hono<AppEnv>()
    .get('/status', requireSession, (c) => c.json(devcore.status(accountOf(c.var.viewer))))
    .post('/manual-scan', requireSession, adminOnly, async (c) => {
      await devcore.scan('manual');
      return c.json({ success: true as const, status: devcore.status(accountOf(c.var.viewer)) });
    })
    .post('/emergency-halt', requireSession, adminOnly, async (c) => {
      await devcore.halt(c.var.viewer.user.id);
      return c.json({ success: true as const, status: devcore.status(accountOf(c.var.viewer)) });
    })
    .post('/emergency-restore', requireSession, adminOnly, async (c) => {
      await devcore.restore(c.var.viewer.user.id);
      return c.json({ success: true as const, status: devcore.status(accountOf(c.var.viewer)) });
    });
}
