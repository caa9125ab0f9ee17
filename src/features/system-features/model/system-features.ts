// The system features page's rules and texts (spec 001 §2 "System Features page", §3, §7, §9): the four
// calls and their polling, the answers read defensively (a newer server's extra fields are ignored,
// a missing one is absent, never guessed), the endpoint chips, the percentages and the ages.

export const TREE_URL = '/api/presence-system-tree/status';
export const CONSOLE_URL = '/api/manual-console/status';
export const FALLBACK_URL = '/api/fallback-system/status';
export const MIRROR_SYNC_URL = '/api/mirror-sync/status';

/** Spec 001 §9: 10 s for the system tree, 5 s for the manual console, the fallback and the mirror sync. */
export const POLL_MS = {
  tree: 10_000,
  console: 5_000,
  fallback: 5_000,
  mirror: 5_000,
} as const;
export type FeatureCall = keyof typeof POLL_MS;

export const CALL_URL: Record<FeatureCall, string> = {
  tree: TREE_URL,
  console: CONSOLE_URL,
  fallback: FALLBACK_URL,
  mirror: MIRROR_SYNC_URL,
};

export const TEXT = {
  title: 'System Features',
  back: 'Back to Chat',
  badge: 'v2.0',
  subtitle: 'Every system of Kiri, as the server reports it now.',
  totalSystems: 'Total Systems',
  activeSystems: 'Active Systems',
  consciousnessLevel: 'Consciousness Level',
  rollbackSnapshots: 'Rollback Snapshots',
  loading: 'Loading…',
  unavailable: 'Not available',
  offlineTitle: 'You are offline',
  unreachableTitle: 'The server is not answering',
  lastKnown: (when: string) => `Showing the last known values, read ${when}.`,
  nothingKnown: 'Nothing has been read from the server on this device yet.',
  denied: 'You do not have access to this part.',
  quickActions: 'Quick Actions',
  integration: 'Integration',
  noEndpoints: 'No endpoint mounted yet',
  version: 'Version',
  recentExecutions: 'Recent Executions',
  consoleNotBuilt: 'The manual console is not built yet',
  uploadedFiles: 'Uploaded Files',
  fileAttachment: 'File Attachment',
  enabled: 'Enabled',
  disabled: 'Disabled',
  sizeLimit: 'Size Limit',
  formats: 'Formats',
  fallbackProviders: 'Fallback Providers',
  primary: 'Primary',
  secondary: 'Secondary',
  current: 'Current',
  available: 'Available',
  none: 'None',
  mirrorSync: 'Mirror Sync',
  autoSync: 'Auto Sync',
  syncInterval: 'Sync Interval',
  notConfigured: 'Not configured',
  onEachExport: 'As each export lands',
  mirrorNotBuilt: 'The mirror bridge is not part of this server yet',
  lastUpdate: 'Last update',
  never: 'Never',
  every: (ms: number) => `every ${ms / 1000} s`,
} as const;

export const TABS = [
  { id: 'architecture', label: 'System Architecture' },
  { id: 'console', label: 'Manual Console' },
  { id: 'ai', label: 'AI Integration' },
  { id: 'realtime', label: 'Real-time Status' },
] as const;
export type TabId = (typeof TABS)[number]['id'];

export const QUICK_LINKS = [
  { to: '/core-systems', label: 'Core Systems' },
  { to: '/hybrid-dashboard', label: 'Hybrid Dashboard' },
  { to: '/mirror-bridge', label: 'Mirror Bridge' },
  { to: '/consciousness', label: 'Consciousness Stream' },
] as const;

export const SYSTEM_STATUSES = ['active', 'development', 'planned', 'vault'] as const;
export type SystemStatus = (typeof SYSTEM_STATUSES)[number];

export const STATUS_LABEL: Record<SystemStatus, string> = {
  active: 'Active',
  development: 'Development',
  planned: 'Planned',
  vault: 'Vault',
};

export interface TreeSystem {
  id: string;
  name: string;
  status: SystemStatus;
  description: string;
  integrationLevel: number;
  endpoints: string[];
  reason: string | null;
}

export interface TreeBranch {
  id: string;
  name: string;
  description: string;
  systems: TreeSystem[];
}

export interface SystemTree {
  totalSystems: number;
  activeSystems: number;
  /** 0 to 1. */
  consciousnessLevel: number;
  stageName: string | null;
  branches: TreeBranch[];
}

export interface ConsoleStatus {
  version: string;
  rollbackSnapshots: number;
  recentExecutions: number;
  /** False: recentExecutions is 0 because the console does not exist yet, not because nothing ran. */
  consoleBuilt: boolean;
  uploadedFiles: number;
  attachment: { enabled: boolean; limitMb: number; formats: string[] };
}

export interface FallbackStatus {
  primary: string;
  secondary: string | null;
  current: string;
  available: string[];
}

export interface MirrorSync {
  enabled: boolean;
  autoSync: boolean;
  intervalMinutes: number | null;
  configured: boolean | null;
  built: boolean | null;
}

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const isNumber = (value: unknown): value is number =>
  typeof value === 'number' && Number.isFinite(value);
const strings = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];
const isStatus = (value: unknown): value is SystemStatus =>
  typeof value === 'string' && (SYSTEM_STATUSES as readonly string[]).includes(value);

