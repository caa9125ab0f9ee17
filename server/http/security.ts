// Headers every answer carries, and the refusal of state-changing API calls sent by another site.
import { createMiddleware } from 'hono/factory';
import type { AppEnv } from './app-env';
import { HttpError } from './errors';
import { requestHostOf } from './request-info';

/** What the built app needs and nothing more: its own scripts, inline styles, images from blobs and data. */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "connect-src 'self'",
  "worker-src 'self'",
  "manifest-src 'self'",
  "font-src 'self' data:",
  // The browser overlay (issue 13) shows the page a browser task opened, in a sandboxed frame.
  'frame-src https:',
  "object-src 'none'",
  "base-uri 'self'",
  "frame-ancestors 'none'",
  "form-action 'self'",
].join('; ');

export const securityHeaders = createMiddleware<AppEnv>(async (c, next) => {
  await next();
  const headers = c.res.headers;
  headers.set('Content-Security-Policy', CONTENT_SECURITY_POLICY);
  headers.set('X-Content-Type-Options', 'nosniff');
  headers.set('Referrer-Policy', 'no-referrer');
  headers.set('X-Frame-Options', 'DENY');
  headers.set('Permissions-Policy', 'camera=(self), microphone=(self)');
  // Only over HTTPS: sent over plain HTTP it would be ignored at best, and on localhost a trap.
  if (c.var.secure) headers.set('Strict-Transport-Security', 'max-age=31536000');
});

/** API answers are per user and change all the time: no cache may keep them. */
export const noStore = createMiddleware<AppEnv>(async (c, next) => {
  await next();
  c.res.headers.set('Cache-Control', 'no-store');
});

const STATE_CHANGING_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
export const CROSS_SITE_REFUSED = 'Cross-site request refused';

function sameHost(origin: string, host: string): boolean {
  if (!URL.canParse(origin)) return false;
  const originUrl = new URL(origin);
  if (!URL.canParse(`${originUrl.protocol}//${host}`)) return false;
  // Parsing both the same way drops default ports and case, so only a real difference counts.
  return originUrl.host === new URL(`${originUrl.protocol}//${host}`).host;
}

/**
 * Hono's csrf() looks only at form content types; a JSON call from another site must be refused too.
 * A request without Origin (curl, tests, same-origin GET-like navigations) passes: browsers always send
 * Origin on cross-origin POST, PUT, PATCH and DELETE.
 */
export function refuseCrossSite(trustProxy: boolean) {
  return createMiddleware<AppEnv>(async (c, next) => {
    if (STATE_CHANGING_METHODS.has(c.req.method)) {
      if (c.req.header('sec-fetch-site')?.toLowerCase() === 'cross-site') {
        throw new HttpError(403, CROSS_SITE_REFUSED);
      }
      const origin = c.req.header('origin');
      if (origin !== undefined && !sameHost(origin, requestHostOf(c, trustProxy))) {
        throw new HttpError(403, CROSS_SITE_REFUSED);
      }
    }
    await next();
  });
}
