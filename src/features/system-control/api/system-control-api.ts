// The system control panel's calls (spec 001 §7) over the shared request helper, and the last answers
// kept on the device for a panel opened offline (localStorage: a failed poll leaves the query without
// data on a fresh page).
import { errorMessage, serverMessageFrom } from '@/domain/errors';
import { ApiError, apiRequest, getParsed, isApiError } from '@/lib/api';
import { EXECUTE_URL, rollbackUrl } from '../model/system-control';

export async function postExecute(command: string, params: unknown): Promise<{ taskId: string }> {
  const res = await apiRequest('POST', EXECUTE_URL, { command, params });
  if (res.status === 429) throw new ApiError(429, res.statusText, 'Too many requests');
  const body = (await res.json().catch(() => null)) as { taskId?: unknown } | null;
  if (typeof body?.taskId !== 'string') throw new Error('Unexpected answer from the server');
  return { taskId: body.taskId };
}

export async function postRollback(id: string): Promise<void> {
  const res = await apiRequest('POST', rollbackUrl(id));
  if (res.status === 429) throw new ApiError(429, res.statusText, 'Too many requests');
}

/** The server's own message when it sent one, else what went wrong, else null (the spec's fallback). */
export function serverText(error: unknown): string | null {
  if (isApiError(error)) return serverMessageFrom(error.bodyText) ?? null;
  if (error instanceof TypeError) return 'The server cannot be reached.';
  const text = errorMessage(error);
  return text || null;
}

const KEPT_PREFIX = 'kiri-system-control:';

function storage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

/** The last answer of a call and when it came, checked again with the call's own parser. */
export function readKept<T>(
  url: string,
  parse: (value: unknown) => T | null,
): { data: T; at: number } | null {
  try {
    const raw = storage()?.getItem(KEPT_PREFIX + url);
    if (!raw) return null;
    const kept = JSON.parse(raw) as { raw?: unknown; at?: unknown };
    const data = parse(kept.raw);
    return data !== null && typeof kept.at === 'number' ? { data, at: kept.at } : null;
  } catch {
    return null;
  }
}

export function keep(url: string, raw: unknown, at: number): void {
  try {
    storage()?.setItem(KEPT_PREFIX + url, JSON.stringify({ raw, at }));
  } catch {
    // Storage full or blocked: the panel then has only what this page read.
  }
}

/** GET, parse, and keep the raw answer for a later offline opening. */
export async function getKept<T>(
  url: string,
  parse: (value: unknown) => T | null,
  signal?: AbortSignal,
): Promise<T> {
  let raw: unknown = null;
  const data = await getParsed(
    url,
    (value) => {
      raw = value;
      return parse(value);
    },
    signal,
  );
  keep(url, raw, Date.now());
  return data;
}
