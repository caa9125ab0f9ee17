// @vitest-environment jsdom
// The pending logout in the session module: what logout() records, what the status check sends first,
// and what clears it (an answer from the server, or a new login).
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PENDING_LOGOUT_KEY } from '@/domain/auth';
import {
  authStatusQuery,
  hasLocalLogin,
  logout,
  pendingLogout,
  storeLoginFlags,
} from '@/lib/auth-session';
import {
  AUTHENTICATED_OWNER,
  LOGGED_OUT,
  errorAnswer,
  json,
  networkDown,
  stubFetch,
  testQueryClient,
  type Handler,
} from '../helpers/client';

const calls = (fetchMock: ReturnType<typeof stubFetch>) =>
  fetchMock.mock.calls.map(([url, init]) => `${init?.method ?? 'GET'} ${String(url)}`);

function server(logoutAnswer: Handler) {
  let sessionAlive = true;
  return stubFetch({
    'GET /api/auth/status': () => json(sessionAlive ? AUTHENTICATED_OWNER : LOGGED_OUT),
    'POST /api/auth/logout': async (request) => {
      const res = await logoutAnswer(request);
      if (res.ok || res.status === 401) sessionAlive = false;
      return res;
    },
  });
}

beforeEach(() => {
  localStorage.clear();
  storeLoginFlags('client-1');
  vi.spyOn(console, 'warn').mockImplementation(() => {});
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('a logout is pending until the server has answered it', () => {
  it('a logout that reached the server leaves no pending flag (2xx, or 401: already gone)', async () => {
    for (const answer of [() => json({ success: true }), () => errorAnswer(401, 'Not logged in')]) {
      storeLoginFlags('client-1');
      server(answer);
      await logout(testQueryClient());
      expect(pendingLogout()).toBeNull();
      expect(hasLocalLogin()).toBe(false);
    }
  });

  it.each([
    ['offline', networkDown()],
    ['rate limited', () => errorAnswer(429, 'Too many requests')],
    ['server error', () => errorAnswer(503, 'Unavailable')],
  ])('a logout the server did not take (%s) stays pending, the app locked', async (_, answer) => {
    server(answer);
    await logout(testQueryClient());
    expect(pendingLogout()).not.toBeNull();
    expect(hasLocalLogin()).toBe(false);
  });

  it('while pending, the status check sends the logout first and fails when it still cannot', async () => {
    localStorage.setItem(PENDING_LOGOUT_KEY, '2024-01-01T00:00:00.000Z');
    const fetchMock = server(networkDown());
    await expect(testQueryClient().fetchQuery(authStatusQuery)).rejects.toThrow();
    expect(calls(fetchMock)).toEqual(['POST /api/auth/logout']);
    expect(pendingLogout()).not.toBeNull();
  });

  it('a 429 to the resent logout fails the status check too, the logout still pending', async () => {
    localStorage.setItem(PENDING_LOGOUT_KEY, '2024-01-01T00:00:00.000Z');
    const fetchMock = server(() => errorAnswer(429, 'Too many requests'));
    await expect(testQueryClient().fetchQuery(authStatusQuery)).rejects.toThrow('429');
    expect(calls(fetchMock)).toEqual(['POST /api/auth/logout']);
    expect(pendingLogout()).not.toBeNull();
  });

  it('once the resent logout is answered, the flag is cleared and the status says logged out', async () => {
    localStorage.setItem(PENDING_LOGOUT_KEY, '2024-01-01T00:00:00.000Z');
    const fetchMock = server(() => json({ success: true }));
    const status = await testQueryClient().fetchQuery(authStatusQuery);
    expect(status.authenticated).toBe(false);
    expect(calls(fetchMock)).toEqual(['POST /api/auth/logout', 'GET /api/auth/status']);
    expect(pendingLogout()).toBeNull();
  });

  it('a later successful login clears the pending logout, and the status check sends none', async () => {
    localStorage.setItem(PENDING_LOGOUT_KEY, '2024-01-01T00:00:00.000Z');
    storeLoginFlags('client-1');
    expect(pendingLogout()).toBeNull();
    const fetchMock = server(() => json({ success: true }));
    const status = await testQueryClient().fetchQuery(authStatusQuery);
    expect(status.authenticated).toBe(true);
    expect(calls(fetchMock)).toEqual(['GET /api/auth/status']);
  });

  it('the answer to a resent logout clears only the mark it was sent for', async () => {
    localStorage.setItem(PENDING_LOGOUT_KEY, '2024-01-01T00:00:00.000Z');
    server(() => {
      // A login, then another logout, land while the resent logout is on its way.
      storeLoginFlags('client-1');
      localStorage.setItem(PENDING_LOGOUT_KEY, '2024-01-02T00:00:00.000Z');
      return json({ success: true });
    });
    await testQueryClient().fetchQuery(authStatusQuery);
    // Only the mark that was sent is cleared: the newer logout is still to be sent.
    expect(pendingLogout()).toBe('2024-01-02T00:00:00.000Z');
  });
});
