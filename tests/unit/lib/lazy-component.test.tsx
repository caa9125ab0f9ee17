import { Suspense } from 'react';
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ErrorBoundary } from '@/app/ErrorBoundary';
import { lazyComponent } from '@/lib/lazy-component';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('code-split screens', () => {
  it('a screen that failed to download offline loads on the automatic retry', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const load = vi
      .fn<() => Promise<{ default: (props: { name: string }) => React.ReactNode }>>()
      .mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module: /a.js'))
      .mockResolvedValue({ default: ({ name }) => <p>{`Hello ${name}`}</p> });
    const Screen = lazyComponent(load);

    await act(async () => {
      render(
        <ErrorBoundary>
          <Suspense fallback={<p>Loading</p>}>
            <Screen name="Sam" />
          </Suspense>
        </ErrorBoundary>,
      );
    });
    expect(await screen.findByText('Something went wrong')).toBeTruthy();
    expect(screen.getByText('Auto-retry in progress (attempt 1 of 3)')).toBeTruthy();
    // The first automatic retry comes after 1 s.
    expect(await screen.findByText('Hello Sam', {}, { timeout: 2500 })).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('a loaded screen is not downloaded again', async () => {
    const load = vi.fn(async () => ({ default: () => <p>Once</p> }));
    const Screen = lazyComponent(load);
    await Screen.preload();
    await act(async () => {
      render(
        <Suspense fallback={null}>
          <Screen />
          <Screen />
        </Suspense>,
      );
    });
    expect(screen.getAllByText('Once')).toHaveLength(2);
    expect(load).toHaveBeenCalledTimes(1);
  });
});
