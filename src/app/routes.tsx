// THE route table (spec 000 §2.1 and 002 §2): every path and alias, each mapped to its screen. Every
// screen is code-split; the chat's code starts downloading before the app is evaluated when the page
// opens on it (chat-route.ts), and its frame (ChatSkeleton) paints should it arrive after the first
// render. Admin-only screens sit behind the admin guard.
import { Suspense, type ReactNode } from 'react';
import { matchRoutes, type RouteObject } from 'react-router';
import { AdminGuard } from '@/features/auth/components/AdminGuard';
import { ChatSkeleton } from '@/features/chat/components/ChatSkeleton';
import { lazyComponent } from '@/lib/lazy-component';
import { CHAT_PATHS, ChatScreen } from './chat-route';
import type { RouteHandle } from './AppLayout';
import { RootLayout } from './RootLayout';

const SimpleChat = lazyComponent(() => import('@/features/chat/components/SimpleChatScreen'));

const NotFound = lazyComponent(() => import('./screens/NotFoundScreen'));
const MobileTest = lazyComponent(() => import('@/features/mobile-test/components/MobileTestPage'));
const DebugAuth = lazyComponent(() => import('@/features/auth/components/DebugAuthPage'));
const ForceLogin = lazyComponent(() => import('@/features/auth/components/ForceLoginPage'));
const ScreenSettings = lazyComponent(
  () => import('@/features/screen-settings/components/ScreenSettingsPage'),
);
const DeviceHistory = lazyComponent(
  () => import('@/features/device-history/components/DeviceHistoryPage'),
);
const ErrorTest = lazyComponent(() => import('./screens/ErrorTestRoute'));
const SleepMode = lazyComponent(() => import('./screens/SleepModeRoute'));
const UserRestriction = lazyComponent(
  () => import('@/features/admin/components/UserRestrictionScreen'),
);
const BrowserBubbleSettings = lazyComponent(
  () => import('@/features/browser-tasks/components/BrowserBubbleSettingsScreen'),
);
const CoreSystems = lazyComponent(
  () => import('@/features/core-systems/components/CoreSystemsPage'),
);
const Consciousness = lazyComponent(
  () => import('@/features/consciousness/components/ConsciousnessPage'),
);
const WhisperBridge = lazyComponent(
  () => import('@/features/whisperbridge/components/WhisperBridgeScreen'),
);
const MirrorBridge = lazyComponent(() => import('./screens/MirrorBridgeRoute'));
const PresenceHub = lazyComponent(
  () => import('@/features/presence-hub/components/PresenceHubOverview'),
);
const PresenceHubConsole = lazyComponent(
  () => import('@/features/presence-hub/components/PresenceHubConsole'),
);
const SyncControl = lazyComponent(
  () => import('@/features/sync-control/components/SyncControlScreen'),
);
const Scanbot = lazyComponent(() => import('@/features/scanbot/components/ScanbotScreen'));
const MemoryDashboard = lazyComponent(
  () => import('@/features/memory-dashboard/components/MemoryDashboardScreen'),
);
const Console = lazyComponent(() => import('./screens/ConsoleRoute'));
const HybridDashboard = lazyComponent(
  () => import('@/features/hybrid/components/HybridDashboardPage'),
);
const PersonalitySettings = lazyComponent(
  () => import('@/features/personality/components/PersonalitySettingsScreen'),
);
const PresenceMood = lazyComponent(
  () => import('@/features/presence-mood/components/PresenceMoodScreen'),
);
const Monitoring = lazyComponent(() => import('@/features/analytics/components/MonitoringScreen'));
const Analytics = lazyComponent(() => import('@/features/analytics/components/AnalyticsScreen'));
const SystemFeatures = lazyComponent(
  () => import('@/features/system-features/components/SystemFeaturesScreen'),
);
const SystemHealth = lazyComponent(
  () => import('@/features/system-health/components/SystemHealthScreen'),
);
const ErrorLogs = lazyComponent(
  () => import('@/features/system-health/components/ErrorLogsScreen'),
);
const Performance = lazyComponent(
  () => import('@/features/system-health/components/PerformanceScreen'),
);
const BuildRundown = lazyComponent(
  () => import('@/features/build-history/components/BuildRundownScreen'),
);
const DetailedBuilds = lazyComponent(
  () => import('@/features/build-history/components/DetailedBuildsScreen'),
);
const SystemsOverview = lazyComponent(
  () => import('@/features/build-history/components/SystemsOverviewScreen'),
);
const Generosity = lazyComponent(() => import('@/features/generosity/components/GenerosityScreen'));
const TaskManager = lazyComponent(
  () => import('@/features/task-manager/components/TaskManagerScreen'),
);
const Infrastructure = lazyComponent(
  () => import('@/features/infrastructure/components/InfrastructureScreen'),
);

