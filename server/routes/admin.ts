// /api/admin: user management and restriction settings, for holders of user_management (owners, admins).
import { Hono } from 'hono';
import { z } from 'zod';
import { ADMIN_REQUIRED, requirePermission } from '../auth/guards';
import { PERMISSION_IDS } from '../auth/permissions';
import type { AccessChangeRefusal } from '../auth/access-rules';
import { ACCESS_LEVELS } from '../../src/domain/roles';
import type { AppEnv } from '../http/app-env';
import { HttpError } from '../http/errors';
import { jsonBody, pathParams } from '../http/validate';
import type { RouteDeps } from './route-deps';

export const USER_NOT_FOUND = 'User not found';
export const OWNER_NOT_REMOVABLE = 'The owner cannot be removed';
export const SELF_NOT_REMOVABLE = 'You cannot remove yourself';
export const OWNER_LEVEL_FIXED = "The owner's access level cannot be changed";
export const SELF_LEVEL_FIXED = 'You cannot change your own access level';
export const ABOVE_YOUR_LEVEL = 'You cannot manage a user above your own access level';

// No body promotes to admin, as the spec's call does; {accessLevel} sets user, engineer or admin.
const promoteBody = z.object({
  accessLevel: z
    .enum(ACCESS_LEVELS, { error: `must be one of ${ACCESS_LEVELS.join(', ')}` })
    .default('admin'),
});

function refusal(result: AccessChangeRefusal, owner: string, self: string): HttpError {
  if (result === 'owner') return new HttpError(409, owner);
  if (result === 'self') return new HttpError(409, self);
  return new HttpError(403, ABOVE_YOUR_LEVEL);
}

const userIdParams = z.object({ id: z.string().min(1).max(100) });

const restrictionsBody = z.object({
  restrictionMode: z.boolean(),
  defaultPermissions: z.array(z.enum(PERMISSION_IDS)).max(PERMISSION_IDS.length * 2),
});

export function adminRoutes({ users }: RouteDeps) {
  return (
    new Hono<AppEnv>()
      // user_management: owners and admins hold it; anyone else only if an admin granted it (access-rules.ts
      // keeps them below their own rank).
      .use(requirePermission('user_management', ADMIN_REQUIRED))
      .get('/users', (c) => c.json({ success: true as const, users: users.list() }))
      .post('/users/:id/promote', pathParams(userIdParams), jsonBody(promoteBody), async (c) => {
        const { id } = c.req.valid('param');
        const { accessLevel } = c.req.valid('json');
        const result = await users.setAccessLevel(id, accessLevel, c.var.viewer);
        if (result === 'not-found') throw new HttpError(404, USER_NOT_FOUND);
        if (result !== 'ok') throw refusal(result, OWNER_LEVEL_FIXED, SELF_LEVEL_FIXED);
        return c.json({ success: true as const });
      })
      .delete('/users/:id', pathParams(userIdParams), async (c) => {
        const { id } = c.req.valid('param');
        const result = await users.remove(id, c.var.viewer);
        if (result === 'not-found') throw new HttpError(404, USER_NOT_FOUND);
        if (result !== 'ok') throw refusal(result, OWNER_NOT_REMOVABLE, SELF_NOT_REMOVABLE);
        return c.json({ success: true as const });
      })
      .get('/user-restrictions', (c) => c.json({ success: true as const, ...users.restrictions() }))
      .post('/user-restrictions', jsonBody(restrictionsBody), async (c) => {
        await users.setRestrictions(c.req.valid('json'));
        return c.json({ success: true as const });
      })
  );
}
