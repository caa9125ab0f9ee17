// The sync control's status (spec 002 §3 "Weekly sync status", §4) read into a checked shape, and the
// screen's decisions as plain functions: the labels, when the triggers are disabled, and how durations
// and times read. A field missing or of another kind is refused, never guessed at.

export const WEEKLY_SYNC_BASE = '/api/weekly-sync';
export const WEEKLY_SYNC_STATUS_URL = `${WEEKLY_SYNC_BASE}/status`;
export const BLOOM_SYNC_TRIGGER_URL = '/api/bloom-sync/trigger';
/** Spec 002 §9: the weekly sync status is polled every 3 s. */
export const SYNC_POLL_MS = 3_000;

export type SyncKind = 'weekly' | 'bloom';
export type SyncAction = 'start' | 'stop' | 'trigger' | 'bloom';

export interface SyncRunView {
  id: string;
  kind: SyncKind;
  trigger: string;
  status: 'completed' | 'failed' | 'interrupted';
  startedAt: string;
  finishedAt: string | null;
  durationMs: number | null;
  steps: { name: string; detail: string }[];
  error: string | null;
}

export interface WeeklySyncStatus {
  enabled: boolean;
  syncing: boolean;
  nextSyncDay: string;
  nextSyncTime: string;
  nextSyncAt: string | null;
  lastSync: string | null;
  timeZone: string | null;
  weeklyConfig: { syncType: string; durationMinutes: number | null; includes: string[] };
  bloomConfig: { description: string; durationRangeMinutes: [number, number] | null };
  current: { kind: SyncKind; trigger: string; startedAt: string } | null;
  recentRuns: SyncRunView[];
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const isString = (value: unknown): value is string => typeof value === 'string';
const isStringOrNull = (value: unknown): value is string | null =>
  value === null || isString(value);
const isCount = (value: unknown): value is number =>
  typeof value === 'number' && Number.isFinite(value) && value >= 0;
const isKind = (value: unknown): value is SyncKind => value === 'weekly' || value === 'bloom';

function parseRun(value: unknown): SyncRunView | null {
  if (!isRecord(value)) return null;
  const { id, kind, trigger, status, startedAt, finishedAt, durationMs, steps, error } = value;
  if (!isString(id) || !isKind(kind) || !isString(trigger) || !isString(startedAt)) return null;
  if (status !== 'completed' && status !== 'failed' && status !== 'interrupted') return null;
  if (!isStringOrNull(finishedAt) || !isStringOrNull(error)) return null;
  if (durationMs !== null && !isCount(durationMs)) return null;
  if (!Array.isArray(steps)) return null;
  const parsedSteps = steps.filter(
    (step): step is { name: string; detail: string } =>
      isRecord(step) && isString(step.name) && isString(step.detail),
  );
  return {
    id,
    kind,
    trigger,
    status,
    startedAt,
    finishedAt,
    durationMs,
    steps: parsedSteps.map(({ name, detail }) => ({ name, detail })),
    error,
  };
}

export function parseWeeklySyncStatus(json: unknown): WeeklySyncStatus | null {
  if (!isRecord(json)) return null;
  const { enabled, syncing, nextSyncDay, nextSyncTime, nextSyncAt, lastSync } = json;
  const { weeklyConfig, bloomConfig, current, recentRuns, timeZone } = json;
  if (typeof enabled !== 'boolean' || typeof syncing !== 'boolean') return null;
  if (!isString(nextSyncDay) || !isString(nextSyncTime)) return null;
  if (!isStringOrNull(nextSyncAt) || !isStringOrNull(lastSync)) return null;
  if (!isRecord(weeklyConfig) || !isRecord(bloomConfig)) return null;
  const { syncType, durationMinutes, includes } = weeklyConfig;
  if (!isString(syncType) || !(durationMinutes === null || isCount(durationMinutes))) return null;
  if (!Array.isArray(includes) || !includes.every(isString)) return null;
  const { description, durationRangeMinutes: range } = bloomConfig;
  if (!isString(description)) return null;
  let durationRangeMinutes: [number, number] | null = null;
  if (range !== null) {
    if (!Array.isArray(range) || range.length !== 2 || !range.every(isCount)) return null;
    durationRangeMinutes = [range[0] as number, range[1] as number];
  }
  let parsedCurrent: WeeklySyncStatus['current'] = null;
  if (current !== null && current !== undefined) {
    if (!isRecord(current) || !isKind(current.kind)) return null;
    if (!isString(current.trigger) || !isString(current.startedAt)) return null;
    parsedCurrent = { kind: current.kind, trigger: current.trigger, startedAt: current.startedAt };
  }
  const runs = Array.isArray(recentRuns) ? recentRuns.map(parseRun) : [];
  return {
    enabled,
    syncing,
    nextSyncDay,
    nextSyncTime,
    nextSyncAt,
    lastSync,
    timeZone: isString(timeZone) ? timeZone : null,
    weeklyConfig: { syncType, durationMinutes, includes: [...includes] },
    bloomConfig: { description, durationRangeMinutes },
    current: parsedCurrent,
    recentRuns: runs.filter((run): run is SyncRunView => run !== null),
  };
}

/** Rule: daemonLabel. Spec 002 §4: the daemon is Active or Inactive. */
export function daemonLabel(enabled: boolean): 'Active' | 'Inactive' {
  return enabled ? 'Active' : 'Inactive';
}

/** Rule: stateLabel. Spec 002 §4: the current state is Syncing or Idle. */
export function stateLabel(syncing: boolean): 'Syncing' | 'Idle' {
  return syncing ? 'Syncing' : 'Idle';
}

/**
 * Rule: triggersDisabled. Spec 002 §4: the manual and bloom triggers are disabled while syncing; also
 * while a command is on its way, or when the server cannot be reached (a trigger is now or never).
 */
export function triggersDisabled(input: {
  syncing: boolean;
  pending: boolean;
  reachable: boolean;
}): boolean {
  return input.syncing || input.pending || !input.reachable;
}

/** Rule: durationText. The measured minutes, or that nothing is measured yet (never a made-up figure). */
export function durationText(minutes: number | null): string {
  if (minutes === null) return 'Not measured yet';
  return `${minutes} ${minutes === 1 ? 'minute' : 'minutes'}`;
}

/** Rule: durationRangeText. '1 minute', '1–3 minutes', or not measured yet. */
export function durationRangeText(range: [number, number] | null): string {
  if (range === null) return 'Not measured yet';
  const [min, max] = range;
  return min === max ? durationText(min) : `${min}–${max} minutes`;
}

/** Rule: whenText. An ISO time as the owner's zone reads it, or the fallback when there is none. */
export function whenText(
  iso: string | null,
  timeZone: string | undefined,
  fallback: string,
): string {
  if (iso === null) return fallback;
  const at = Date.parse(iso);
  if (Number.isNaN(at)) return fallback;
  return new Intl.DateTimeFormat('en-US', {
    weekday: 'short',
    month: 'short',
    day: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    timeZone,
  }).format(at);
}
