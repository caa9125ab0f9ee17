// /api/infrastructure (spec 002 "Infrastructure", §4; docs/infrastructure.md): each feature's status,
// ready, pending or disabled, with its reason and when it was checked. The area needs 'infrastructure'
// (the admin group's read-only view of the machine: auth/area-permissions.ts), checked before any route
// runs. No input: HTTPS is read from this request as it arrived.
import { Hono } from 'hono';
import { requireSession } from '../auth/guards';
import type { AppEnv } from '../http/app-env';
import { requestHostOf } from '../http/request-info';
import type { InfrastructureService } from '../infrastructure/infrastructure-service';

export function infrastructureRoutes({
  infrastructure,
  trustProxy,
}: {
  infrastructure: InfrastructureService;
  trustProxy: boolean;
}) {
  return new Hono<AppEnv>().get('/status', requireSession, async (c) =>
    c.json(
      await infrastructure.status({
        viewerId: c.var.viewer.user.id,
        secure: c.var.secure,
        host: requestHostOf(c, trustProxy),
      }),
    ),
  );
}
