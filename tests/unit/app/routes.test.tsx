import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { matchRoutes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { NOT_FOUND_ROUTE_ID, SCREENS, routes } from '@/app/routes';
import { resetToasts } from '@/ui/toast-store';
import {
  AUTHENTICATED_OWNER,
  AUTHENTICATED_USER,
  LOGGED_OUT,
  json,
  networkDown,
  renderApp,
  stubFetch,
} from '../helpers/client';

/** Every path of spec 000 §2.1 and 002 §2, with all aliases. */
const SPEC_PATHS: Record<string, string> = {
  '/': 'Chat',
  '/full-chat': 'Chat',
  '/full': 'Chat',
  '/home': 'Simple Chat',
  '/simple-mobile': 'Simple Chat',
  '/mobile-test': 'Mobile Test',
  '/consciousness': 'Consciousness Stream',
  '/hybrid-dashboard': 'Hybrid Protocol Dashboard',
  '/core-systems': 'Core Systems',
  '/core-systems-demo': 'Core Systems',
  '/system-features': 'System Features',
  '/whisperbridge': 'WhisperBridge Lite',
  '/mirror-bridge': 'Mirror Bridge',
  '/sleep-mode': 'Sleep Mode Control',
  '/settings/sleep': 'Sleep Mode Control',
  '/sync-control': 'Sync Control',
  '/scanbot-control': 'ScanBot Auto-Repair',
  '/console': 'Manual Console',
  '/manual-console': 'Manual Console',
  '/presencehub': 'Presence Hub',
  '/presence-hub': 'Presence Hub',
  '/presence-hub-console': 'Presence Hub Console',
  '/personality-settings': 'Personality Tone Settings',
  '/settings/personality': 'Personality Tone Settings',
  '/settings/self-mod': 'Personality Tone Settings',
  '/presence': 'Mood Engine Monitor',
  '/build-rundown': 'Build Rundown',
  '/detailed-builds': 'Detailed Builds',
  '/systems': 'Systems Overview',
  '/systems-overview': 'Systems Overview',
  '/generosity': 'Generosity Engine',
  '/screen-settings': 'Screen Settings',
  '/settings/screen': 'Screen Settings',
  '/browser-bubble-settings': 'Browser Bubble Settings',
  '/hydra-tasks': 'Task Manager',
  '/settings/hydra': 'Task Manager',
  '/infrastructure': 'Infrastructure Status',
  '/metrics': 'Infrastructure Status',
  '/memory-dashboard': 'Memory Threading Dashboard',
  '/memory': 'Memory Threading Dashboard',
  '/settings/memory-logs': 'Memory Threading Dashboard',
  '/debug-auth': 'Authentication Debug',
  '/force-login': 'Authentication Issue',
  '/user-restriction-mode': 'User Restriction Mode',
  '/error-test': 'Error Handling Test Dashboard',
  // Linked from the settings sidebar.
  '/settings/system-health': 'System Health',
  '/settings/error-logs': 'Error Logs',
  '/settings/performance': 'Performance',
  '/settings/monitoring': 'Monitoring',
  '/settings/analytics': 'Analytics',
  // Your Data (issue 21: export and import of the device's history, docs/backup.md).
  '/settings/data': 'Your Data',
};

/** The first download of a code-split screen can take a while in a cold test run. */
const LAZY = { timeout: 4000 };

const ADMIN_ONLY = ['/console', '/manual-console', '/presence-hub-console'];

function signedIn(status: object = AUTHENTICATED_OWNER) {
  return stubFetch({
    'GET /api/auth/status': () => json(status),
    'GET /api/users/check-registration': () =>
      json({ isRegistered: true, isPending: false, clientId: 'client-1', user: { name: 'Sam' } }),
    'GET /api/auth/device-check': () => json({ isOwnerDevice: true }),
    'POST /api/auth/logout': () => json({ success: true }),
  });
}

beforeEach(() => localStorage.clear());
afterEach(() => {
  cleanup();
  act(() => resetToasts());
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

/** Where the spec words a screen's heading apart from its route title. */
const SPEC_HEADINGS: Record<string, string> = {
  // Spec 001 §2: "{product}'s Consciousness Stream" (issue 15).
  '/consciousness': "Kiri's Consciousness Stream",
  // Spec 002 "Manual console": the header is titled by the mode, and it opens in console mode.
  '/console': 'Advanced Console',
  '/manual-console': 'Advanced Console',
};

describe('route table', () => {
  it('every spec path resolves to a screen other than not-found', () => {
    for (const path of Object.keys(SPEC_PATHS)) {
      const matches = matchRoutes(routes, path);
      const leaf = matches?.at(-1)?.route;
      expect(leaf?.id, path).not.toBe(NOT_FOUND_ROUTE_ID);
      expect(leaf?.element, path).toBeTruthy();
      expect((leaf?.handle as { title: string }).title, path).toBe(SPEC_PATHS[path]);
    }
  });

  it('the table holds no path the spec does not name', () => {
    const tablePaths = SCREENS.flatMap((s) => s.paths).sort();
    expect(tablePaths).toEqual(Object.keys(SPEC_PATHS).sort());
  });

  it.each(Object.entries(SPEC_PATHS))('%s shows its screen (%s)', async (path, title) => {
    signedIn();
    await renderApp(path);
    const heading = SPEC_HEADINGS[path] ?? title;
    expect(await screen.findByRole('heading', { level: 1, name: heading }, LAZY)).toBeTruthy();
    expect(screen.queryByText('404 Page Not Found')).toBeNull();
  });

  it("an unknown path shows '404 Page Not Found' with the router hint", async () => {
    signedIn();
    await renderApp('/no/such/page');
    expect(await screen.findByText('404 Page Not Found', {}, LAZY)).toBeTruthy();
    expect(screen.getByText('Did you forget to add the page to the router?')).toBeTruthy();
  });
});

describe('admin-only routes', () => {
  it.each(ADMIN_ONLY)("%s shows 'Access Restricted' to a non-admin", async (path) => {
    signedIn(AUTHENTICATED_USER);
    await renderApp(path);
    expect(await screen.findByRole('heading', { name: 'Access Restricted' })).toBeTruthy();
    expect(screen.getByText(/only available to admin users or Apple devices/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Return to Chat' }).getAttribute('href')).toBe('/');
    const relogin = screen.queryByRole('button', { name: 'Logout & Re-Login' });
    expect(Boolean(relogin)).toBe(path !== '/presence-hub-console');
  });

  it("'Logout & Re-Login' clears the flags, posts the logout and shows the login screen at /", async () => {
    localStorage.setItem('kiri-auth', 'true');
    localStorage.setItem('kiri-session-persistent', 'true');
    localStorage.setItem('kiri-client-id', 'client-2');
    localStorage.setItem('kiri-last-login', new Date().toISOString());
    let loggedOut = false;
    const fetchMock = stubFetch({
      'GET /api/auth/status': () => json(loggedOut ? LOGGED_OUT : AUTHENTICATED_USER),
      'GET /api/users/check-registration': () =>
        json({ isRegistered: true, isPending: false, clientId: 'client-2', user: { name: 'A' } }),
      'POST /api/auth/logout': () => {
        loggedOut = true;
        return json({ success: true });
      },
    });
    const { currentPath } = await renderApp('/console');
    fireEvent.click(await screen.findByRole('button', { name: 'Logout & Re-Login' }));
    expect(await screen.findByLabelText('Access Code')).toBeTruthy();
    await waitFor(() => expect(currentPath()).toBe('/'));
    expect(localStorage.getItem('kiri-auth')).toBeNull();
    expect(localStorage.getItem('kiri-client-id')).toBeNull();
    expect(
      fetchMock.mock.calls.some(
        ([url, init]) => url === '/api/auth/logout' && init?.method === 'POST',
      ),
    ).toBe(true);
  });

  it('an admin reaches the console', async () => {
    signedIn(AUTHENTICATED_OWNER);
    await renderApp('/console');
    expect(await screen.findByRole('heading', { name: 'Advanced Console' }, LAZY)).toBeTruthy();
  });
});

describe('route guard', () => {
  it('not logged in: the login screen, whatever the path', async () => {
    stubFetch({ 'GET /api/auth/status': () => json(LOGGED_OUT) });
    await renderApp('/sleep-mode');
    expect(await screen.findByLabelText('Access Code')).toBeTruthy();
    expect(screen.queryByText('Sleep Mode Control')).toBeNull();
  });

  it('server down, with the flags of a previous login: the app opens (offline-first)', async () => {
    localStorage.setItem('kiri-auth', 'true');
    stubFetch({ 'GET /api/auth/status': networkDown() });
    await renderApp('/');
    expect(await screen.findByRole('heading', { level: 1, name: 'Chat' })).toBeTruthy();
    expect(await screen.findByText('Offline')).toBeTruthy();
    expect(screen.queryByLabelText('Access Code')).toBeNull();
  });

  it('server down, without a previous login: the login screen', async () => {
    stubFetch({ 'GET /api/auth/status': networkDown() });
    await renderApp('/');
    expect(await screen.findByLabelText('Access Code')).toBeTruthy();
  });

  it("the server's 'not logged in' clears stale flags", async () => {
    localStorage.setItem('kiri-auth', 'true');
    stubFetch({ 'GET /api/auth/status': () => json(LOGGED_OUT) });
    await renderApp('/');
    expect(await screen.findByLabelText('Access Code')).toBeTruthy();
    await waitFor(() => expect(localStorage.getItem('kiri-auth')).toBeNull());
  });

  it('the persona name comes from the server', async () => {
    stubFetch({ 'GET /api/auth/status': () => json({ ...LOGGED_OUT, personaName: 'Nova' }) });
    await renderApp('/');
    expect(await screen.findByRole('button', { name: 'Access Nova' })).toBeTruthy();
  });

  it('the header logout goes back to the login screen', async () => {
    let loggedOut = false;
    stubFetch({
      'GET /api/auth/status': () => json(loggedOut ? LOGGED_OUT : AUTHENTICATED_OWNER),
      'GET /api/users/check-registration': () =>
        json({ isRegistered: true, isPending: false, clientId: 'c', user: { name: 'Sam' } }),
      'POST /api/auth/logout': () => {
        loggedOut = true;
        return json({ success: true });
      },
    });
    await renderApp('/mobile-test');
    fireEvent.click(await screen.findByRole('button', { name: 'Logout' }));

    expect(await screen.findByLabelText('Access Code')).toBeTruthy();
  });
});

describe('pages built in this issue', () => {
  it('/mobile-test: heading, works text, the time, and a test button with an alert', async () => {
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => {});
    signedIn();
    await renderApp('/mobile-test');
    expect(await screen.findByText('The app works on this device.', {}, LAZY)).toBeTruthy();
    expect(screen.getByText(/Current time:/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Test Button' }));
    expect(alert).toHaveBeenCalled();
  });

  it('/debug-auth: status fields, device check, stored flags, and the pairing code', async () => {
    localStorage.setItem('kiri-auth', 'true');
    const fetchMock = signedIn();
    fetchMock.mockImplementation(async (input, init) => {
      const url = String(input);
      if (url === '/api/auth/pairing-code' && init?.method === 'POST') {
        return json({ code: 'K7P2Q9XZ', expiresAt: new Date(Date.now() + 600_000).toISOString() });
      }
      if (url === '/api/auth/status') return json(AUTHENTICATED_OWNER);
      if (url === '/api/auth/device-check') return json({ isOwnerDevice: true });
      return json({ isRegistered: true, isPending: false, clientId: 'c', user: { name: 'Sam' } });
    });
    await renderApp('/debug-auth');
    expect(await screen.findByText('kiri-auth', {}, LAZY)).toBeTruthy();
    expect(screen.getByText('kiri-session-persistent')).toBeTruthy();
    expect(screen.getByText('isAdmin')).toBeTruthy();
    fireEvent.click(await screen.findByRole('button', { name: 'Pair another device' }));
    expect(await screen.findByText('K7P2Q9XZ')).toBeTruthy();
    expect(screen.getByText(/Expires at/)).toBeTruthy();
  });

  it('/force-login logs out after 3 seconds and shows the login screen', async () => {
    localStorage.setItem('kiri-auth', 'true');
    let loggedOut = false;
    stubFetch({
      'GET /api/auth/status': () => json(loggedOut ? LOGGED_OUT : AUTHENTICATED_OWNER),
      'GET /api/users/check-registration': () =>
        json({ isRegistered: true, isPending: false, clientId: 'c', user: { name: 'Sam' } }),
      'POST /api/auth/logout': () => {
        loggedOut = true;
        return json({ success: true });
      },
    });
    await renderApp('/force-login');
    expect(await screen.findByText(/log in again in 3 seconds/, {}, LAZY)).toBeTruthy();
    expect(screen.queryByLabelText('Access Code')).toBeNull();
    expect(await screen.findByLabelText('Access Code', {}, { timeout: 4500 })).toBeTruthy();
    expect(localStorage.getItem('kiri-auth')).toBeNull();
  });
});
