// The unified memory panel's server state: the stats and the recent list (read when the panel opens and
// on Refresh: spec 001 gives them no polling), and search (a command: each hit counts an access on the
// server, so it runs only when asked). Failures are only logged as warnings (spec 001 §8).
import { useEffect } from 'react';
import { useMutation, useQuery, type UseQueryResult } from '@tanstack/react-query';
import {
  RECENT_KEY,
  STATUS_KEY,
  fetchMemoryStats,
  fetchRecentMemories,
  searchMemorySync,
} from '../api/memory-sync-api';

function useWarnOnFailure(query: UseQueryResult<unknown>, what: string) {
  const { error, errorUpdatedAt } = query;
  useEffect(() => {
    if (error) console.warn(`Memory sync: ${what} failed:`, error);
    // Once per failed read: errorUpdatedAt changes with each one.
  }, [error, errorUpdatedAt, what]);
}

export function useRecentMemories() {
  const query = useQuery({
    queryKey: RECENT_KEY,
    queryFn: fetchRecentMemories,
    // Read afresh whenever the panel opens; the cached list stands in (marked) while it cannot be.
    staleTime: 0,
    retry: false,
  });
  useWarnOnFailure(query, 'recent memories');
  return query;
}

export function useMemoryStats() {
  const query = useQuery({
    queryKey: STATUS_KEY,
    queryFn: fetchMemoryStats,
    staleTime: 0,
    retry: false,
  });
  useWarnOnFailure(query, 'stats');
  return query;
}

export function useMemorySyncSearch() {
  return useMutation({
    mutationFn: (query: string) => searchMemorySync(query),
    retry: false,
    networkMode: 'always',
    onError: (error) => console.warn('Memory sync: search failed:', error),
  });
}
