import { describe, expect, it } from 'vitest';
import {
  decideAdminAccess,
  decideAuthGate,
  flagSync,
  gateQueryStatus,
} from '@/features/auth/model/gate';
import { FORCE_LOGIN_DELAY_MS, secondsLeft } from '@/features/auth/model/force-login';

describe('route guard: loading, unauthenticated (login screen), authenticated', () => {
  it("the server's answer decides", () => {
    expect(
      decideAuthGate({ queryStatus: 'success', authenticated: true, hasLocalLogin: false }),
    ).toEqual({ state: 'authenticated', provisional: false });
    expect(
      decideAuthGate({ queryStatus: 'success', authenticated: false, hasLocalLogin: true }),
    ).toEqual({ state: 'unauthenticated', provisional: false });
  });

  it('while the status call is under way: loading, unless a previous login opens the app', () => {
    expect(
      decideAuthGate({ queryStatus: 'pending', authenticated: undefined, hasLocalLogin: false })
        .state,
    ).toBe('loading');
    expect(
      decideAuthGate({ queryStatus: 'pending', authenticated: undefined, hasLocalLogin: true }),
    ).toEqual({ state: 'authenticated', provisional: true });
  });

  it('when the status call fails, the local flags decide (offline-first)', () => {
    expect(
      decideAuthGate({ queryStatus: 'error', authenticated: undefined, hasLocalLogin: true }),
    ).toEqual({ state: 'authenticated', provisional: true });
    expect(
      decideAuthGate({ queryStatus: 'error', authenticated: true, hasLocalLogin: false }).state,
    ).toBe('unauthenticated');
  });

  it("the flags follow the server's answer", () => {
    expect(flagSync({ queryStatus: 'success', authenticated: true, hasLocalLogin: false })).toBe(
      'store',
    );
    expect(flagSync({ queryStatus: 'success', authenticated: false, hasLocalLogin: true })).toBe(
      'clear',
    );
    expect(flagSync({ queryStatus: 'error', authenticated: undefined, hasLocalLogin: true })).toBe(
      'keep',
    );
  });
});

describe('admin guard: admin-only routes need isAdmin from the status', () => {
  it('allowed for an admin, also from a cached answer while offline', () => {
    expect(decideAdminAccess({ queryStatus: 'success', isAdmin: true })).toBe('allowed');
    expect(decideAdminAccess({ queryStatus: 'error', isAdmin: true })).toBe('allowed');
  });
  it('restricted otherwise, loading while unknown', () => {
    expect(decideAdminAccess({ queryStatus: 'success', isAdmin: false })).toBe('restricted');
    expect(decideAdminAccess({ queryStatus: 'error', isAdmin: undefined })).toBe('restricted');
    expect(decideAdminAccess({ queryStatus: 'pending', isAdmin: undefined })).toBe('loading');
  });

  it('a page that names a permission opens to a non-admin holding it, and only that one', () => {
    const page = { queryStatus: 'success' as const, isAdmin: false, permission: 'user_management' };
    expect(decideAdminAccess({ ...page, permissions: ['chat', 'user_management'] })).toBe(
      'allowed',
    );
    expect(decideAdminAccess({ ...page, permissions: ['chat'] })).toBe('restricted');
    // The console names none: a permission list never opens it.
    expect(
      decideAdminAccess({
        queryStatus: 'success',
        isAdmin: false,
        permissions: ['user_management'],
      }),
    ).toBe('restricted');
  });
});

describe('force login after 3 seconds', () => {
  it('counts down from 3', () => {
    expect(FORCE_LOGIN_DELAY_MS).toBe(3000);
    expect([0, 1, 1001, 2500, 3000].map(secondsLeft)).toEqual([3, 3, 2, 1, 0]);
  });
});

describe('a persisted status answer from before this page load never decides the gate', () => {
  const loadedAt = 1_000_000;
  it('counts a restored answer as pending, so the login flags decide while offline', () => {
    const status = gateQueryStatus({ status: 'success', dataUpdatedAt: loadedAt - 1 }, loadedAt);
    expect(status).toBe('pending');
    // A restored "not logged in" from before the login must not clear the flags of that login.
    expect(flagSync({ queryStatus: status, authenticated: false, hasLocalLogin: true })).toBe(
      'keep',
    );
    expect(
      decideAuthGate({ queryStatus: status, authenticated: false, hasLocalLogin: true }).state,
    ).toBe('authenticated');
  });
  it("takes no answer older than a pending logout as the server's word (another tab logged out)", () => {
    const markedAt = loadedAt + 60_000;
    const status = gateQueryStatus(
      { status: 'success', dataUpdatedAt: loadedAt + 1 },
      loadedAt,
      markedAt,
    );
    expect(status).toBe('pending');
    expect(flagSync({ queryStatus: status, authenticated: true, hasLocalLogin: false })).toBe(
      'keep',
    );
    expect(
      decideAuthGate({ queryStatus: status, authenticated: true, hasLocalLogin: false }).state,
    ).toBe('loading');
    expect(
      gateQueryStatus({ status: 'success', dataUpdatedAt: markedAt }, loadedAt, markedAt),
    ).toBe('success');
  });
  it("takes this page load's own answer as the server's word", () => {
    expect(gateQueryStatus({ status: 'success', dataUpdatedAt: loadedAt }, loadedAt)).toBe(
      'success',
    );
    expect(gateQueryStatus({ status: 'error', dataUpdatedAt: loadedAt - 5 }, loadedAt)).toBe(
      'error',
    );
  });
});
