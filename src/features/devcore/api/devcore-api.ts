// The maintenance calls (spec 000 §7) over the shared request helper.
import { ApiError, apiRequest } from '@/lib/api';
import {
  DEVCORE_STATUS_URL,
  parseDevcoreStatus,
  type DevcoreAction,
  type DevcoreStatus,
} from '../model/devcore';

export async function fetchDevcoreStatus({
  signal,
}: {
  signal?: AbortSignal;
}): Promise<DevcoreStatus | null> {
  const res = await apiRequest('GET', DEVCORE_STATUS_URL, undefined, { signal });
  if (res.status === 429) throw new ApiError(429, res.statusText, '');
  return parseDevcoreStatus(await res.json().catch(() => null));
}

/** No body (spec 000 §7); the status is read again after it either way. */
export async function postDevcoreAction(action: DevcoreAction): Promise<void> {
  const res = await apiRequest('POST', `/api/devcore/${action}`);
  if (res.status === 429) throw new ApiError(429, res.statusText, '');
}
