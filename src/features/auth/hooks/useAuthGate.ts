// The route guard's state: the status query plus the local flags, decided by model/gate.
import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { AUTH_FLAG_KEYS, PENDING_LOGOUT_KEY } from '@/domain/auth';
import {
  authStatusQueryKey,
  clearAuthFlags,
  hasLocalLogin,
  pendingLogout,
  storeLoginFlags,
  useAuthStatus,
} from '@/lib/auth-session';
import { decideAuthGate, flagSync, gateQueryStatus, type GateDecision } from '../model/gate';

/** Answers older than this came from the persisted cache, not from the server on this visit. */
const PAGE_LOADED_AT = Date.now();

export function useAuthGate(): GateDecision & { personaName: string | undefined } {
  const query = useAuthStatus();
  useOtherTabsLogins();
  const logoutMark = pendingLogout();
  const input = {
    queryStatus: gateQueryStatus(
      query,
      PAGE_LOADED_AT,
      logoutMark ? Date.parse(logoutMark) || 0 : 0,
    ),
    authenticated: query.data?.authenticated,
    hasLocalLogin: hasLocalLogin(),
  };
  const sync = flagSync(input);
  const clientId = query.data?.user?.clientId;

  useEffect(() => {
    // Keep the flags in step with the server, so that the next offline start decides right.
    if (sync === 'store') storeLoginFlags(clientId);
    if (sync === 'clear') clearAuthFlags();
  }, [sync, clientId]);

  return { ...decideAuthGate(input), personaName: query.data?.personaName };
}

const LOGIN_STATE_KEYS: ReadonlySet<string | null> = new Set([
  PENDING_LOGOUT_KEY,
  ...Object.values(AUTH_FLAG_KEYS),
]);

/**
 * A login or logout in another tab changes the flags under this one: ask the server again (which sends
 * a pending logout first), so that this tab follows instead of showing the app of a session logged out.
 */
function useOtherTabsLogins(): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    const onStorage = (event: StorageEvent) => {
      // key null: the whole storage was cleared.
      if (event.storageArea !== localStorage || !LOGIN_STATE_KEYS.has(event.key)) return;
      void queryClient.invalidateQueries({ queryKey: authStatusQueryKey });
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, [queryClient]);
}
