// The toasts' code (Radix Toast) is not in the chat's first load (docs/bench.md, "bundle"): the
// viewport loads once the first screen has painted, or at once for a toast shown before that.
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '@/app/providers';
import { AFTER_PAINT_MAX_WAIT_MS } from '@/lib/after-paint';
import { createQueryClient } from '@/lib/query-client';
import { resetToasts, toast } from '@/ui/toast-store';

/** Frames the test paints itself: requestAnimationFrame callbacks wait here. */
let frames: FrameRequestCallback[] = [];

beforeEach(() => {
  frames = [];
  vi.spyOn(window, 'requestAnimationFrame').mockImplementation((callback) => {
    frames.push(callback);
    return frames.length;
  });
});

afterEach(() => {
  cleanup();
  act(() => resetToasts());
  vi.restoreAllMocks();
});

const viewport = () => screen.queryByRole('region', { name: /Notifications/ });

function renderProviders() {
  render(
    <AppProviders queryClient={createQueryClient()} persist={false}>
      <p>The first screen</p>
    </AppProviders>,
  );
}

describe('the toasts after the first paint', () => {
  // First: it also loads the toasts' code, so the next test would see an eager viewport at once.
  it('a toast shown before the first paint shows', async () => {
    // The code, once (a cold test run's first import can take seconds): then the toast must show
    // well before afterNextPaint's own deadline, which would load the viewport without a frame.
    await import('@/ui/Toaster');
    renderProviders();
    act(() => {
      toast({ title: 'Saved before the paint' });
    });
    const timeout = AFTER_PAINT_MAX_WAIT_MS / 2;
    expect(await screen.findByText('Saved before the paint', {}, { timeout })).toBeTruthy();
    expect(frames.length).toBeGreaterThan(0); // no frame was painted
  }, 15_000);

  it('without a toast, the viewport waits for the first painted frame', async () => {
    renderProviders();
    expect(screen.getByText('The first screen')).toBeTruthy();
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(viewport()).toBeNull();
    act(() => {
      for (const frame of frames.splice(0)) frame(performance.now());
    });
    expect(await screen.findByRole('region', { name: /Notifications/ })).toBeTruthy();
  });
});
