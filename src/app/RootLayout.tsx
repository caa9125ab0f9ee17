// The root route: error boundary, route guard, the app frame, and the update prompt.
import { INITIAL_RETRY_STATE } from '@/domain/error-retry';
import { AuthGate } from '@/features/auth/components/AuthGate';
import { ErrorScreen } from '@/ui/ErrorScreen';
import UpdatePrompt from '@/ui/UpdatePrompt';
import { AppLayout, type RouteHandle } from './AppLayout';
import { ErrorBoundary } from './ErrorBoundary';

export function RootLayout({
  routeHandle,
}: {
  /** The route table's handle (title, own header) of a path. */
  routeHandle: (pathname: string) => RouteHandle | undefined;
}) {
  return (
    <>
      <ErrorBoundary>
        <AuthGate>
          <AppLayout routeHandle={routeHandle} />
        </AuthGate>
      </ErrorBoundary>
      <UpdatePrompt />
    </>
  );
}

/**
 * The route table's own error screen (App.tsx's outer boundary, which keeps the error on the device
 * for the Error Logs page): only for errors outside the boundaries above (none expected).
 */
export function RouteError({ error }: { error: unknown }) {
  return (
    <main className="safe-area min-h-dvh">
      <ErrorScreen error={error} retryState={INITIAL_RETRY_STATE} />
    </main>
  );
}
