// /error-test: the error-test page with the app's own error boundary, so what it shows is the real
// error screen with its real retries (a feature cannot reach into app/).
import { ErrorTestPage } from '@/features/error-test/components/ErrorTestPage';
import { ErrorBoundary } from '../ErrorBoundary';

export default function ErrorTestRoute() {
  return <ErrorTestPage Boundary={ErrorBoundary} />;
}
