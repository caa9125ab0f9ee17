import { onlineManager, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { replayReachedServer } from '@/features/chat/model/offline-banner';
import { useStatusRecheck } from '@/features/chat/hooks/useStatusRecheck';
import { authStatusQuery, STATUS_RECHECK_MS } from '@/lib/auth-session';
import type { ReplaySummary } from '@/db/outbox-replay';
import { apiRequest } from '@/lib/api';
import {
  AUTHENTICATED_OWNER,
  errorAnswer,
  json,
  networkDown,
  stubFetch,
  testQueryClient,
} from '../../helpers/client';

const replayListeners = vi.hoisted(() => new Set<(summary: ReplaySummary) => void>());
vi.mock('@/lib/outbox-sync', () => ({
  onOutboxReplayed: (listener: (summary: ReplaySummary) => void) => {
    replayListeners.add(listener);
    return () => replayListeners.delete(listener);
  },
  hasReplayedOnce: () => true,
  newestPullStartedAt: () => 1,
}));

const SERVER_DOWN: ReplaySummary = {
  delivered: 0,
  refused: 0,
  waiting: 2,
  needsLogin: false,
  pulled: 0,
  pullFailed: true,
  pullStartedAt: null,
};
const SERVER_BACK: ReplaySummary = { ...SERVER_DOWN, delivered: 2, waiting: 0, pullFailed: false };

/** Shows what the header's pill follows: whether the last status check failed. */
function StatusPill({ recheck }: { recheck: boolean }) {
  if (recheck) useStatusRecheck(); // eslint-disable-line react-hooks/rules-of-hooks -- fixed per render tree
  const status = useQuery(authStatusQuery);
  return <p>{status.isError ? 'Offline' : status.data ? 'Online' : 'Checking'}</p>;
}

/** The status route, up or down as the test sets it; `calls()` counts the requests made. */
function statusServer(up: boolean) {
  const fetch = stubFetch({
    'GET /api/auth/status': (request) => (up ? json(AUTHENTICATED_OWNER) : networkDown()(request)),
  });
  return { calls: () => fetch.mock.calls.length, setUp: (value: boolean) => (up = value) };
}

function renderPill(recheck: boolean): void {
  const client = testQueryClient();
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  render(<StatusPill recheck={recheck} />, { wrapper });
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  onlineManager.setOnline(true);
  replayListeners.clear();
});

describe('a replay that reached the server means the server is back', () => {
  it('counts a delivery, a refusal, a login request or an answered pull', () => {
    expect(replayReachedServer(SERVER_DOWN)).toBe(false);
    expect(replayReachedServer(SERVER_BACK)).toBe(true);
    expect(replayReachedServer({ ...SERVER_DOWN, refused: 1 })).toBe(true);
    expect(replayReachedServer({ ...SERVER_DOWN, needsLogin: true })).toBe(true);
    expect(replayReachedServer({ ...SERVER_DOWN, pullFailed: false })).toBe(true);
  });
});

