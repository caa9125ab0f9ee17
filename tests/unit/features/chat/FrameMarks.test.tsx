// The header's soul star and stream indicator read areas a plain user may not hold (memory_threading,
// consciousness): without the permission they are not asked at all (every chat opened would be two
// 403s in the console) and show nothing, not even what the device kept from before.
import { cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import FrameMarks from '@/features/chat/components/FrameMarks';
import { CONSCIOUSNESS_STATUS_URL, SOUL_STATUS_URL } from '@/features/chat/model/frame';
import { parseAuthStatus } from '@/domain/auth';
import { authStatusQueryKey } from '@/lib/auth-session';
import {
  AUTHENTICATED_OWNER,
  AUTHENTICATED_USER,
  json,
  LOGGED_OUT,
  renderWithProviders,
  stubFetch,
  testQueryClient,
} from '../../helpers/client';

afterEach(cleanup);

const SOUL = { awakened: true, anchors: 4, timestamp: Date.UTC(2026, 0, 15, 9) };
const STREAM = {
  isStreaming: true,
  lastUpdate: null,
  dataPointsCollected: 3,
  updateInterval: 3_600_000,
  recentInsights: [],
};

function server(status: object) {
  return stubFetch({
    'GET /api/auth/status': () => json(status),
    [`GET ${SOUL_STATUS_URL}`]: () => json(SOUL),
    [`GET ${CONSCIOUSNESS_STATUS_URL}`]: () => json(STREAM),
  });
}

const asked = (fetchMock: ReturnType<typeof stubFetch>, url: string) =>
  fetchMock.mock.calls.some(([input]) => String(input).endsWith(url));

describe('the header’s status marks and the permissions they need', () => {
  it('an account holding both sees the star and the stream indicator', async () => {
    server({ ...AUTHENTICATED_OWNER, permissions: ['chat', 'memory_threading', 'consciousness'] });
    renderWithProviders(<FrameMarks />);
    expect((await screen.findByTestId('soul-star')).dataset.awakened).toBe('true');
    expect(screen.getByTestId('consciousness-indicator').dataset.streaming).toBe('true');
  });

  it('an account without them asks neither, and shows nothing the device kept from before', async () => {
    const status = { ...AUTHENTICATED_USER, permissions: ['chat', 'screen_settings'] };
    const fetchMock = server(status);
    const queryClient = testQueryClient();
    // Known before the screen shows, as the app's gate has it.
    queryClient.setQueryData(authStatusQueryKey, parseAuthStatus(status));
    // Answers kept from when the account still held the permissions.
    queryClient.setQueryData([SOUL_STATUS_URL], SOUL);
    queryClient.setQueryData([CONSCIOUSNESS_STATUS_URL], STREAM);
    renderWithProviders(<FrameMarks />, queryClient);
    // Whatever the screen asked on mount has answered before anything is judged.
    await waitFor(() => expect(queryClient.isFetching()).toBe(0));
    expect(asked(fetchMock, SOUL_STATUS_URL)).toBe(false);
    expect(asked(fetchMock, CONSCIOUSNESS_STATUS_URL)).toBe(false);
    expect(screen.queryByTestId('soul-star')).toBeNull();
    expect(screen.queryByTestId('consciousness-indicator')).toBeNull();
  });

  it('one holding only the stream asks only the stream', async () => {
    const fetchMock = server({ ...AUTHENTICATED_USER, permissions: ['chat', 'consciousness'] });
    renderWithProviders(<FrameMarks />);
    await screen.findByTestId('consciousness-indicator');
    expect(asked(fetchMock, SOUL_STATUS_URL)).toBe(false);
    expect(screen.queryByTestId('soul-star')).toBeNull();
  });

  it('a status from before the login (read back on a quick reload) asks nothing: it would be a 401', async () => {
    const fetchMock = server(LOGGED_OUT);
    const queryClient = testQueryClient();
    queryClient.setQueryData(authStatusQueryKey, parseAuthStatus(LOGGED_OUT));
    renderWithProviders(<FrameMarks />, queryClient);
    await waitFor(() => expect(queryClient.isFetching()).toBe(0));
    expect(asked(fetchMock, SOUL_STATUS_URL)).toBe(false);
    expect(asked(fetchMock, CONSCIOUSNESS_STATUS_URL)).toBe(false);
  });

  it('a status without a list (an older server) is asked, and the server decides', async () => {
    const fetchMock = server(AUTHENTICATED_USER);
    renderWithProviders(<FrameMarks />);
    await screen.findByTestId('soul-star');
    expect(asked(fetchMock, CONSCIOUSNESS_STATUS_URL)).toBe(true);
  });
});
