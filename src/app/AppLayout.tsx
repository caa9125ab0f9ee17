// The signed-in frame: a header (title, offline note, theme, logout) and the current screen, inside
// the safe area so nothing hides under the notch or the home bar. Screens with their own header (the
// chats) get the whole viewport. It also starts the device's services once the owner is in.
import { Suspense, useCallback, useEffect, useMemo, useRef } from 'react';
import { Link, Outlet, useLocation, useNavigate } from 'react-router';
import { WifiOff } from 'lucide-react';
import { LogoutButton } from '@/features/auth/components/LogoutButton';
import { afterNextPaint } from '@/lib/after-paint';
import { useAuthStatus, usePersonaName } from '@/lib/auth-session';
import { LoadingScreen } from '@/ui/LoadingScreen';
import { ThemeToggle } from '@/ui/ThemeToggle';
import { ErrorBoundary } from './ErrorBoundary';

export interface RouteHandle {
  title?: string;
  ownHeader?: boolean;
}

function useDocumentTitle(personaName: string, title: string | undefined) {
  useEffect(() => {
    document.title = title && title !== 'Chat' ? `${title} · ${personaName}` : personaName;
  }, [title, personaName]);
}

/**
 * The outbox's replay triggers, persistent storage, the owner's zone for the worker, and where a
 * notification's click leads (the router goes there).
 */
function useDeviceServices(timeZone: string | undefined) {
  const navigate = useStableNavigate();
  useEffect(
    () =>
      // Loaded apart from the first screen's code (they bring the device store, Dexie, with them),
      // and after the first screen has painted: a replay of the outbox can wait a frame, the first
      // message cannot.
      afterNextPaint(() => {
        void import('./device-services').then((services) => services.startDeviceServices(navigate));
      }),
    [navigate],
  );
  useEffect(() => {
    if (!timeZone) return;
    void import('./device-services').then((services) => services.rememberTimeZone(timeZone));
  }, [timeZone]);
}

/**
 * The declarative router's navigate changes with every location; the device's services keep the
 * first one for the page's life (a notification's click), so they get one that never changes and
 * always calls the current one. The paths they navigate to are absolute.
 */
function useStableNavigate(): (url: string) => void {
  const navigate = useNavigate();
  const current = useRef(navigate);
  useEffect(() => {
    current.current = navigate;
  }, [navigate]);
  return useCallback((url: string) => void current.current(url), []);
}

export function AppLayout({
  routeHandle,
}: {
  routeHandle: (pathname: string) => RouteHandle | undefined;
}) {
  const personaName = usePersonaName();
  const { isError, data } = useAuthStatus();
  const { pathname } = useLocation();
  const handle = useMemo(() => routeHandle(pathname), [routeHandle, pathname]);
  useDocumentTitle(personaName, handle?.title);
  useDeviceServices(data?.timeZone);

  const screen = (
    <ErrorBoundary resetKey={pathname}>
      <Suspense fallback={<LoadingScreen />}>
        <Outlet />
      </Suspense>
    </ErrorBoundary>
  );
  if (handle?.ownHeader) return <div className="flex min-h-dvh flex-col">{screen}</div>;

  return (
    <div className="safe-area flex min-h-dvh flex-col">
      <header className="sticky top-0 z-10 flex items-center gap-2 border-b border-line bg-panel/90 px-4 py-2 backdrop-blur">
        <Link to="/" className="text-lg font-semibold">
          {personaName}
        </Link>
        {isError && (
          <span
            className="inline-flex items-center gap-1 rounded-full bg-amber-100 px-2 py-0.5 text-xs text-amber-800 dark:bg-amber-900/40 dark:text-amber-200"
            title="The server cannot be reached; showing what this device has."
          >
            <WifiOff size={12} aria-hidden />
            Offline
          </span>
        )}
        <div className="ml-auto flex items-center gap-1">
          <ThemeToggle />
          <LogoutButton />
        </div>
      </header>
      <main className="flex flex-1 flex-col">{screen}</main>
    </div>
  );
}
