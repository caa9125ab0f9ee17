// Rule 'a refusal is not a failure': a screen whose server area needs a permission the account does not
// hold says which permission it needs. It asks the server nothing when the auth status already says so
// (each poll would be a 403), shows nothing the device kept from before the permission was taken away,
// and never dresses the refusal as 'Offline', 'cannot be read now' or a failure with Retry. When the
// status has no list (an older server), the screen asks and the server's 403 says it.
import { cleanup, screen, waitFor } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { readPermissionOf } from '@/domain/area-permissions';
import { parseAuthStatus } from '@/domain/auth';
import type { PermissionId } from '@/domain/permissions';
import ConsciousnessPage from '@/features/consciousness/components/ConsciousnessPage';
import { STATUS_KEY } from '@/features/consciousness/model/stream';
import HybridDashboardPage from '@/features/hybrid/components/HybridDashboardPage';
import { HYBRID_STATUS_KEY } from '@/features/hybrid/model/hybrid';
import { STATE_KEY } from '@/features/presence-mood/api/presence-api';
import PresenceMoodScreen from '@/features/presence-mood/components/PresenceMoodScreen';
import { MemoryPanel } from '@/features/memory';
import MemoryDashboardScreen from '@/features/memory-dashboard/components/MemoryDashboardScreen';
import { SleepModeScreen } from '@/features/sleep/components/SleepModeScreen';
import SyncControlScreen from '@/features/sync-control/components/SyncControlScreen';
import SystemFeaturesScreen from '@/features/system-features/components/SystemFeaturesScreen';
import { authStatusQueryKey } from '@/lib/auth-session';
import {
  AUTHENTICATED_USER,
  json,
  renderWithProviders,
  stubFetch,
  testQueryClient,
} from '../helpers/client';

afterEach(cleanup);

const PLAIN_USER = { ...AUTHENTICATED_USER, permissions: ['chat', 'screen_settings'] };
const REFUSED = () => json({ error: 'Permission required' }, 403);

interface Screen {
  name: string;
  element: ReactElement;
  /** The permission its area needs (domain/area-permissions.ts; system features: one per call). */
  permission?: PermissionId;
  /** The calls of the screen's area (each answers a 403 here, as the server does). */
  area: string[];
  /** Something the device kept from before, under the screen's own key (where a test has one). */
  kept?: { key: readonly unknown[]; value: object };
  /** The screen's other calls, which the account may use. */
  allowed?: Parameters<typeof stubFetch>[0];
  denied: string;
  /** What the screen said for the refusal before (the words a refusal must not get). */
  notThese: RegExp;
}

const SCREENS: Screen[] = [
  {
    name: 'the consciousness stream',
    permission: 'consciousness',
    element: <ConsciousnessPage />,
    area: ['/api/consciousness/status', '/api/consciousness/data', '/api/consciousness/config'],
    kept: {
      key: STATUS_KEY,
      value: {
        isStreaming: true,
        lastUpdate: null,
        dataPointsCollected: 7,
        updateInterval: 3_600_000,
        recentInsights: [],
      },
    },
    denied: 'The consciousness stream needs the consciousness permission.',
    notThese: /cannot be read now|Update Now|Offline/,
  },
  {
    name: 'the hybrid protocol dashboard',
    permission: 'consciousness',
    element: <HybridDashboardPage />,
    area: ['/api/hybrid-protocol-status'],
    kept: {
      key: HYBRID_STATUS_KEY,
      value: {
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
          lastEvolutionTimestamp: null,
        },
      },
    },
    denied: 'The hybrid protocol dashboard needs the consciousness permission.',
    notThese: /Offline|Online|unavailable|Protocol v1\.0|42%/,
  },
  {
    name: 'the mood engine monitor',
    permission: 'presence_engine',
    element: <PresenceMoodScreen />,
    area: ['/api/presence/state'],
    kept: {
      key: STATE_KEY,
      value: {
        mood: 'restless',
        target_mood: 'calm',
        mood_confidence: 0.6,
        engine_version: '1.0.0',
        age_ticks: 3,
        uptime_seconds: 200,
        last_tick_at: null,
        events: [],
        drift_history: [],
        cycle: 'running',
        next_tick_at: null,
      },
    },
    denied: 'The mood engine monitor needs the presence engine permission.',
    notThese: /Failed to fetch presence state|Retry|Loading presence state|Engine version/,
  },
  {
    name: 'sleep mode',
    permission: 'system_control',
    element: <SleepModeScreen pushCard={null} />,
    area: ['/api/sleep-mode/status'],
    denied: 'Sleep mode is for the owner and admins. Ask the owner for access.',
    notThese: /cannot be reached|AWAKE|SLEEPING/,
  },
  {
    name: 'sync control',
    permission: 'system_control',
    element: <SyncControlScreen />,
    area: ['/api/weekly-sync/status'],
    denied: 'Sync control is for the owner and administrators (system control).',
    notThese: /could not be read|Offline|Try Again/,
  },
  {
    name: 'the memory dashboard',
    permission: 'memory_threading',
    element: <MemoryDashboardScreen />,
    area: ['/api/memory/stats', '/api/memory/context'],
    denied: 'The memory dashboard needs the memory threading permission.',
    notThese: /could not be read|Offline|Try Again/,
  },
  {
    name: 'system features (its system tree, console and mirror sync parts)',
    element: <SystemFeaturesScreen />,
    area: [
      '/api/presence-system-tree/status',
      '/api/manual-console/status',
      '/api/mirror-sync/status',
    ],
    allowed: {
      'GET /api/fallback-system/status': () =>
        json({ primary_provider: 'local', current_provider: 'local', providers_available: [] }),
    },
    denied: 'You do not have access to this part.',
    notThese: /not answering|You are offline/,
  },
];

