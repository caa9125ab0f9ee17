// The permission ids of spec 002 §6 in their three groups, shared by the server (which enforces them) and
// the user restriction page (which edits them).

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

export const PERMISSION_GROUPS: ReadonlyArray<{
  id: 'basic' | 'advanced' | 'admin';
  title: string;
  permissions: readonly PermissionId[];
}> = [
  { id: 'basic', title: 'Basic', permissions: BASIC_PERMISSIONS },
  { id: 'advanced', title: 'Advanced', permissions: ADVANCED_PERMISSIONS },
  { id: 'admin', title: 'Admin', permissions: ADMIN_PERMISSIONS },
];

export function isPermissionId(value: unknown): value is PermissionId {
  return typeof value === 'string' && (PERMISSION_IDS as readonly string[]).includes(value);
}

/** Reads a list from an answer: unknown ids (a newer server's) are dropped, never guessed at. */
export function parsePermissions(value: unknown): PermissionId[] {
  return Array.isArray(value) ? value.filter(isPermissionId) : [];
}

/** Puts ids in the spec's order without repeats, as the editor and the server store them. */
export function inSpecOrder(ids: Iterable<PermissionId>): PermissionId[] {
  const wanted = new Set(ids);
  return PERMISSION_IDS.filter((id) => wanted.has(id));
}

/**
 * Rule 'permission known': whether an account holds `id` by its auth status's list; null when the list
 * is not known (the call is then made, and the server decides: it checks every route itself).
 */
export function holdsPermission(
  permissions: readonly string[] | undefined,
  id: PermissionId,
): boolean | null {
  return permissions ? permissions.includes(id) : null;
}
