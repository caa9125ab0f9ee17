// Spec 000 §2.6, §6: which groups and items the settings sidebar shows to whom, and what it shows when
// the layout call fails.
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_NOTE,
  LAST_KNOWN_NOTE,
  layoutView,
  visibleGroups,
  type LayoutAnswer,
} from '../../../../src/features/settings-nav/model/groups';
import { LAYOUT_TOASTS, serverErrorText } from '../../../../src/features/settings-nav/model/texts';
import { INTEGRATION_ITEM_IDS, integrationItemsFor } from '../../../../src/domain/settings-items';

const routesOf = (groups: ReturnType<typeof visibleGroups>) =>
  groups.flatMap((group) => group.items.map((item) => item.route));
const titlesOf = (groups: ReturnType<typeof visibleGroups>) => groups.map((group) => group.title);

describe('items by role and device', () => {
  it('a plain user sees no owner-device item, no Monitoring, no System Analytics, no Admin Controls', () => {
    const groups = visibleGroups(
      { role: 'user', isOwnerDevice: false },
      integrationItemsFor('user'),
    );
    const routes = routesOf(groups);
    for (const ownerOnly of ['/presencehub', '/console', '/user-restriction-mode']) {
      expect(routes).not.toContain(ownerOnly);
    }
    expect(titlesOf(groups)).toEqual([
      'Personal',
      'Presence and Memory',
      'System',
      'Integration and Sync',
    ]);
    expect(routes).toContain('/screen-settings');
    expect(routes).not.toContain('/settings/hydra');
  });

  it('the owner on an owner device sees every group and every path', () => {
    const groups = visibleGroups(
      { role: 'owner', isOwnerDevice: true },
      integrationItemsFor('owner'),
    );
    expect(titlesOf(groups)).toEqual([
      'Personal',
      'Presence and Memory',
      'System',
      'Monitoring',
      'System Analytics',
      'Integration and Sync',
      'Admin Controls',
    ]);
    // Spec 000 §2.6's twenty, and Your Data (issue 21).
    expect(routesOf(groups)).toHaveLength(21);
  });

  it('an admin on another device sees Monitoring and Analytics, not the owner-device items', () => {
    const routes = routesOf(
      visibleGroups({ role: 'admin', isOwnerDevice: false }, integrationItemsFor('admin')),
    );
    expect(routes).toContain('/metrics');
    expect(routes).toContain('/settings/error-logs');
    expect(routes).not.toContain('/console');
  });

  it('shows the Integration group in the order the server answered', () => {
    const reversed = [...integrationItemsFor('admin')].reverse();
    const groups = visibleGroups({ role: 'admin', isOwnerDevice: false }, reversed);
    const integration = groups.find((group) => group.reorderable)!;
    expect(integration.items.map((item) => item.id)).toEqual([...INTEGRATION_ITEM_IDS].reverse());
  });
});

describe('fallback when the layout call fails', () => {
  const answer: LayoutAnswer = {
    success: true,
    items: [...integrationItemsFor('engineer')].reverse(),
    userRole: 'engineer',
    isOwnerDevice: false,
    canReorder: true,
    customized: true,
  };

  it("shows the server's answer, reorderable for an engineer", () => {
    const view = layoutView({ answer, failed: false, auth: null });
    expect(view).toMatchObject({ source: 'server', canReorder: true, note: null });
    expect(view.integration).toEqual(answer.items);
  });

  it('offline, shows the answer last loaded, says so, and offers no reorder', () => {
    const view = layoutView({ answer, failed: true, auth: null });
    expect(view).toMatchObject({ source: 'last-known', canReorder: false, note: LAST_KNOWN_NOTE });
    expect(view.integration).toEqual(answer.items);
  });

  it('with no answer ever loaded, the default order for the role the login status gave', () => {
    const view = layoutView({
      answer: undefined,
      failed: true,
      auth: { role: 'user', isOwnerDevice: false },
    });
    expect(view).toMatchObject({ source: 'default', canReorder: false, note: DEFAULT_NOTE });
    expect(view.integration.map((item) => item.id)).toEqual(['memory-logs', 'self-mod']);
  });

  it('with no status either, the default five integration items, admin role and owner device', () => {
    const view = layoutView({ answer: undefined, failed: true, auth: null });
    expect(view.viewer).toEqual({ role: 'admin', isOwnerDevice: true });
    expect(view.integration.map((item) => item.id)).toEqual(INTEGRATION_ITEM_IDS);
  });
});

describe('layout toasts', () => {
  it("uses the spec's words", () => {
    expect(LAYOUT_TOASTS).toEqual({
      saved: 'Layout Saved',
      saveFailed: 'Save Failed',
      saveFailedDefault: 'Failed to save layout',
      reset: 'Layout Reset',
      resetFailed: 'Reset Failed',
      resetFailedDefault: 'Failed to reset layout',
    });
  });

  it("takes the server's error from its JSON body, else nothing", () => {
    expect(
      serverErrorText('{"success":false,"error":"Unknown item: x","message":"Unknown item: x"}'),
    ).toBe('Unknown item: x');
    expect(serverErrorText('Bad Gateway')).toBeNull();
    expect(serverErrorText('')).toBeNull();
  });
});
