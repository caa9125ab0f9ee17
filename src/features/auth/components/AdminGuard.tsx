// Admin-only routes (spec 000 §6): /console, /manual-console, /presence-hub-console, and the user
// restriction page (002), which also opens to a holder of user_management.
import type { ReactNode } from 'react';
import type { PermissionId } from '@/domain/permissions';
import { Link } from 'react-router';
import { ShieldAlert } from 'lucide-react';
import { useAuthStatus, useLogout } from '@/lib/auth-session';
import { Button } from '@/ui/Button';
import { LoadingScreen } from '@/ui/LoadingScreen';
import { decideAdminAccess } from '../model/gate';

export function AdminGuard({
  children,
  offerRelogin = false,
  permission,
}: {
  children: ReactNode;
  /** Show 'Logout & Re-Login' (the console does). */
  offerRelogin?: boolean;
  /** A permission that opens the page to a non-admin holding it. */
  permission?: PermissionId;
}) {
  const query = useAuthStatus();
  const access = decideAdminAccess({
    queryStatus: query.status,
    isAdmin: query.data?.isAdmin,
    permissions: query.data?.permissions,
    permission,
  });
  if (access === 'loading') return <LoadingScreen />;
  if (access === 'allowed') return children;
  return <AccessRestricted offerRelogin={offerRelogin} />;
}

function AccessRestricted({ offerRelogin }: { offerRelogin: boolean }) {
  const logout = useLogout();
  return (
    <section className="mx-auto grid max-w-md justify-items-center gap-4 px-6 py-12 text-center">
      <ShieldAlert size={44} aria-hidden className="text-red-500" />
      <h1 className="text-2xl font-semibold">Access Restricted</h1>
      <p className="text-muted">This page is only available to admin users or Apple devices.</p>
      <div className="flex flex-wrap justify-center gap-2">
        <Link
          to="/"
          className="inline-flex h-10 items-center rounded-lg bg-accent px-4 font-medium text-on-accent hover:bg-accent-hover"
        >
          Return to Chat
        </Link>
        {offerRelogin && (
          <Button variant="outline" onClick={() => void logout()}>
            Logout &amp; Re-Login
          </Button>
        )}
      </div>
    </section>
  );
}
