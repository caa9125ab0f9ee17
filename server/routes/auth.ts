// /api/auth: status, login, logout, the owner-device check and pairing (docs/api-auth.md).
import { Hono } from 'hono';
import { z } from 'zod';
import { viewerPermissions } from '../auth/access-rules';
import { toPublicUser } from '../auth/auth-service';
import {
  clearSessionCookie,
  readDeviceCookie,
  readSessionCookie,
  setDeviceCookie,
  setSessionCookie,
} from '../auth/cookies';
import { requireOwnerDevice, requireSession } from '../auth/guards';
import type { AppEnv } from '../http/app-env';
import { HttpError } from '../http/errors';
import { jsonBody } from '../http/validate';
import type { RouteDeps } from './route-deps';

export const ACCESS_CODE_REQUIRED = 'Access code is required';
export const INVALID_PASSWORD = 'Invalid password';
export const INVALID_PAIRING_CODE = 'Invalid or expired pairing code';

export function tooManyAttempts(retryAfterSeconds: number): HttpError {
  const unit = retryAfterSeconds === 1 ? 'second' : 'seconds';
  return new HttpError(429, `Too many attempts. Try again in ${retryAfterSeconds} ${unit}.`, {
    'Retry-After': String(retryAfterSeconds),
  });
}

const loginBody = z.object({
  // Optional here so that a missing code gets the screen's own message, not a parser's.
  password: z.string().max(1024, 'must be at most 1024 characters').optional(),
});

const pairBody = z.object({
  code: z.string().max(64, 'must be at most 64 characters').optional(),
});

export function authRoutes({ config, auth }: RouteDeps) {
  return new Hono<AppEnv>()
    .get('/status', (c) => {
      const viewer = c.var.viewer;
      return c.json({
        authenticated: viewer !== null,
        // Any device may try the code; there is no list of refused devices.
        allowedDevice: true,
        isAdmin: viewer?.isAdmin ?? false,
        isOwnerDevice: viewer?.isOwnerDevice ?? false,
        personaName: config.personaName,
        // The client names day sessions (yyyy-MM-dd) in this zone, as the server does.
        timeZone: config.timeZone,
        user: viewer ? toPublicUser(viewer.user) : null,
        // What this account may use, so screens can say 'Access Restricted' before asking (absent when
        // logged out). The server checks every call itself all the same.
        permissions: viewer ? viewerPermissions(viewer) : undefined,
      });
    })
    .post('/login', jsonBody(loginBody), async (c) => {
      const { password } = c.req.valid('json');
      if (password === undefined || password.trim() === '') {
        throw new HttpError(400, ACCESS_CODE_REQUIRED);
      }
      const result = await auth.login({
        password,
        deviceToken: readDeviceCookie(c),
        currentSessionToken: readSessionCookie(c),
        userAgent: c.req.header('user-agent'),
        address: c.var.clientAddress,
      });
      if (result.kind === 'throttled') throw tooManyAttempts(result.retryAfterSeconds);
      if (result.kind === 'invalid') throw new HttpError(401, INVALID_PASSWORD);
      setSessionCookie(c, result.sessionToken, c.var.secure);
      setDeviceCookie(c, result.deviceToken, c.var.secure);
      return c.json({
        success: true as const,
        clientId: result.user.clientId,
        user: toPublicUser(result.user),
        isOwnerDevice: result.isOwnerDevice,
      });
    })
    .post('/logout', requireSession, async (c) => {
      await auth.logout(c.var.viewer);
      clearSessionCookie(c, c.var.secure);
      return c.json({ success: true as const });
    })
    .get('/device-check', requireSession, (c) =>
      c.json({ isOwnerDevice: c.var.viewer.isOwnerDevice }),
    )
    .post('/pairing-code', requireOwnerDevice, (c) => {
      const { code, expiresAt } = auth.issuePairingCode(c.var.viewer);
      return c.json({ code, expiresAt: new Date(expiresAt).toISOString() });
    })
    .post('/pair', requireSession, jsonBody(pairBody), async (c) => {
      const { code } = c.req.valid('json');
      if (code === undefined || code.trim() === '') throw new HttpError(400, INVALID_PAIRING_CODE);
      const result = await auth.pair(c.var.viewer, code, c.var.clientAddress);
      if (result.kind === 'throttled') throw tooManyAttempts(result.retryAfterSeconds);
      if (result.kind === 'invalid') throw new HttpError(400, INVALID_PAIRING_CODE);
      return c.json({ success: true as const, user: toPublicUser(result.user) });
    });
}
