// The settings pages' server figures through TanStack Query (persisted with the app's cache, so a page
// opened offline shows the last figures read): System Health every 10 s, the request timings and the
// server's errors every 15 s. Not asked at all when the auth status says the account lacks the area's
// permission (a list the status lacks: asked, and the server decides). The poll is the retry.
import { useQuery } from '@tanstack/react-query';
import { readPermissionOf } from '@/domain/area-permissions';
import { usePermission } from '@/lib/auth-session';
import { useOnline } from '@/lib/use-online';
import {
  fetchServerErrors,
  fetchServerHealth,
  fetchServerPerformance,
  SERVER_ERRORS_KEY,
  SERVER_PERFORMANCE_KEY,
  SYSTEM_HEALTH_KEY,
} from '../api/health-api';
import { serverHalfState } from '../model/server-half';

export const HEALTH_POLL_MS = 10_000;
export const PERFORMANCE_POLL_MS = 15_000;
export const SERVER_ERRORS_POLL_MS = 15_000;

function useServerHalf<T>(
  key: readonly [url: string],
  fetcher: (context: { signal?: AbortSignal }) => Promise<T>,
  pollMs: number,
) {
  // The permission its area needs, from the table the server enforces.
  const { ask, held: permitted } = usePermission(readPermissionOf(key[0]));
  const online = useOnline();
  const query = useQuery({
    queryKey: key,
    queryFn: fetcher,
    // Asked once the auth status is known (the app has it before any screen shows: AuthGate).
    enabled: ask,
    refetchInterval: pollMs,
    staleTime: 0,
    retry: false,
  });
  const state = serverHalfState({
    permitted,
    online,
    hasData: query.data !== undefined,
    error: query.isError ? query.error : null,
  });
  return { query, state, data: query.data, updatedAt: query.dataUpdatedAt };
}

export const useServerHealth = () =>
  useServerHalf(SYSTEM_HEALTH_KEY, fetchServerHealth, HEALTH_POLL_MS);
export const useServerPerformance = () =>
  useServerHalf(SERVER_PERFORMANCE_KEY, fetchServerPerformance, PERFORMANCE_POLL_MS);
export const useServerErrors = () =>
  useServerHalf(SERVER_ERRORS_KEY, fetchServerErrors, SERVER_ERRORS_POLL_MS);
