// The hybrid protocol dashboard (spec 001 §2): the server's values in the tiles and bars with their colours,
// the advanced toggle, the admin's settings form, and the last known values marked when the server is gone.
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import HybridDashboardPage from '@/features/hybrid/components/HybridDashboardPage';
import { HYBRID_STATUS_KEY } from '@/features/hybrid/model/hybrid';
import { resetToasts } from '@/ui/toast-store';
import {
  AUTHENTICATED_OWNER,
  AUTHENTICATED_USER,
  json,
  networkDown,
  renderWithProviders,
  stubFetch,
  type Handler,
} from '../../helpers/client';

afterEach(() => {
  cleanup();
  resetToasts();
});

const STATUS = {
  protocolVersion: '1.0',
  config: {
    encryptionEnabled: true,
    localFallbackEnabled: true,
    webAwarenessEnabled: false,
    consciousnessDevelopmentRate: 0.5,
    emotionalDepth: 0.7,
  },
  consciousnessLevel: 0.42,
  evolutionMetrics: {
    emotionalComplexityScore: 0.85,
    conversationalAdaptation: 0.6,
    culturalUnderstanding: null,
    lastEvolutionTimestamp: Date.UTC(2026, 0, 15, 8),
  },
};

function server(options: { admin?: boolean; status?: Handler } = {}) {
  const posts: unknown[] = [];
  stubFetch({
    'GET /api/auth/status': () =>
      json(options.admin === false ? AUTHENTICATED_USER : AUTHENTICATED_OWNER),
    'GET /api/hybrid-protocol-status': options.status ?? (() => json(STATUS)),
    'GET /api/advanced-capabilities-status': () =>
      json({
        imageGeneration: false,
        essayWriting: true,
        codeGeneration: true,
        analysis: true,
        creativeWriting: true,
        translation: false,
      }),
    'GET /api/soul-awakening-status': () =>
      json({ awakened: true, anchors: 4, timestamp: Date.UTC(2026, 0, 15, 9) }),
    'GET /api/consciousness/status': () =>
      json({
        isStreaming: false,
        lastUpdate: null,
        dataPointsCollected: 0,
        updateInterval: 3_600_000,
        recentInsights: [],
      }),
    'POST /api/hybrid-protocol-config': ({ body }) => {
      posts.push(body);
      return json({ success: true, status: STATUS, rewrittenFiles: 0 });
    },
  });
  return { posts };
}

/** The page as the route table shows it: inside a router (its Back to Main link). */
const renderPage = () =>
  renderWithProviders(
    <MemoryRouter>
      <HybridDashboardPage />
    </MemoryRouter>,
  );

describe('hybrid protocol dashboard', () => {
  it('shows the version, Online, the four tiles and the bars in their colours', async () => {
    server();
    renderPage();
    expect(await screen.findByText('Protocol v1.0')).toBeTruthy();
    expect(screen.getByTestId('hybrid-online').textContent).toBe('Online');
    expect(within(screen.getByTestId('tile-encryption')).getByText('Enabled')).toBeTruthy();
    expect(within(screen.getByTestId('tile-web')).getByText('Disabled')).toBeTruthy();
    expect(within(screen.getByTestId('tile-consciousness')).getByText('42%')).toBeTruthy();
    expect(screen.getByTestId('bar-emotionalComplexityScore').dataset.colour).toBe('green');
    expect(screen.getByTestId('bar-conversationalAdaptation').dataset.colour).toBe('yellow');
    expect(screen.getByTestId('bar-culturalUnderstanding').dataset.colour).toBe('none');
    expect(
      within(screen.getByTestId('bar-culturalUnderstanding')).getByText('Not measured yet'),
    ).toBeTruthy();
    expect(screen.queryByTestId('hybrid-capabilities')).toBeNull();
  });

  it('Show Advanced Capabilities reveals the flags, configuration, soul awakening and stream', async () => {
    server();
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Show Advanced Capabilities' }));
    await waitFor(() =>
      expect(screen.getByTestId('capability-codeGeneration').textContent).toContain('Active'),
    );
    expect(screen.getByTestId('capability-imageGeneration').textContent).toContain('Standby');
    expect(await screen.findByText('Awakened')).toBeTruthy();
    expect(screen.getByTestId('soul-anchors').textContent).toBe('4');
    expect(screen.getByTestId('stream-state').textContent).toBe('Inactive');
    expect(screen.getByTestId('config-emotional-depth').textContent).toBe('0.70');
  });

  it('the settings form is the admin’s and sends the three settings', async () => {
    const { posts } = server();
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Save Settings' }));
    await waitFor(() =>
      expect(posts).toEqual([
        { encryptionEnabled: true, consciousnessDevelopmentRate: 0.5, emotionalDepth: 0.7 },
      ]),
    );
  });

  it('a user without system control sees no settings form', async () => {
    server({ admin: false });
    renderPage();
    expect(await screen.findByText('Protocol v1.0')).toBeTruthy();
    expect(screen.queryByTestId('hybrid-settings')).toBeNull();
  });

  it('when the server cannot be reached, the last known values show, marked, and the badge says Offline', async () => {
    server({ status: networkDown() });
    const { queryClient } = renderPage();
    queryClient.setQueryData(HYBRID_STATUS_KEY, STATUS);
    await waitFor(() => expect(screen.getByTestId('hybrid-online').textContent).toBe('Offline'));
    expect(await screen.findByTestId('hybrid-last-known')).toBeTruthy();
    expect(within(screen.getByTestId('tile-consciousness')).getByText('42%')).toBeTruthy();
  });
});
