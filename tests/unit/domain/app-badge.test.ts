import { describe, expect, it, vi } from 'vitest';
import {
  PUSHED_MAX,
  keptPushes,
  nextSeenMarker,
  showBadge,
  unreadKiriCount,
} from '@/domain/app-badge';

const m = (id: string, timestamp: number) => ({ id, timestamp });

describe('unread Kiri messages: newer than the newest one the chat showed in view', () => {
  it('counts Kiri messages after the seen marker, not those at or before it', () => {
    const messages = [m('a', 100), m('b', 200), m('c', 300)];
    expect(unreadKiriCount(messages, { timestamp: 200, at: 1000 }, [])).toBe(1);
    expect(unreadKiriCount(messages, { timestamp: 50, at: 1000 }, [])).toBe(3);
    expect(unreadKiriCount(messages, { timestamp: 300, at: 1000 }, [])).toBe(0);
  });

  it('without a marker (chat never seen here) the history does not count', () => {
    expect(unreadKiriCount([m('a', 100)], null, [])).toBe(0);
  });

  it('a push counts at once, before its message reaches the device', () => {
    expect(unreadKiriCount([], { timestamp: 100, at: 1000 }, [{ id: 'p', receivedAt: 2000 }])).toBe(
      1,
    );
    expect(unreadKiriCount([], null, [{ id: 'p', receivedAt: 2000 }])).toBe(1);
  });

  it('a pushed message later pulled onto the device is counted once', () => {
    const seen = { timestamp: 100, at: 1000 };
    expect(unreadKiriCount([m('p', 500)], seen, [{ id: 'p', receivedAt: 2000 }])).toBe(1);
  });

  it('a pushed message on the device and already seen does not count', () => {
    const seen = { timestamp: 500, at: 3000 };
    expect(unreadKiriCount([m('p', 500)], seen, [{ id: 'p', receivedAt: 2000 }])).toBe(0);
  });

  it('a push delivered late, after the chat already showed its message, does not count', () => {
    // The pull brought the message and the owner read it at 1500; the push service delivers at 2000.
    const seen = { timestamp: 500, at: 1500 };
    expect(unreadKiriCount([m('p', 500)], seen, [{ id: 'p', receivedAt: 2000 }])).toBe(0);
  });

  it('a push that came before the owner last read the chat is read with it', () => {
    const seen = { timestamp: 500, at: 3000 };
    expect(unreadKiriCount([], seen, [{ id: 'p', receivedAt: 2000 }])).toBe(0);
  });
});

describe('the seen marker only moves forward', () => {
  it('to the newest message shown, stamped with when', () => {
    expect(nextSeenMarker(null, [m('a', 100), m('b', 300)], 5000)).toEqual({
      timestamp: 300,
      at: 5000,
    });
  });

  it('older messages shown (an earlier day) leave it where it is', () => {
    const current = { timestamp: 300, at: 5000 };
    expect(nextSeenMarker(current, [m('a', 100)], 9000)).toBe(current);
    expect(nextSeenMarker(current, [], 9000)).toBe(current);
    expect(nextSeenMarker(null, [], 9000)).toBeNull();
  });

  it('the pushes kept are those neither seen nor on the device, at most PUSHED_MAX', () => {
    const seen = { timestamp: 0, at: 1000 };
    const pushed = [
      { id: 'old', receivedAt: 500 },
      { id: 'here', receivedAt: 2000 },
      { id: 'new', receivedAt: 3000 },
    ];
    expect(keptPushes(pushed, seen, new Set(['here']))).toEqual([{ id: 'new', receivedAt: 3000 }]);
    const many = Array.from({ length: PUSHED_MAX + 5 }, (_, i) => ({
      id: `${i}`,
      receivedAt: 2000 + i,
    }));
    expect(keptPushes(many, seen, new Set())).toHaveLength(PUSHED_MAX);
    expect(keptPushes(many, seen, new Set())[0]!.id).toBe('5');
  });
});

describe('the badge is set where the browser has one', () => {
  it('sets the count, and clears it at zero', async () => {
    const target = { setAppBadge: vi.fn(async () => {}), clearAppBadge: vi.fn(async () => {}) };
    expect(await showBadge(target, 3)).toBe(true);
    expect(target.setAppBadge).toHaveBeenCalledWith(3);
    await showBadge(target, 0);
    expect(target.clearAppBadge).toHaveBeenCalledOnce();
  });

  it('does nothing where setAppBadge is absent (Firefox, Safari in a tab), and never throws', async () => {
    expect(await showBadge({}, 3)).toBe(false);
    expect(await showBadge(undefined, 3)).toBe(false);
    const refusing = { setAppBadge: vi.fn(async () => Promise.reject(new Error('NotAllowed'))) };
    expect(await showBadge(refusing, 1)).toBe(false);
  });
});
