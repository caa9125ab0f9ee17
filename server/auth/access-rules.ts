// Who may change whose access level or remove whom (spec 002 §6, docs/api-auth.md): plain functions, so
// the admin routes and their tests read the same rules.
import { ROLE_RANK, type AccessLevel, type Role } from '../../src/domain/roles';
import { PERMISSION_IDS, type PermissionId } from './permissions';
import { effectivePermissions, type Viewer } from './auth-service';

/** Everything this viewer may use: an admin device (owner, admin, or an Apple device under that policy) holds all. */
export function viewerPermissions(viewer: Viewer): PermissionId[] {
  return viewer.isAdmin ? [...PERMISSION_IDS] : effectivePermissions(viewer.user);
}

/**
 * The viewer's rank for comparing with others: the owner's devices above all, an admin device at admin's
 * rank even when its stored role is lower (OWNER_DEVICE_POLICY=apple), everyone else their role's.
 */
export function viewerRank(viewer: Viewer): number {
  if (viewer.user.role === 'owner' || viewer.isOwnerDevice) return ROLE_RANK.owner;
  if (viewer.isAdmin) return Math.max(ROLE_RANK.admin, ROLE_RANK[viewer.user.role]);
  return ROLE_RANK[viewer.user.role];
}

export type AccessChangeRefusal = 'owner' | 'self' | 'above-you';

/**
 * May `actor` set `target`'s level to `level`? Never the owner (only pairing makes or unmakes an owner
 * device), never oneself (an admin cannot lock themselves out by accident), and never beyond the actor's
 * own rank: someone holding user_management as an engineer may make engineers, not admins, and may not
 * touch an admin.
 */
export function decideAccessChange(input: {
  actorRank: number;
  actorId: string;
  target: { id: string; role: Role };
  level: AccessLevel;
}): 'ok' | AccessChangeRefusal {
  if (input.target.role === 'owner') return 'owner';
  if (input.target.id === input.actorId) return 'self';
  if (ROLE_RANK[input.target.role] > input.actorRank || ROLE_RANK[input.level] > input.actorRank) {
    return 'above-you';
  }
  return 'ok';
}

/** May `actor` remove `target`? Never the owner, never oneself, never someone ranked above the actor. */
export function decideRemoval(input: {
  actorRank: number;
  actorId: string;
  target: { id: string; role: Role };
}): 'ok' | AccessChangeRefusal {
  if (input.target.role === 'owner') return 'owner';
  if (input.target.id === input.actorId) return 'self';
  if (ROLE_RANK[input.target.role] > input.actorRank) return 'above-you';
  return 'ok';
}
