// Spec 000 §2.6, §3.8, §6: which settings items each role and device sees, the rank rule, reorder rights
// and the order rules the server and the sidebar share.
import { describe, expect, it } from 'vitest';
import {
  ADMIN_GROUP,
  applyOrder,
  canReorderIntegration,
  canSeeGroup,
  canSeeItem,
  INTEGRATION_ITEM_IDS,
  INTEGRATION_ITEMS,
  integrationItemsFor,
  meetsRoleMin,
  orderProblem,
  ROLE_RANKS,
  SETTINGS_GROUPS,
  SIDEBAR_ICONS,
  type SidebarViewer,
} from '../../../src/domain/settings-items';

const USER: SidebarViewer = { role: 'user', isOwnerDevice: false };
const ENGINEER: SidebarViewer = { role: 'engineer', isOwnerDevice: false };
const ADMIN: SidebarViewer = { role: 'admin', isOwnerDevice: false };
const OWNER: SidebarViewer = { role: 'owner', isOwnerDevice: true };

const allRoutes = () => [
  ...SETTINGS_GROUPS.flatMap((group) => group.items.map((item) => item.route)),
  ...INTEGRATION_ITEMS.map((item) => item.route),
  ...ADMIN_GROUP.items.map((item) => item.route),
];

describe('role ranks: user 1, engineer 2, admin 3, the owner above', () => {
  it('ranks the roles as spec 000 §6 and §9 say', () => {
    expect(ROLE_RANKS).toEqual({ user: 1, engineer: 2, admin: 3, owner: 4 });
  });

  it("an item shows when the user's rank is at least its role_min", () => {
    expect(meetsRoleMin('user', 'user')).toBe(true);
    expect(meetsRoleMin('user', 'engineer')).toBe(false);
    expect(meetsRoleMin('engineer', 'engineer')).toBe(true);
    expect(meetsRoleMin('engineer', 'admin')).toBe(false);
    expect(meetsRoleMin('admin', 'admin')).toBe(true);
    expect(meetsRoleMin('owner', 'admin')).toBe(true);
  });

  it('integration items by rank: each role sees its own and every lower minimum', () => {
    expect(integrationItemsFor('user').map((item) => item.id)).toEqual(['memory-logs', 'self-mod']);
    expect(integrationItemsFor('engineer').map((item) => item.id)).toEqual([
      'hydra',
      'memory-logs',
      'self-mod',
      'monitoring',
    ]);
    expect(integrationItemsFor('admin').map((item) => item.id)).toEqual(INTEGRATION_ITEM_IDS);
    expect(integrationItemsFor('owner').map((item) => item.id)).toEqual(INTEGRATION_ITEM_IDS);
  });
});

describe('the Integration and Sync group is reorderable by admin or engineer only', () => {
  it('refuses users and allows engineers, admins and the owner', () => {
    expect(canReorderIntegration('user')).toBe(false);
    expect(canReorderIntegration('engineer')).toBe(true);
    expect(canReorderIntegration('admin')).toBe(true);
    expect(canReorderIntegration('owner')).toBe(true);
  });
});

describe('owner-device-only items and groups', () => {
  const presenceGroup = SETTINGS_GROUPS.find((group) => group.id === 'presence')!;
  const ownerOnly = presenceGroup.items.filter((item) => item.ownerDeviceOnly);

  it('PresenceHub and Console Access are owner-device only', () => {
    expect(ownerOnly.map((item) => item.route)).toEqual(['/presencehub', '/console']);
    for (const item of ownerOnly) {
      expect(canSeeItem(item, USER)).toBe(false);
      // Admin rank alone is not an owner device (spec 000 §6: 'Owner-device-only items').
      expect(canSeeItem(item, ADMIN)).toBe(false);
      expect(canSeeItem(item, OWNER)).toBe(true);
    }
  });

  it('the Admin Controls group (User Restriction Mode) shows on an owner device only', () => {
    expect(ADMIN_GROUP.items.map((item) => item.route)).toEqual(['/user-restriction-mode']);
    expect(canSeeGroup(ADMIN_GROUP.access, ADMIN)).toBe(false);
    expect(canSeeGroup(ADMIN_GROUP.access, { role: 'user', isOwnerDevice: true })).toBe(true);
  });
});

describe('System Analytics and Monitoring groups show for admin or owner device', () => {
  const gated = SETTINGS_GROUPS.filter((group) => group.access === 'admin-or-owner-device');

  it('names the two groups', () => {
    expect(gated.map((group) => group.title)).toEqual(['Monitoring', 'System Analytics']);
  });

  it('hides them from users and engineers, shows them to admins, the owner and an owner device', () => {
    for (const group of gated) {
      expect(canSeeGroup(group.access, USER)).toBe(false);
      expect(canSeeGroup(group.access, ENGINEER)).toBe(false);
      expect(canSeeGroup(group.access, ADMIN)).toBe(true);
      expect(canSeeGroup(group.access, OWNER)).toBe(true);
      expect(canSeeGroup(group.access, { role: 'user', isOwnerDevice: true })).toBe(true);
    }
  });
});

describe('every path of spec 000 §2.6', () => {
  it('links each path once', () => {
    const paths = [
      '/personality-settings',
      '/screen-settings',
      '/sleep-mode',
      '/settings/data',
      '/presencehub',
      '/presence',
      '/memory',
      '/console',
      '/build-rundown',
      '/generosity',
      '/hydra-tasks',
      '/metrics',
      '/settings/system-health',
      '/settings/error-logs',
      '/settings/performance',
      '/user-restriction-mode',
      '/settings/hydra',
      '/settings/memory-logs',
      '/settings/self-mod',
      '/settings/monitoring',
      '/settings/analytics',
    ];
    expect([...allRoutes()].sort()).toEqual([...paths].sort());
  });

  it('gives each integration item an icon name of §3.8', () => {
    for (const item of INTEGRATION_ITEMS) expect(SIDEBAR_ICONS).toContain(item.icon);
  });
});

describe('a saved order', () => {
  const items = INTEGRATION_ITEMS.map(({ id }) => ({ id }));

  it('puts the saved ids first and the rest after, in their default places', () => {
    expect(applyOrder(items, ['analytics', 'hydra']).map((item) => item.id)).toEqual([
      'analytics',
      'hydra',
      'memory-logs',
      'self-mod',
      'monitoring',
    ]);
  });

  it('drops ids the role does not see, and is the default order without a save', () => {
    const userItems = integrationItemsFor('user');
    expect(applyOrder(userItems, ['analytics', 'self-mod']).map((item) => item.id)).toEqual([
      'self-mod',
      'memory-logs',
    ]);
    expect(applyOrder(items, null)).toEqual(items);
  });

  it('only known item ids, each once', () => {
    expect(orderProblem([...INTEGRATION_ITEM_IDS].reverse())).toBeNull();
    expect(orderProblem([])).toBeNull();
    expect(orderProblem(['hydra', 'console'])).toBe('Unknown item: console');
    expect(orderProblem(['hydra', 'hydra'])).toBe('Item listed twice: hydra');
  });
});
