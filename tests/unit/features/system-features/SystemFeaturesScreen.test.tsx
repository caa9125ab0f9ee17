// The system features page against a stubbed server: what a user of the page sees in each tab, and the
// last known values, marked, when the server stops answering.
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import SystemFeaturesScreen from '@/features/system-features/components/SystemFeaturesScreen';
import {
  errorAnswer,
  json,
  networkDown,
  renderWithProviders,
  stubFetch,
  type Handler,
} from '../../helpers/client';

const TREE = {
  total_systems: 3,
  active_systems: 1,
  consciousness_level: 0.42,
  emergence: { currentStage: 2, totalStages: 6, stageName: 'Recognition' },
  branches: [
    {
      id: 'companion',
      name: 'Companion Core',
      description: 'What the owner talks to.',
      systems: [
        {
          id: 'chat',
          name: 'Chat & Companion Engine',
          status: 'active',
          description: 'The conversation.',
          integration_level: 100,
          api_endpoints: ['POST /api/chat', 'GET /api/conversations', 'POST /api/conversations'],
          status_reason: 'Mounted and running',
        },
        {
          id: 'generosity',
          name: 'Generosity Engine',
          status: 'planned',
          description: 'Not yet.',
          integration_level: 0,
          api_endpoints: [],
          status_reason: 'No route of it is mounted yet',
        },
      ],
    },
  ],
};
const CONSOLE = {
  version: '0.1.0',
  rollback_snapshots: 7,
  recent_executions: 0,
  console_built: false,
  uploaded_files: 4,
  file_attachment: { enabled: true, upload_limit_MB: 10, supported_formats: ['JPEG', 'PNG'] },
};
const FALLBACK = {
  primary_provider: 'openai',
  secondary_provider: 'local',
  current_provider: 'local',
  providers_available: ['local'],
};
const MIRROR = {
  enabled: false,
  auto_sync: false,
  sync_interval_minutes: null,
  configured: false,
  built: false,
};

function server(overrides: Record<string, Handler> = {}) {
  return stubFetch({
    'GET /api/presence-system-tree/status': () => json(TREE),
    'GET /api/manual-console/status': () => json(CONSOLE),
    'GET /api/fallback-system/status': () => json(FALLBACK),
    'GET /api/mirror-sync/status': () => json(MIRROR),
    ...overrides,
  });
}

function show() {
  return renderWithProviders(
    <MemoryRouter>
      <SystemFeaturesScreen />
    </MemoryRouter>,
  );
}

beforeEach(() => localStorage.clear());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the system features page', () => {
  it('shows the four summary cards from the server, the badge and Back to Chat', async () => {
    server();
    show();
    await waitFor(() => expect(screen.getByLabelText('Total Systems').textContent).toBe('3'));
    expect(screen.getByLabelText('Active Systems').textContent).toBe('1');
    expect(screen.getByLabelText('Consciousness Level').textContent).toBe('42%');
    await waitFor(() => expect(screen.getByLabelText('Rollback Snapshots').textContent).toBe('7'));
    expect(screen.getByText('v2.0')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to Chat' }).getAttribute('href')).toBe('/');
  });

  it("lists systems with status, integration and the first 2 endpoints then '+N more'", async () => {
    server();
    show();
    const chat = await screen.findByRole('listitem', { name: 'Chat & Companion Engine' });
    expect(within(chat).getByText('Active')).toBeTruthy();
    expect(within(chat).getByText('100%')).toBeTruthy();
    expect(within(chat).getByText('POST /api/chat')).toBeTruthy();
    expect(within(chat).getByText('GET /api/conversations')).toBeTruthy();
    expect(within(chat).queryByText('POST /api/conversations')).toBeNull();
    expect(within(chat).getByText('+1 more')).toBeTruthy();
    const planned = screen.getByRole('listitem', { name: 'Generosity Engine' });
    expect(within(planned).getByText('Planned')).toBeTruthy();
    expect(within(planned).getByText('No endpoint mounted yet')).toBeTruthy();
  });

  it('switches tabs: manual console, AI integration, real-time status', async () => {
    server();
    show();
    await screen.findByRole('listitem', { name: 'Chat & Companion Engine' });
    fireEvent.click(screen.getByRole('tab', { name: 'Manual Console' }));
    expect(await screen.findByText('The manual console is not built yet')).toBeTruthy();
    expect(screen.getByText('10 MB')).toBeTruthy();
    expect(screen.getByText('JPEG, PNG')).toBeTruthy();
    fireEvent.click(screen.getByRole('tab', { name: 'AI Integration' }));
    expect(await screen.findByText('openai')).toBeTruthy();
    expect(screen.getByText('The mirror bridge is not part of this server yet')).toBeTruthy();
    fireEvent.click(screen.getByRole('tab', { name: 'Real-time Status' }));
    const tree = await screen.findByRole('listitem', { name: 'Presence System Tree' });
    expect(within(tree).getByText('Live')).toBeTruthy();
    expect(within(tree).getByText('1 of 3 active, consciousness 42%')).toBeTruthy();
    expect(
      screen.getByRole('tab', { name: 'Real-time Status' }).getAttribute('aria-selected'),
    ).toBe('true');
  });

  it('says a part is not accessible when the server refuses it, and shows the rest', async () => {
    server({
      'GET /api/manual-console/status': () =>
        errorAnswer(403, 'You do not have access to this feature'),
    });
    show();
    await screen.findByRole('listitem', { name: 'Chat & Companion Engine' });
    fireEvent.click(screen.getByRole('tab', { name: 'Manual Console' }));
    expect(await screen.findByText('You do not have access to this part.')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('opened with the server down: the last known values, marked as such, never invented ones', async () => {
    server();
    const first = show();
    await screen.findByRole('listitem', { name: 'Chat & Companion Engine' });
    await waitFor(() => expect(screen.getByLabelText('Rollback Snapshots').textContent).toBe('7'));
    first.unmount();
    const down = networkDown();
    server({
      'GET /api/presence-system-tree/status': down,
      'GET /api/manual-console/status': down,
      'GET /api/fallback-system/status': down,
      'GET /api/mirror-sync/status': down,
    });
    show();
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('The server is not answering')).toBeTruthy();
    expect(within(alert).getByText(/Showing the last known values, read \d+ s ago\./)).toBeTruthy();
    expect(screen.getByLabelText('Total Systems').textContent).toBe('3');
    fireEvent.click(screen.getByRole('tab', { name: 'Real-time Status' }));
    const tree = await screen.findByRole('listitem', { name: 'Presence System Tree' });
    expect(within(tree).getByText('Last known')).toBeTruthy();
  });

  it('with nothing kept and the server down, shows no figures at all', async () => {
    const down = networkDown();
    server({
      'GET /api/presence-system-tree/status': down,
      'GET /api/manual-console/status': down,
      'GET /api/fallback-system/status': down,
      'GET /api/mirror-sync/status': down,
    });
    show();
    expect(
      await screen.findByText('Nothing has been read from the server on this device yet.'),
    ).toBeTruthy();
    expect(screen.getByLabelText('Total Systems').textContent).toBe('—');
    expect(screen.getByLabelText('Consciousness Level').textContent).toBe('—');
  });
});
