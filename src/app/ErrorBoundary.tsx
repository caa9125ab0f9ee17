// The catch-all error boundary (spec 000 §8): shows the error screen and retries a connection-type
// error by itself after 1 s, 2 s, 4 s (at most 3 retries in all). The decisions are in
// domain/error-retry; this class only keeps the state and the timer.
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { errorMessage } from '@/domain/errors';
import {
  INITIAL_RETRY_STATE,
  afterRetry,
  canRetry,
  planAutoRetry,
  type AutoRetryPlan,
  type RetryState,
} from '@/domain/error-retry';
import { reportDeviceError } from '@/lib/device-error-report';
import { logError } from '@/lib/error-log';
import { retryFailedLoads } from '@/lib/lazy-component';
import { ErrorScreen } from '@/ui/ErrorScreen';

export interface FallbackRenderProps {
  error: unknown;
  retry: () => void;
  retryState: RetryState;
  autoRetry: AutoRetryPlan | null;
}

export interface ErrorBoundaryProps {
  children?: ReactNode;
  /** Called once per caught error (after it is logged). */
  onError?: (error: unknown, info: ErrorInfo) => void;
  /** Custom content instead of the error screen. */
  fallback?: ReactNode | ((props: FallbackRenderProps) => ReactNode);
  /** When this value changes (for example the path), a shown error is cleared and retries reset. */
  resetKey?: unknown;
}

interface State {
  error: unknown;
  hasError: boolean;
  retry: RetryState;
  autoRetry: AutoRetryPlan | null;
}

export class ErrorBoundary extends Component<ErrorBoundaryProps, State> {
  override state: State = {
    error: null,
    hasError: false,
    retry: INITIAL_RETRY_STATE,
    autoRetry: null,
  };

  private timer: ReturnType<typeof setTimeout> | undefined;

  static getDerivedStateFromError(error: unknown): Partial<State> {
    return { error, hasError: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    logError(error, { source: 'error-boundary', componentStack: info.componentStack });
    // Kept on the device for the Error Logs page (the error's words, never its component stack).
    void reportDeviceError({ kind: 'screen', at: Date.now(), path: location.pathname, error });
    this.props.onError?.(error, info);
    this.scheduleAutoRetry(error);
  }

  override componentDidUpdate(previous: ErrorBoundaryProps): void {
    if (!Object.is(previous.resetKey, this.props.resetKey) && this.state.hasError) {
      this.clearTimer();
      this.setState({
        error: null,
        hasError: false,
        retry: INITIAL_RETRY_STATE,
        autoRetry: null,
      });
    }
  }

  override componentWillUnmount(): void {
    this.clearTimer();
  }

  private clearTimer() {
    if (this.timer !== undefined) clearTimeout(this.timer);
    this.timer = undefined;
  }

  private scheduleAutoRetry(error: unknown) {
    this.clearTimer();
    const plan = planAutoRetry(errorMessage(error), this.state.retry);
    this.setState({ autoRetry: plan });
    if (plan) this.timer = setTimeout(this.retry, plan.delayMs);
  }

  /** Renders the children again; counts as one of the 3 retries. */
  retry = (): void => {
    this.clearTimer();
    // A screen whose code failed to download is downloaded again.
    retryFailedLoads();
    this.setState((state) =>
      canRetry(state.retry)
        ? { error: null, hasError: false, retry: afterRetry(state.retry), autoRetry: null }
        : null,
    );
  };

  override render(): ReactNode {
    const { hasError, error, retry, autoRetry } = this.state;
    if (!hasError) return this.props.children;
    const { fallback } = this.props;
    if (typeof fallback === 'function') {
      return fallback({ error, retry: this.retry, retryState: retry, autoRetry });
    }
    if (fallback !== undefined) return fallback;
    return (
      <ErrorScreen error={error} retryState={retry} autoRetry={autoRetry} onRetry={this.retry} />
    );
  }
}
