// THE route table (spec 000 §2.1 and 002 §2): every path and alias, each mapped to its screen. Every
// screen is code-split; the chat's code starts downloading before the app is evaluated when the page
// opens on it (chat-route.ts), and its frame (ChatSkeleton) paints should it arrive after the first
// render. Admin-only screens sit behind the admin guard.
import { Suspense, type ReactNode } from 'react';
import type { RouteObject } from 'react-router';
import { AdminGuard } from '@/features/auth/components/AdminGuard';
import { ChatSkeleton } from '@/features/chat/components/ChatSkeleton';
import { lazyComponent } from '@/lib/lazy-component';
import { CHAT_PATHS, ChatScreen } from './chat-route';
import { RootLayout, RouteError } from './RootLayout';

const SimpleChat = lazyComponent(() => import('@/features/chat/components/SimpleChatScreen'));

const NotBuilt = lazyComponent(() => import('./screens/NotBuiltRoute'));
const NotFound = lazyComponent(() => import('./screens/NotFoundScreen'));
const MobileTest = lazyComponent(() => import('@/features/mobile-test/components/MobileTestPage'));
const DebugAuth = lazyComponent(() => import('@/features/auth/components/DebugAuthPage'));
const ForceLogin = lazyComponent(() => import('@/features/auth/components/ForceLoginPage'));
const ScreenSettings = lazyComponent(
  () => import('@/features/screen-settings/components/ScreenSettingsPage'),
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
const SystemFeatures = lazyComponent(
  () => import('@/features/system-features/components/SystemFeaturesScreen'),
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
  /** A stand-in saying 'not built' (src/domain/screen-build.ts lists these paths for the server). */
  notBuilt?: true;
}

/** A screen a later issue builds: it names its area and says plainly that it is not built. */
function notBuilt(paths: readonly string[], title: string, purpose?: string): ScreenEntry {
  return { paths, title, element: <NotBuilt title={title} purpose={purpose} />, notBuilt: true };
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
  notBuilt(['/build-rundown'], 'Build Rundown', 'Build history summary.'),
  notBuilt(['/detailed-builds'], 'Detailed Builds', 'The detailed build list.'),
  notBuilt(['/systems', '/systems-overview'], 'Systems Overview'),
  { paths: ['/generosity'], title: 'Generosity Engine', element: <Generosity /> },
  {
    paths: ['/screen-settings', '/settings/screen'],
    title: 'Screen Settings',
    element: <ScreenSettings />,
  },
  {
    paths: ['/browser-bubble-settings'],
    title: 'Browser Bubble Settings',
    element: <BrowserBubbleSettings />,
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
  notBuilt(['/memory-dashboard', '/memory', '/settings/memory-logs'], 'Memory Threading Dashboard'),
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
  notBuilt(['/settings/system-health'], 'System Health'),
  notBuilt(['/settings/error-logs'], 'Error Logs'),
  notBuilt(['/settings/performance'], 'Performance'),
  notBuilt(['/settings/monitoring'], 'Monitoring'),
  notBuilt(['/settings/analytics'], 'Analytics'),
];

export const NOT_FOUND_ROUTE_ID = 'not-found';

export const routes: RouteObject[] = [
  {
    id: 'root',
    element: <RootLayout />,
    errorElement: <RouteError />,
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
