// The sync control calls (spec 002 §7) over the shared request helper. A command answers the status as
// it is after it (a trigger: syncing, the run just begun).
import { errorMessage, serverMessageFrom } from '@/domain/errors';
import { ApiError, apiRequest, isApiError } from '@/lib/api';
import {
  BLOOM_SYNC_TRIGGER_URL,
  parseWeeklySyncStatus,
  WEEKLY_SYNC_BASE,
  WEEKLY_SYNC_STATUS_URL,
  type SyncAction,
  type WeeklySyncStatus,
} from '../model/sync-status';

export const SYNC_STATUS_KEY = [WEEKLY_SYNC_STATUS_URL] as const;

const ACTION_URL: Record<SyncAction, string> = {
  start: `${WEEKLY_SYNC_BASE}/start`,
  stop: `${WEEKLY_SYNC_BASE}/stop`,
  trigger: `${WEEKLY_SYNC_BASE}/trigger`,
  bloom: BLOOM_SYNC_TRIGGER_URL,
};

function checked(json: unknown): WeeklySyncStatus {
  const status = parseWeeklySyncStatus(json);
  if (!status) throw new Error('Unexpected answer from the server');
  return status;
}

export async function fetchSyncStatus({
  signal,
}: {
  signal?: AbortSignal;
}): Promise<WeeklySyncStatus> {
  const res = await apiRequest('GET', WEEKLY_SYNC_STATUS_URL, undefined, { signal });
  if (res.status === 429) throw new ApiError(429, res.statusText, '');
  return checked(await res.json().catch(() => null));
}

/** The page's commands say so (X-Sync-Source: page): the sync log tells them from API calls. */
export async function postSyncAction(action: SyncAction): Promise<WeeklySyncStatus> {
  const res = await apiRequest('POST', ACTION_URL[action], undefined, {
    headers: { 'X-Sync-Source': 'page' },
  });
  if (res.status === 429) throw new ApiError(429, res.statusText, 'Too many requests');
  return checked(await res.json().catch(() => null));
}

/** A failure in words: the server's own message when it sent one, else what went wrong. */
export function failureText(error: unknown): string {
  if (isApiError(error)) return serverMessageFrom(error.bodyText) ?? error.message;
  if (error instanceof TypeError) return 'The server cannot be reached.';
  return errorMessage(error);
}
