// The page's four GET calls over the shared request helper, each answer parsed (model/system-features.ts)
// and kept on the device (localStorage) so the page opened offline shows the last known values, marked
// as such: the query cache's IndexedDB copy drops a query once its poll fails, which offline is at once.
import { ApiError, apiRequest } from '@/lib/api';
import {
  CALL_URL,
  parseConsoleStatus,
  parseFallbackStatus,
  parseMirrorSync,
  parseSystemTree,
  type ConsoleStatus,
  type FallbackStatus,
  type FeatureCall,
  type MirrorSync,
  type SystemTree,
} from '../model/system-features';

export interface CallData {
  tree: SystemTree;
  console: ConsoleStatus;
  fallback: FallbackStatus;
  mirror: MirrorSync;
}

const PARSE: { [K in FeatureCall]: (value: unknown) => CallData[K] | null } = {
  tree: parseSystemTree,
  console: parseConsoleStatus,
  fallback: parseFallbackStatus,
  mirror: parseMirrorSync,
};

export const queryKeyOf = (call: FeatureCall) => [CALL_URL[call]] as const;
const keptKey = (call: FeatureCall) => `kiri-system-features:${call}`;

function storage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

/** The last answer this device read for the call, and when, or undefined. */
export function readKept<K extends FeatureCall>(
  call: K,
): { data: CallData[K]; at: number } | undefined {
  try {
    const raw = storage()?.getItem(keptKey(call));
    if (!raw) return undefined;
    const kept = JSON.parse(raw) as { answer?: unknown; at?: unknown };
    const data = PARSE[call](kept.answer) as CallData[K] | null;
    return data && typeof kept.at === 'number' ? { data, at: kept.at } : undefined;
  } catch {
    return undefined;
  }
}

function keep(call: FeatureCall, answer: unknown, at: number): void {
  try {
    storage()?.setItem(keptKey(call), JSON.stringify({ answer, at }));
  } catch {
    // Storage full or blocked: the page then has only what it read while open.
  }
}

export async function fetchCall<K extends FeatureCall>(
  call: K,
  { signal }: { signal?: AbortSignal },
): Promise<CallData[K]> {
  const res = await apiRequest('GET', CALL_URL[call], undefined, { signal });
  if (res.status === 429) throw new ApiError(429, res.statusText, '');
  const answer: unknown = await res.json().catch(() => null);
  const data = PARSE[call](answer) as CallData[K] | null;
  if (!data) throw new Error('Unexpected answer from the server');
  keep(call, answer, Date.now());
  return data;
}
