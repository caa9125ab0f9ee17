// Auth contract shared by the client layers: the status answer (docs/api-auth.md) and the local flags
// (spec 000 §3.10). The flag names are contract names: they never change with the persona's name.

import { parsePermissions, type PermissionId } from './permissions';
import { parseRole, type Role } from './roles';

export const DEFAULT_PERSONA_NAME = 'Kiri';

export const AUTH_FLAG_KEYS = {
  auth: 'kiri-auth',
  sessionPersistent: 'kiri-session-persistent',
  clientId: 'kiri-client-id',
  lastLogin: 'kiri-last-login',
} as const;

/**
 * Set by a logout until the server has answered it (spec 000 §3.10's flags are cleared at once): while
 * it is set, the status check sends the logout first. Not one of AUTH_FLAG_KEYS, which a logout clears.
 */
export const PENDING_LOGOUT_KEY = 'kiri-logout-pending';

export type AuthFlagKey = (typeof AUTH_FLAG_KEYS)[keyof typeof AUTH_FLAG_KEYS];

/** owner, admin, engineer or user (src/domain/roles.ts has their ranks). */
export type UserRole = Role;

export interface AuthUser {
  id: string;
  clientId: string;
  name: string | null;
  role: UserRole;
}

export interface AuthStatus {
  authenticated: boolean;
  allowedDevice: boolean;
  isAdmin: boolean;
  isOwnerDevice: boolean;
  personaName: string;
  user: AuthUser | null;
  /** The owner's zone (IANA name) when the server says it: day sessions are named in it. */
  timeZone?: string;
  /** What this account may use (spec 002 §6 ids; owners and admins hold all); absent when logged out. */
  permissions?: PermissionId[];
}

function asRecord(value: unknown): Record<string, unknown> | null {
  return value && typeof value === 'object' && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : null;
}

function parseUser(value: unknown): AuthUser | null {
  const raw = asRecord(value);
  if (!raw) return null;
  const role = parseRole(raw.role);
  return {
    id: typeof raw.id === 'string' || typeof raw.id === 'number' ? String(raw.id) : '',
    clientId: typeof raw.clientId === 'string' ? raw.clientId : '',
    name: typeof raw.name === 'string' && raw.name.trim() ? raw.name : null,
    role,
  };
}

/**
 * Reads GET /api/auth/status. Anything that is not a status answer (a captive portal's page, a proxy's
 * error) is rejected, so that the caller falls back to the local flags instead of trusting it.
 */
export function parseAuthStatus(value: unknown): AuthStatus {
  const raw = asRecord(value);
  if (!raw || typeof raw.authenticated !== 'boolean') {
    throw new Error('Unexpected answer from /api/auth/status');
  }
  const personaName =
    typeof raw.personaName === 'string' && raw.personaName.trim()
      ? raw.personaName.trim()
      : DEFAULT_PERSONA_NAME;
  return {
    authenticated: raw.authenticated,
    allowedDevice: raw.allowedDevice === true,
    isAdmin: raw.isAdmin === true,
    isOwnerDevice: raw.isOwnerDevice === true,
    personaName,
    user: parseUser(raw.user),
    ...(Array.isArray(raw.permissions) ? { permissions: parsePermissions(raw.permissions) } : {}),
    ...(typeof raw.timeZone === 'string' && raw.timeZone.trim()
      ? { timeZone: raw.timeZone.trim() }
      : {}),
  };
}

export { parseUser as parseAuthUser };
