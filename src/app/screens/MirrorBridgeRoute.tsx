// /mirror-bridge: the bridge panel and, in its Manual Console tab, the console (admin only, like
// /console: the tab is guarded on its own, since the page opens to holders of system_control).
import { AdminGuard } from '@/features/auth/components/AdminGuard';
import { MirrorBridgePage } from '@/features/mirror-bridge/components/MirrorBridgePage';
import ConsoleRoute from './ConsoleRoute';

export default function MirrorBridgeRoute() {
  return (
    <MirrorBridgePage
      consolePanel={
        <AdminGuard offerRelogin>
          <ConsoleRoute embedded />
        </AdminGuard>
      }
    />
  );
}
