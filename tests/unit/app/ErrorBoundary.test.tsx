import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ErrorBoundary } from '@/app/ErrorBoundary';
import { ErrorFallback } from '@/ui/ErrorFallback';

let failing = true;
let message = 'TypeError: Failed to fetch';
const rendered = vi.fn();
const renders = () => rendered.mock.calls.length;

function Flaky() {
  rendered();
  if (failing) throw new Error(message);
  return <p>Recovered</p>;
}

beforeEach(() => {
  vi.useFakeTimers();
  vi.spyOn(console, 'error').mockImplementation(() => {});
  failing = true;
  rendered.mockClear();
  message = 'TypeError: Failed to fetch';
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.restoreAllMocks();
});

const advance = (ms: number) => act(() => vi.advanceTimersByTime(ms));

describe('error screen: automatic retry of a retryable error', () => {
  it('retries after 1 s, 2 s and 4 s, then stops', () => {
    render(
      <ErrorBoundary>
        <Flaky />
      </ErrorBoundary>,
    );
    expect(screen.getByText('Something went wrong')).toBeTruthy();
    expect(
      screen.getByText("We're having trouble connecting. This usually resolves quickly."),
    ).toBeTruthy();
    expect(screen.getByText('Auto-retry in progress (attempt 1 of 3)')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try Again, 3 attempts left' })).toBeTruthy();

    const rendersAfter = (ms: number) => {
      const before = renders();
      advance(ms);
      return renders() - before;
    };

    expect(rendersAfter(999)).toBe(0);
    expect(rendersAfter(1)).toBeGreaterThan(0); // retry 1 after 1 s
    expect(screen.getByText('Auto-retry in progress (attempt 2 of 3)')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try Again, 2 attempts left' })).toBeTruthy();

    expect(rendersAfter(1999)).toBe(0);
    expect(rendersAfter(1)).toBeGreaterThan(0); // retry 2 after 2 s
    expect(screen.getByRole('button', { name: 'Try Again, 1 attempt left' })).toBeTruthy();

    expect(rendersAfter(3999)).toBe(0);
    expect(rendersAfter(1)).toBeGreaterThan(0); // retry 3 after 4 s

    // No retries left: no more automatic attempts, no Try Again; Go Home and Reload stay.
    expect(rendersAfter(60_000)).toBe(0);
    expect(screen.queryByText(/Auto-retry in progress/)).toBeNull();
    expect(screen.queryByRole('button', { name: /Try Again/ })).toBeNull();
    expect(screen.getByRole('button', { name: 'Go Home' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Reload' })).toBeTruthy();
  });

  it('shows the children again when a retry succeeds', () => {
    render(
      <ErrorBoundary>
        <Flaky />
      </ErrorBoundary>,
    );
    failing = false;
    advance(1000);
    expect(screen.getByText('Recovered')).toBeTruthy();
  });

  it('does not retry other errors by itself; Try Again counts down', () => {
    message = 'TypeError: cannot read properties of undefined';
    render(
      <ErrorBoundary>
        <Flaky />
      </ErrorBoundary>,
    );
    expect(
      screen.getByText('An unexpected error occurred. Our team has been notified.'),
    ).toBeTruthy();
    expect(screen.queryByText(/Auto-retry in progress/)).toBeNull();
    const before = renders();
    advance(30_000);
    expect(renders()).toBe(before);

    fireEvent.click(screen.getByRole('button', { name: 'Try Again, 3 attempts left' }));
    fireEvent.click(screen.getByRole('button', { name: 'Try Again, 2 attempts left' }));
    fireEvent.click(screen.getByRole('button', { name: 'Try Again, 1 attempt left' }));
    expect(screen.queryByRole('button', { name: /Try Again/ })).toBeNull();
  });

  it('calls onError and renders a custom fallback', () => {
    const onError = vi.fn();
    render(
      <ErrorBoundary
        onError={onError}
        fallback={({ error, retryState }) => (
          <p>{`custom: ${(error as Error).message} (${retryState.retryCount})`}</p>
        )}
      >
        <Flaky />
      </ErrorBoundary>,
    );
    expect(onError).toHaveBeenCalledTimes(1);
    expect((onError.mock.calls[0]![0] as Error).message).toBe('TypeError: Failed to fetch');
    expect(screen.getByText('custom: TypeError: Failed to fetch (0)')).toBeTruthy();
  });

  it('a new resetKey clears the error and the retry count', () => {
    message = 'boom';
    const { rerender } = render(
      <ErrorBoundary resetKey="/a">
        <Flaky />
      </ErrorBoundary>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Try Again, 3 attempts left' }));
    failing = false;
    rerender(
      <ErrorBoundary resetKey="/b">
        <Flaky />
      </ErrorBoundary>,
    );
    expect(screen.getByText('Recovered')).toBeTruthy();
  });
});

describe('typed fallbacks', () => {
  it.each([
    ['network', 'Connection Lost'],
    ['server', 'Service Unavailable'],
    ['auth', 'Authentication Required'],
    ['validation', 'Invalid Request'],
    ['generic', 'Something went wrong'],
    ['loading', 'Loading Failed'],
  ] as const)('%s: "%s" with Try Again and Go Home', (kind, title) => {
    const onRetry = vi.fn();
    render(<ErrorFallback kind={kind} onRetry={onRetry} />);
    expect(screen.getByRole('heading', { name: title })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(onRetry).toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Go Home' })).toBeTruthy();
  });

  it('picks the fallback from the error', () => {
    render(<ErrorFallback error={new Error('503: Service Unavailable')} />);
    expect(screen.getByRole('heading', { name: 'Service Unavailable' })).toBeTruthy();
  });
});
