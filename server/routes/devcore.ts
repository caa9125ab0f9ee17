// /api/devcore (spec 000 §7): the maintenance monitor's status for every account with chat (its metrics are
// the viewer's own conversation's), and its override controls for holders of system_control (owners and
// admins; auth/area-permissions.ts). The spec says the client does not check who presses them; the server
// does, and anyone else is told 'Access Restricted' (§6).
import { Hono } from 'hono';
import { requireSession } from '../auth/guards';
import { accountOf } from '../chat/account';
import type { DevcoreService } from '../devcore/devcore-service';
import type { AppEnv } from '../http/app-env';

/** Spec 000 §6: what a user who may not press the overrides is told (area-permissions.ts answers it). */
export const DEVCORE_ADMIN_ONLY = 'Access Restricted';

export function devcoreRoutes({ devcore }: { devcore: DevcoreService }) {
  return new Hono<AppEnv>()
    .get('/status', requireSession, (c) => c.json(devcore.status(accountOf(c.var.viewer))))
    .post('/manual-scan', requireSession, async (c) => {
      await devcore.scan('manual');
      return c.json({ success: true as const, status: devcore.status(accountOf(c.var.viewer)) });
    })
    .post('/emergency-halt', requireSession, async (c) => {
      await devcore.halt(c.var.viewer.user.id);
      return c.json({ success: true as const, status: devcore.status(accountOf(c.var.viewer)) });
    })
    .post('/emergency-restore', requireSession, async (c) => {
      await devcore.restore(c.var.viewer.user.id);
      return c.json({ success: true as const, status: devcore.status(accountOf(c.var.viewer)) });
    });
}
