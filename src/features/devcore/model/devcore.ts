// The maintenance monitor's card (spec 000 §2.2, §3.2, §4, §9): its status as the server gives it, the
// metric colour rule, and the texts.

/** Spec 000 §9: the maintenance poll. */
export const DEVCORE_POLL_MS = 30_000;
export const DEVCORE_STATUS_URL = '/api/devcore/status';
export const DEVCORE_STATUS_KEY = [DEVCORE_STATUS_URL] as const;

export const DEVCORE_ACTIONS = ['manual-scan', 'emergency-halt', 'emergency-restore'] as const;
export type DevcoreAction = (typeof DEVCORE_ACTIONS)[number];

export const METRIC_KEYS = [
  'conversationAccuracy',
  'emotionalResonance',
  'responseQuality',
  'userSatisfaction',
  'adaptationSuccess',
] as const;
export type MetricKey = (typeof METRIC_KEYS)[number];

export interface DevcoreStatus {
  active: boolean;
  uptime: number;
  lastScan: string | null;
  /** Each 0 to 100, or null while there is nothing to measure yet. */
  evolutionMetrics: Record<MetricKey, number | null>;
  scan: { ok: boolean; problems: string[] } | null;
}

export const DEVCORE_TEXT = {
  title: 'DevCore',
  version: 'v1.6',
  active: 'ACTIVE',
  inactive: 'INACTIVE',
  unavailable: 'DevCore system status unavailable',
  manualScan: 'Manual Scan',
  emergencyHalt: 'Emergency Halt',
  emergencyRestore: 'Emergency Restore',
  uptime: 'Uptime',
  lastScan: 'Last scan',
  never: 'Never',
  metricsTitle: 'Evolution metrics',
  notMeasured: 'Not measured yet',
  adminOnly: 'Only admins can scan, halt or restore.',
  lastKnown: 'Last known status: the server cannot be reached.',
  scanClean: 'All data files checked: no problems.',
  actionFailed: 'DevCore action failed',
} as const;

export const METRIC_LABELS: Record<MetricKey, string> = {
  conversationAccuracy: 'Conversation Accuracy',
  emotionalResonance: 'Emotional Resonance',
  responseQuality: 'Response Quality',
  userSatisfaction: 'User Satisfaction',
  adaptationSuccess: 'Adaptation Success',
};

export type MetricColour = 'green' | 'yellow' | 'red';

/** Spec 000 §9: 85 or more green, 70 or more yellow, otherwise red. */
export function metricColour(value: number): MetricColour {
  if (value >= 85) return 'green';
  if (value >= 70) return 'yellow';
  return 'red';
}

/** Seconds as '3d 4h', '2h 13m', '5m' or '42s': the two largest units. */
export function formatUptime(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  const days = Math.floor(s / 86_400);
  const hours = Math.floor((s % 86_400) / 3_600);
  const minutes = Math.floor((s % 3_600) / 60);
  if (days > 0) return `${days}d ${hours}h`;
  if (hours > 0) return `${hours}h ${minutes}m`;
  if (minutes > 0) return `${minutes}m`;
  return `${s}s`;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const metricOf = (value: unknown): number | null =>
  typeof value === 'number' && Number.isFinite(value) ? Math.max(0, Math.min(100, value)) : null;

/** The server's answer, checked: anything else is no data (the card then says it is unavailable). */
export function parseDevcoreStatus(raw: unknown): DevcoreStatus | null {
  if (!isRecord(raw) || typeof raw.active !== 'boolean' || typeof raw.uptime !== 'number')
    return null;
  const metrics = isRecord(raw.evolutionMetrics) ? raw.evolutionMetrics : {};
  const scan = isRecord(raw.scan) ? raw.scan : null;
  return {
    active: raw.active,
    uptime: raw.uptime,
    lastScan: typeof raw.lastScan === 'string' ? raw.lastScan : null,
    evolutionMetrics: Object.fromEntries(
      METRIC_KEYS.map((key) => [key, metricOf(metrics[key])]),
    ) as Record<MetricKey, number | null>,
    scan:
      scan && typeof scan.ok === 'boolean'
        ? {
            ok: scan.ok,
            problems: Array.isArray(scan.problems)
              ? scan.problems.filter((p): p is string => typeof p === 'string')
              : [],
          }
        : null,
  };
}