describe("the 'Offline' pill goes away when the server is reachable again", () => {
  it('asks for the status again when the browser comes back online', async () => {
    const server = statusServer(false);
    renderPill(false);
    expect(await screen.findByText('Offline')).toBeTruthy();
    act(() => onlineManager.setOnline(false));
    server.setUp(true);
    act(() => onlineManager.setOnline(true));
    expect(await screen.findByText('Online')).toBeTruthy();
  });

  it('asks again after a replay reached the server, though the browser never went offline', async () => {
    const { calls, setUp } = statusServer(false);
    renderPill(true);
    expect(await screen.findByText('Offline')).toBeTruthy();
    const before = calls();
    act(() => replayListeners.forEach((listener) => listener(SERVER_DOWN)));
    expect(calls()).toBe(before); // still down: no pointless request
    setUp(true);
    act(() => replayListeners.forEach((listener) => listener(SERVER_BACK)));
    expect(await screen.findByText('Online')).toBeTruthy();
    await waitFor(() => expect(calls()).toBe(before + 1));
  });

  it('asks again every few seconds while the check fails and the device has a network, with nothing waiting to replay', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      const { calls, setUp } = statusServer(false);
      renderPill(true);
      expect(await screen.findByText('Offline')).toBeTruthy();
      // Offline, the interval stops (the one already set may still fire): the 'online' event asks.
      act(() => onlineManager.setOnline(false));
      const before = calls();
      await act(() => vi.advanceTimersByTimeAsync(STATUS_RECHECK_MS * 5));
      expect(calls()).toBeLessThanOrEqual(before + 1);
      // Back on a network, the server still down: asked again on the interval, still 'Offline'.
      act(() => onlineManager.setOnline(true));
      await act(() => vi.advanceTimersByTimeAsync(STATUS_RECHECK_MS));
      expect(screen.getByText('Offline')).toBeTruthy();
      // The server returns; no replay runs (nothing waits): the next check finds it.
      setUp(true);
      await act(() => vi.advanceTimersByTimeAsync(STATUS_RECHECK_MS));
      expect(await screen.findByText('Online')).toBeTruthy();
      // Answered: no more asking on the interval.
      const settled = calls();
      await act(() => vi.advanceTimersByTimeAsync(STATUS_RECHECK_MS * 3));
      expect(calls()).toBe(settled);
    } finally {
      vi.useRealTimers();
    }
  });

  it('asks again when a replay could not reach the server while the last check succeeded', async () => {
    const server = statusServer(true);
    renderPill(true);
    expect(await screen.findByText('Online')).toBeTruthy();
    server.setUp(false); // the server goes down; the browser still says online
    act(() => replayListeners.forEach((listener) => listener(SERVER_DOWN)));
    expect(await screen.findByText('Offline')).toBeTruthy();
  });

  describe('another read of the page, with nothing waiting to replay', () => {
    /** The mood's poll, as a read of its own route; it says when it has failed. */
    function Poll() {
      const poll = useQuery({
        queryKey: ['kiri', 'state'],
        queryFn: async () => {
          const res = await apiRequest('GET', '/api/kiri/state');
          return res ? res.json() : null;
        },
        retry: false,
      });
      return <span>{poll.isError ? 'poll failed' : 'polling'}</span>;
    }

    /** The pill alone until the status said 'Online'; then the server stops and the poll runs. */
    async function pollAfterTheCheck(answer: 'no server' | 'an error') {
      let up = true;
      const fetch = stubFetch({
        'GET /api/auth/status': (request) =>
          up ? json(AUTHENTICATED_OWNER) : networkDown()(request),
        'GET /api/kiri/state': (request) =>
          answer === 'no server' ? networkDown()(request) : errorAnswer(500, 'Mood unreadable'),
      });
      const client = testQueryClient();
      const wrapper = ({ children }: { children: ReactNode }) => (
        <QueryClientProvider client={client}>{children}</QueryClientProvider>
      );
      const view = render(<StatusPill recheck />, { wrapper });
      expect(await screen.findByText('Online')).toBeTruthy();
      if (answer === 'no server') up = false; // the server stops between the check and the poll
      const before = fetch.mock.calls.length;
      view.rerender(
        <>
          <StatusPill recheck />
          <Poll />
        </>,
      );
      expect(await screen.findByText('poll failed')).toBeTruthy();
      return {
        statusCallsSince: () =>
          fetch.mock.calls
            .slice(before)
            .filter(([input]) => String(input).includes('/api/auth/status')).length,
      };
    }

    it('asks again when it finds no server while the last check succeeded: the pill shows', async () => {
      await pollAfterTheCheck('no server');
      expect(await screen.findByText('Offline')).toBeTruthy();
    });

    it('does not ask again for an HTTP error: the server answered', async () => {
      const { statusCallsSince } = await pollAfterTheCheck('an error');
      // The recheck would have been asked for as the poll's error was stored, before it rendered.
      await act(() => Promise.resolve());
      expect(statusCallsSince()).toBe(0);
      expect(screen.getByText('Online')).toBeTruthy();
    });
  });
});
