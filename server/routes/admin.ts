// /api/admin: user management and restriction settings, for owners and admins only.
import { Hono } from 'hono';
import { z } from 'zod';
import { requireAdmin } from '../auth/guards';
import { PERMISSION_IDS } from '../auth/permissions';
import type { AppEnv } from '../http/app-env';
import { HttpError } from '../http/errors';
import { jsonBody, pathParams } from '../http/validate';
import type { RouteDeps } from './route-deps';

export const USER_NOT_FOUND = 'User not found';
export const OWNER_NOT_REMOVABLE = 'The owner cannot be removed';
export const SELF_NOT_REMOVABLE = 'You cannot remove yourself';

const userIdParams = z.object({ id: z.string().min(1).max(100) });

const restrictionsBody = z.object({
  restrictionMode: z.boolean(),
  defaultPermissions: z.array(z.enum(PERMISSION_IDS)).max(PERMISSION_IDS.length * 2),
});

export function adminRoutes({ users }: RouteDeps) {
  return new Hono<AppEnv>()
    .use(requireAdmin)
    .get('/users', (c) => c.json({ success: true as const, users: users.list() }))
    .post('/users/:id/promote', pathParams(userIdParams), async (c) => {
      const { id } = c.req.valid('param');
      if (!(await users.promote(id))) throw new HttpError(404, USER_NOT_FOUND);
      return c.json({ success: true as const });
    })
    .delete('/users/:id', pathParams(userIdParams), async (c) => {
      const { id } = c.req.valid('param');
      const result = await users.remove(id, c.var.viewer);
      if (result === 'not-found') throw new HttpError(404, USER_NOT_FOUND);
      if (result === 'owner') throw new HttpError(409, OWNER_NOT_REMOVABLE);
      if (result === 'self') throw new HttpError(409, SELF_NOT_REMOVABLE);
      return c.json({ success: true as const });
    })
    .get('/user-restrictions', (c) => c.json({ success: true as const, ...users.restrictions() }))
    .post('/user-restrictions', jsonBody(restrictionsBody), async (c) => {
      await users.setRestrictions(c.req.valid('json'));
      return c.json({ success: true as const });
    });
}
