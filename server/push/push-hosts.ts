// Which endpoints the server will post to. A subscription's endpoint is a URL the client chose, so
// without this rule any logged-in user could make the server send requests anywhere (SSRF).

/** One allowed host: an exact name, or `*.` and a suffix for any host under it; one port. */
export interface AllowedPushHost {
  /** Lower case. `*.push.apple.com` matches `web.push.apple.com`, never `push.apple.com` itself. */
  host: string;
  port: number;
}

const HTTPS_PORT = 443;

/**
 * The browsers' push services, checked against what their subscriptions hold: Safari and iOS
 * (`web.push.apple.com`), Chrome, Edge on Android, Samsung Internet, Opera and Brave (`fcm.googleapis.com`),
 * Firefox (`updates.push.services.mozilla.com`), Edge on Windows (`wns2-*.notify.windows.com`).
 */
export const DEFAULT_PUSH_HOSTS: readonly AllowedPushHost[] = [
  { host: '*.push.apple.com', port: HTTPS_PORT },
  { host: 'fcm.googleapis.com', port: HTTPS_PORT },
  { host: '*.push.services.mozilla.com', port: HTTPS_PORT },
  { host: '*.notify.windows.com', port: HTTPS_PORT },
];

const LABEL = /^[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?$/;

function isHostName(host: string): boolean {
  return host.length <= 253 && host.split('.').every((label) => LABEL.test(label));
}

/**
 * Reads one entry of PUSH_ALLOWED_HOSTS: `host`, `host:port`, `*.suffix`, `[::1]:8443` or an IPv4
 * address. Throws with a message for people on anything else (a scheme, a path, a bad port).
 */
export function parseAllowedPushHost(entry: string): AllowedPushHost {
  const text = entry.trim().toLowerCase();
  const problem = `"${entry.trim()}" is not a host or host:port`;
  if (text === '' || /[/?#@\s]/.test(text)) throw new Error(problem);
  const wildcard = text.startsWith('*.');
  const rest = wildcard ? text.slice(2) : text;
  let host: string;
  let portText: string | undefined;
  if (rest.startsWith('[')) {
    const close = rest.indexOf(']');
    if (close < 0 || wildcard) throw new Error(problem);
    host = rest.slice(0, close + 1);
    const after = rest.slice(close + 1);
    if (after !== '' && !after.startsWith(':')) throw new Error(problem);
    portText = after === '' ? undefined : after.slice(1);
    // URL normalises the address (e.g. [0:0::1] to [::1]) the way an endpoint's hostname will be.
    if (!URL.canParse(`https://${host}/`)) throw new Error(problem);
    host = new URL(`https://${host}/`).hostname;
  } else {
    const parts = rest.split(':');
    if (parts.length > 2) throw new Error(`${problem} (write an IPv6 address in brackets)`);
    [host = '', portText] = parts;
    if (!isHostName(host)) throw new Error(problem);
  }
  let port = HTTPS_PORT;
  if (portText !== undefined) {
    port = Number(portText);
    if (!/^\d{1,5}$/.test(portText) || port < 1 || port > 65_535) {
      throw new Error(`"${entry.trim()}" has a port that is not a number from 1 to 65535`);
    }
  }
  return { host: wildcard ? `*.${host}` : host, port };
}

function hostMatches(allowed: string, hostname: string): boolean {
  if (allowed.startsWith('*.')) return hostname.endsWith(allowed.slice(1));
  return hostname === allowed;
}

export const ENDPOINT_NOT_URL = 'endpoint: must be an https:// URL of a push service';
export const ENDPOINT_NOT_HTTPS = 'endpoint: must be an https:// URL';
export const endpointNotPushService = (host: string) =>
  `endpoint: ${host} is not a known push service (Apple, Google, Mozilla or Microsoft); ` +
  'an operator can allow it with PUSH_ALLOWED_HOSTS';

/**
 * The rule of the push allowlist: null when the server may post to `endpoint`, else why not. Only
 * https, no user name or password in the URL, and a host and port on the list (the defaults and
 * PUSH_ALLOWED_HOSTS).
 */
export function pushEndpointProblem(
  endpoint: string,
  extraHosts: readonly AllowedPushHost[],
): string | null {
  if (!URL.canParse(endpoint)) return ENDPOINT_NOT_URL;
  const url = new URL(endpoint);
  if (url.protocol !== 'https:') return ENDPOINT_NOT_HTTPS;
  if (url.username !== '' || url.password !== '') return ENDPOINT_NOT_URL;
  const port = url.port === '' ? HTTPS_PORT : Number(url.port);
  const allowed = [...DEFAULT_PUSH_HOSTS, ...extraHosts].some(
    (entry) => entry.port === port && hostMatches(entry.host, url.hostname),
  );
  return allowed ? null : endpointNotPushService(url.host);
}
