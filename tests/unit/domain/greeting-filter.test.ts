import { describe, expect, it } from 'vitest';
import { GREETING_WINDOW_MS, isBareGreeting, shouldFilterGreeting } from '@/domain/greeting-filter';

describe('greeting filter: a bare hello within 30 minutes of the last greeting is filtered', () => {
  const now = Date.UTC(2026, 10, 22, 1, 0, 0);
  it('recognises bare hello, hi and hey in any case, with trailing punctuation', () => {
    for (const text of ['hello', 'Hi', 'HEY!', ' heyyy ~ ', 'hiii?'])
      expect(isBareGreeting(text)).toBe(true);
  });
  it('does not treat a longer message as a bare greeting', () => {
    for (const text of ['hello there', 'hi, how are you', 'they', 'shy'])
      expect(isBareGreeting(text)).toBe(false);
  });
  it('filters inside the window', () => {
    expect(shouldFilterGreeting('hi', now - GREETING_WINDOW_MS + 1, now)).toBe(true);
  });
  it('lets the greeting through once the window has passed', () => {
    expect(shouldFilterGreeting('hi', now - GREETING_WINDOW_MS, now)).toBe(false);
  });
  it('lets the first greeting through', () => {
    expect(shouldFilterGreeting('hello', null, now)).toBe(false);
  });
});
