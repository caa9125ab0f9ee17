import { describe, expect, it } from 'vitest';
import { parseAuthStatus } from '@/domain/auth';

describe("the status answer carries the owner's time zone", () => {
  it('reads timeZone when the server sends it, and leaves it out otherwise', () => {
    expect(parseAuthStatus({ authenticated: true, timeZone: 'Asia/Shanghai' }).timeZone).toBe(
      'Asia/Shanghai',
    );
    expect('timeZone' in parseAuthStatus({ authenticated: true })).toBe(false);
    expect('timeZone' in parseAuthStatus({ authenticated: true, timeZone: 7 })).toBe(false);
  });
});