export interface ScreenEntry {
  /** The first path is the screen's own; the others are aliases. */
  paths: readonly string[];
  title: string;
  element: ReactNode;
  /** The screen draws its own header (and safe-area insets): the app frame leaves its own out. */
  ownHeader?: boolean;
}

function adminOnly(entry: ScreenEntry, offerRelogin = false): ScreenEntry {
  return {
    ...entry,
    element: <AdminGuard offerRelogin={offerRelogin}>{entry.element}</AdminGuard>,
  };
}

export const SCREENS: readonly ScreenEntry[] = [
  {
    paths: CHAT_PATHS,
    title: 'Chat',
    element: (
      <Suspense fallback={<ChatSkeleton />}>
        <ChatScreen />
      </Suspense>
    ),
    ownHeader: true,
  },
  {
    paths: ['/home', '/simple-mobile'],
    title: 'Simple Chat',
    element: <SimpleChat />,
    ownHeader: true,
  },
  { paths: ['/mobile-test'], title: 'Mobile Test', element: <MobileTest /> },
  { paths: ['/consciousness'], title: 'Consciousness Stream', element: <Consciousness /> },
  {
    paths: ['/hybrid-dashboard'],
    title: 'Hybrid Protocol Dashboard',
    element: <HybridDashboard />,
  },
  { paths: ['/core-systems'], title: 'Core Systems', element: <CoreSystems /> },
  // Linked from a features panel; the spec does not show its content: the dashboard, explained.
  { paths: ['/core-systems-demo'], title: 'Core Systems', element: <CoreSystems demo /> },
  { paths: ['/system-features'], title: 'System Features', element: <SystemFeatures /> },
  // Reading the tone-sync pairs needs mirror_bridge (admins hold every permission); changing them,
  // system_control, which the page checks itself (docs/whisperbridge.md).
  {
    paths: ['/whisperbridge'],
    title: 'WhisperBridge Lite',
    element: (
      <AdminGuard permission="mirror_bridge">
        <WhisperBridge />
      </AdminGuard>
    ),
  },
  // The bridge reads the server's disk and writes the owner's conversation: system_control, as its API
  // (docs/mirror-bridge.md).
  {
    paths: ['/mirror-bridge'],
    title: 'Mirror Bridge',
    element: (
      <AdminGuard permission="system_control">
        <MirrorBridge />
      </AdminGuard>
    ),
  },
  {
    paths: ['/sleep-mode', '/settings/sleep'],
    title: 'Sleep Mode Control',
    element: <SleepMode />,
  },
  // The weekly deep sync and the bloom sync (docs/sync-control.md): its API needs system_control, and the
  // page says so itself to an account without it.
  { paths: ['/sync-control'], title: 'Sync Control', element: <SyncControl /> },
  // ScanBot writes files into DATA_DIR on its own: system_control, as its API (docs/scanbot.md).
  {
    paths: ['/scanbot-control'],
    title: 'ScanBot Auto-Repair',
    element: (
      <AdminGuard permission="system_control">
        <Scanbot />
      </AdminGuard>
    ),
  },
  adminOnly(
    {
      paths: ['/console', '/manual-console'],
      title: 'Manual Console',
      element: <Console />,
    },
    true,
  ),
  { paths: ['/presencehub', '/presence-hub'], title: 'Presence Hub', element: <PresenceHub /> },
  // Admin only (spec 002 §6); its API is system_control, the admin group's (docs/presence-hub.md).
  adminOnly({
    paths: ['/presence-hub-console'],
    title: 'Presence Hub Console',
    element: <PresenceHubConsole />,
  }),
  {
    paths: ['/personality-settings', '/settings/personality', '/settings/self-mod'],
    title: 'Personality Tone Settings',
    element: <PersonalitySettings />,
  },
  { paths: ['/presence'], title: 'Mood Engine Monitor', element: <PresenceMood /> },
  // Build history, seeded from CHANGELOG.md (docs/build-history.md): read by any account; its Add, Edit
  // and Remove show for those with system_control, as its API checks.
  { paths: ['/build-rundown'], title: 'Build Rundown', element: <BuildRundown /> },
  { paths: ['/detailed-builds'], title: 'Detailed Builds', element: <DetailedBuilds /> },
  {
    paths: ['/systems', '/systems-overview'],
    title: 'Systems Overview',
    element: <SystemsOverview />,
  },
  { paths: ['/generosity'], title: 'Generosity Engine', element: <Generosity /> },
  {
    paths: ['/screen-settings', '/settings/screen'],
    title: 'Screen Settings',
    element: <ScreenSettings />,
  },
  // Export and import of this device's history (issue 21, docs/backup.md): the device's own data, for anyone.
  { paths: ['/settings/data'], title: 'Your Data', element: <DeviceHistory /> },
  {
    paths: ['/browser-bubble-settings'],
    title: 'Browser Bubble Settings',
    element: <BrowserBubbleSettings />,
  },
  // The memory dashboard (docs/memory-dashboard.md): the chat's own memory lattice; memory_threading.
  {
    paths: ['/memory-dashboard', '/memory', '/settings/memory-logs'],
    title: 'Memory Threading Dashboard',
    element: <MemoryDashboard />,
  },
  // An info page: the feature is disabled, nothing runs (docs/infrastructure.md "Task manager").
  { paths: ['/hydra-tasks', '/settings/hydra'], title: 'Task Manager', element: <TaskManager /> },
  // The machine's read-only status: 'infrastructure', as its API (docs/infrastructure.md).
  {
    paths: ['/infrastructure', '/metrics'],
    title: 'Infrastructure Status',
    element: (
      <AdminGuard permission="infrastructure">
        <Infrastructure />
      </AdminGuard>
    ),
  },
  { paths: ['/debug-auth'], title: 'Authentication Debug', element: <DebugAuth /> },
  { paths: ['/force-login'], title: 'Authentication Issue', element: <ForceLogin /> },
  {
    paths: ['/user-restriction-mode'],
    title: 'User Restriction Mode',
    element: (
      <AdminGuard permission="user_management">
        <UserRestriction />
      </AdminGuard>
    ),
  },
  // For those who control the system, like the server's /api/error-test it calls (system_control, which
  // admins hold: docs/screen-settings.md).
  {
    paths: ['/error-test'],
    title: 'Error Handling Test Dashboard',
    element: (
      <AdminGuard permission="system_control">
        <ErrorTest />
      </AdminGuard>
    ),
  },
  // Linked from the settings sidebar (spec 000 §2.1): a page of their own rather than a 404.
  // The device half of each is for anyone; the server half asks the server, which checks its own
  // permission (infrastructure; the server's errors, system_control) (docs/settings-health.md).
  { paths: ['/settings/system-health'], title: 'System Health', element: <SystemHealth /> },
  { paths: ['/settings/error-logs'], title: 'Error Logs', element: <ErrorLogs /> },
  { paths: ['/settings/performance'], title: 'Performance', element: <Performance /> },
  // The viewer's own conversation in charts, uPlot loaded with these two pages only (docs/analytics.md).
  { paths: ['/settings/monitoring'], title: 'Monitoring', element: <Monitoring /> },
  { paths: ['/settings/analytics'], title: 'Analytics', element: <Analytics /> },
];

export const NOT_FOUND_ROUTE_ID = 'not-found';

export const routes: RouteObject[] = [
  {
    id: 'root',
    element: <RootLayout routeHandle={routeHandle} />,
    children: [
      ...SCREENS.flatMap((screen) =>
        screen.paths.map((path): RouteObject => ({
          id: path,
          path,
          element: screen.element,
          handle: { title: screen.title, ownHeader: screen.ownHeader === true },
        })),
      ),
      {
        id: NOT_FOUND_ROUTE_ID,
        path: '*',
        element: <NotFound />,
        handle: { title: 'Page Not Found' },
      },
    ],
  },
];

/** The handle (title, own header) of the screen a path shows: the deepest route that matches it. */
export function routeHandle(pathname: string): RouteHandle | undefined {
  return matchRoutes(routes, pathname)?.at(-1)?.route.handle as RouteHandle | undefined;
}
