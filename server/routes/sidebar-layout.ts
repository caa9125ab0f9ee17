// /api/sidebar-layout (spec 000 §4, §6, §7): the settings sidebar's Integration group in each user's
// saved order. GET answers the items the viewer's rank sees; POST {order} saves an order and DELETE goes
// back to the default, both for engineers and admins (and the owner, who ranks above) only. Kept per
// user in sidebar-layout.json (server/sidebar/sidebar-layout-store.ts).
import { Hono } from 'hono';
import { createMiddleware } from 'hono/factory';
import { z } from 'zod';
import {
  applyOrder,
  canReorderIntegration,
  integrationItemsFor,
  isSidebarRole,
  orderProblem,
  ROLE_RANKS,
  roleRank,
  type SidebarRole,
} from '../../src/domain/settings-items';
import type { Viewer } from '../auth/auth-service';
import { requireSession } from '../auth/guards';
import type { AppEnv, SessionEnv } from '../http/app-env';
import { HttpError } from '../http/errors';
import { jsonBody } from '../http/validate';
import type { SidebarLayoutStore } from '../sidebar/sidebar-layout-store';

export const REORDER_REFUSED = 'Only engineers and admins can reorder the sidebar';
/** More than the five items, so a bad body is refused for what it holds, not for its length alone. */
const MAX_ORDER_LENGTH = 50;

export const orderSchema = z.object({
  order: z
    .array(z.string().max(100), { error: 'order must be a list of item ids' })
    .max(MAX_ORDER_LENGTH)
    .superRefine((order, ctx) => {
      const problem = orderProblem(order);
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    }),
});

/**
 * The viewer's rank for the sidebar. A stored role is taken as it is; a device the server treats as an
 * admin (an owner device, or an Apple device under OWNER_DEVICE_POLICY=apple) ranks as admin at least.
 */
export function sidebarRoleOf(viewer: Viewer): SidebarRole {
  const stored: string = viewer.user.role;
  const role: SidebarRole = isSidebarRole(stored) ? stored : 'user';
  if (viewer.isAdmin && roleRank(role) < ROLE_RANKS.admin) return 'admin';
  return role;
}

export function sidebarLayoutRoutes({
  store,
  clock,
}: {
  store: SidebarLayoutStore;
  clock: () => number;
}) {
  const answer = (viewer: Viewer) => {
    const role = sidebarRoleOf(viewer);
    const saved = store.data.layouts[viewer.user.id];
    return {
      success: true as const,
      items: applyOrder(integrationItemsFor(role), saved?.order),
      userRole: role,
      isOwnerDevice: viewer.isOwnerDevice,
      canReorder: canReorderIntegration(role),
      /** Whether the order is the user's own (false: the default). */
      customized: saved !== undefined,
    };
  };
  // Checked before the body is read: a refused request is refused whatever it holds, and writes nothing.
  const mayReorder = createMiddleware<SessionEnv>(async (c, next) => {
    if (!canReorderIntegration(sidebarRoleOf(c.var.viewer))) {
      throw new HttpError(403, REORDER_REFUSED);
    }
    await next();
  });

  return new Hono<AppEnv>()
    .get('/', requireSession, (c) => c.json(answer(c.var.viewer)))
    .post('/', requireSession, mayReorder, jsonBody(orderSchema), async (c) => {
      const { order } = c.req.valid('json');
      const userId = c.var.viewer.user.id;
      await store.update((data) => {
        data.layouts[userId] = { order, savedAt: clock() };
      });
      return c.json(answer(c.var.viewer));
    })
    .delete('/', requireSession, mayReorder, async (c) => {
      const userId = c.var.viewer.user.id;
      if (store.data.layouts[userId]) {
        await store.update((data) => {
          delete data.layouts[userId];
        });
      }
      return c.json(answer(c.var.viewer));
    });
}
