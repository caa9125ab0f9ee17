import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { Toaster } from '@/ui/Toaster';
import {
  TOAST_DURATION_MS,
  TOAST_LIMIT,
  TOAST_REMOVE_DELAY_MS,
  TOAST_SWIPE_THRESHOLD_PX,
  resetToasts,
  toast,
  toastReducer,
  type ToastItem,
} from '@/ui/toast-store';

afterEach(() => {
  cleanup();
  act(() => resetToasts());
});

const item = (id: string): ToastItem => ({ id, title: id, open: true, variant: 'default' });

describe('toasts: at most one at a time', () => {
  it('the constants are the spec ones', () => {
    expect(TOAST_LIMIT).toBe(1);
    expect(TOAST_DURATION_MS).toBe(5000);
    expect(TOAST_SWIPE_THRESHOLD_PX).toBe(50);
    expect(TOAST_REMOVE_DELAY_MS).toBe(1_000_000);
  });

  it('a second toast replaces the first (reducer)', () => {
    const state = toastReducer(toastReducer([], { type: 'add', toast: item('a') }), {
      type: 'add',
      toast: item('b'),
    });
    expect(state.map((t) => t.id)).toEqual(['b']);
  });

  it('dismiss closes, remove drops', () => {
    const state = toastReducer([item('a')], { type: 'dismiss', id: 'a' });
    expect(state[0]!.open).toBe(false);
    expect(toastReducer(state, { type: 'remove', id: 'a' })).toEqual([]);
  });

  it('a second toast replaces the first on screen', () => {
    render(<Toaster />);
    act(() => {
      toast({ title: 'First toast' });
    });
    expect(screen.getByText('First toast')).toBeTruthy();
    act(() => {
      toast({ title: 'Second toast', description: 'Details', variant: 'destructive' });
    });
    expect(screen.queryByText('First toast')).toBeNull();
    expect(screen.getByText('Second toast')).toBeTruthy();
    expect(screen.getByText('Details')).toBeTruthy();
  });
});
