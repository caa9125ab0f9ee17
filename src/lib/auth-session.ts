// The login session as the client sees it: the local flags, the status query, and logout. Shared by
// the auth feature and the screens that offer 'Logout & Re-Login' (the console, the force-login page).
import { useCallback } from 'react';
import {
  onlineManager,
  queryOptions,
  useQuery,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import {
  AUTH_FLAG_KEYS,
  DEFAULT_PERSONA_NAME,
  PENDING_LOGOUT_KEY,
  parseAuthStatus,
  type AuthStatus,
} from '@/domain/auth';
import { holdsPermission, type PermissionId } from '@/domain/permissions';
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

/**
 * Stores the flags of a login. A login replaces the session that a pending logout was meant for, so
 * that logout is dropped: sent now, it would end the new session.
 */
export function storeLoginFlags(clientId: string | null | undefined, now: Date = new Date()): void {
  const s = storage();
  if (!s) return;
  s.removeItem(PENDING_LOGOUT_KEY);
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

// ---- A logout the server has not heard yet ----

/** The mark of a logout that the server has not answered yet, or null. */
export function pendingLogout(): string | null {
  return storage()?.getItem(PENDING_LOGOUT_KEY) ?? null;
}

function markPendingLogout(now: Date = new Date()): string {
  const mark = now.toISOString();
  storage()?.setItem(PENDING_LOGOUT_KEY, mark);
  return mark;
}

/** Clears the mark, unless it has changed since (a login, or another logout, came in between). */
function settlePendingLogout(mark: string): void {
  const s = storage();
  if (s?.getItem(PENDING_LOGOUT_KEY) === mark) s.removeItem(PENDING_LOGOUT_KEY);
}

/**
 * POST /api/auth/logout. Resolves when the server answered it: 2xx, or 401 (the session is already
 * gone). Rejects when it did not (network, timeout, 429, any other error), so the logout stays pending.
 */
async function postLogout(signal?: AbortSignal): Promise<void> {
  const res = await apiRequest('POST', '/api/auth/logout', undefined, {
    on401: 'returnNull',
    signal,
  });
  if (res && !res.ok) throw new Error(`${res.status}: logout not taken`); // a 429, let through
}

/**
 * Sends a pending logout before the status is asked: until the server has heard it, the old session
 * cookie would still answer 'authenticated' and undo the logout. Rejects while it cannot be sent, so the
 * status check fails and the local flags (cleared by the logout) keep the app locked.
 */
async function sendPendingLogout(signal: AbortSignal): Promise<void> {
  const mark = pendingLogout();
  if (mark === null) return;
  await postLogout(signal);
  settlePendingLogout(mark);
}

// ---- The status query ----

export const AUTH_STATUS_TIMEOUT_MS = 10_000;
/**
 * How often a failed status check is made again while the device has a network and the page is in
 * view. The chat header's 'Offline' pill follows the last check; with nothing waiting in the outbox no
 * replay asks again, and the pill stayed after the server came back until the page was reopened.
 */
export const STATUS_RECHECK_MS = 10_000;

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
      await sendPendingLogout(controller.signal);
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
  // Offline, the 'online' event asks again (refetchOnReconnect); hidden, nothing is asked.
  refetchInterval: (query) =>
    query.state.status === 'error' && onlineManager.isOnline() ? STATUS_RECHECK_MS : false,
});

export function useAuthStatus() {
  return useQuery(authStatusQuery);
}

/**
 * Whether this account holds a permission, by the auth status: `held` is false when the status says it
 * does not, null while its list is not known. A screen of the area itself uses useAreaAccess below.
 * `ask` is for reads made in passing (the chat header's marks, the settings
 * pages' server figures): only once the status says this device is logged in and does not lack the
 * permission, because a status read back from before the login (a reload just after it) has no list,
 * and asking then put a plain user's 403s in the console on the first chat.
 */
export function usePermission(id: PermissionId | null): { ask: boolean; held: boolean | null } {
  const status = useAuthStatus().data;
  const held = holdsAreaPermission(status?.permissions, id);
  return { ask: status?.authenticated === true && held !== false, held };
}

/**
 * Whether a screen of an area asks the area itself (`ask`), and whether the account is known to lack
 * its permission (`denied`). It asks when the status says the permission is held, or when no status can
 * say (its read failed, or it has no list): then the server decides and the screen
 * says what it answers. It does not ask while the status that will say is still on its way (being read
 * back from the device or fetched): a plain user's screen opened before it came asked and put 403s in
 * the console (a CI run's every-route walk, a reload of /memory).
 */
export function useAreaAccess(id: PermissionId | null): { ask: boolean; denied: boolean } {
  const status = useAuthStatus();
  const held = holdsAreaPermission(status.data?.permissions, id);
  // The status query runs whatever the network (networkMode 'always'), so pending means on its way.
  const statusComing = status.status === 'pending';
  return { ask: held === true || (held === null && !statusComing), denied: held === false };
}

/** holdsPermission for an area's permission; null: the area needs none beyond the login
 * (domain/area-permissions readPermissionOf). */
function holdsAreaPermission(
  permissions: readonly string[] | undefined,
  id: PermissionId | null,
): boolean | null {
  return id === null ? true : holdsPermission(permissions, id);
}

/** The persona's display name from the server, or 'Kiri' until it is known. */
export function usePersonaName(): string {
  const { data } = useAuthStatus();
  return data?.personaName ?? DEFAULT_PERSONA_NAME;
}

// ---- Logout ----

/**
 * Clears the flags and the cached data, then revokes the session on the server. The flags go first so
 * that an offline logout still locks the app on this device; and the logout is marked pending until the
 * server has answered it, so that the status check sends it again (see sendPendingLogout) rather than
 * let the old session cookie open the app when the connection returns.
 */
export async function logout(queryClient: QueryClient): Promise<void> {
  const mark = markPendingLogout();
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
    await postLogout();
    settlePendingLogout(mark);
  } catch (error) {
    console.warn(
      'Logout could not reach the server; it is sent again at the next status check',
      error,
    );
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
