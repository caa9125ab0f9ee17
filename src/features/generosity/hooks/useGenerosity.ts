// The generosity page's two reads through TanStack Query (persisted with the app's cache, so the page
// opened offline shows what was last read), each read again every 30 s while the page is open.
import { useQuery } from '@tanstack/react-query';
import { fetchStats, fetchStatus, STATS_KEY, STATUS_KEY } from '../api/generosity-api';
import { GENEROSITY_POLL_MS } from '../model/generosity-model';

export function useGenerosityStats() {
  return useQuery({
    queryKey: STATS_KEY,
    queryFn: fetchStats,
    staleTime: 0,
    refetchInterval: GENEROSITY_POLL_MS,
    // The poll is the retry.
    retry: false,
  });
}

export function useGenerosityStatus() {
  return useQuery({
    queryKey: STATUS_KEY,
    queryFn: fetchStatus,
    staleTime: 0,
    refetchInterval: GENEROSITY_POLL_MS,
    retry: false,
  });
}
