// The user restriction page's data (spec 002 §3 user profile and restriction settings) and its rules:
// which level changes a row offers, who may be removed, how presence and last access read.
import { inSpecOrder, parsePermissions, type PermissionId } from '@/domain/permissions';
import { ACCESS_LEVELS, parseRole, ROLE_RANK, type AccessLevel, type Role } from '@/domain/roles';

export const ADMIN_USERS_URL = '/api/admin/users';
export const RESTRICTIONS_URL = '/api/admin/user-restrictions';

/**
 * The list is read again every 30 s while the page is open, so 'online' (a request within 5 minutes,
 * docs/api-auth.md) follows people coming and going; the spec names no interval for this page.
 */
export const USERS_POLL_MS = 30_000;

export interface UserProfile {
  id: string;
  name: string | null;
  deviceType: string;
  /** ISO 8601, or null when the answer had none. */
  lastAccess: string | null;
  isOnline: boolean;
  accessLevel: Role;
  permissions: PermissionId[];
}

export interface Restrictions {
  restrictionMode: boolean;
  defaultPermissions: PermissionId[];
}

function asRecord(value: unknown): Record<string, unknown> | null {
  return value && typeof value === 'object' && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : null;
}

function parseProfile(value: unknown): UserProfile | null {
  const raw = asRecord(value);
  if (!raw || typeof raw.id !== 'string' || raw.id === '') return null;
  return {
    id: raw.id,
    name: typeof raw.name === 'string' && raw.name.trim() ? raw.name : null,
    deviceType: typeof raw.deviceType === 'string' ? raw.deviceType : 'Unknown',
    lastAccess:
      typeof raw.lastAccess === 'string' && !Number.isNaN(Date.parse(raw.lastAccess))
        ? raw.lastAccess
        : null,
    isOnline: raw.isOnline === true,
    accessLevel: parseRole(raw.accessLevel),
    permissions: parsePermissions(raw.permissions),
  };
}

/** GET /api/admin/users → {success, users}. Anything else is not an answer to show. */
export function parseUsersAnswer(value: unknown): UserProfile[] | null {
  const raw = asRecord(value);
  if (!raw || !Array.isArray(raw.users)) return null;
  return raw.users.map(parseProfile).filter((user): user is UserProfile => user !== null);
}

/** GET /api/admin/user-restrictions → {success, restrictionMode, defaultPermissions}. */
export function parseRestrictions(value: unknown): Restrictions | null {
  const raw = asRecord(value);
  if (!raw || typeof raw.restrictionMode !== 'boolean') return null;
  return {
    restrictionMode: raw.restrictionMode,
    defaultPermissions: inSpecOrder(parsePermissions(raw.defaultPermissions)),
  };
}

/** The editor's toggle of one default permission, kept in the spec's order. */
export function toggledPermission(
  current: readonly PermissionId[],
  id: PermissionId,
  on: boolean,
): PermissionId[] {
  const next = new Set(current);
  if (on) next.add(id);
  else next.delete(id);
  return inSpecOrder(next);
}

export function sameRestrictions(a: Restrictions, b: Restrictions): boolean {
  return (
    a.restrictionMode === b.restrictionMode &&
    a.defaultPermissions.join() === b.defaultPermissions.join()
  );
}

export interface Viewer {
  id: string | null;
  role: Role;
  /** An admin device (owner, admin, or an Apple device under that policy). */
  isAdmin: boolean;
  isOwnerDevice: boolean;
}

/** The viewer's rank as the server counts it (server/auth/access-rules.ts viewerRank). */
export function viewerRank(viewer: Viewer): number {
  if (viewer.role === 'owner' || viewer.isOwnerDevice) return ROLE_RANK.owner;
  if (viewer.isAdmin) return Math.max(ROLE_RANK.admin, ROLE_RANK[viewer.role]);
  return ROLE_RANK[viewer.role];
}

/**
 * The levels a row offers: every level but the one it has, up to the viewer's own rank; none for the
 * owner, for oneself, or for someone ranked above the viewer (the server refuses those too).
 */
export function levelChoices(user: UserProfile, viewer: Viewer): AccessLevel[] {
  const rank = viewerRank(viewer);
  if (user.accessLevel === 'owner' || user.id === viewer.id) return [];
  if (ROLE_RANK[user.accessLevel] > rank) return [];
  return ACCESS_LEVELS.filter((level) => level !== user.accessLevel && ROLE_RANK[level] <= rank);
}

/** Remove is offered for anyone but the owner, oneself, and those ranked above the viewer. */
export function canRemove(user: UserProfile, viewer: Viewer): boolean {
  if (user.accessLevel === 'owner' || user.id === viewer.id) return false;
  return ROLE_RANK[user.accessLevel] <= viewerRank(viewer);
}

/** Owner first, then by rank, then the most recently seen. */
export function sortedUsers(users: readonly UserProfile[]): UserProfile[] {
  return [...users].sort(
    (a, b) =>
      ROLE_RANK[b.accessLevel] - ROLE_RANK[a.accessLevel] ||
      (b.lastAccess ?? '').localeCompare(a.lastAccess ?? ''),
  );
}

/** 'just now', '5 min ago', '3 h ago', else the date and time in the owner's zone. */
export function lastAccessText(iso: string | null, now: number, timeZone?: string): string {
  if (iso === null) return 'never';
  const at = Date.parse(iso);
  const minutes = Math.floor((now - at) / 60_000);
  if (minutes < 1) return 'just now';
  if (minutes < 60) return `${minutes} min ago`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return `${hours} h ago`;
  return new Intl.DateTimeFormat('en-US', {
    dateStyle: 'medium',
    timeStyle: 'short',
    ...(timeZone ? { timeZone } : {}),
  }).format(at);
}
