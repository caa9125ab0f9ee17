// The infrastructure page's answer (spec 002 "Infrastructure", §4) read into a checked shape, and the
// page's own rules: persistent storage on this device (the one feature the server cannot see), where it
// goes in the list, and how a status and a check time read. Plain functions (docs/infrastructure.md).

export const INFRASTRUCTURE_STATUS_URL = '/api/infrastructure/status';

export const FEATURE_STATUSES = ['ready', 'pending', 'disabled'] as const;
export type FeatureStatus = (typeof FEATURE_STATUSES)[number];

export interface FeatureDetail {
  name: string;
  status: FeatureStatus;
  reason: string;
}

export interface FeatureRow {
  id: string;
  name: string;
  status: FeatureStatus;
  reason: string;
  /** ISO: when it was checked (by the server, or on this device for storage). */
  checkedAt: string;
  details: FeatureDetail[];
}

export interface InfrastructureStatus {
  checkedAt: string;
  features: FeatureRow[];
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const isString = (value: unknown): value is string => typeof value === 'string';
export const isFeatureStatus = (value: unknown): value is FeatureStatus =>
  (FEATURE_STATUSES as readonly unknown[]).includes(value);

function parseDetail(value: unknown): FeatureDetail | null {
  if (!isRecord(value)) return null;
  const { name, status, reason } = value;
  return isString(name) && isFeatureStatus(status) && isString(reason)
    ? { name, status, reason }
    : null;
}

function parseFeature(value: unknown): FeatureRow | null {
  if (!isRecord(value)) return null;
  const { id, name, status, reason, checkedAt, details } = value;
  if (!isString(id) || !isString(name) || !isFeatureStatus(status)) return null;
  if (!isString(reason) || !isString(checkedAt) || !Array.isArray(details)) return null;
  const parsed = details.map(parseDetail);
  if (parsed.some((detail) => detail === null)) return null;
  return { id, name, status, reason, checkedAt, details: parsed as FeatureDetail[] };
}

export function parseInfrastructureStatus(json: unknown): InfrastructureStatus | null {
  if (!isRecord(json) || !isString(json.checkedAt) || !Array.isArray(json.features)) return null;
  const features = json.features.map(parseFeature);
  if (features.some((feature) => feature === null)) return null;
  return { checkedAt: json.checkedAt, features: features as FeatureRow[] };
}

export const STORAGE_FEATURE_ID = 'storage';

/**
 * Rule: storageStatusOf. navigator.storage.persisted() on this device: granted is ready; not granted
 * (yet) is pending, since the browser may still grant it; a browser without the Storage API cannot be
 * asked, so nothing keeps its data from being cleared: disabled.
 */
export function storageStatusOf(check: { supported: boolean; persisted: boolean }): {
  status: FeatureStatus;
  reason: string;
} {
  if (!check.supported) {
    return {
      status: 'disabled',
      reason:
        'This browser has no Storage API to ask with: it may clear Kiri’s data on this device when space runs low.',
    };
  }
  if (check.persisted) {
    return {
      status: 'ready',
      reason: 'This browser keeps Kiri’s data on this device (persistent storage granted).',
    };
  }
  return {
    status: 'pending',
    reason:
      'Not granted yet: the browser may clear this device’s data when space runs low. Safari grants it to the home-screen app; Chrome to an installed or often used site.',
  };
}

export interface StorageCheck {
  supported: boolean;
  persisted: boolean;
  checkedAt: string;
}

/** The storage feature's row, from a check made on this device. */
export function storageFeatureOf(check: StorageCheck): FeatureRow {
  return {
    id: STORAGE_FEATURE_ID,
    name: 'Persistent storage (this device)',
    ...storageStatusOf(check),
    checkedAt: check.checkedAt,
    details: [],
  };
}

/**
 * Rule: featureList. The server's features with this device's storage after HTTPS (the order:
 * push, providers, HTTPS, storage, backups, feeds, encryption); each part shown when known.
 */
export function featureList(
  server: readonly FeatureRow[] | undefined,
  storage: FeatureRow | undefined,
): FeatureRow[] {
  const rows = [...(server ?? [])];
  if (!storage) return rows;
  const https = rows.findIndex((row) => row.id === 'https');
  rows.splice(https === -1 ? rows.length : https + 1, 0, storage);
  return rows;
}

/** Rule: statusLabel. */
export function statusLabel(status: FeatureStatus): 'Ready' | 'Pending' | 'Disabled' {
  return status === 'ready' ? 'Ready' : status === 'pending' ? 'Pending' : 'Disabled';
}

/** Rule: statusCounts. How many features are in each state, for the summary line. */
export function statusCounts(rows: readonly FeatureRow[]): Record<FeatureStatus, number> {
  const counts: Record<FeatureStatus, number> = { ready: 0, pending: 0, disabled: 0 };
  for (const row of rows) counts[row.status] += 1;
  return counts;
}

/** Rule: checkedText. When a feature was checked, as the owner's zone reads it: 'Checked 14:05'. */
export function checkedText(iso: string, timeZone: string | undefined): string {
  const at = Date.parse(iso);
  if (Number.isNaN(at)) return 'Not checked';
  return `Checked ${new Intl.DateTimeFormat('en-US', {
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
    timeZone,
  }).format(at)}`;
}
