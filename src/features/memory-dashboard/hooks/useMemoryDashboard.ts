// The memory stats polled every 30 s and the context every 60 s (spec 002 §9), an add and the compiled
// file's download. An add is sent at once or not at all (no outbox): the form keeps what was typed,
// on the device, until a memory is added (useMemoryDraft), so a failure, a reload or a killed app loses
// nothing. After an add both reads run again, so the totals move at once rather than at the next poll.
import { useCallback, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { NewMemory } from '@/domain/memory-dashboard';
import { saveFile } from '@/lib/save-file';
import {
  fetchCompiledMemory,
  fetchMemoryContext,
  fetchMemoryStats,
  MEMORY_CONTEXT_KEY,
  MEMORY_STATS_KEY,
  postMemory,
} from '../api/memory-dashboard-api';
import {
  COMPILED_MEMORY_FILE_NAME,
  CONTEXT_POLL_MS,
  EMPTY_DRAFT,
  isDraftEmpty,
  parseDraft,
  STATS_POLL_MS,
  type MemoryDraft,
} from '../model/memory-dashboard';

/** `enabled`: false when the account is known to lack memory_threading (the screen says so). */
export function useMemoryStats(enabled = true) {
  return useQuery({
    enabled,
    queryKey: MEMORY_STATS_KEY,
    queryFn: fetchMemoryStats,
    refetchInterval: STATS_POLL_MS,
    staleTime: 0,
    // The poll is the retry.
    retry: false,
  });
}

export function useMemoryContext(enabled = true) {
  return useQuery({
    enabled,
    queryKey: MEMORY_CONTEXT_KEY,
    queryFn: fetchMemoryContext,
    refetchInterval: CONTEXT_POLL_MS,
    staleTime: 0,
    retry: false,
  });
}

export function useAddMemory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (memory: NewMemory) => postMemory(memory),
    retry: false,
    networkMode: 'always',
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: MEMORY_STATS_KEY }),
        queryClient.invalidateQueries({ queryKey: MEMORY_CONTEXT_KEY }),
      ]),
  });
}

export function useDownloadCompiledMemory() {
  return useMutation({
    mutationFn: fetchCompiledMemory,
    retry: false,
    networkMode: 'always',
    onSuccess: (blob) => saveFile(blob, COMPILED_MEMORY_FILE_NAME),
  });
}

/** Where the add form's draft is kept: localStorage, written at every change (synchronous). */
export const MEMORY_DRAFT_KEY = 'kiri-memory-draft';

function readDraft(): MemoryDraft {
  try {
    return parseDraft(localStorage.getItem(MEMORY_DRAFT_KEY));
  } catch {
    return EMPTY_DRAFT;
  }
}

function writeDraft(draft: MemoryDraft): void {
  try {
    if (isDraftEmpty(draft)) localStorage.removeItem(MEMORY_DRAFT_KEY);
    else localStorage.setItem(MEMORY_DRAFT_KEY, JSON.stringify(draft));
  } catch {
    // Blocked or full: the form still holds it while the page is open.
  }
}

/** The add form's fields, kept on the device until cleared (after a memory was added). */
export function useMemoryDraft() {
  const [draft, setDraftState] = useState(readDraft);
  const setDraft = useCallback((change: Partial<MemoryDraft>) => {
    setDraftState((current) => {
      const next = { ...current, ...change };
      writeDraft(next);
      return next;
    });
  }, []);
  const clear = useCallback(() => {
    writeDraft(EMPTY_DRAFT);
    setDraftState(EMPTY_DRAFT);
  }, []);
  return { draft, setDraft, clear };
}
