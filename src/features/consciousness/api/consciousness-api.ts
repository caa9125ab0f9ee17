// The stream's calls (spec 001 §7) over the shared request helper.
import { ApiError, apiRequest } from '@/lib/api';
import { CONFIG_URL, TRIGGER_URL } from '../model/stream';
import type { StreamSettings } from '../model/settings';

/** POST /api/consciousness/trigger: no body (spec 001 §7); status and data are read again after it. */
export async function postTrigger(): Promise<{ added: number | null }> {
  const res = await apiRequest('POST', TRIGGER_URL);
  if (res.status === 429) throw new ApiError(429, res.statusText, '');
  const body = (await res.json().catch(() => null)) as { added?: unknown } | null;
  return { added: typeof body?.added === 'number' ? body.added : null };
}

export async function putSettings(settings: StreamSettings): Promise<void> {
  const res = await apiRequest('PUT', CONFIG_URL, settings);
  if (res.status === 429) throw new ApiError(429, res.statusText, '');
}
