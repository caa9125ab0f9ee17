// Route guard and admin guard decisions (spec 000 §4 and §6).

export type GateState = 'loading' | 'unauthenticated' | 'authenticated';

export interface GateInput {
  /** The status query: no answer yet, failed (network or server down), or answered. */
  queryStatus: 'pending' | 'error' | 'success';
  /** The server's `authenticated`, when it answered (or a persisted earlier answer). */
  authenticated: boolean | undefined;
  /** `kiri-auth` is set from a previous login on this device. */
  hasLocalLogin: boolean;
}

export interface GateDecision {
  state: GateState;
  /** The app is open on the strength of the local flags, without the server's word. */
  provisional: boolean;
}

/**
 * The server's answer decides. While there is none, or when the call fails (offline, server down),
 * the flags of a previous login decide, so that the owner reaches the app on the commute; without
 * them the login screen shows once the call has failed.
 */
export function decideAuthGate(input: GateInput): GateDecision {
  if (input.queryStatus === 'success' && input.authenticated !== undefined) {
    return { state: input.authenticated ? 'authenticated' : 'unauthenticated', provisional: false };
  }
  if (input.hasLocalLogin) return { state: 'authenticated', provisional: true };
  if (input.queryStatus === 'pending') return { state: 'loading', provisional: false };
  return { state: 'unauthenticated', provisional: false };
}

/**
 * The status query as the gate may read it. A copy restored from the persisted cache is an old answer
 * (it may predate the last login), so until this page load has its own answer it counts as pending:
 * it must neither decide the screen nor clear the flags of a login made after it was saved. So is an
 * answer older than a logout still pending (`logoutMarkedAt`, made in this tab or another): it was the
 * old session's word, and must neither keep the app open nor store the flags again.
 */
export function gateQueryStatus(
  query: { status: 'pending' | 'error' | 'success'; dataUpdatedAt: number },
  pageLoadedAt: number,
  logoutMarkedAt = 0,
): GateInput['queryStatus'] {
  const validFrom = Math.max(pageLoadedAt, logoutMarkedAt);
  if (query.status === 'success' && query.dataUpdatedAt < validFrom) return 'pending';
  return query.status;
}

/** What to do with the local flags after the server's answer. */
export function flagSync(
  input: Pick<GateInput, 'queryStatus' | 'authenticated' | 'hasLocalLogin'>,
): 'store' | 'clear' | 'keep' {
  if (input.queryStatus !== 'success' || input.authenticated === undefined) return 'keep';
  if (input.authenticated && !input.hasLocalLogin) return 'store';
  if (!input.authenticated && input.hasLocalLogin) return 'clear';
  return 'keep';
}

export type AdminAccess = 'loading' | 'allowed' | 'restricted';

/**
 * Admin-only routes: allowed when the status says admin (also a cached answer while offline), or, for a
 * route that names the permission it needs (the user restriction page: user_management), when the
 * account holds it: an admin may grant it to someone else, and the server then answers them too.
 */
export function decideAdminAccess(input: {
  queryStatus: 'pending' | 'error' | 'success';
  isAdmin: boolean | undefined;
  permissions?: readonly string[] | undefined;
  permission?: string | undefined;
}): AdminAccess {
  if (input.isAdmin === true) return 'allowed';
  if (input.permission !== undefined && input.permissions?.includes(input.permission)) {
    return 'allowed';
  }
  if (input.queryStatus === 'pending' && input.isAdmin === undefined) return 'loading';
  return 'restricted';
}
