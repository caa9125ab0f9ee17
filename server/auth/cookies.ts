// The two cookies of the auth contract (docs/api-auth.md): the session, and the device it was made on.
import type { Context } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import { SESSION_TTL_MS } from './auth-service';

export const SESSION_COOKIE = 'kiri_session';
export const DEVICE_COOKIE = 'kiri_device';
const DEVICE_COOKIE_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;

const baseOptions = (secure: boolean) =>
  ({ httpOnly: true, sameSite: 'Lax', path: '/', secure }) as const;

export function readSessionCookie(c: Context): string | undefined {
  return getCookie(c, SESSION_COOKIE) || undefined;
}

export function readDeviceCookie(c: Context): string | undefined {
  return getCookie(c, DEVICE_COOKIE) || undefined;
}

/** Also used to renew it: its 30 days run from the last use, like the session behind it. */
export function setSessionCookie(c: Context, token: string, secure: boolean): void {
  setCookie(c, SESSION_COOKIE, token, {
    ...baseOptions(secure),
    maxAge: Math.floor(SESSION_TTL_MS / 1000),
  });
}

export function clearSessionCookie(c: Context, secure: boolean): void {
  deleteCookie(c, SESSION_COOKIE, baseOptions(secure));
}

export function setDeviceCookie(c: Context, token: string, secure: boolean): void {
  setCookie(c, DEVICE_COOKIE, token, {
    ...baseOptions(secure),
    maxAge: DEVICE_COOKIE_MAX_AGE_SECONDS,
  });
}
