import { describe, expect, it } from 'vitest';
import {
  greetingIdempotencyKey,
  INITIAL_GREETING_BODY,
  isGreetingForBegunDay,
  isGreetingWorthRetrying,
  planSend,
  shouldRequestInitialGreeting,
} from '@/features/chat/model/greeting';

const NOW = 1_700_000_000_000;
const MIN = 60_000;

describe('greeting filter', () => {
  it('a bare hello within 30 minutes of the last greeting is answered here', () => {
    expect(planSend('hello', NOW - 29 * MIN, NOW)).toEqual({ kind: 'noted' });
    expect(planSend('Hey!!', NOW - MIN, NOW)).toEqual({ kind: 'noted' });
  });

  it('after 30 minutes, or with no greeting before, the hello goes to Kiri and restarts the window', () => {
    expect(planSend('hi', NOW - 31 * MIN, NOW)).toEqual({ kind: 'send', greeting: true });
    expect(planSend('hi', null, NOW)).toEqual({ kind: 'send', greeting: true });
  });

  it('anything else is sent and leaves the window alone', () => {
    expect(planSend('hello, how are you?', NOW - MIN, NOW)).toEqual({
      kind: 'send',
      greeting: false,
    });
  });
});

describe('initial greeting', () => {
  it('is asked for once per browser session, for an empty day, online only', () => {
    const base = {
      todayMessageCount: 0,
      greeted: false,
      online: true,
      registered: true,
      synced: true,
    };
    expect(shouldRequestInitialGreeting(base)).toBe(true);
    expect(shouldRequestInitialGreeting({ ...base, greeted: true })).toBe(false);
    expect(shouldRequestInitialGreeting({ ...base, todayMessageCount: 3 })).toBe(false);
    expect(shouldRequestInitialGreeting({ ...base, todayMessageCount: undefined })).toBe(false);
    expect(shouldRequestInitialGreeting({ ...base, online: false })).toBe(false);
    // Not before the device has asked the server what today already holds.
    expect(shouldRequestInitialGreeting({ ...base, synced: false })).toBe(false);
  });

  it('is not asked for by a device still registering or pairing: its account is not yet the one it shows', () => {
    const base = {
      todayMessageCount: 0,
      greeted: false,
      online: true,
      registered: true,
      synced: true,
    };
    expect(shouldRequestInitialGreeting({ ...base, registered: false })).toBe(false);
  });

  it('a greeting refused because the day has begun on the server (409) is not asked for again', () => {
    expect(isGreetingForBegunDay(409)).toBe(true);
    expect(isGreetingWorthRetrying(409)).toBe(false);
    expect([200, 400, 500, 429].map(isGreetingForBegunDay)).toEqual([false, false, false, false]);
  });

  it("sends the spec's greeting body under a per-day, per-device key", () => {
    expect(INITIAL_GREETING_BODY).toEqual({ message: '', isInitialGreeting: true, history: [] });
    expect(greetingIdempotencyKey('2026-11-22', 'client-1')).toBe('greeting-2026-11-22-client-1');
    expect(greetingIdempotencyKey('2026-11-22', null)).toBe('greeting-2026-11-22-device');
  });
});

describe('a greeting the server failed to give is asked for again only for trouble it may get over', () => {
  it('retries 5xx, 408 and 429; not 400, 401 or 422', () => {
    expect([500, 502, 503, 408, 429].map(isGreetingWorthRetrying)).toEqual([
      true,
      true,
      true,
      true,
      true,
    ]);
    expect([400, 401, 422].map(isGreetingWorthRetrying)).toEqual([false, false, false]);
  });
});
