// The core systems calls (spec 001 §7) over the shared request helper: each module read, and the two
// actions with an empty JSON body.
import { ApiError, apiRequest } from '@/lib/api';

async function refuseRateLimit(res: Response): Promise<Response> {
  // The helper only warns on a 429; a card must say it failed, and why.
  if (res.status === 429) throw new ApiError(429, res.statusText, await res.text().catch(() => ''));
  return res;
}

export const CORE_SYSTEMS_KEY = ['core-systems'] as const;

export async function fetchModule(path: string, signal?: AbortSignal): Promise<unknown> {
  const res = await refuseRateLimit(await apiRequest('GET', path, undefined, { signal }));
  return res.json();
}

export interface ActionAnswer {
  success: boolean;
  message: string;
  /** The module's card as it is after the action. */
  status: unknown;
}

export async function runAction(path: string): Promise<ActionAnswer> {
  const res = await refuseRateLimit(await apiRequest('POST', path, {}));
  return (await res.json()) as ActionAnswer;
}
