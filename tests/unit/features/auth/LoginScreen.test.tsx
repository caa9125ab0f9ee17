import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LoginScreen } from '@/features/auth/components/LoginScreen';
import { act } from 'react';
import { resetToasts } from '@/ui/toast-store';
import { useAuthStatus } from '@/lib/auth-session';
import {
  AUTHENTICATED_OWNER,
  LOGGED_OUT,
  errorAnswer,
  json,
  networkDown,
  renderWithProviders,
  stubFetch,
} from '../../helpers/client';

beforeEach(() => localStorage.clear());
afterEach(() => {
  cleanup();
  act(() => resetToasts());
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function enterCode(code: string) {
  fireEvent.change(screen.getByLabelText('Access Code'), { target: { value: code } });
}

const submit = () => screen.getByRole('button', { name: 'Access Kiri' });

describe('login screen (spec 000 §2.3)', () => {
  it("one password field labelled 'Access Code' and the button 'Access' plus the persona", () => {
    stubFetch({});
    renderWithProviders(<LoginScreen personaName="Nova" />);
    const field = screen.getByLabelText('Access Code') as HTMLInputElement;
    expect(field.type).toBe('password');
    expect(screen.getByRole('button', { name: 'Access Nova' })).toBeTruthy();
  });

  it('submit is disabled while the field is empty', () => {
    stubFetch({});
    renderWithProviders(<LoginScreen personaName="Kiri" />);
    expect((submit() as HTMLButtonElement).disabled).toBe(true);
    enterCode('secret');
    expect((submit() as HTMLButtonElement).disabled).toBe(false);
    enterCode('');
    expect((submit() as HTMLButtonElement).disabled).toBe(true);
  });

  it('submit is disabled while the request is in progress', async () => {
    let answer: (r: Response) => void = () => {};
    stubFetch({ 'POST /api/auth/login': () => new Promise<Response>((r) => (answer = r)) });
    renderWithProviders(<LoginScreen personaName="Kiri" />);
    enterCode('secret');
    fireEvent.click(submit());
    await waitFor(() => expect((submit() as HTMLButtonElement).disabled).toBe(true));
    answer(errorAnswer(401, 'Invalid password'));
    await waitFor(() => expect((submit() as HTMLButtonElement).disabled).toBe(false));
  });

  it("a 401 shows 'Access Denied' with the server message", async () => {
    const fetchMock = stubFetch({
      'POST /api/auth/login': () => errorAnswer(401, 'Invalid password'),
    });
    renderWithProviders(<LoginScreen personaName="Kiri" />);
    enterCode('wrong');
    fireEvent.click(submit());
    expect(await screen.findByText('Access Denied')).toBeTruthy();
    expect(screen.getByText('Invalid password')).toBeTruthy();
    expect(localStorage.getItem('kiri-auth')).toBeNull();
    // Not retried: a retry would count against the throttle.
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(fetchMock.mock.calls[0]![1]).toMatchObject({ body: '{"password":"wrong"}' });
  });

  it("a 429 shows 'Access Denied' with the server's wait", async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    stubFetch({
      'POST /api/auth/login': () => errorAnswer(429, 'Too many attempts. Try again in 42 seconds.'),
    });
    renderWithProviders(<LoginScreen personaName="Kiri" />);
    enterCode('wrong');
    fireEvent.click(submit());
    expect(await screen.findByText('Access Denied')).toBeTruthy();
    expect(screen.getByText('Too many attempts. Try again in 42 seconds.')).toBeTruthy();
  });

  it('a network failure shows the connection error toast', async () => {
    stubFetch({ 'POST /api/auth/login': networkDown() });
    renderWithProviders(<LoginScreen personaName="Kiri" />);
    enterCode('secret');
    fireEvent.click(submit());
    expect(await screen.findByText('Connection Error')).toBeTruthy();
    expect(screen.getByText('Unable to connect to Kiri systems')).toBeTruthy();
  });

  it('success stores the four flags, welcomes, and re-checks the status after 0.2 s', async () => {
    let loginAnsweredAt = 0;
    const statusCalls: number[] = [];
    stubFetch({
      'POST /api/auth/login': () => {
        loginAnsweredAt = Date.now();
        return json({
          success: true,
          clientId: 'client-42',
          user: { id: 'u1', clientId: 'client-42', name: null, role: 'owner' },
          isOwnerDevice: true,
        });
      },
      'GET /api/auth/status': () => {
        statusCalls.push(Date.now());
        return json(statusCalls.length > 1 ? AUTHENTICATED_OWNER : LOGGED_OUT);
      },
    });
    renderWithProviders(
      <>
        <StatusProbe />
        <LoginScreen personaName="Kiri" />
      </>,
    );
    expect(await screen.findByText('status: false')).toBeTruthy();
    const before = Date.now();
    enterCode('right');
    fireEvent.click(submit());
    expect(await screen.findByText('Welcome to Kiri')).toBeTruthy();
    expect(localStorage.getItem('kiri-auth')).toBe('true');
    expect(localStorage.getItem('kiri-session-persistent')).toBe('true');
    expect(localStorage.getItem('kiri-client-id')).toBe('client-42');
    const lastLogin = localStorage.getItem('kiri-last-login') ?? '';
    expect(lastLogin).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    expect(Date.parse(lastLogin)).toBeGreaterThanOrEqual(before - 1000);

    expect(await screen.findByText('status: true')).toBeTruthy();
    expect(statusCalls).toHaveLength(2);
    expect(statusCalls[1]! - loginAnsweredAt).toBeGreaterThanOrEqual(190);
  });
});

function StatusProbe() {
  const { data } = useAuthStatus();
  return <p>{`status: ${String(data?.authenticated)}`}</p>;
}
