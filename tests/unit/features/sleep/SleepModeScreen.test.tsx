import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { db } from '@/db/db';
import { SleepModeScreen } from '@/features/sleep/components/SleepModeScreen';
import { resetToasts } from '@/ui/toast-store';
import {
  AUTHENTICATED_OWNER,
  errorAnswer,
  json,
  networkDown,
  renderWithProviders,
  stubFetch,
} from '../../helpers/client';

vi.mock('@/lib/outbox-sync', () => ({
  requestReplay: vi.fn(),
  onOutboxReplayed: vi.fn(() => () => {}),
}));

const AWAKE = {
  sleeping: false,
  deepPause: false,
  lastActivity: null,
  costSavings: 'Full operation costs',
  activeSystems: ['chat-engine', 'dream-cycles', 'scheduler'],
  pausedSystems: [],
};
const SLEEPING = {
  ...AWAKE,
  sleeping: true,
  costSavings: 'About 80% resource reduction',
  activeSystems: ['chat-engine'],
  pausedSystems: ['dreamCycles', 'spontaneousThoughts'],
};
const DEEP = {
  ...AWAKE,
  deepPause: true,
  costSavings: '100% API cost saving',
  activeSystems: ['web-interface'],
  pausedSystems: ['allAICalls'],
};

/** A server whose power state moves with the transitions, as 002 §4 describes. */
function server(initial: object, options: { wrap?: boolean } = {}) {
  let state: Record<string, unknown> = { ...initial };
  let down = false;
  const posts: { path: string; body: unknown }[] = [];
  const answer = () => json(options.wrap ? { success: true, status: state } : state);
  const move = (path: string, next: object) => (req: { body: unknown }) => {
    if (down) throw new TypeError('Failed to fetch');
    posts.push({ path, body: req.body });
    state = { ...next };
    return json({ success: true, message: 'ok' });
  };
  const fetchMock = stubFetch({
    'GET /api/auth/status': () => json({ ...AUTHENTICATED_OWNER, timeZone: 'Asia/Shanghai' }),
    'GET /api/sleep-mode/status': () => (down ? networkDown()({} as never) : answer()),
    'GET /api/reminders': () => json([]),
    'POST /api/sleep-mode/enable': move('enable', SLEEPING),
    'POST /api/sleep-mode/disable': move('disable', AWAKE),
    'POST /api/sleep-mode/deep-pause': move('deep-pause', DEEP),
    'POST /api/sleep-mode/resume-all': move('resume-all', AWAKE),
  });
  return {
    fetchMock,
    posts,
    set: (next: object) => (state = { ...next }),
    goDown: () => (down = true),
  };
}

function renderScreen() {
  return renderWithProviders(
    <MemoryRouter>
      <SleepModeScreen />
    </MemoryRouter>,
  );
}

const badge = () => screen.getByTestId('power-state');
const button = (name: string) => screen.getByRole('button', { name }) as HTMLButtonElement;

beforeEach(async () => {
  localStorage.clear();
  await db.reminders.clear();
});
afterEach(() => {
  cleanup();
  act(() => resetToasts());
  vi.unstubAllGlobals();
  Object.defineProperty(navigator, 'onLine', { configurable: true, value: true });
  // TanStack Query's online manager heard 'offline' too: tell it the network is back.
  window.dispatchEvent(new Event('online'));
});