function parseSystem(value: unknown): TreeSystem | null {
  if (!isObject(value) || typeof value.name !== 'string' || !isStatus(value.status)) return null;
  return {
    id: typeof value.id === 'string' ? value.id : value.name,
    name: value.name,
    status: value.status,
    description: typeof value.description === 'string' ? value.description : '',
    integrationLevel: isNumber(value.integration_level) ? value.integration_level : 0,
    endpoints: strings(value.api_endpoints),
    reason: typeof value.status_reason === 'string' ? value.status_reason : null,
  };
}

export function parseSystemTree(value: unknown): SystemTree | null {
  if (!isObject(value) || !Array.isArray(value.branches)) return null;
  if (!isNumber(value.total_systems) || !isNumber(value.active_systems)) return null;
  if (!isNumber(value.consciousness_level)) return null;
  const branches: TreeBranch[] = [];
  for (const branch of value.branches) {
    if (!isObject(branch) || typeof branch.name !== 'string' || !Array.isArray(branch.systems)) {
      continue;
    }
    branches.push({
      id: typeof branch.id === 'string' ? branch.id : branch.name,
      name: branch.name,
      description: typeof branch.description === 'string' ? branch.description : '',
      systems: branch.systems.map(parseSystem).filter((s): s is TreeSystem => s !== null),
    });
  }
  const emergence = isObject(value.emergence) ? value.emergence : {};
  return {
    totalSystems: value.total_systems,
    activeSystems: value.active_systems,
    consciousnessLevel: value.consciousness_level,
    stageName: typeof emergence.stageName === 'string' ? emergence.stageName : null,
    branches,
  };
}

export function parseConsoleStatus(value: unknown): ConsoleStatus | null {
  if (!isObject(value) || !isObject(value.file_attachment)) return null;
  const attachment = value.file_attachment;
  if (!isNumber(value.rollback_snapshots) || !isNumber(value.uploaded_files)) return null;
  if (!isNumber(value.recent_executions)) return null;
  return {
    version: typeof value.version === 'string' ? value.version : '',
    rollbackSnapshots: value.rollback_snapshots,
    recentExecutions: value.recent_executions,
    // An older server without the flag: its 0 cannot be told from 'nothing ran', so take it as not built.
    consoleBuilt: value.console_built === true,
    uploadedFiles: value.uploaded_files,
    attachment: {
      enabled: attachment.enabled === true,
      limitMb: isNumber(attachment.upload_limit_MB) ? attachment.upload_limit_MB : 0,
      formats: strings(attachment.supported_formats),
    },
  };
}

export function parseFallbackStatus(value: unknown): FallbackStatus | null {
  if (!isObject(value) || typeof value.primary_provider !== 'string') return null;
  if (typeof value.current_provider !== 'string') return null;
  return {
    primary: value.primary_provider,
    secondary: typeof value.secondary_provider === 'string' ? value.secondary_provider : null,
    current: value.current_provider,
    available: strings(value.providers_available),
  };
}

export function parseMirrorSync(value: unknown): MirrorSync | null {
  if (!isObject(value) || typeof value.enabled !== 'boolean') return null;
  return {
    enabled: value.enabled,
    autoSync: value.auto_sync === true,
    intervalMinutes: isNumber(value.sync_interval_minutes) ? value.sync_interval_minutes : null,
    configured: typeof value.configured === 'boolean' ? value.configured : null,
    built: typeof value.built === 'boolean' ? value.built : null,
  };
}

/** Spec 001 §2: the first 2 endpoints as chips, then '+N more' for the rest. */
export const CHIPS_SHOWN = 2;

/** Rule: a system's endpoint chips are its first 2 endpoints, then '+N more' when there are more. */
export function endpointChips(
  endpoints: readonly string[],
  shown: number = CHIPS_SHOWN,
): { chips: string[]; more: string | null } {
  const rest = endpoints.length - shown;
  return { chips: endpoints.slice(0, shown), more: rest > 0 ? `+${rest} more` : null };
}

/** A 0 to 1 level as a whole percent: 0.234 → '23%'. */
export function levelPercent(level: number): string {
  return `${Math.round(Math.min(1, Math.max(0, level)) * 100)}%`;
}

/** Rule: how long ago a value was read: seconds under a minute, then minutes, hours, days. */
export function ageText(at: number, now: number): string {
  const seconds = Math.max(0, Math.round((now - at) / 1000));
  if (seconds < 60) return `${seconds} s ago`;
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `${minutes} min ago`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return `${hours} h ago`;
  return `${Math.floor(hours / 24)} d ago`;
}

/** Every system of the tree, with its branch, in the tree's order. */
export function allSystems(tree: SystemTree): TreeSystem[] {
  return tree.branches.flatMap((branch) => branch.systems);
}

/**
 * Rule: the mirror sync's interval as shown. A number is a timer; without one a configured bridge syncs
 * each export as it lands in the watch folder (server/system-tree/mirror-sync.ts), which is said so.
 */
export function syncIntervalLabel(
  sync: Pick<MirrorSync, 'intervalMinutes' | 'configured'>,
): string {
  if (sync.intervalMinutes !== null) return `${sync.intervalMinutes} min`;
  return sync.configured === true ? TEXT.onEachExport : TEXT.notConfigured;
}
