import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { resetToasts } from '@/ui/toast-store';
import {
  AUTHENTICATED_OWNER,
  AUTHENTICATED_USER,
  errorAnswer,
  json,
  renderApp,
  stubFetch,
} from '../../helpers/client';

const LAZY = { timeout: 4000 };

afterEach(() => {
  cleanup();
  act(() => resetToasts());
  localStorage.clear();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function signedIn(status: object = AUTHENTICATED_OWNER) {
  return stubFetch({
    'GET /api/auth/status': () => json(status),
    'GET /api/users/check-registration': () =>
      json({ isRegistered: true, isPending: false, clientId: 'client-1', user: { name: 'Sam' } }),
    'GET /api/error-test/status/404': () => errorAnswer(404, 'Error test: status 404 on request'),
    'GET /api/error-test/network': () => Promise.reject(new TypeError('Failed to fetch')),
  });
}

async function card(id: string) {
  return within(await screen.findByTestId(`error-case-${id}`, {}, LAZY));
}

describe('the error-test page', () => {
  // The whole app, lazily loaded, and three interactions: slow on a loaded machine.
  it(
    'runs a real 404 and shows its classification, the error screen and the toast',
    { timeout: 20_000 },
    async () => {
      vi.spyOn(console, 'error').mockImplementation(() => {});
      signedIn();
      await renderApp('/error-test');
      const notFound = await card('status-404');
      fireEvent.click(notFound.getByRole('button', { name: 'Run' }));
      expect((await notFound.findByTestId('classified-type')).textContent).toBe('validation');
      expect(notFound.getByTestId('classified-error').textContent).toMatch(/^404: /);
      expect(notFound.getByTestId('classified-retryable').textContent).toBe('no');
      expect(notFound.getByTestId('classified-fallback').textContent).toBe('Invalid Request');

      fireEvent.click(notFound.getByRole('button', { name: 'Show Error Screen' }));
      const shown = within(notFound.getByTestId('error-screen-view'));
      expect(shown.getByRole('heading', { name: 'Something went wrong' })).toBeTruthy();
      expect(
        shown.getByText('An unexpected error occurred. Our team has been notified.'),
      ).toBeTruthy();

      fireEvent.click(notFound.getByRole('button', { name: 'Show Toast' }));
      // The toast, outside the card: its title is the typed fallback's heading.
      const toastTitle = await screen.findByText('Invalid Request', {
        selector: 'div.font-semibold',
      });
      expect(toastTitle.parentElement?.textContent).toContain(
        'Invalid request or resource not found.',
      );
    },
  );

  it('a network failure is classified as network and retryable', async () => {
    signedIn();
    await renderApp('/error-test');
    const network = await card('network');
    fireEvent.click(network.getByRole('button', { name: 'Run' }));
    expect((await network.findByTestId('classified-type')).textContent).toBe('network');
    expect(network.getByTestId('classified-retryable').textContent).toBe('yes');
  });

  it('a crashing component is caught by the app boundary and classified generic', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    signedIn();
    await renderApp('/error-test');
    const crash = await card('render');
    fireEvent.click(crash.getByRole('button', { name: 'Run' }));
    expect((await crash.findByTestId('classified-type')).textContent).toBe('generic');
    expect(crash.getByTestId('classified-error').textContent).toMatch(/undefined/);
    expect(
      within(crash.getByTestId('error-screen-view')).getByRole('heading', {
        name: 'Something went wrong',
      }),
    ).toBeTruthy();
  });

  it("is for admins: a plain user sees 'Access Restricted'", async () => {
    signedIn(AUTHENTICATED_USER);
    await renderApp('/error-test');
    expect(await screen.findByRole('heading', { name: 'Access Restricted' }, LAZY)).toBeTruthy();
  });
});
