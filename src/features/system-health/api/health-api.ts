// The settings pages' server calls over the shared request helper (getParsed: an answer the parser
// cannot read is an error, never data), and the checked shapes of their answers.
import { getParsed } from '@/lib/api';

export const SYSTEM_HEALTH_URL = '/api/system-health';
export const SERVER_PERFORMANCE_URL = '/api/system-health/performance';
export const SERVER_ERRORS_URL = '/api/server-errors';

export const SYSTEM_HEALTH_KEY = [SYSTEM_HEALTH_URL] as const;
export const SERVER_PERFORMANCE_KEY = [SERVER_PERFORMANCE_URL] as const;
export const SERVER_ERRORS_KEY = [SERVER_ERRORS_URL] as const;

export interface StoreFileSize {
  name: string;
  file: string;
  bytes: number | null;
  journalBytes: number | null;
}

export interface ServerHealth {
  serverTime: string;
  startedAt: string;
  uptimeSeconds: number;
  node: string;
  memory: {
    rssBytes: number;
    heapUsedBytes: number;
    heapTotalBytes: number;
    externalBytes: number;
  };
  stores: StoreFileSize[];
  storesTotalBytes: number;
  lastSnapshot: { id: string; timestamp: string; description: string } | null;
}

export interface RouteTiming {
  route: string;
  count: number;
  p50Ms: number;
  p95Ms: number;
  maxMs: number;
}

export interface ServerPerformance {
  serverTime: string;
  windowMinutes: number;
  total: number;
  routes: RouteTiming[];
}

export interface ServerError {
  id: number;
  at: string;
  source: 'response' | 'log';
  status: number | null;
  route: string | null;
  message: string;
}

export interface ServerErrors {
  capacity: number;
  errors: ServerError[];
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const isNumber = (value: unknown): value is number =>
  typeof value === 'number' && Number.isFinite(value);
const isNumberOrNull = (value: unknown): value is number | null =>
  value === null || isNumber(value);
const isStringOrNull = (value: unknown): value is string | null =>
  value === null || typeof value === 'string';

function parseStore(value: unknown): StoreFileSize | null {
  if (!isRecord(value)) return null;
  const { name, file, bytes, journalBytes } = value;
  if (typeof name !== 'string' || typeof file !== 'string') return null;
  if (!isNumberOrNull(bytes) || !isNumberOrNull(journalBytes)) return null;
  return { name, file, bytes, journalBytes };
}

export function parseServerHealth(value: unknown): ServerHealth | null {
  if (!isRecord(value) || !isRecord(value.memory) || !Array.isArray(value.stores)) return null;
  const { serverTime, startedAt, uptimeSeconds, node, storesTotalBytes, lastSnapshot } = value;
  const m = value.memory;
  if (
    typeof serverTime !== 'string' ||
    typeof startedAt !== 'string' ||
    !isNumber(uptimeSeconds) ||
    typeof node !== 'string' ||
    !isNumber(storesTotalBytes) ||
    !isNumber(m.rssBytes) ||
    !isNumber(m.heapUsedBytes) ||
    !isNumber(m.heapTotalBytes) ||
    !isNumber(m.externalBytes)
  ) {
    return null;
  }
  let snapshot: ServerHealth['lastSnapshot'] = null;
  if (lastSnapshot !== null) {
    if (
      !isRecord(lastSnapshot) ||
      typeof lastSnapshot.id !== 'string' ||
      typeof lastSnapshot.timestamp !== 'string' ||
      typeof lastSnapshot.description !== 'string'
    ) {
      return null;
    }
    snapshot = {
      id: lastSnapshot.id,
      timestamp: lastSnapshot.timestamp,
      description: lastSnapshot.description,
    };
  }
  return {
    serverTime,
    startedAt,
    uptimeSeconds,
    node,
    memory: {
      rssBytes: m.rssBytes,
      heapUsedBytes: m.heapUsedBytes,
      heapTotalBytes: m.heapTotalBytes,
      externalBytes: m.externalBytes,
    },
    stores: value.stores.map(parseStore).filter((store): store is StoreFileSize => store !== null),
    storesTotalBytes,
    lastSnapshot: snapshot,
  };
}

function parseRoute(value: unknown): RouteTiming | null {
  if (!isRecord(value)) return null;
  const { route, count, p50Ms, p95Ms, maxMs } = value;
  if (typeof route !== 'string' || ![count, p50Ms, p95Ms, maxMs].every(isNumber)) return null;
  return {
    route,
    count: count as number,
    p50Ms: p50Ms as number,
    p95Ms: p95Ms as number,
    maxMs: maxMs as number,
  };
}

export function parseServerPerformance(value: unknown): ServerPerformance | null {
  if (!isRecord(value) || !Array.isArray(value.routes)) return null;
  const { serverTime, windowMinutes, total } = value;
  if (typeof serverTime !== 'string' || !isNumber(windowMinutes) || !isNumber(total)) return null;
  return {
    serverTime,
    windowMinutes,
    total,
    routes: value.routes.map(parseRoute).filter((row): row is RouteTiming => row !== null),
  };
}

function parseServerError(value: unknown): ServerError | null {
  if (!isRecord(value)) return null;
  const { id, at, source, status, route, message } = value;
  if (
    !isNumber(id) ||
    typeof at !== 'string' ||
    (source !== 'response' && source !== 'log') ||
    !isNumberOrNull(status) ||
    !isStringOrNull(route) ||
    typeof message !== 'string'
  ) {
    return null;
  }
  return { id, at, source, status, route, message };
}

export function parseServerErrors(value: unknown): ServerErrors | null {
  if (!isRecord(value) || !Array.isArray(value.errors) || !isNumber(value.capacity)) return null;
  return {
    capacity: value.capacity,
    errors: value.errors
      .map(parseServerError)
      .filter((entry): entry is ServerError => entry !== null),
  };
}

export const fetchServerHealth = ({ signal }: { signal?: AbortSignal }) =>
  getParsed(SYSTEM_HEALTH_URL, parseServerHealth, signal);
export const fetchServerPerformance = ({ signal }: { signal?: AbortSignal }) =>
  getParsed(SERVER_PERFORMANCE_URL, parseServerPerformance, signal);
export const fetchServerErrors = ({ signal }: { signal?: AbortSignal }) =>
  getParsed(SERVER_ERRORS_URL, parseServerErrors, signal);
