// The catch-all error screen (spec 000 §8). What it decides comes from domain/error-retry.
import { AlertTriangle, Home, RefreshCw } from 'lucide-react';
import { ERROR_SCREEN_TEXT, errorMessage, errorScreenDescription } from '@/domain/errors';
import {
  autoRetryNote,
  canRetry,
  tryAgainLabel,
  type AutoRetryPlan,
  type RetryState,
} from '@/domain/error-retry';
import { Button } from './Button';

export interface ErrorScreenProps {
  error: unknown;
  retryState: RetryState;
  /** The automatic retry under way, if any. */
  autoRetry?: AutoRetryPlan | null;
  onRetry?: () => void;
}

export function ErrorScreen({ error, retryState, autoRetry, onRetry }: ErrorScreenProps) {
  const message = errorMessage(error);
  return (
    <div
      role="alert"
      className="mx-auto grid max-w-md justify-items-center gap-4 px-6 py-12 text-center"
    >
      <AlertTriangle size={44} aria-hidden className="text-amber-500" />
      <h1 className="text-2xl font-semibold">{ERROR_SCREEN_TEXT.title}</h1>
      <p className="text-muted">{errorScreenDescription(message)}</p>
      {autoRetry && (
        <p className="text-sm text-muted" aria-live="polite">
          {autoRetryNote(autoRetry)}
        </p>
      )}
      <div className="flex flex-wrap justify-center gap-2">
        {onRetry && canRetry(retryState) && (
          <Button onClick={onRetry}>
            <RefreshCw size={16} aria-hidden />
            {tryAgainLabel(retryState)}
          </Button>
        )}
        <Button variant="outline" onClick={() => window.location.assign('/')}>
          <Home size={16} aria-hidden />
          Go Home
        </Button>
        <Button variant="outline" onClick={() => window.location.reload()}>
          Reload
        </Button>
      </div>
      {import.meta.env.DEV && message && (
        <pre className="max-w-full overflow-auto text-left text-xs text-muted">{message}</pre>
      )}
    </div>
  );
}
