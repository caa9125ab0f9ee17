import { describe, expect, it } from 'vitest';
import {
  AttemptThrottle,
  DEFAULT_PAIRING_THROTTLE_LIMITS,
  DEFAULT_THROTTLE_LIMITS,
  throttleKeyFor,
} from '../../server/auth/attempt-throttle';
import { FakeClock } from './support/harness';

describe('throttleKeyFor', () => {
  it.each([
    ['203.0.113.7', '203.0.113.7'],
    ['::ffff:203.0.113.7', '203.0.113.7'],
    ['2001:db8:1:2::9', '2001:db8:1:2::/64'],
    ['2001:0db8:0001:0002:aaaa:bbbb:cccc:dddd', '2001:db8:1:2::/64'],
    ['2001:db8::1', '2001:db8:0:0::/64'],
    ['::1', '0:0:0:0::/64'],
    ['unknown', 'unknown'],
  ])('%s → %s', (address, key) => {
    expect(throttleKeyFor(address)).toBe(key);
  });
});

describe('AttemptThrottle', () => {
  it('counts attempts still being checked, so a parallel burst gets no more than 5 tries', () => {
    const throttle = new AttemptThrottle(new FakeClock().read);
    const decisions = Array.from({ length: 20 }, () => throttle.begin('198.51.100.7'));
    expect(decisions.filter((d) => d.allowed)).toHaveLength(5);
  });

  it('does not count an abandoned check either way', () => {
    const clock = new FakeClock();
    const throttle = new AttemptThrottle(clock.read, { ...DEFAULT_THROTTLE_LIMITS, global: 1 });
    const first = throttle.begin('198.51.100.7');
    if (!first.allowed) throw new Error('refused');
    first.attempt.abandoned();
    // Not known after an abandoned check: a failure elsewhere fills the global limit of 1 ...
    const elsewhere = throttle.begin('198.51.100.8');
    if (!elsewhere.allowed) throw new Error('refused');
    elsewhere.attempt.failed();
    // ... and refuses this address, which would have passed had the abandoned check counted as success.
    expect(throttle.begin('198.51.100.7').allowed).toBe(false);
  });

  it('settles an attempt once, however often it is told', () => {
    const throttle = new AttemptThrottle(new FakeClock().read);
    const decision = throttle.begin('198.51.100.7');
    if (!decision.allowed) throw new Error('refused');
    for (let i = 0; i < 10; i += 1) decision.attempt.failed();
    expect(throttle.begin('198.51.100.7').allowed).toBe(true);
  });

  it('forgives earlier locks after a day without failures', () => {
    const clock = new FakeClock();
    const throttle = new AttemptThrottle(clock.read);
    const failFiveTimes = () => {
      for (let i = 0; i < 5; i += 1) {
        const decision = throttle.begin('198.51.100.7');
        if (!decision.allowed) throw new Error('refused');
        decision.attempt.failed();
      }
    };
    failFiveTimes();
    clock.advance(60_000);
    failFiveTimes();
    expect(throttle.begin('198.51.100.7')).toEqual({ allowed: false, retryAfterSeconds: 120 });
    clock.advance(120_000 + 24 * 60 * 60_000 + 1);
    failFiveTimes();
    expect(throttle.begin('198.51.100.7')).toEqual({ allowed: false, retryAfterSeconds: 60 });
  });

  const failFrom = (throttle: AttemptThrottle, address: string, device?: string, times = 5) => {
    for (let i = 0; i < times; i += 1) {
      const decision = throttle.begin(address, device);
      if (!decision.allowed) throw new Error('refused');
      decision.attempt.failed();
    }
  };

  it("keeps a known device in a bucket of its own: its address's lock does not refuse it", () => {
    const throttle = new AttemptThrottle(new FakeClock().read);
    failFrom(throttle, '192.0.2.1');
    expect(throttle.begin('192.0.2.1').allowed).toBe(false);
    expect(throttle.begin('192.0.2.1', 'owner-phone').allowed).toBe(true);
  });

  it('locks a known device after its own 5 failures, from any address, without locking the addresses', () => {
    const throttle = new AttemptThrottle(new FakeClock().read);
    for (let i = 0; i < 5; i += 1) failFrom(throttle, `198.51.100.${i}`, 'copied-cookie', 1);
    expect(throttle.begin('203.0.113.1', 'copied-cookie')).toEqual({
      allowed: false,
      retryAfterSeconds: 60,
    });
    expect(throttle.begin('198.51.100.0').allowed).toBe(true);
  });

  it("refuses even known clients under the global limit when it is pairing's", () => {
    const throttle = new AttemptThrottle(new FakeClock().read, DEFAULT_PAIRING_THROTTLE_LIMITS);
    for (let d = 0; d < 6; d += 1) failFrom(throttle, `198.51.100.${d}`, `device-${d}`);
    expect(throttle.begin('203.0.113.1', 'owner-laptop').allowed).toBe(false);
  });
});
