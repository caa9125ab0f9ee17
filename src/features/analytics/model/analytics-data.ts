// The two answers of /api/analytics (docs/analytics.md) read into checked shapes: the Analytics page's
// summary and the Monitoring page's last 24 hours. A field missing or of another kind is refused, never
// guessed at (the page then says it could not load, rather than drawing a wrong chart).

export const ANALYTICS_SUMMARY_URL = '/api/analytics/summary';
export const MONITORING_URL = '/api/analytics/monitoring';
/**
 * The Monitoring page reads again every minute: its figures are per hour, and a reply or a push shows
 * within a minute of happening (the spec names no interval for these pages).
 */
export const MONITORING_POLL_MS = 60_000;

import type { DayCounts, DayLatency, HourCounts, LatencyBin } from '@/domain/analytics-figures';

export type { DayCounts, DayLatency, HourCounts, LatencyBin };

export interface AnalyticsSummary {
  generatedAt: string;
  timeZone: string;
  days: number;
  from: string;
  to: string;
  messages: { days: DayCounts[]; hours: HourCounts[]; owner: number; kiri: number };
  latency: {
    days: DayLatency[];
    bins: LatencyBin[];
    replies: number;
    p50Ms: number | null;
    p90Ms: number | null;
    deviceReplies: number;
  };
  providers: { provider: string; replies: number }[];
  imported: number;
  log: { entries: number; cap: number; oldestAt: string | null };
}

export interface MonitoringFigures {
  messagesIn: number;
  repliesOut: number;
  latencyReplies: number;
  p50Ms: number | null;
  p95Ms: number | null;
  pushSent: number;
  pushFailed: number;
  pushExpired: number;
  deviceReplies: number;
}

export interface MonitoringHour extends MonitoringFigures {
  start: string;
  hour: number;
}

export interface Monitoring {
  generatedAt: string;
  timeZone: string;
  start: string;
  hours: MonitoringHour[];
  totals: MonitoringFigures;
}

type Row = Record<string, unknown>;

const isRecord = (value: unknown): value is Row =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const isString = (value: unknown): value is string => typeof value === 'string';
const isCount = (value: unknown): value is number =>
  typeof value === 'number' && Number.isInteger(value) && value >= 0;
const isMs = (value: unknown): value is number | null =>
  value === null || (typeof value === 'number' && Number.isFinite(value) && value >= 0);
const isHour = (value: unknown): value is number => isCount(value) && value < 24;

/** Every item read by `read`, or null when any is unreadable. */
function listOf<T>(value: unknown, read: (item: Row) => T | null): T[] | null {
  if (!Array.isArray(value)) return null;
  const out: T[] = [];
  for (const item of value) {
    const parsed = isRecord(item) ? read(item) : null;
    if (parsed === null) return null;
    out.push(parsed);
  }
  return out;
}

const dayCounts = ({ day, owner, kiri }: Row): DayCounts | null =>
  isString(day) && isCount(owner) && isCount(kiri) ? { day, owner, kiri } : null;

const hourCounts = ({ hour, owner, kiri }: Row): HourCounts | null =>
  isHour(hour) && isCount(owner) && isCount(kiri) ? { hour, owner, kiri } : null;

const dayLatency = ({ day, replies, p50Ms, p90Ms }: Row): DayLatency | null =>
  isString(day) && isCount(replies) && isMs(p50Ms) && isMs(p90Ms)
    ? { day, replies, p50Ms, p90Ms }
    : null;

const latencyBin = ({ fromMs, toMs, replies }: Row): LatencyBin | null =>
  isCount(fromMs) && (toMs === null || isCount(toMs)) && isCount(replies)
    ? { fromMs, toMs, replies }
    : null;

const providerUse = ({ provider, replies }: Row) =>
  isString(provider) && isCount(replies) ? { provider, replies } : null;

export function parseAnalyticsSummary(value: unknown): AnalyticsSummary | null {
  if (!isRecord(value)) return null;
  const { generatedAt, timeZone, days, from, to, messages, latency, providers, imported, log } =
    value;
  if (!isString(generatedAt) || !isString(timeZone) || !isCount(days)) return null;
  if (!isString(from) || !isString(to) || !isCount(imported)) return null;
  if (!isRecord(messages) || !isRecord(latency) || !isRecord(log)) return null;
  const dayRows = listOf(messages.days, dayCounts);
  const hourRows = listOf(messages.hours, hourCounts);
  const latencyDays = listOf(latency.days, dayLatency);
  const bins = listOf(latency.bins, latencyBin);
  const providerRows = listOf(providers, providerUse);
  if (!dayRows || !hourRows || !latencyDays || !bins || !providerRows) return null;
  if (!isCount(messages.owner) || !isCount(messages.kiri)) return null;
  const { replies, p50Ms, p90Ms, deviceReplies } = latency;
  if (!isCount(replies) || !isMs(p50Ms) || !isMs(p90Ms) || !isCount(deviceReplies)) return null;
  if (!isCount(log.entries) || !isCount(log.cap)) return null;
  if (log.oldestAt !== null && !isString(log.oldestAt)) return null;
  return {
    generatedAt,
    timeZone,
    days,
    from,
    to,
    messages: { days: dayRows, hours: hourRows, owner: messages.owner, kiri: messages.kiri },
    latency: { days: latencyDays, bins, replies, p50Ms, p90Ms, deviceReplies },
    providers: providerRows,
    imported,
    log: { entries: log.entries, cap: log.cap, oldestAt: log.oldestAt },
  };
}

function monitoringFigures(row: Row): MonitoringFigures | null {
  const { messagesIn, repliesOut, latencyReplies, p50Ms, p95Ms } = row;
  const { pushSent, pushFailed, pushExpired, deviceReplies } = row;
  const counts = [
    messagesIn,
    repliesOut,
    latencyReplies,
    pushSent,
    pushFailed,
    pushExpired,
    deviceReplies,
  ];
  if (!counts.every(isCount) || !isMs(p50Ms) || !isMs(p95Ms)) return null;
  return {
    messagesIn: messagesIn as number,
    repliesOut: repliesOut as number,
    latencyReplies: latencyReplies as number,
    p50Ms,
    p95Ms,
    pushSent: pushSent as number,
    pushFailed: pushFailed as number,
    pushExpired: pushExpired as number,
    deviceReplies: deviceReplies as number,
  };
}

const monitoringHour = (row: Row): MonitoringHour | null => {
  const figures = monitoringFigures(row);
  return figures && isString(row.start) && isHour(row.hour)
    ? { start: row.start, hour: row.hour, ...figures }
    : null;
};

export function parseMonitoring(value: unknown): Monitoring | null {
  if (!isRecord(value)) return null;
  const { generatedAt, timeZone, start, hours, totals } = value;
  if (!isString(generatedAt) || !isString(timeZone) || !isString(start)) return null;
  const rows = listOf(hours, monitoringHour);
  const sums = isRecord(totals) ? monitoringFigures(totals) : null;
  if (!rows || !sums) return null;
  return { generatedAt, timeZone, start, hours: rows, totals: sums };
}
