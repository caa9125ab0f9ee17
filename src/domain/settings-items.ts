// The settings sidebar's items (spec 000 §2.6, §3.8, §6): every path it links to, in its groups, with who
// may see each. Pure data and rules, shared by the server (GET /api/sidebar-layout answers the Integration
// group in the user's saved order) and the client (the sidebar, and its default when the call fails), so
// both read the same list and the same rank rule.

import { hasRoleAtLeast, ROLE_RANK, ROLES, roleRank, type Role } from './roles';

/** Spec 000 §6: ranks user 1, engineer 2, admin 3; the owner stands above them all (src/domain/roles.ts). */
export const ROLE_RANKS = ROLE_RANK;
export type SidebarRole = Role;
/** The roles an item's role_min can name (the owner is never a minimum: it is above every item). */
export type MinimumRole = Exclude<SidebarRole, 'owner'>;

/** Spec 000 §3.8's icon names. */
export const SIDEBAR_ICONS = [
  'hydra',
  'book',
  'wrench',
  'activity',
  'shield',
  'clipboard',
] as const;
export type SidebarIcon = (typeof SIDEBAR_ICONS)[number];

export { roleRank };

export function isSidebarRole(value: unknown): value is SidebarRole {
  return typeof value === 'string' && (ROLES as readonly string[]).includes(value);
}

/** Spec 000 §6: an item shows when the user's rank is at least the item's role_min. */
export function meetsRoleMin(role: SidebarRole, roleMin: MinimumRole): boolean {
  return hasRoleAtLeast(role, roleMin);
}

/** Spec 000 §6: the Integration and Sync group is reorderable by admin or engineer only. */
export function canReorderIntegration(role: SidebarRole): boolean {
  // The owner holds every admin right (server/auth: isAdmin), so it may reorder too.
  return roleRank(role) >= ROLE_RANKS.engineer;
}

/** Who is looking: their role and whether this device is an owner device (the device check). */
export interface SidebarViewer {
  role: SidebarRole;
  isOwnerDevice: boolean;
}

/** Spec 000 §3.8: a sidebar layout item. */
export interface SidebarLayoutItem {
  id: string;
  label: string;
  icon: SidebarIcon;
  route: string;
  role_min: MinimumRole;
}

export interface SettingsItem {
  id: string;
  label: string;
  description: string;
  route: string;
  /** Spec 000 §6: PresenceHub, Console Access, User Restriction Mode. */
  ownerDeviceOnly?: boolean;
}

export type GroupAccess =
  /** Everyone who is logged in. */
  | 'everyone'
  /** Spec 000 §6: 'System Analytics and Monitoring groups show for admin or owner device.' */
  | 'admin-or-owner-device'
  /** Spec 000 §6: 'the Admin Controls group (User Restriction Mode)' is owner-device only. */
  | 'owner-device';

export interface SettingsGroup {
  id: string;
  title: string;
  access: GroupAccess;
  items: readonly SettingsItem[];
}

export const INTEGRATION_GROUP_ID = 'integration';
export const INTEGRATION_GROUP_TITLE = 'Integration and Sync';

/**
 * Spec 000 §2.6's integration items, in their default order: the five of the layout fallback (§6). The
 * spec gives their paths and the six icon names, not which item needs which rank: the minimums follow
 * what each screen was expected to show (the task manager's internals for engineers; monitoring for
 * engineers and analytics for admins, kept as chosen although both pages, built in issue 20, read only the
 * viewer's own conversation and open for anyone with `chat`: docs/analytics.md); docs/settings-sidebar.md.
 */
export const INTEGRATION_ITEMS: readonly (SidebarLayoutItem & { description: string })[] = [
  {
    id: 'hydra',
    label: 'Hydra Tasks',
    icon: 'hydra',
    route: '/settings/hydra',
    role_min: 'engineer',
    description: 'The task manager: its status and what it would run',
  },
  {
    id: 'memory-logs',
    label: 'Memory Logs',
    icon: 'book',
    route: '/settings/memory-logs',
    role_min: 'user',
    description: 'The memory threading dashboard and its logs',
  },
  {
    id: 'self-mod',
    label: 'Self-Modification',
    icon: 'wrench',
    route: '/settings/self-mod',
    role_min: 'user',
    description: "Tune the companion's tone and personality",
  },
  {
    id: 'monitoring',
    label: 'Monitoring',
    icon: 'activity',
    route: '/settings/monitoring',
    role_min: 'engineer',
    description: 'Your conversation in the last 24 hours: replies, latency and pushes',
  },
  {
    id: 'analytics',
    label: 'Analytics',
    icon: 'clipboard',
    route: '/settings/analytics',
    role_min: 'admin',
    description: 'Your conversation over 30 days: messages, reply times and providers',
  },
];

export const INTEGRATION_ITEM_IDS: readonly string[] = INTEGRATION_ITEMS.map((item) => item.id);

