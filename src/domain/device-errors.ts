// The errors this device met (docs/settings-health.md, the Error Logs page): what the request helper saw
// fail and what the error screens showed, kept on the device in a ring of the newest DEVICE_ERROR_CAP.
// Pure rules: what an entry holds (never a body, a cookie, a query string or the access code: the helper
// is never asked for them, and the message is scrubbed), the ring's order and its cap.
import { errorMessage, serverMessageFrom } from './errors';
import { loggableMessage } from './secret-scrub';

/** The ring keeps this many entries, the newest. */
export const DEVICE_ERROR_CAP = 200;

/**
 * request: the server answered with an error status; network: no answer at all; screen: the app's
 * error screen was shown (a screen that crashed while it rendered).
 */
export type DeviceErrorKind = 'request' | 'network' | 'screen';

export interface DeviceError {
  /** Unique on this device: the time and a counter (the ring's key for React). */
  id: string;
  /** Milliseconds since the epoch, this device's clock. */
  at: number;
  kind: DeviceErrorKind;
  /** The answer's status (request), else null. */
  status: number | null;
  /** The request's method (request, network), else null. */
  method: string | null;
  /** The path only: no origin, no query string, no fragment. The screen's path for a screen error. */
  path: string | null;
  message: string;
  /** How many times it happened (repeats merge: see addToRing); `at` is the last time, `firstAt` the first. */
  count: number;
  firstAt: number;
}

export type NewDeviceError = Omit<DeviceError, 'id' | 'count' | 'firstAt'>;

/** A repeat of one of the newest this-many entries merges into it rather than taking a place of its own. */
export const MERGE_WINDOW = 20;

/** Rule 'path only': a URL or path as the log keeps it, with no origin, query string or fragment. */
export function pathOnly(url: string): string {
  let path = url;
  const scheme = /^[a-z][a-z0-9+.-]*:\/\/[^/]*/i.exec(path);
  if (scheme) path = path.slice(scheme[0].length) || '/';
  const cut = path.search(/[?#]/);
  return cut >= 0 ? path.slice(0, cut) || '/' : path;
}

/** A failed answer: its status, and the server's own message from the error body (else the status text). */
export function requestError(input: {
  at: number;
  method: string;
  url: string;
  status: number;
  statusText: string;
  bodyText: string;
}): NewDeviceError {
  const message = serverMessageFrom(input.bodyText) ?? (input.statusText || `HTTP ${input.status}`);
  return {
    at: input.at,
    kind: 'request',
    status: input.status,
    method: input.method.toUpperCase(),
    path: pathOnly(input.url),
    message: loggableMessage(message),
  };
}

/** A request that got no answer (the helper's NetworkFailure). */
export function networkError(input: {
  at: number;
  method: string;
  url: string;
  error: unknown;
}): NewDeviceError {
  return {
    at: input.at,
    kind: 'network',
    status: null,
    method: input.method.toUpperCase(),
    path: pathOnly(input.url),
    message: loggableMessage(errorMessage(input.error)),
  };
}

/** The error screen was shown for `error` on the screen at `path`. */
export function screenError(input: { at: number; path: string; error: unknown }): NewDeviceError {
  const name = input.error instanceof Error ? input.error.name : '';
  const text = errorMessage(input.error);
  return {
    at: input.at,
    kind: 'screen',
    status: null,
    method: null,
    path: pathOnly(input.path),
    message: loggableMessage(name && !text.startsWith(name) ? `${name}: ${text}` : text),
  };
}

function sameError(a: NewDeviceError, b: NewDeviceError): boolean {
  return (
    a.kind === b.kind &&
    a.status === b.status &&
    a.method === b.method &&
    a.path === b.path &&
    a.message === b.message
  );
}

/**
 * Rule 'ring': the new entry first, then the older ones, at most `cap` in all (the oldest go). Rule
 * 'repeats merge': the same error (kind, status, method, path, message) as one of the newest
 * MERGE_WINDOW entries moves that entry to the top, counted once more, at the new time: a screen
 * polling while offline does not push everything else out of the ring.
 */
export function addToRing(
  entries: readonly DeviceError[],
  entry: NewDeviceError & { id: string },
  cap = DEVICE_ERROR_CAP,
): DeviceError[] {
  const limit = Math.max(0, cap);
  const repeat = entries.slice(0, MERGE_WINDOW).findIndex((old) => sameError(old, entry));
  if (repeat >= 0) {
    const old = entries[repeat]!;
    const merged: DeviceError = { ...old, at: entry.at, count: old.count + 1 };
    return [merged, ...entries.filter((_, index) => index !== repeat)].slice(0, limit);
  }
  return [{ ...entry, count: 1, firstAt: entry.at }, ...entries].slice(0, limit);
}

/** Rule 'newest first': the ring as the page lists it, whatever order it was read in. */
export function newestFirst(entries: readonly DeviceError[]): DeviceError[] {
  return [...entries].sort((a, b) => b.at - a.at || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0));
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const isStringOrNull = (value: unknown): value is string | null =>
  value === null || typeof value === 'string';

/** An entry as read back from storage, or null when it does not read as one (a damaged record). */
export function parseDeviceError(value: unknown): DeviceError | null {
  if (!isRecord(value)) return null;
  const { id, at, kind, status, method, path, message } = value;
  if (
    typeof id !== 'string' ||
    typeof at !== 'number' ||
    !Number.isFinite(at) ||
    (kind !== 'request' && kind !== 'network' && kind !== 'screen') ||
    !(status === null || (typeof status === 'number' && Number.isInteger(status))) ||
    !isStringOrNull(method) ||
    !isStringOrNull(path) ||
    typeof message !== 'string'
  ) {
    return null;
  }
  const count =
    typeof value.count === 'number' && Number.isInteger(value.count) && value.count > 0
      ? value.count
      : 1;
  const firstAt =
    typeof value.firstAt === 'number' && Number.isFinite(value.firstAt) ? value.firstAt : at;
  return { id, at, kind, status, method, path, message, count, firstAt };
}

/** What the stored value holds that reads as entries, newest first. */
export function parseDeviceErrors(value: unknown): DeviceError[] {
  if (!Array.isArray(value)) return [];
  return newestFirst(
    value.map(parseDeviceError).filter((entry): entry is DeviceError => entry !== null),
  );
}
