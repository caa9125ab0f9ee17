// enforceAreaPermissions applies the one map of which permission each API area needs
// (src/domain/area-permissions.ts, shared with the device) to every /api request before any route runs,
// so a route added to an area is covered without anyone remembering to guard it.
import { createMiddleware } from 'hono/factory';
import type { AppEnv } from '../http/app-env';
import { HttpError } from '../http/errors';
import { viewerPermissions } from './access-rules';
import {
  AREA_PERMISSIONS,
  areaOf,
  needOf,
  type AreaAccess,
} from '../../src/domain/area-permissions';
import { isPublicApiRoute, PERMISSION_REQUIRED } from './guards';

export {
  AREA_NAMES,
  AREA_PERMISSIONS,
  areaOf,
  needOf,
  type AreaAccess,
  type AreaName,
  type AreaNeed,
} from '../../src/domain/area-permissions';

export function refusalOf(path: string): string {
  const area = areaOf(path);
  const access: AreaAccess | null = area === null ? null : AREA_PERMISSIONS[area];
  return access?.refusal ?? PERMISSION_REQUIRED;
}

/** After denyByDefault: a logged-in account without the area's permission gets 403 before the route runs. */
export const enforceAreaPermissions = createMiddleware<AppEnv>(async (c, next) => {
  const viewer = c.var.viewer;
  const need = needOf(c.req.method, c.req.path);
  if (
    viewer &&
    need !== null &&
    need !== 'public' &&
    need !== 'session' &&
    !isPublicApiRoute(c.req.method, c.req.path) &&
    !viewerPermissions(viewer).includes(need)
  ) {
    throw new HttpError(403, refusalOf(c.req.path));
  }
  await next();
});
