// The build history's reads (cached and persisted: offline, the last read shows) and the admin's writes.
// A write is sent at once or not at all, never queued: the admin sees at once whether it was kept. After
// one, the builds, the stats and the overview are read again.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BuildFields } from '@/domain/build-history';
import { useAuthStatus } from '@/lib/auth-session';
import {
  BUILD_HISTORY_KEY,
  BUILDS_KEY,
  fetchBuilds,
  fetchStats,
  fetchSystems,
  removeBuild,
  saveBuild,
  STATS_KEY,
  SYSTEMS_KEY,
} from '../api/build-history-api';

export function useBuilds() {
  return useQuery({ queryKey: BUILDS_KEY, queryFn: fetchBuilds });
}

export function useBuildStats() {
  return useQuery({ queryKey: STATS_KEY, queryFn: fetchStats });
}

/** The nine systems' state is live: read again on every visit. */
export function useBuiltInSystems() {
  return useQuery({ queryKey: SYSTEMS_KEY, queryFn: fetchSystems, staleTime: 0 });
}

/** Admins (and an account granted system_control) may add, change and remove builds. */
export function useCanEditBuilds(): boolean {
  const status = useAuthStatus().data;
  return status?.isAdmin === true || (status?.permissions ?? []).includes('system_control');
}

function useAfterWrite() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: BUILD_HISTORY_KEY });
}

export function useSaveBuild() {
  const afterWrite = useAfterWrite();
  return useMutation({
    mutationFn: (input: { id: string | null; body: BuildFields & { id?: string } }) =>
      saveBuild(input),
    retry: false,
    networkMode: 'always',
    onSuccess: afterWrite,
  });
}

export function useRemoveBuild() {
  const afterWrite = useAfterWrite();
  return useMutation({
    mutationFn: (id: string) => removeBuild(id),
    retry: false,
    networkMode: 'always',
    onSuccess: afterWrite,
  });
}
