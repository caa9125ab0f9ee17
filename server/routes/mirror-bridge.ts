// /api/mirror-bridge (spec 001 §2, §7): the bridge's status (polled 5 s), its logs (10 s while shown),
// and start, stop and sync with no body. The area needs system_control (auth/area-permissions.ts,
// docs/api-auth.md): the bridge reads the server's disk, writes into the owner's conversation and
// commits to a repository.
import { Hono } from 'hono';
import { requireSession } from '../auth/guards';
import type { AppEnv } from '../http/app-env';
import type { MirrorBridge } from '../mirror-bridge/mirror-bridge-service';

export function mirrorBridgeRoutes({ bridge }: { bridge: MirrorBridge }) {
  return new Hono<AppEnv>()
    .get('/status', requireSession, (c) => c.json(bridge.status()))
    .get('/logs', requireSession, (c) => c.json(bridge.logs()))
    .post('/start', requireSession, async (c) => {
      const status = await bridge.start();
      return c.json({ success: true as const, ...status });
    })
    .post('/stop', requireSession, async (c) => {
      const status = await bridge.stop();
      return c.json({ success: true as const, ...status });
    })
    .post('/sync', requireSession, async (c) => {
      const outcome = await bridge.sync();
      return c.json({ success: true as const, ...outcome, logs: bridge.logs() });
    });
}
