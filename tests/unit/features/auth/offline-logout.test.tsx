// A logout that could not reach the server sticks until it does (DESIGN: logout revokes the server-side
// session). The whole app, with a fake server whose session cookie stays valid until a logout reaches it.
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { onlineManager } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PENDING_LOGOUT_KEY } from '@/domain/auth';
import { resetToasts } from '@/ui/toast-store';
import { AUTHENTICATED_OWNER, LOGGED_OUT, json, renderApp, stubFetch } from '../../helpers/client';

/** The first download of a code-split screen can take a while in a cold test run. */
const LAZY = { timeout: 4000 };

/**
 * A server with one session: authenticated until a logout reaches it, again after a login. While
 * `down`, every call fails as it does offline.
 */
function fakeServer() {
  const server = {
    down: false,
    sessionAlive: true,
    /** Logout posts that reached the server, with the pending flag as it was when each arrived. */
    logoutsReceived: [] as (string | null)[],
    statusCallsAfterLogout: 0,
    statusCalls: 0,
  };
  const offline = () => Promise.reject(new TypeError('Failed to fetch'));
  const fetchMock = stubFetch({
    'GET /api/auth/status': () => {
      if (server.down) return offline();
      server.statusCalls += 1;
      if (server.logoutsReceived.length > 0) server.statusCallsAfterLogout += 1;
      return json(server.sessionAlive ? AUTHENTICATED_OWNER : LOGGED_OUT);
    },
    'GET /api/users/check-registration': () =>
      server.down
        ? offline()
        : json({
            isRegistered: true,
            isPending: false,
            clientId: 'client-1',
            user: { name: 'Sam' },
          }),
    'POST /api/auth/logout': () => {
      if (server.down) return offline();
      server.logoutsReceived.push(localStorage.getItem(PENDING_LOGOUT_KEY));
      server.sessionAlive = false;
      return json({ success: true });
    },
    'POST /api/auth/login': () => {
      if (server.down) return offline();
      server.sessionAlive = true;
      return json({
        success: true,
        clientId: 'client-1',
        user: AUTHENTICATED_OWNER.user,
        isOwnerDevice: true,
      });
    },
  });
  return { server, fetchMock };
}

function goOffline(server: { down: boolean }) {
  server.down = true;
  act(() => onlineManager.setOnline(false));
}

function goOnline(server: { down: boolean }) {
  server.down = false;
  act(() => onlineManager.setOnline(true));
}

/** Logged in on this device, the app open at /mobile-test (a light screen with the header logout). */
async function openLoggedIn() {
  localStorage.setItem('kiri-auth', 'true');
  localStorage.setItem('kiri-session-persistent', 'true');
  localStorage.setItem('kiri-client-id', 'client-1');
  localStorage.setItem('kiri-last-login', new Date().toISOString());
  const fake = fakeServer();
  await renderApp('/mobile-test');
  expect(await screen.findByRole('button', { name: 'Logout' }, LAZY)).toBeTruthy();
  return fake;
}

