// The Error Logs page (docs/settings-health.md): this device's errors newest first with Clear, the
// server's recent errors for an administrator, and for anyone else a plain line and no call at all.
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import ErrorLogsScreen from '@/features/system-health/components/ErrorLogsScreen';
import { clearDeviceErrors, readDeviceErrors, recordDeviceError } from '@/lib/device-error-log';
import { resetToasts } from '@/ui/toast-store';
import {
  AUTHENTICATED_OWNER,
  AUTHENTICATED_USER,
  json,
  renderWithProviders,
  stubFetch,
} from '../../helpers/client';

const OWNER = { ...AUTHENTICATED_OWNER, permissions: ['chat', 'infrastructure', 'system_control'] };
const USER = { ...AUTHENTICATED_USER, permissions: ['chat'] };

beforeEach(async () => {
  await clearDeviceErrors();
  await recordDeviceError({
    at: Date.now() - 60_000,
    kind: 'network',
    status: null,
    method: 'GET',
    path: '/api/kiri/state',
    message: 'Network request failed: Failed to fetch',
  });
  await recordDeviceError({
    at: Date.now(),
    kind: 'request',
    status: 500,
    method: 'GET',
    path: '/api/error-test/status/500',
    message: 'Error test: status 500 on request',
  });
});
afterEach(() => {
  cleanup();
  act(() => resetToasts());
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function show(status: object) {
  const fetchMock = stubFetch({
    'GET /api/auth/status': () => json(status),
    'GET /api/server-errors': () =>
      json({
        capacity: 200,
        errors: [
          {
            id: 1,
            at: new Date().toISOString(),
            source: 'response',
            status: 500,
            route: 'GET /api/error-test/status/:status{[0-9]{3}}',
            message: 'Error test: status 500 on request',
          },
        ],
      }),
  });
  renderWithProviders(
    <MemoryRouter>
      <ErrorLogsScreen />
    </MemoryRouter>,
  );
  return fetchMock;
}

describe('Error Logs', () => {
  it("lists this device's errors newest first, and Clear empties the list and the ring", async () => {
    show(OWNER);
    const list = await screen.findByRole('list', { name: 'On this device' });
    const items = within(list).getAllByTestId('device-error');
    expect(items).toHaveLength(2);
    expect(items[0]!.textContent).toContain('GET /api/error-test/status/500');
    expect(items[0]!.textContent).toContain('Error test: status 500 on request');
    expect(items[1]!.textContent).toContain('No answer');

    fireEvent.click(screen.getByRole('button', { name: 'Clear' }));
    expect(await screen.findByText('No errors recorded on this device.')).toBeTruthy();
    expect(await readDeviceErrors()).toEqual([]);
    expect((screen.getByRole('button', { name: 'Clear' }) as HTMLButtonElement).disabled).toBe(
      true,
    );
  });

  it("shows an administrator the server's recent errors by route pattern", async () => {
    show(OWNER);
    const list = await screen.findByRole('list', { name: 'On the server' });
    const [entry] = within(list).getAllByTestId('server-error');
    expect(entry!.textContent).toContain('GET /api/error-test/status/:status{[0-9]{3}}');
    expect(entry!.textContent).toContain('500');
  });

  it("tells anyone else the server's errors are for administrators, and never asks for them", async () => {
    const fetchMock = show(USER);
    expect(await screen.findByText('The server’s errors are for administrators.')).toBeTruthy();
    expect(screen.getAllByTestId('device-error')).toHaveLength(2);
    const asked = fetchMock.mock.calls.map(([url]) => String(url));
    expect(asked.some((url) => url.includes('/api/server-errors'))).toBe(false);
  });
});