describe('sleep mode screen', () => {
  it("shows 'Loading sleep mode status...' and then the awake status, its cards and details", async () => {
    server(AWAKE);
    renderScreen();
    expect(screen.getByText('Loading sleep mode status...')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'Sleep Mode Control' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back' }).getAttribute('href')).toBe('/');
    await waitFor(() => expect(badge().textContent).toBe('AWAKE'));
    expect(screen.queryByText('Loading sleep mode status...')).toBeNull();
    expect(screen.getByTestId('last-activity').textContent).toBe('Just now');
    expect(screen.getByTestId('cost-status').textContent).toBe('Full operation costs');
    expect(screen.getByTestId('active-count').textContent).toBe('3');
    const active = screen.getByRole('list', { name: 'Active Systems' });
    expect(
      within(active)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Chat Engine', 'Dream Cycles', 'Scheduler']);
    expect(screen.getByText('No systems paused')).toBeTruthy();
    expect(button('Enable Sleep Mode').disabled).toBe(false);
    expect(button('Resume Full Mode').disabled).toBe(true);
    expect(button('Activate Deep Pause').disabled).toBe(false);
    expect(screen.queryByRole('button', { name: 'Manual Wake Up' })).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Voice Wake' })).toBeNull();
    expect(screen.getByRole('heading', { name: 'Pending Reminders' })).toBeTruthy();
  });

  it('Enable Sleep Mode posts with no body, re-reads the status and offers voice wake', async () => {
    const s = server(AWAKE);
    renderScreen();
    await waitFor(() => expect(badge().textContent).toBe('AWAKE'));
    fireEvent.click(button('Enable Sleep Mode'));
    await waitFor(() => expect(badge().textContent).toBe('SLEEPING'));
    expect(s.posts).toEqual([{ path: 'enable', body: undefined }]);
    expect(button('Enable Sleep Mode').disabled).toBe(true);
    expect(button('Resume Full Mode').disabled).toBe(false);
    expect(screen.getByRole('heading', { name: 'Voice Wake' })).toBeTruthy();
    const paused = screen.getByRole('list', { name: 'Paused Systems' });
    expect(
      within(paused)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Dream Cycles', 'Spontaneous Thoughts']);
    expect(screen.getByTestId('cost-status').textContent).toBe('About 80% resource reduction');

    fireEvent.click(button('Resume Full Mode'));
    await waitFor(() => expect(badge().textContent).toBe('AWAKE'));
    expect(s.posts.map((p) => p.path)).toEqual(['enable', 'disable']);
  });

  it('deep pause: Manual Wake Up is offered, the activation card hidden; waking resumes all', async () => {
    const s = server(AWAKE, { wrap: true });
    renderScreen();
    await waitFor(() => expect(badge().textContent).toBe('AWAKE'));
    fireEvent.click(button('Activate Deep Pause'));
    await waitFor(() => expect(badge().textContent).toBe('DEEP PAUSE'));
    expect(screen.queryByRole('button', { name: 'Activate Deep Pause' })).toBeNull();
    expect(screen.getByRole('heading', { name: 'Deep Pause Active' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Voice Wake' })).toBeTruthy();
    expect(screen.getByText('All AI Calls')).toBeTruthy();
    fireEvent.click(button('Manual Wake Up'));
    await waitFor(() => expect(badge().textContent).toBe('AWAKE'));
    expect(s.posts.map((p) => p.path)).toEqual(['deep-pause', 'resume-all']);
  });

  it('polls: a change made elsewhere shows within the 3 s poll', async () => {
    const s = server(AWAKE);
    renderScreen();
    await waitFor(() => expect(badge().textContent).toBe('AWAKE'));
    s.set(SLEEPING);
    await waitFor(() => expect(badge().textContent).toBe('SLEEPING'), { timeout: 8_000 });
  });

  it('offline: the last known status stays, says plainly it cannot change now, and offers no transition', async () => {
    const s = server(SLEEPING);
    renderScreen();
    await waitFor(() => expect(badge().textContent).toBe('SLEEPING'));
    s.goDown();
    await waitFor(
      () => expect(screen.getByRole('alert').textContent).toMatch(/cannot be reached/),
      {
        timeout: 8_000,
      },
    );
    expect(screen.getByRole('alert').textContent).toMatch(
      /Sleep mode cannot be changed until the server can be reached/,
    );
    expect(badge().textContent).toBe('SLEEPING');
    expect(button('Resume Full Mode').disabled).toBe(true);
    expect(button('Activate Deep Pause').disabled).toBe(true);
  });

  it('the browser going offline disables the transitions at once', async () => {
    server(AWAKE);
    renderScreen();
    await waitFor(() => expect(badge().textContent).toBe('AWAKE'));
    Object.defineProperty(navigator, 'onLine', { configurable: true, value: false });
    act(() => void window.dispatchEvent(new Event('offline')));
    expect(screen.getByRole('alert')).toBeTruthy();
    expect(button('Enable Sleep Mode').disabled).toBe(true);
  });

  it('opened again with the server down: the status read last time, the offline notice, no transition', async () => {
    server(SLEEPING);
    const first = renderScreen();
    await waitFor(() => expect(badge().textContent).toBe('SLEEPING'));
    first.unmount();
    stubFetch({
      'GET /api/auth/status': networkDown(),
      'GET /api/sleep-mode/status': networkDown(),
      'GET /api/reminders': networkDown(),
    });
    renderScreen();
    expect(badge().textContent).toBe('SLEEPING');
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toMatch(/Showing the last known status/),
    );
    expect(button('Resume Full Mode').disabled).toBe(true);
  });

  it('no status on this device and no server: says so instead of loading forever', async () => {
    stubFetch({
      'GET /api/auth/status': () => json(AUTHENTICATED_OWNER),
      'GET /api/sleep-mode/status': networkDown(),
      'GET /api/reminders': networkDown(),
    });
    renderScreen();
    expect(await screen.findByText(/has no sleep mode status yet/)).toBeTruthy();
    expect(screen.queryByText('Loading sleep mode status...')).toBeNull();
    // The reminders do not depend on the power status: still listed.
    expect(screen.getByRole('heading', { name: 'Pending Reminders' })).toBeTruthy();
  });

  it("an account without sleep mode's permission reads 'Access Restricted', not that the server is down", async () => {
    stubFetch({
      'GET /api/auth/status': () => json(AUTHENTICATED_OWNER),
      'GET /api/sleep-mode/status': () =>
        json(
          {
            success: false,
            error: 'You do not have access to this feature',
            message: 'You do not have access to this feature',
          },
          403,
        ),
      'GET /api/reminders': () => json([]),
    });
    renderScreen();
    expect(await screen.findByText('Access Restricted')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Return to Chat' })).toBeTruthy();
    expect(screen.queryByText('The server cannot be reached')).toBeNull();
    expect(screen.queryByText(/has no sleep mode status yet/)).toBeNull();
  });

  it('a refused transition says so and the status stays', async () => {
    stubFetch({
      'GET /api/auth/status': () => json(AUTHENTICATED_OWNER),
      'GET /api/sleep-mode/status': () => json(AWAKE),
      'GET /api/reminders': () => json([]),
      'POST /api/sleep-mode/enable': () => errorAnswer(403, 'Not allowed'),
    });
    renderScreen();
    await waitFor(() => expect(badge().textContent).toBe('AWAKE'));
    fireEvent.click(button('Enable Sleep Mode'));
    expect(await screen.findByText('Sleep mode unchanged')).toBeTruthy();
    expect(screen.getByText('Not allowed')).toBeTruthy();
    expect(badge().textContent).toBe('AWAKE');
  });
});
