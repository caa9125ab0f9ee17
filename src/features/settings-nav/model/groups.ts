// What the settings sidebar shows to whom (spec 000 §2.6, §6), built from the shared list in
// src/domain/settings-items.ts and the Integration group as the layout call answered it.
import {
  ADMIN_GROUP,
  canReorderIntegration,
  canSeeGroup,
  canSeeItem,
  INTEGRATION_GROUP_ID,
  INTEGRATION_GROUP_TITLE,
  integrationDescription,
  integrationItemsFor,
  SETTINGS_GROUPS,
  type SidebarIcon,
  type SidebarLayoutItem,
  type SidebarRole,
  type SidebarViewer,
} from '@/domain/settings-items';

export interface NavItem {
  id: string;
  label: string;
  description: string;
  route: string;
  icon?: SidebarIcon;
}

export interface NavGroup {
  id: string;
  title: string;
  items: readonly NavItem[];
  /** The Integration and Sync group, which engineers and admins may reorder. */
  reorderable: boolean;
}

/** The groups this viewer sees, in order, with only the items they may see; empty groups left out. */
export function visibleGroups(
  viewer: SidebarViewer,
  integration: readonly SidebarLayoutItem[],
): NavGroup[] {
  const plain = (group: (typeof SETTINGS_GROUPS)[number]): NavGroup => ({
    id: group.id,
    title: group.title,
    items: group.items.filter((item) => canSeeItem(item, viewer)),
    reorderable: false,
  });
  const groups: NavGroup[] = SETTINGS_GROUPS.filter((group) =>
    canSeeGroup(group.access, viewer),
  ).map(plain);
  groups.push({
    id: INTEGRATION_GROUP_ID,
    title: INTEGRATION_GROUP_TITLE,
    items: integration.map((item) => ({
      id: item.id,
      label: item.label,
      description: integrationDescription(item.id),
      route: item.route,
      icon: item.icon,
    })),
    reorderable: true,
  });
  if (canSeeGroup(ADMIN_GROUP.access, viewer)) groups.push(plain(ADMIN_GROUP));
  return groups.filter((group) => group.items.length > 0);
}

/** The layout call's answer (GET /api/sidebar-layout), as the client reads it. */
export interface LayoutAnswer {
  success: true;
  items: SidebarLayoutItem[];
  userRole: SidebarRole;
  isOwnerDevice: boolean;
  canReorder: boolean;
  customized: boolean;
}

export type LayoutSource = 'server' | 'last-known' | 'default' | 'loading';

export interface LayoutView {
  viewer: SidebarViewer;
  integration: SidebarLayoutItem[];
  canReorder: boolean;
  source: LayoutSource;
  /** Said above the groups when what they show is not the server's answer of now. */
  note: string | null;
}

export const LAST_KNOWN_NOTE = 'Offline: showing your layout as it was last loaded.';
export const DEFAULT_NOTE =
  'Your saved layout could not be loaded: showing the default order for your role.';

/**
 * The server's answer when it has one. When the call fails: the answer last loaded, marked as such; or,
 * with none, the default order for the role the login status gave, or, with no status either, spec 000
 * §6's fallback (admin role, owner device: the server still refuses what the viewer may not open).
 * Reordering needs the server, so it is offered only on a fresh answer.
 */
export function layoutView(input: {
  answer: LayoutAnswer | undefined;
  failed: boolean;
  auth: { role: SidebarRole; isOwnerDevice: boolean } | null;
}): LayoutView {
  const { answer, failed, auth } = input;
  if (answer) {
    return {
      viewer: { role: answer.userRole, isOwnerDevice: answer.isOwnerDevice },
      integration: answer.items,
      canReorder: !failed && canReorderIntegration(answer.userRole),
      source: failed ? 'last-known' : 'server',
      note: failed ? LAST_KNOWN_NOTE : null,
    };
  }
  const viewer = auth ?? { role: 'admin' as const, isOwnerDevice: true };
  return {
    viewer,
    integration: failed ? integrationItemsFor(viewer.role) : [],
    canReorder: false,
    source: failed ? 'default' : 'loading',
    note: failed ? DEFAULT_NOTE : null,
  };
}
