// The route guard's state: the status query plus the local flags, decided by model/gate.
import { useEffect } from 'react';
import { clearAuthFlags, hasLocalLogin, storeLoginFlags, useAuthStatus } from '@/lib/auth-session';
import { decideAuthGate, flagSync, gateQueryStatus, type GateDecision } from '../model/gate';

/** Answers older than this came from the persisted cache, not from the server on this visit. */
const PAGE_LOADED_AT = Date.now();

export function useAuthGate(): GateDecision & { personaName: string | undefined } {
  const query = useAuthStatus();
  const input = {
    queryStatus: gateQueryStatus(query, PAGE_LOADED_AT),
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
