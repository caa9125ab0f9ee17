// The memory dashboard's calls (spec 002 §7) over the shared request helper: the stats and the context
// (polled), a memory added, and the compiled memory file fetched to be saved as a download.
import { errorMessage, serverMessageFrom } from '@/domain/errors';
import type { NewMemory } from '@/domain/memory-dashboard';
import { ApiError, apiRequest, getParsed, isApiError } from '@/lib/api';
import {
  COMPILED_MEMORY_URL,
  MEMORY_ADD_URL,
  MEMORY_CONTEXT_URL,
  MEMORY_STATS_URL,
  parseMemoryContext,
  parseMemoryStats,
  type MemoryContextView,
  type MemoryStats,
} from '../model/memory-dashboard';

export const MEMORY_STATS_KEY = [MEMORY_STATS_URL] as const;
export const MEMORY_CONTEXT_KEY = [MEMORY_CONTEXT_URL] as const;

export function fetchMemoryStats({ signal }: { signal?: AbortSignal }): Promise<MemoryStats> {
  return getParsed(MEMORY_STATS_URL, parseMemoryStats, signal);
}

export function fetchMemoryContext({
  signal,
}: {
  signal?: AbortSignal;
}): Promise<MemoryContextView> {
  return getParsed(MEMORY_CONTEXT_URL, parseMemoryContext, signal);
}

/** The answer to an add: kept, or (past the 100 core memories) not, with the reason. */
export type AddResult = { stored: true } | { stored: false; reason: string };

export async function postMemory(memory: NewMemory): Promise<AddResult> {
  const res = await apiRequest('POST', MEMORY_ADD_URL, memory);
  if (res.status === 429) throw new ApiError(429, res.statusText, 'Too many requests');
  const body = (await res.json().catch(() => null)) as {
    stored?: unknown;
    reason?: unknown;
  } | null;
  if (body?.stored === true) return { stored: true };
  if (body?.stored === false && typeof body.reason === 'string') {
    return { stored: false, reason: body.reason };
  }
  throw new Error('Unexpected answer from the server');
}

/** The compiled memory file, as the server made it for the viewer. */
export async function fetchCompiledMemory(): Promise<Blob> {
  const res = await apiRequest('GET', COMPILED_MEMORY_URL);
  if (res.status === 429) throw new ApiError(429, res.statusText, 'Too many requests');
  return res.blob();
}

/** A failure in words: the server's own message when it sent one, else what went wrong. */
export function failureText(error: unknown): string {
  if (isApiError(error)) return serverMessageFrom(error.bodyText) ?? error.message;
  if (error instanceof TypeError) return 'The server cannot be reached.';
  return errorMessage(error);
}
