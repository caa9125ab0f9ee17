// The memory lattice's calls (spec 000 §7), over the shared request helper.
import { serverMessageFrom, errorMessage } from '@/domain/errors';
import { ApiError, apiRequest, isApiError } from '@/lib/api';
import {
  MEMORY_CREATE_URL,
  MEMORY_SEARCH_URL,
  MEMORY_STATUS_URL,
  parseMemoryNodes,
  parseMemoryStatus,
  type ContextType,
  type MemoryNode,
  type MemoryStatus,
} from '../model/memory';

export const MEMORY_STATUS_KEY = [MEMORY_STATUS_URL] as const;

export async function fetchMemoryStatus({
  signal,
}: {
  signal?: AbortSignal;
}): Promise<MemoryStatus> {
  const res = await apiRequest('GET', MEMORY_STATUS_URL, undefined, { signal });
  if (res.status === 429) throw new ApiError(429, res.statusText, '');
  const status = parseMemoryStatus(await res.json().catch(() => null));
  if (!status) throw new Error('Unexpected answer from the server');
  return status;
}

/** GET …/search?query=: the nodes found, best first (each one counted as an access). */
export async function searchMemories(query: string): Promise<MemoryNode[]> {
  const url = `${MEMORY_SEARCH_URL}?query=${encodeURIComponent(query.trim())}`;
  const res = await apiRequest('GET', url);
  if (res.status === 429) throw new ApiError(429, res.statusText, 'Too many requests');
  const nodes = parseMemoryNodes(await res.json().catch(() => null));
  if (!nodes) throw new Error('Unexpected answer from the server');
  return nodes;
}

/** POST …/create {content, contextType, source: 'user', ownerOnly: false} (spec 000 §3.1). */
export async function createMemory(content: string, contextType: ContextType): Promise<void> {
  const res = await apiRequest('POST', MEMORY_CREATE_URL, {
    content: content.trim(),
    contextType,
    source: 'user',
    ownerOnly: false,
  });
  if (res.status === 429) throw new ApiError(429, res.statusText, 'Too many requests');
}

/** A failure in words: the server's own message when it sent one, else what went wrong. */
export function failureText(error: unknown): string {
  if (isApiError(error)) return serverMessageFrom(error.bodyText) ?? error.message;
  if (error instanceof TypeError) return 'The server cannot be reached.';
  return errorMessage(error);
}
