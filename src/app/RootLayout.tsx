// The root route: error boundary, route guard, the app frame, and the update prompt.
import { useEffect } from 'react';
import { useRouteError } from 'react-router';
import { INITIAL_RETRY_STATE } from '@/domain/error-retry';
import { reportDeviceError } from '@/lib/device-error-report';
import { AuthGate } from '@/features/auth/components/AuthGate';
import { ErrorScreen } from '@/ui/ErrorScreen';
import UpdatePrompt from '@/ui/UpdatePrompt';
import { AppLayout } from './AppLayout';
import { ErrorBoundary } from './ErrorBoundary';

export function RootLayout() {
  return (
    <>
      <ErrorBoundary>
        <AuthGate>
          <AppLayout />
        </AuthGate>
      </ErrorBoundary>
      <UpdatePrompt />
    </>
  );
}

/** The router's own error element: only for errors outside the boundaries above (none expected). */
export function RouteError() {
  const error = useRouteError();
  // Kept on the device for the Error Logs page, once per error shown.
  useEffect(() => {
    void reportDeviceError({ kind: 'screen', at: Date.now(), path: location.pathname, error });
  }, [error]);
  return (
    <main className="safe-area min-h-dvh">
      <ErrorScreen error={error} retryState={INITIAL_RETRY_STATE} />
    </main>
  );
}
