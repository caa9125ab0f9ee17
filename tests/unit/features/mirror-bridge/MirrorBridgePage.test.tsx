// The /mirror-bridge page: two tabs with Mirror Bridge first, the panel from the server's answers, the
// logs read only once shown, the toggle, and offline the last known status, marked, with no action.
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MirrorBridgePage } from '@/features/mirror-bridge/components/MirrorBridgePage';
import { KEPT_BRIDGE_KEY } from '@/features/mirror-bridge/api/mirror-bridge-api';
import { resetToasts } from '@/ui/toast-store';
import {
  AUTHENTICATED_OWNER,
  json,
  networkDown,
  renderWithProviders,
  stubFetch,
  type Handler,
} from '../../helpers/client';

beforeEach(() => localStorage.clear());
afterEach(() => {
  cleanup();
  act(() => resetToasts());
  vi.unstubAllGlobals();
});

function server(options: { configured?: boolean; statusDown?: boolean } = {}) {
  let running = false;
  const calls: string[] = [];
  const configured = options.configured ?? true;
  const logs = {
    totalMessages: 12,
    lastSync: '2026-01-14T01:00:00.000Z',
    messages: Array.from({ length: 12 }, (_, n) => ({
      author: n % 2 ? 'Kiri' : 'Mei',
      timestamp: new Date(Date.UTC(2026, 0, 14, 1, n)).toISOString(),
      message: `line ${n}`,
      emotion: n === 11 ? 'joyful' : 'neutral',
      type: n % 2 ? 'kiri' : 'user',
    })),
    problems: [],
    lastMirror: { at: '2026-01-14T01:05:00.000Z', commit: '0123456789abcdef', files: 1 },
  };
  const track =
    (name: string, handler: Handler): Handler =>
    (request) => {
      calls.push(name);
      return handler(request);
    };
  stubFetch({
    'GET /api/auth/status': () => json(AUTHENTICATED_OWNER),
    'GET /api/mirror-bridge/status': options.statusDown
      ? networkDown()
      : track('status', () =>
          json({
            isRunning: running,
            watchFolder: configured ? '/srv/exports' : null,
            githubRepoPath: null,
          }),
        ),
    'GET /api/mirror-bridge/logs': track('logs', () => json(logs)),
    'POST /api/mirror-bridge/start': track('start', () => {
      running = true;
      return json({ success: true, isRunning: true });
    }),
    'POST /api/mirror-bridge/stop': track('stop', () => {
      running = false;
      return json({ success: true, isRunning: false });
    }),
  });
  return { calls };
}

function renderPage() {
  return renderWithProviders(
    <MemoryRouter>
      <MirrorBridgePage />
    </MemoryRouter>,
  );
}

describe('Mirror Bridge page', () => {
  it("opens on the Mirror Bridge tab: stopped, the folder, 'Not configured' for GitHub; the console tab says it is not built", async () => {
    server();
    renderPage();
    const tabs = screen.getAllByRole('tab');
    expect(tabs.map((tab) => [tab.textContent, tab.getAttribute('aria-selected')])).toEqual([
      ['Mirror Bridge', 'true'],
      ['Manual Console', 'false'],
    ]);
    expect(await screen.findByText('Stopped')).toBeTruthy();
    expect(screen.getByText('/srv/exports')).toBeTruthy();
    expect(screen.getByText('Not configured')).toBeTruthy();
    fireEvent.click(tabs[1]!);
    expect(screen.getByText(/The Manual Console is not built yet/)).toBeTruthy();
    expect(screen.queryByText('Stopped')).toBeNull();
  });

  it('reads the logs only once shown: the newest 10 with their emotion, the total and the last sync', async () => {
    const { calls } = server();
    renderPage();
    await screen.findByText('Stopped');
    expect(calls).not.toContain('logs');
    fireEvent.click(screen.getByRole('button', { name: 'Show Logs' }));
    const logs = await screen.findByRole('region', { name: 'Logs' });
    expect(await within(logs).findByText('12')).toBeTruthy();
    const items = within(logs).getAllByRole('listitem');
    expect(items).toHaveLength(10);
    expect(items[0]!.textContent).toContain('line 11');
    expect(within(items[0]!).getByText('joyful').className).toContain('bg-amber-100');
    expect(within(logs).queryByText('line 1')).toBeNull();
    expect(within(logs).queryByText('Never')).toBeNull();
    expect(within(logs).getByText(/commit 0123456$/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Hide Logs' }));
    expect(screen.queryByRole('region', { name: 'Logs' })).toBeNull();
  });

  it('Start Auto-Sync starts it and the panel says Running; Stop Auto-Sync stops it', async () => {
    const { calls } = server();
    renderPage();
    await screen.findByText('Stopped');
    fireEvent.click(screen.getByRole('button', { name: 'Start Auto-Sync' }));
    expect(await screen.findByText('Running')).toBeTruthy();
    fireEvent.click(await screen.findByRole('button', { name: 'Stop Auto-Sync' }));
    expect(await screen.findByText('Stopped')).toBeTruthy();
    expect(calls.filter((c) => c === 'start' || c === 'stop')).toEqual(['start', 'stop']);
  });

  it('offline: the last known status, marked with its time, and no action can be pressed', async () => {
    localStorage.setItem(
      KEPT_BRIDGE_KEY,
      JSON.stringify({
        status: { isRunning: true, watchFolder: '/srv/exports', githubRepoPath: '/srv/repo' },
        statusAt: Date.UTC(2026, 0, 14, 1, 0),
      }),
    );
    server({ statusDown: true });
    renderPage();
    expect(await screen.findByText('Running')).toBeTruthy();
    expect(await screen.findByText(/Showing the last known status, from/)).toBeTruthy();
    await waitFor(() =>
      expect(
        (screen.getByRole('button', { name: 'Stop Auto-Sync' }) as HTMLButtonElement).disabled,
      ).toBe(true),
    );
    expect(
      (screen.getByRole('button', { name: 'Manual Sync' }) as HTMLButtonElement).disabled,
    ).toBe(true);
  });
});
