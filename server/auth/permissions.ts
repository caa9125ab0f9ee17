// The permission ids of spec 002 §6, in their three groups, and what new users get.

export const BASIC_PERMISSIONS = ['chat', 'screen_settings', 'browser_bubble'] as const;
export const ADVANCED_PERMISSIONS = [
  'memory_threading',
  'consciousness',
  'presence_engine',
  'hydra_tasks',
  'mirror_bridge',
] as const;
export const ADMIN_PERMISSIONS = ['user_management', 'system_control', 'infrastructure'] as const;

export const PERMISSION_IDS = [
  ...BASIC_PERMISSIONS,
  ...ADVANCED_PERMISSIONS,
  ...ADMIN_PERMISSIONS,
] as const;
export type PermissionId = (typeof PERMISSION_IDS)[number];

/** What restriction mode gives a new user until an admin changes it (spec 002 §6). */
export const INITIAL_DEFAULT_PERMISSIONS: PermissionId[] = ['chat', 'screen_settings'];

/** Without restriction mode a new user gets every basic and advanced feature, never the admin ones. */
export const UNRESTRICTED_PERMISSIONS: PermissionId[] = [
  ...BASIC_PERMISSIONS,
  ...ADVANCED_PERMISSIONS,
];

export function permissionsForNewUser(restrictions: {
  restrictionMode: boolean;
  defaultPermissions: PermissionId[];
}): PermissionId[] {
  return restrictions.restrictionMode
    ? [...restrictions.defaultPermissions]
    : [...UNRESTRICTED_PERMISSIONS];
}
