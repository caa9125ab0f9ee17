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

  it('reads the engineer role and the permissions, dropping ids it does not know', () => {
    const status = parseAuthStatus({
      authenticated: true,
      user: { id: 'e', clientId: 'c', name: 'Eng', role: 'engineer' },
      permissions: ['chat', 'memory_threading', 'time_travel'],
    });
    expect(status.user?.role).toBe('engineer');
    expect(status.permissions).toEqual(['chat', 'memory_threading']);
    expect(parseAuthStatus({ authenticated: true, user: { role: 'root' } }).user?.role).toBe(
      'user',
    );
  });

  it("the persona name defaults to 'Kiri'", () => {
    expect(parseAuthStatus({ authenticated: false, user: null }).personaName).toBe('Kiri');
  });

  it('rejects what is not a status answer (a captive portal page, a proxy error)', () => {
    expect(() => parseAuthStatus('<html>')).toThrow();
    expect(() => parseAuthStatus({ ok: true })).toThrow();
  });
});
