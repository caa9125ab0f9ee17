// The signed-in frame: a header (title, offline note, theme, logout) and the current screen, inside
// the safe area so nothing hides under the notch or the home bar.
import { Suspense, useEffect } from 'react';
import { Link, Outlet, useLocation, useMatches } from 'react-router';
import { WifiOff } from 'lucide-react';
import { LogoutButton } from '@/features/auth/components/LogoutButton';
import { useAuthStatus, usePersonaName } from '@/lib/auth-session';
import { LoadingScreen } from '@/ui/LoadingScreen';
import { ThemeToggle } from '@/ui/ThemeToggle';
import { ErrorBoundary } from './ErrorBoundary';

function useDocumentTitle(personaName: string) {
  const matches = useMatches();
  const handle = matches.at(-1)?.handle as { title?: string } | undefined;
  const title = handle?.title;
  useEffect(() => {
    document.title = title && title !== 'Chat' ? `${title} · ${personaName}` : personaName;
  }, [title, personaName]);
}

export function AppLayout() {
  const personaName = usePersonaName();
  const { isError } = useAuthStatus();
  const { pathname } = useLocation();
  useDocumentTitle(personaName);

  return (
    <div className="safe-area flex min-h-dvh flex-col">
      <header className="sticky top-0 z-10 flex items-center gap-2 border-b border-neutral-200 bg-white/90 px-4 py-2 backdrop-blur dark:border-neutral-800 dark:bg-neutral-950/90">
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
      <main className="flex flex-1 flex-col">
        <ErrorBoundary resetKey={pathname}>
          <Suspense fallback={<LoadingScreen />}>
            <Outlet />
          </Suspense>
        </ErrorBoundary>
      </main>
    </div>
  );
}