/** Every other group of spec 000 §2.6, in the order the sidebar shows them (Integration goes before Admin). */
export const SETTINGS_GROUPS: readonly SettingsGroup[] = [
  {
    id: 'personal',
    title: 'Personal',
    access: 'everyone',
    items: [
      {
        id: 'personality',
        label: 'Personality',
        description: 'Softness, humor, formality and the tone of replies',
        route: '/personality-settings',
      },
      {
        id: 'screen',
        label: 'Screen Settings',
        description: 'Font size and background colour',
        route: '/screen-settings',
      },
      {
        id: 'sleep',
        label: 'Sleep Mode',
        description: 'Sleep, deep pause and voice wake',
        route: '/sleep-mode',
      },
      {
        id: 'data',
        label: 'Your Data',
        description: 'Export or import this device’s chat history',
        route: '/settings/data',
      },
    ],
  },
  {
    id: 'presence',
    title: 'Presence and Memory',
    access: 'everyone',
    items: [
      {
        id: 'presencehub',
        label: 'PresenceHub',
        description: 'The security and operations platform',
        route: '/presencehub',
        ownerDeviceOnly: true,
      },
      {
        id: 'mood',
        label: 'Mood Engine',
        description: 'The live mood monitor',
        route: '/presence',
      },
      {
        id: 'memory',
        label: 'Memory Dashboard',
        description: 'Memory threads, search and integrity',
        route: '/memory',
      },
      {
        id: 'console',
        label: 'Console Access',
        description: 'The admin console',
        route: '/console',
        ownerDeviceOnly: true,
      },
    ],
  },
  {
    id: 'system',
    title: 'System',
    access: 'everyone',
    items: [
      {
        id: 'builds',
        label: 'Build History',
        description: 'What was built and when',
        route: '/build-rundown',
      },
      {
        id: 'generosity',
        label: 'Generosity Engine',
        description: 'The generosity engine status',
        route: '/generosity',
      },
      {
        id: 'hydra-tasks',
        label: 'Task Manager',
        description: 'The task manager info page',
        route: '/hydra-tasks',
      },
    ],
  },
  {
    id: 'monitoring',
    title: 'Monitoring',
    access: 'admin-or-owner-device',
    items: [
      {
        id: 'metrics',
        label: 'Infrastructure',
        description: 'Servers, metrics and uptime',
        route: '/metrics',
      },
      {
        id: 'system-health',
        label: 'System Health',
        description: 'Uptime, memory, store files and what waits on this device',
        route: '/settings/system-health',
      },
    ],
  },
  {
    id: 'analytics',
    title: 'System Analytics',
    access: 'admin-or-owner-device',
    items: [
      {
        id: 'error-logs',
        label: 'Error Logs',
        description: 'Errors reported by the app and the server',
        route: '/settings/error-logs',
      },
      {
        id: 'performance',
        label: 'Performance',
        description: 'Response times and load',
        route: '/settings/performance',
      },
    ],
  },
];

export const ADMIN_GROUP: SettingsGroup = {
  id: 'admin',
  title: 'Admin Controls',
  access: 'owner-device',
  items: [
    {
      id: 'user-restriction',
      label: 'User Restriction Mode',
      description: 'Who may use what: restriction mode, default permissions, users',
      route: '/user-restriction-mode',
      ownerDeviceOnly: true,
    },
  ],
};

/** Spec 000 §6. Monitoring and analytics for admins (and the owner, who ranks above) or an owner device. */
export function canSeeGroup(access: GroupAccess, viewer: SidebarViewer): boolean {
  switch (access) {
    case 'everyone':
      return true;
    case 'admin-or-owner-device':
      return viewer.isOwnerDevice || roleRank(viewer.role) >= ROLE_RANKS.admin;
    case 'owner-device':
      return viewer.isOwnerDevice;
  }
}

/** Spec 000 §6: owner-device-only items show on an owner device only. */
export function canSeeItem(item: SettingsItem, viewer: SidebarViewer): boolean {
  return !item.ownerDeviceOnly || viewer.isOwnerDevice;
}

/** The integration items this role sees (rank against role_min), in the default order. */
export function integrationItemsFor(role: SidebarRole): SidebarLayoutItem[] {
  return INTEGRATION_ITEMS.filter((item) => meetsRoleMin(role, item.role_min)).map(toLayoutItem);
}

/** Only the fields of spec 000 §3.8 (the description is for the client's search, not the contract). */
export function toLayoutItem(item: SidebarLayoutItem): SidebarLayoutItem {
  const { id, label, icon, route, role_min } = item;
  return { id, label, icon, route, role_min };
}

/**
 * The integration items in a saved order: the saved ids first, as saved, then any item the order does
 * not name (one added after the save) in its default place. Ids no longer known are dropped.
 */
export function applyOrder<T extends { id: string }>(
  items: readonly T[],
  order: readonly string[] | null | undefined,
): T[] {
  if (!order || order.length === 0) return [...items];
  const byId = new Map(items.map((item) => [item.id, item]));
  const ordered: T[] = [];
  for (const id of order) {
    const item = byId.get(id);
    if (item) {
      ordered.push(item);
      byId.delete(id);
    }
  }
  return [...ordered, ...items.filter((item) => byId.has(item.id))];
}

/** Why an order cannot be saved, or null: only known integration ids, each once (spec 000 §7). */
export function orderProblem(order: readonly string[]): string | null {
  const seen = new Set<string>();
  for (const id of order) {
    if (!INTEGRATION_ITEM_IDS.includes(id)) return `Unknown item: ${id}`;
    if (seen.has(id)) return `Item listed twice: ${id}`;
    seen.add(id);
  }
  return null;
}

export function integrationDescription(id: string): string {
  return INTEGRATION_ITEMS.find((item) => item.id === id)?.description ?? '';
}
