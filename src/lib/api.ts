// The shared request helper of spec 000 §8 and a TanStack Query function factory built on it. Every
// failure it meets is also kept in the device's error ring (lib/device-error-log.ts, the Error Logs page).
import type { QueryFunction } from '@tanstack/react-query';
import { reportDeviceError } from './device-error-report';
import { isPageLeaving } from './page-leaving';
import { isApplyingUpdate, untilReloaded } from './pwa';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE' | 'HEAD' | 'OPTIONS';

export interface ApiRequestOptions {
  /** What a 401 does: throw (default) or make the call resolve to `null`. */
  on401?: 'throw' | 'returnNull';
  signal?: AbortSignal | undefined;
  headers?: Record<string, string>;
}

/** A non-OK answer. Its message is `${status}: ${bodyText || statusText}` (spec 000 §8). */
export class ApiError extends Error {
  readonly status: number;
  readonly statusText: string;
  readonly bodyText: string;

  constructor(status: number, statusText: string, bodyText: string) {
    super(`${status}: ${bodyText || statusText}`);
    this.name = 'ApiError';
    this.status = status;
    this.statusText = statusText;
    this.bodyText = bodyText;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

/** A 403: the server refused the account (it lacks the area's permission); asking again will not help. */
export function isRefusal(error: unknown): boolean {
  return isApiError(error) && error.status === 403;
}

async function readText(res: Response): Promise<string> {
  try {
    return await res.text();
  } catch {
    return '';
  }
}

/**
 * A request that got no answer at all. Each browser words it its own way (Chromium 'Failed to fetch',
 * Firefox 'NetworkError when attempting…', Safari 'Load failed': no word of spec 000 §8's network row),
 * so the helper names it, and an iPhone's lost connection is classified as one like any other's. Still a
 * TypeError, as fetch's own rejection is.
 */
export class NetworkFailure extends TypeError {
  override name = 'NetworkFailure';
  constructor(browserMessage: string) {
    super(`Network request failed: ${browserMessage}`);
  }
}

/** fetch's rejection as the helper throws it: an abort stays an abort; anything else is a NetworkFailure. */
export function networkFailureOf(error: unknown): unknown {
  if (error instanceof TypeError && !(error instanceof NetworkFailure)) {
    return new NetworkFailure(error.message);
  }
  return error;
}

/**
 * Sends a request with the session cookie. The body is sent as JSON, unless it is FormData (the
 * browser then sets the multipart boundary itself). A 429 is logged as a rate-limit warning and the
 * answer is returned; any other non-OK answer throws an ApiError, except a 401 with
 * `on401: 'returnNull'`, which resolves to null.
 */
type Method = HttpMethod | (string & {});

export function apiRequest(
  method: Method | undefined,
  url: string,
  body: unknown,
  options: ApiRequestOptions & { on401: 'returnNull' },
): Promise<Response | null>;
export function apiRequest(
  method: Method | undefined,
  url: string,
  body?: unknown,
  options?: ApiRequestOptions & { on401?: 'throw' },
): Promise<Response>;
export function apiRequest(
  method: Method | undefined,
  url: string,
  body?: unknown,
  options?: ApiRequestOptions,
): Promise<Response | null>;
export async function apiRequest(
  method: Method | undefined,
  url: string,
  body?: unknown,
  options: ApiRequestOptions = {},
): Promise<Response | null> {
  method = method ?? 'GET';
  const isForm = typeof FormData !== 'undefined' && body instanceof FormData;
  const headers: Record<string, string> = { ...options.headers };
  if (!isForm) headers['Content-Type'] = 'application/json';
  const init: RequestInit = {
    method: method.toUpperCase(),
    headers,
    credentials: 'include',
    signal: options.signal ?? null,
  };
  if (body !== undefined) init.body = isForm ? body : JSON.stringify(body);

  // A new version is taking over: the request waits for the reload (pwa.ts untilReloaded).
  if (isApplyingUpdate()) await untilReloaded();

  let res: Response;
  try {
    res = await fetch(url, init);
  } catch (error) {
    const failure = networkFailureOf(error);
    // An abort is the caller's own choice, and a request cut off by the page going away (a reload)
    // failed for no fault of the device: neither is an error of the device.
    if (failure instanceof NetworkFailure && !isPageLeaving()) {
      void reportDeviceError({
        kind: 'network',
        at: Date.now(),
        method: init.method!,
        url,
        error: failure,
      });
    }
    throw failure;
  }
  if (res.ok) return res;
  // What the caller asked for: a 401 that resolves to null is an answer, not an error.
  if (res.status === 401 && options.on401 === 'returnNull') return null;

  const bodyText = res.status === 429 ? '' : await readText(res);
  void reportDeviceError({
    kind: 'request',
    at: Date.now(),
    method: init.method!,
    url,
    status: res.status,
    statusText: res.statusText,
    bodyText,
  });
  if (res.status === 429) {
    console.warn(
      `Rate limited: ${init.method} ${url} answered 429${
        res.headers.get('Retry-After') ? `, retry after ${res.headers.get('Retry-After')} s` : ''
      }`,
    );
    return res;
  }
  throw new ApiError(res.status, res.statusText, bodyText);
}

/**
 * A query function that GETs `url` and returns its JSON. Unlike the helper, it throws on a 429: a
 * query must not cache an error body as its data, and the retry rules then skip the retry.
 */
export function getJson<T>(url: string, options?: { on401?: 'throw' }): QueryFunction<T>;
export function getJson<T>(url: string, options: { on401: 'returnNull' }): QueryFunction<T | null>;
export function getJson<T>(
  url: string,
  options: { on401?: 'throw' | 'returnNull' } = {},
): QueryFunction<T | null> {
  return async ({ signal }) => {
    const res = await apiRequest('GET', url, undefined, { on401: options.on401, signal });
    if (res === null) return null;
    if (res.status === 429) throw new ApiError(429, res.statusText, await readText(res));
    return (await res.json()) as T;
  };
}

/**
 * GET through the request helper, read with the screen's own parser: a 429 is the spec's rate-limit
 * ApiError (the helper only warns on it), and an answer the parser cannot read is an error, never data.
 */
export async function getParsed<T>(
  url: string,
  parse: (value: unknown) => T | null,
  signal?: AbortSignal,
): Promise<T> {
  const res = await apiRequest('GET', url, undefined, { signal });
  if (res.status === 429) throw new ApiError(429, res.statusText, '');
  const parsed = parse(await res.json().catch(() => null));
  if (parsed === null) throw new Error('Unexpected answer from the server');
  return parsed;
}
