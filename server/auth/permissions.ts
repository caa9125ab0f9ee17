// The permission ids of spec 002 §6 (src/domain/permissions.ts, shared with the client), what new users
// get, and what each role holds beyond its own list.
import {
  ADMIN_PERMISSIONS,
  ADVANCED_PERMISSIONS,
  BASIC_PERMISSIONS,
  inSpecOrder,
  PERMISSION_IDS,
  type PermissionId,
} from '../../src/domain/permissions';
import type { Role } from '../../src/domain/roles';

export { ADMIN_PERMISSIONS, ADVANCED_PERMISSIONS, BASIC_PERMISSIONS, PERMISSION_IDS };
export type { PermissionId };

/** What restriction mode gives a new user until an admin changes it (spec 002 §6). */
export const INITIAL_DEFAULT_PERMISSIONS: PermissionId[] = ['chat', 'screen_settings'];

/** Without restriction mode a new user gets every basic and advanced feature, never the admin ones. */
export const UNRESTRICTED_PERMISSIONS: PermissionId[] = [
  ...BASIC_PERMISSIONS,
  ...ADVANCED_PERMISSIONS,
];

/**
 * What an engineer holds whatever their own list says (docs/api-auth.md, "Engineers"): every basic and
 * advanced feature, the integrations they look after among them, and `infrastructure`, the read-only status
 * of the machine they work on. Not `user_management` nor `system_control`: managing people and putting Kiri
 * to sleep for everyone stay with admins, unless an admin grants them one by one.
 */
export const ENGINEER_PERMISSIONS: PermissionId[] = [
  ...BASIC_PERMISSIONS,
  ...ADVANCED_PERMISSIONS,
  'infrastructure',
];

export function permissionsForNewUser(restrictions: {
  restrictionMode: boolean;
  defaultPermissions: PermissionId[];
}): PermissionId[] {
  return restrictions.restrictionMode
    ? [...restrictions.defaultPermissions]
    : [...UNRESTRICTED_PERMISSIONS];
}

/**
 * The permissions a role grants on top of the account's own list. Owners and admins hold every one; an
 * engineer the engineer's set; a user only their list. The list itself is kept as it is when the role
 * changes, so a demoted user gets back exactly what they had.
 */
export function permissionsOfRole(role: Role, own: readonly PermissionId[]): PermissionId[] {
  if (role === 'owner' || role === 'admin') return [...PERMISSION_IDS];
  if (role === 'engineer') return inSpecOrder([...ENGINEER_PERMISSIONS, ...own]);
  return [...own];
}