SCREENS.push({
  name: 'the chat’s memory lattice panel',
  permission: 'memory_threading',
  element: <MemoryPanel />,
  area: ['/api/memory-lattice/status', '/api/memory-lattice/search'],
  denied: 'The memory lattice needs the memory threading permission.',
  // Its New Memory and search would only be refused.
  notThese: /Memory status unavailable|New Memory|Search/,
});

function server(status: object, area: string[], allowed: Screen['allowed'] = {}) {
  const routes: Parameters<typeof stubFetch>[0] = {
    ...allowed,
    'GET /api/auth/status': () => json(status),
  };
  for (const path of area) routes[`GET ${path}`] = REFUSED;
  return stubFetch(routes);
}

const askedAny = (fetchMock: ReturnType<typeof stubFetch>, area: string[]) =>
  fetchMock.mock.calls.some(([input]) => area.some((path) => String(input).endsWith(path)));

function render(element: ReactElement, queryClient = testQueryClient()) {
  return renderWithProviders(<MemoryRouter>{element}</MemoryRouter>, queryClient);
}

it('each screen’s area needs the permission its notice names (the shared table)', () => {
  for (const s of SCREENS) {
    if (!s.permission) continue;
    for (const path of s.area) expect(readPermissionOf(path), path).toBe(s.permission);
  }
});

describe("rule 'a refusal is not a failure'", () => {
  for (const s of SCREENS) {
    describe(s.name, () => {
      it('known from the auth status: says which permission, asks nothing, shows nothing kept', async () => {
        const fetchMock = server(PLAIN_USER, s.area, s.allowed);
        const queryClient = testQueryClient();
        queryClient.setQueryData(authStatusQueryKey, parseAuthStatus(PLAIN_USER));
        if (s.kept) queryClient.setQueryData(s.kept.key, s.kept.value);
        render(s.element, queryClient);
        expect((await screen.findAllByText(s.denied)).length).toBeGreaterThan(0);
        await waitFor(() => expect(queryClient.isFetching()).toBe(0));
        expect(askedAny(fetchMock, s.area)).toBe(false);
        expect(document.body.textContent).not.toMatch(s.notThese);
      });

      it('the status still on its way (a page opened before it came): asks nothing meanwhile', async () => {
        const fetchMock = server(PLAIN_USER, s.area, s.allowed);
        const { queryClient } = render(s.element);
        expect((await screen.findAllByText(s.denied)).length).toBeGreaterThan(0);
        await waitFor(() => expect(queryClient.isFetching()).toBe(0));
        expect(askedAny(fetchMock, s.area)).toBe(false);
      });

      it('a status without a list: the server’s 403 says it', async () => {
        const fetchMock = server(AUTHENTICATED_USER, s.area, s.allowed);
        render(s.element);
        expect((await screen.findAllByText(s.denied)).length).toBeGreaterThan(0);
        expect(askedAny(fetchMock, s.area)).toBe(true);
        expect(document.body.textContent).not.toMatch(s.notThese);
      });
    });
  }
});
