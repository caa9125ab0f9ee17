// Who may call what. Every /api route needs a session unless it is listed in PUBLIC_API_ROUTES, so an area
// added later is protected without anyone remembering to protect it.
import { createMiddleware } from 'hono/factory';
import type { AppEnv, SessionEnv } from '../http/app-env';
import { HttpError } from '../http/errors';
import { viewerPermissions } from './access-rules';
import type { AuthService } from './auth-service';
import { readSessionCookie, SESSION_COOKIE, setSessionCookie } from './cookies';
import type { PermissionId } from './permissions';
import { ADMIN_REQUIRED } from '../../src/domain/area-permissions';

export const NOT_LOGGED_IN = 'Not logged in';
export { ADMIN_REQUIRED };
export const OWNER_REQUIRED = 'Owner device required';
export const PERMISSION_REQUIRED = 'You do not have access to this feature';

/** The only calls anyone may make without a session. */
export const PUBLIC_API_ROUTES: ReadonlyArray<{ method: 'GET' | 'POST'; path: string }> = [
  { method: 'GET', path: '/api/health' },
  { method: 'GET', path: '/api/auth/status' },
  { method: 'POST', path: '/api/auth/login' },
  { method: 'GET', path: '/api/notifications/public-key' },
];

export function isPublicApiRoute(method: string, path: string): boolean {
  const asMethod = method === 'HEAD' ? 'GET' : method;
  return PUBLIC_API_ROUTES.some((route) => route.method === asMethod && route.path === path);
}

/**
 * Finds the session of the request. After a successful answer it counts as a use: the session's 30 days
 * start again and the cookie is renewed to match.
 */
export function loadViewer(auth: AuthService) {
  return createMiddleware<AppEnv>(async (c, next) => {
    const token = readSessionCookie(c);
    const viewer = auth.viewerFor(token, c.req.header('user-agent'));
    c.set('viewer', viewer);
    await next();
    const answeredWell = c.res.status < 400;
    // Login and logout replace or revoke the session themselves: leave their cookie alone.
    const setsItsOwnCookie = c.res.headers
      .getSetCookie()
      .some((cookie) => cookie.startsWith(`${SESSION_COOKIE}=`));
    if (
      viewer &&
      token &&
      answeredWell &&
      !setsItsOwnCookie &&
      auth.isSessionLive(viewer.sessionHash)
    ) {
      if (auth.noteUse(viewer).renewCookie) setSessionCookie(c, token, c.var.secure);
    }
  });
}

export const denyByDefault = createMiddleware<AppEnv>(async (c, next) => {
  if (!c.var.viewer && !isPublicApiRoute(c.req.method, c.req.path)) {
    throw new HttpError(401, NOT_LOGGED_IN);
  }
  await next();
});

export const requireSession = createMiddleware<SessionEnv>(async (c, next) => {
  if (!c.var.viewer) throw new HttpError(401, NOT_LOGGED_IN);
  await next();
});

/** Owner or promoted admin (or, under OWNER_DEVICE_POLICY=apple, an Apple device). */
export const requireAdmin = createMiddleware<SessionEnv>(async (c, next) => {
  if (!c.var.viewer) throw new HttpError(401, NOT_LOGGED_IN);
  if (!c.var.viewer.isAdmin) throw new HttpError(403, ADMIN_REQUIRED);
  await next();
});

export const requireOwnerDevice = createMiddleware<SessionEnv>(async (c, next) => {
  if (!c.var.viewer) throw new HttpError(401, NOT_LOGGED_IN);
  if (!c.var.viewer.isOwnerDevice) throw new HttpError(403, OWNER_REQUIRED);
  await next();
});

/**
 * For areas gated by a permission id of spec 002 §6. Owners and admins hold every permission, engineers
 * theirs (permissions.ts). `refusal` is the 403's text where an area's contract names its own.
 */
export function requirePermission(permission: PermissionId, refusal = PERMISSION_REQUIRED) {
  return createMiddleware<SessionEnv>(async (c, next) => {
    const viewer = c.var.viewer;
    if (!viewer) throw new HttpError(401, NOT_LOGGED_IN);
    if (!viewerPermissions(viewer).includes(permission)) throw new HttpError(403, refusal);
    await next();
  });
}
