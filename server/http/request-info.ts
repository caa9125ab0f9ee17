// Where a request comes from and whether it came over HTTPS, honouring a proxy only when told to.
import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context } from 'hono';

export const UNKNOWN_ADDRESS = 'unknown';

function headerEntries(value: string | undefined): string[] {
  return (value ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '');
}

/**
 * With TRUST_PROXY the address is the right-most X-Forwarded-For entry: the one our proxy added. Entries to
 * its left were sent by the client and are whatever it likes, so throttling by them would be no throttling.
 */
export function clientAddressOf(c: Context, trustProxy: boolean): string {
  if (trustProxy) {
    const forwarded = headerEntries(c.req.header('x-forwarded-for')).at(-1);
    if (forwarded) return forwarded;
  }
  try {
    return getConnInfo(c).remote.address ?? UNKNOWN_ADDRESS;
  } catch {
    // No socket (app.request without bindings): every such request shares one throttle bucket.
    return UNKNOWN_ADDRESS;
  }
}

export function isHttpsRequest(c: Context, trustProxy: boolean): boolean {
  if (trustProxy) {
    const proto = headerEntries(c.req.header('x-forwarded-proto')).at(-1);
    if (proto) return proto.toLowerCase() === 'https';
  }
  return new URL(c.req.url).protocol === 'https:';
}

/** The host the browser addressed, as the Origin check compares it. */
export function requestHostOf(c: Context, trustProxy: boolean): string {
  if (trustProxy) {
    const forwarded = headerEntries(c.req.header('x-forwarded-host')).at(-1);
    if (forwarded) return forwarded;
  }
  return c.req.header('host') ?? new URL(c.req.url).host;
}
