// The infrastructure screen: the server's features with this device's storage, each with its badge,
// reason and check time; a 403 is 'Access Restricted'; with the server out of reach the offline notice.
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import InfrastructureScreen from '@/features/infrastructure/components/InfrastructureScreen';
import { resetToasts } from '@/ui/toast-store';
import {
  AUTHENTICATED_OWNER,
  errorAnswer,
  json,
  networkDown,
  renderWithProviders,
  stubFetch,
} from '../../helpers/client';

afterEach(() => {
  cleanup();
  act(() => resetToasts());
  vi.unstubAllGlobals();
});

const AT = '2026-01-15T08:05:09.000Z';
const feature = (id: string, status: string, reason: string, details: object[] = []) => ({
  id,
  name: id.toUpperCase(),
  status,
  reason,
  checkedAt: AT,
  details,
});
const STATUS = {
  checkedAt: AT,
  features: [
    feature('push', 'pending', 'No device has subscribed yet.'),
    feature('providers', 'ready', '1 of 1 reachable.', [
      { name: 'ollama', status: 'ready', reason: 'Answered in 12 ms.' },
    ]),
    feature('https', 'disabled', 'Plain HTTP.'),
  ],
};

function renderScreen() {
  return renderWithProviders(
    <MemoryRouter>
      <InfrastructureScreen />
    </MemoryRouter>,
  );
}

describe('InfrastructureScreen', () => {
  it("lists the server's features and this device's storage, with badges, reasons and check times; Refresh asks again", async () => {
    const fetchMock = stubFetch({
      'GET /api/auth/status': () => json({ ...AUTHENTICATED_OWNER, timeZone: 'Asia/Shanghai' }),
      'GET /api/infrastructure/status': () => json(STATUS),
    });
    renderScreen();
    const list = await screen.findByRole('list', { name: 'Features' });
    expect(await within(list).findByText('No device has subscribed yet.')).toBeTruthy();
    expect(screen.getByTestId('infra-status-push').textContent).toBe('Pending');
    expect(screen.getByTestId('infra-status-providers').textContent).toBe('Ready');
    expect(screen.getByText('Answered in 12 ms.')).toBeTruthy();
    // jsdom has no Storage API: this device cannot be asked.
    expect(await screen.findByTestId('infra-status-storage')).toBeTruthy();
    expect(screen.getByTestId('infra-status-storage').textContent).toBe('Disabled');
    const ids = [...list.querySelectorAll('[data-testid^="infra-status-"]')]
      .filter((element) => element.closest('li')?.parentElement === list)
      .map((element) => element.getAttribute('data-testid'));
    expect(ids).toEqual([
      'infra-status-push',
      'infra-status-providers',
      'infra-status-https',
      'infra-status-storage',
    ]);
    expect(screen.getAllByText('Checked 16:05:09').length).toBeGreaterThan(0);
    expect(screen.getByTestId('infrastructure-summary').textContent).toBe(
      '1 ready · 1 pending · 2 disabled',
    );

    const calls = () =>
      fetchMock.mock.calls.filter(([url]) => String(url) === '/api/infrastructure/status').length;
    const before = calls();
    fireEvent.click(await screen.findByRole('button', { name: 'Refresh' }));
    await vi.waitFor(() => expect(calls()).toBe(before + 1));
  });

  it("a 403 is 'Access Restricted'", async () => {
    stubFetch({
      'GET /api/auth/status': () => json(AUTHENTICATED_OWNER),
      'GET /api/infrastructure/status': () =>
        errorAnswer(403, 'You do not have access to this feature'),
    });
    renderScreen();
    expect(await screen.findByText('Access Restricted')).toBeTruthy();
    expect(screen.queryByRole('list', { name: 'Features' })).toBeNull();
  });

  it('the server out of reach: the offline notice, and this device’s storage still checked', async () => {
    stubFetch({
      'GET /api/auth/status': networkDown(),
      'GET /api/infrastructure/status': networkDown(),
    });
    renderScreen();
    expect(await screen.findByText('Offline: showing the last status read')).toBeTruthy();
    expect(await screen.findByTestId('infra-status-storage')).toBeTruthy();
  });
});
