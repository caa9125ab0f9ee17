// The unified memory panel's calls (spec 001 §7) over the shared request helper, each answer read into a
// checked shape. Failures throw; the hooks log them as warnings (spec 001 §8).
import { ApiError, apiRequest } from '@/lib/api';
import {
  MEMORY_SYNC_BASE,
  RECENT_COUNT,
  SEARCH_LIMIT,
  parseMemoryList,
  parseMemoryStats,
  type MemoryStats,
  type SyncedMemory,
} from '../model/memory-sync';

export const RECENT_URL = `${MEMORY_SYNC_BASE}/recent/${RECENT_COUNT}`;
export const STATUS_URL = `${MEMORY_SYNC_BASE}/status`;
export const SEARCH_URL = `${MEMORY_SYNC_BASE}/search`;
export const RECENT_KEY = [RECENT_URL] as const;
export const STATUS_KEY = [STATUS_URL] as const;

const unexpected = () => new Error('Unexpected answer from the server');

async function readJson(res: Response): Promise<unknown> {
  // The helper returns a 429 instead of throwing: it is a failure here.
  if (res.status === 429) throw new ApiError(429, res.statusText, 'Too many requests');
  return res.json().catch(() => null);
}

export async function fetchRecentMemories({
  signal,
}: {
  signal?: AbortSignal;
}): Promise<SyncedMemory[]> {
  const body = await readJson(await apiRequest('GET', RECENT_URL, undefined, { signal }));
  const memories = parseMemoryList(body, 'memories');
  if (!memories) throw unexpected();
  return memories;
}

export async function fetchMemoryStats({ signal }: { signal?: AbortSignal }): Promise<MemoryStats> {
  const body = await readJson(await apiRequest('GET', STATUS_URL, undefined, { signal }));
  const stats = parseMemoryStats(body);
  if (!stats) throw unexpected();
  return stats;
}

/** POST …/search {query, limit}: the lattice's ranked hits (each counted as an access on the server). */
export async function searchMemorySync(query: string): Promise<SyncedMemory[]> {
  const body = await readJson(
    await apiRequest('POST', SEARCH_URL, { query: query.trim(), limit: SEARCH_LIMIT }),
  );
  const results = parseMemoryList(body, 'results');
  if (!results) throw unexpected();
  return results;
}
