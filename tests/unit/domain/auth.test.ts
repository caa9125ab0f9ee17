import { describe, expect, it } from 'vitest';
import { AUTH_FLAG_KEYS, parseAuthStatus } from '@/domain/auth';

describe('auth contract', () => {
  it('the local flag names are the contract names', () => {
    expect(Object.values(AUTH_FLAG_KEYS)).toEqual([
      'kiri-auth',
      'kiri-session-persistent',
      'kiri-client-id',
      'kiri-last-login',
    ]);
  });

  it('reads the status answer', () => {
    expect(
      parseAuthStatus({
        authenticated: true,
        allowedDevice: true,
        isAdmin: false,
        isOwnerDevice: false,
        personaName: 'Nova',
        user: { id: 7, clientId: 'c', name: 'Alex', role: 'user' },
      }),
    ).toEqual({
      authenticated: true,
      allowedDevice: true,
      isAdmin: false,
      isOwnerDevice: false,
      personaName: 'Nova',
      user: { id: '7', clientId: 'c', name: 'Alex', role: 'user' },
    });
  });

  it("the persona name defaults to 'Kiri'", () => {
    expect(parseAuthStatus({ authenticated: false, user: null }).personaName).toBe('Kiri');
  });

  it('rejects what is not a status answer (a captive portal page, a proxy error)', () => {
    expect(() => parseAuthStatus('<html>')).toThrow();
    expect(() => parseAuthStatus({ ok: true })).toThrow();
  });
});
