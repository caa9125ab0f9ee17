import { act, cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DEBUG_LOCAL_KEYS, appEntries } from '@/features/auth/model/debug-auth';
import { resetToasts } from '@/ui/toast-store';
import { AUTHENTICATED_OWNER, json, renderApp, stubFetch } from '../../helpers/client';

const LAZY = { timeout: 4000 };

afterEach(() => {
  cleanup();
  act(() => resetToasts());
  localStorage.clear();
  sessionStorage.clear();
  vi.unstubAllGlobals();
});

function signedIn() {
  return stubFetch({
    'GET /api/auth/status': () => json(AUTHENTICATED_OWNER),
    'GET /api/users/check-registration': () =>
      json({ isRegistered: true, isPending: false, clientId: 'client-1', user: { name: 'Sam' } }),
    'GET /api/auth/device-check': () => json({ isOwnerDevice: true }),
    'POST /api/auth/pairing-code': () =>
      json({ code: 'K7P2Q9XZ', expiresAt: new Date(Date.now() + 600_000).toISOString() }),
  });
}

describe('debug-auth: what it lists of the browser', () => {
  it('the local flags are the four auth flags of spec 000 §3.10 and the pending logout', () => {
    expect(DEBUG_LOCAL_KEYS).toEqual([
      'kiri-auth',
      'kiri-session-persistent',
      'kiri-client-id',
      'kiri-last-login',
      'kiri-logout-pending',
    ]);
  });

  it("the browser session's entries: only the app's keys, sorted", () => {
    sessionStorage.setItem('kiri-last-seen-message-id', 'm-9');
    sessionStorage.setItem('other-site-token', 'secret');
    sessionStorage.setItem('kiri-greeted', 'true');
    expect(appEntries(sessionStorage)).toEqual([
      ['kiri-greeted', 'true'],
      ['kiri-last-seen-message-id', 'm-9'],
    ]);
    expect(appEntries(null)).toEqual([]);
  });

  it('shows status, device check, session and flags; a pairing code only when asked for', async () => {
    localStorage.setItem('kiri-auth', 'true');
    sessionStorage.setItem('kiri-greeted', 'true');
    const fetchMock = signedIn();
    await renderApp('/debug-auth');
    expect(await screen.findByRole('heading', { name: 'Session' }, LAZY)).toBeTruthy();
    expect(screen.getByText('kiri_session: HttpOnly, not readable by the page')).toBeTruthy();
    expect(screen.getByText('kiri-greeted')).toBeTruthy();
    expect(screen.getByRole('heading', { name: /Device check/ })).toBeTruthy();
    expect(screen.getByText('kiri-logout-pending')).toBeTruthy();
    // No code was asked for, none was made, none is on the page.
    expect(
      fetchMock.mock.calls.some(([url]) => String(url).includes('/api/auth/pairing-code')),
    ).toBe(false);
    expect(document.body.textContent).not.toContain('K7P2Q9XZ');
  });
});

describe('force-login', () => {
  it('says there is an authentication problem', async () => {
    signedIn();
    await renderApp('/force-login');
    expect(
      await screen.findByText(/There is a problem with your authentication/, {}, LAZY),
    ).toBeTruthy();
  });
});
