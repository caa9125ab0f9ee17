// The login session as the client sees it: the local flags, the status query, and logout. Shared by
// the auth feature and the screens that offer 'Logout & Re-Login' (the console, the force-login page).
import { useCallback } from 'react';
import { queryOptions, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import {
  AUTH_FLAG_KEYS,
  DEFAULT_PERSONA_NAME,
  parseAuthStatus,
  type AuthStatus,
} from '@/domain/auth';
import { apiRequest } from './api';

// ---- Local flags (spec 000 §3.10) ----

export interface AuthFlags {
  auth: boolean;
  sessionPersistent: boolean;
  clientId: string | null;
  lastLogin: string | null;
}

function storage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null; // Storage can be blocked outright (some private modes).
  }
}

export function readAuthFlags(): AuthFlags {
  const s = storage();
  return {
    auth: s?.getItem(AUTH_FLAG_KEYS.auth) === 'true',
    sessionPersistent: s?.getItem(AUTH_FLAG_KEYS.sessionPersistent) === 'true',
    clientId: s?.getItem(AUTH_FLAG_KEYS.clientId) ?? null,
    lastLogin: s?.getItem(AUTH_FLAG_KEYS.lastLogin) ?? null,
  };
}

/** A previous login on this device, which opens the app when the server cannot be reached. */
export function hasLocalLogin(): boolean {
  return readAuthFlags().auth;
}

export function storeLoginFlags(clientId: string | null | undefined, now: Date = new Date()): void {
  const s = storage();
  if (!s) return;
  s.setItem(AUTH_FLAG_KEYS.auth, 'true');
  s.setItem(AUTH_FLAG_KEYS.sessionPersistent, 'true');
  if (clientId) s.setItem(AUTH_FLAG_KEYS.clientId, clientId);
  s.setItem(AUTH_FLAG_KEYS.lastLogin, now.toISOString());
}

export function storeClientId(clientId: string): void {
  storage()?.setItem(AUTH_FLAG_KEYS.clientId, clientId);
}

export function clearAuthFlags(): void {
  const s = storage();
  if (!s) return;
  for (const key of Object.values(AUTH_FLAG_KEYS)) s.removeItem(key);
}

// ---- The status query ----

export const AUTH_STATUS_TIMEOUT_MS = 10_000;

export const authStatusQueryKey = ['auth', 'status'] as const;

export const authStatusQuery = queryOptions({
  queryKey: authStatusQueryKey,
  queryFn: async ({ signal }): Promise<AuthStatus> => {
    // A weak signal can leave a request hanging for a minute: give up sooner and let the flags decide.
    const controller = new AbortController();
    const abort = () => controller.abort();
    const timer = setTimeout(abort, AUTH_STATUS_TIMEOUT_MS);
    signal.addEventListener('abort', abort);
    try {
      const res = await apiRequest('GET', '/api/auth/status', undefined, {
        signal: controller.signal,
      });
      if (res.status === 429) throw new Error('429: status check rate limited');
      return parseAuthStatus(await res.json());
    } finally {
      clearTimeout(timer);
      signal.removeEventListener('abort', abort);
    }
  },
  // Always ask the server when a screen mounts; the persisted copy only bridges the wait and the
  // offline case (persona name, admin flag).
  staleTime: 0,
  // When the call fails the local flags decide at once (spec 000 §6): no retries, no waiting for
  // the browser to report a network.
  retry: false,
  networkMode: 'always',
  // networkMode 'always' turns TanStack's reconnect refetch off by default: without it a status
  // that failed offline stayed failed after the network came back, and the header said 'Offline'.
  refetchOnReconnect: true,
});

export function useAuthStatus() {
  return useQuery(authStatusQuery);
}

/** The persona's display name from the server, or 'Kiri' until it is known. */
export function usePersonaName(): string {
  const { data } = useAuthStatus();
  return data?.personaName ?? DEFAULT_PERSONA_NAME;
}

// ---- Logout ----

/**
 * Clears the flags and the cached data, then revokes the session on the server. The flags go first so
 * that an offline logout still locks the app on this device.
 */
export async function logout(queryClient: QueryClient): Promise<void> {
  clearAuthFlags();
  await queryClient.cancelQueries();
  const previous = queryClient.getQueryData<AuthStatus>(authStatusQueryKey);
  queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== authStatusQueryKey[0] });
  queryClient.setQueryData<AuthStatus>(authStatusQueryKey, {
    authenticated: false,
    allowedDevice: previous?.allowedDevice ?? false,
    isAdmin: false,
    isOwnerDevice: false,
    personaName: previous?.personaName ?? DEFAULT_PERSONA_NAME,
    user: null,
  });
  try {
    await apiRequest('POST', '/api/auth/logout', undefined, { on401: 'returnNull' });
  } catch (error) {
    console.warn('Logout could not reach the server', error);
  }
}

/** Logout, then go to / (where the login screen shows). */
export function useLogout(): () => Promise<void> {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useCallback(async () => {
    await logout(queryClient);
    await navigate('/', { replace: true });
    await queryClient.invalidateQueries({ queryKey: authStatusQueryKey });
  }, [queryClient, navigate]);
}