beforeEach(() => {
  localStorage.clear();
  vi.spyOn(console, 'warn').mockImplementation(() => {});
});
afterEach(() => {
  cleanup();
  act(() => resetToasts());
  onlineManager.setOnline(true);
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('a logout that could not reach the server sticks until it does', () => {
  it('an offline logout followed by reconnecting keeps the device logged out and sends the logout then', async () => {
    const { server } = await openLoggedIn();

    goOffline(server);
    fireEvent.click(screen.getByRole('button', { name: 'Logout' }));
    expect(await screen.findByLabelText('Access Code')).toBeTruthy();
    expect(server.logoutsReceived).toEqual([]);

    goOnline(server);
    // The logout goes out on reconnecting, before the status is asked again...
    await waitFor(() => expect(server.logoutsReceived).toHaveLength(1));
    await waitFor(() => expect(server.statusCallsAfterLogout).toBeGreaterThan(0));
    // ...so the old session cookie no longer opens the app.
    expect(server.sessionAlive).toBe(false);
    expect(screen.getByLabelText('Access Code')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Logout' })).toBeNull();
    expect(localStorage.getItem('kiri-auth')).toBeNull();
    expect(localStorage.getItem(PENDING_LOGOUT_KEY)).toBeNull();
  });

  it('while the server is still out of reach, a status check stays logged out and asks nothing else', async () => {
    const { server, fetchMock } = await openLoggedIn();

    goOffline(server);
    fireEvent.click(screen.getByRole('button', { name: 'Logout' }));
    expect(await screen.findByLabelText('Access Code')).toBeTruthy();
    // The browser says online again, but the server is still out of reach (weak signal, server down).
    const before = fetchMock.mock.calls.length;
    act(() => onlineManager.setOnline(true));
    await waitFor(() => expect(fetchMock.mock.calls.length).toBeGreaterThan(before));
    await new Promise((resolve) => setTimeout(resolve, 50));

    const retried = fetchMock.mock.calls
      .slice(before)
      .map(([url, init]) => `${init?.method} ${url}`);
    expect(retried[0]).toBe('POST /api/auth/logout');
    expect(retried).not.toContain('GET /api/auth/status');
    expect(screen.getByLabelText('Access Code')).toBeTruthy();
    expect(localStorage.getItem(PENDING_LOGOUT_KEY)).not.toBeNull();
  });

  it('a later successful login clears the pending logout', async () => {
    const { server } = await openLoggedIn();

    // Logged out while the server was out of reach (the browser never noticed): the logout is pending.
    server.down = true;
    fireEvent.click(screen.getByRole('button', { name: 'Logout' }));
    expect(await screen.findByLabelText('Access Code')).toBeTruthy();
    await waitFor(() => expect(localStorage.getItem(PENDING_LOGOUT_KEY)).not.toBeNull());

    // The server is back and the owner logs in again before anything asked for the status.
    server.down = false;
    fireEvent.change(screen.getByLabelText('Access Code'), { target: { value: 'right' } });
    fireEvent.click(screen.getByRole('button', { name: 'Access Kiri' }));
    // The logout went to /, the chat.
    expect(await screen.findByRole('heading', { level: 1, name: 'Chat' }, LAZY)).toBeTruthy();
    expect(localStorage.getItem(PENDING_LOGOUT_KEY)).toBeNull();

    // Reconnecting later sends no stale logout: the new session stays.
    const statusCalls = server.statusCalls;
    goOffline(server);
    goOnline(server);
    await waitFor(() => expect(server.statusCalls).toBeGreaterThan(statusCalls));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(server.logoutsReceived).toEqual([]);
    expect(server.sessionAlive).toBe(true);
    expect(screen.getByRole('heading', { level: 1, name: 'Chat' })).toBeTruthy();
    expect(screen.queryByLabelText('Access Code')).toBeNull();
    expect(localStorage.getItem('kiri-auth')).toBe('true');
  });

  it("another tab's offline logout locks this tab too, which does not store its login again", async () => {
    const { server } = await openLoggedIn();
    server.down = true;
    // Another tab of the app logs out while the server is out of reach: what its logout leaves behind.
    const mark = new Date(Date.now() + 1).toISOString();
    act(() => {
      localStorage.setItem(PENDING_LOGOUT_KEY, mark);
      for (const key of [
        'kiri-auth',
        'kiri-session-persistent',
        'kiri-client-id',
        'kiri-last-login',
      ]) {
        localStorage.removeItem(key);
      }
      window.dispatchEvent(
        new StorageEvent('storage', { key: PENDING_LOGOUT_KEY, storageArea: localStorage }),
      );
    });
    expect(await screen.findByLabelText('Access Code', {}, LAZY)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Logout' })).toBeNull();
    expect(localStorage.getItem('kiri-auth')).toBeNull();
    expect(localStorage.getItem(PENDING_LOGOUT_KEY)).toBe(mark);

    // Back online, this tab sends the logout; the old session no longer opens the app.
    server.down = false;
    act(() => onlineManager.setOnline(false));
    act(() => onlineManager.setOnline(true));
    await waitFor(() => expect(server.logoutsReceived).toHaveLength(1));
    expect(server.sessionAlive).toBe(false);
    expect(screen.getByLabelText('Access Code')).toBeTruthy();
  });

  it('a logout that reached the server leaves no pending flag', async () => {
    const { server } = await openLoggedIn();

    fireEvent.click(screen.getByRole('button', { name: 'Logout' }));
    expect(await screen.findByLabelText('Access Code')).toBeTruthy();
    await waitFor(() => expect(server.statusCallsAfterLogout).toBeGreaterThan(0));

    // Recorded before the call (so that a failed call would have stuck), cleared once it was answered.
    expect(server.logoutsReceived).toHaveLength(1);
    expect(server.logoutsReceived[0]).not.toBeNull();
    expect(localStorage.getItem(PENDING_LOGOUT_KEY)).toBeNull();
    // Only the one logout: the status check that follows does not send it again.
    goOffline(server);
    goOnline(server);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(server.logoutsReceived).toHaveLength(1);
  });
});
