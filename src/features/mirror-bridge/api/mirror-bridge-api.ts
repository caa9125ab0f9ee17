// The mirror bridge calls (spec 001 §7) over the shared request helper, and the last answers kept on
// the device for a panel opened offline (localStorage: the query cache keeps only queries whose last read
// succeeded, and offline the 5 s poll fails within seconds).
import { errorMessage, serverMessageFrom } from '@/domain/errors';
import { ApiError, apiRequest, getParsed, isApiError } from '@/lib/api';
import {
  actionUrl,
  MIRROR_LOGS_URL,
  MIRROR_STATUS_URL,
  parseBridgeLogs,
  parseBridgeStatus,
  type BridgeAction,
  type BridgeLogs,
  type BridgeStatus,
} from '../model/mirror-bridge';

export const MIRROR_STATUS_KEY = [MIRROR_STATUS_URL] as const;
export const MIRROR_LOGS_KEY = [MIRROR_LOGS_URL] as const;

export function fetchBridgeStatus({ signal }: { signal?: AbortSignal }): Promise<BridgeStatus> {
  return getParsed(MIRROR_STATUS_URL, parseBridgeStatus, signal);
}

export function fetchBridgeLogs({ signal }: { signal?: AbortSignal }): Promise<BridgeLogs> {
  return getParsed(MIRROR_LOGS_URL, parseBridgeLogs, signal);
}

/** POST start, stop or sync with no body; answers what the server said ({ imported } for a sync). */
export async function postBridgeAction(action: BridgeAction): Promise<{ imported?: number }> {
  const res = await apiRequest('POST', actionUrl(action));
  if (res.status === 429) throw new ApiError(429, res.statusText, 'Too many requests');
  return ((await res.json().catch(() => ({}))) ?? {}) as { imported?: number };
}

/** A failure in words: the server's own message when it sent one, else what went wrong. */
export function failureText(error: unknown): string {
  if (isApiError(error)) return serverMessageFrom(error.bodyText) ?? error.message;
  if (error instanceof TypeError) return 'The server cannot be reached.';
  return errorMessage(error);
}

export const KEPT_BRIDGE_KEY = 'kiri-mirror-bridge';

export interface KeptBridge {
  status?: BridgeStatus;
  logs?: BridgeLogs;
  /** When the server gave each (ms). */
  statusAt?: number;
  logsAt?: number;
}

function storage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

export function readKeptBridge(): KeptBridge {
  try {
    const raw = storage()?.getItem(KEPT_BRIDGE_KEY);
    if (!raw) return {};
    const kept = JSON.parse(raw) as Record<string, unknown>;
    const status = parseBridgeStatus(kept.status);
    const logs = parseBridgeLogs(kept.logs);
    return {
      ...(status && typeof kept.statusAt === 'number' ? { status, statusAt: kept.statusAt } : {}),
      ...(logs && typeof kept.logsAt === 'number' ? { logs, logsAt: kept.logsAt } : {}),
    };
  } catch {
    return {};
  }
}

/** Keeps the newest status or logs with their time. */
export function keepBridge(
  part: { status: BridgeStatus } | { logs: BridgeLogs },
  at: number,
): void {
  try {
    const next: KeptBridge = { ...readKeptBridge() };
    if ('status' in part) Object.assign(next, { status: part.status, statusAt: at });
    else Object.assign(next, { logs: part.logs, logsAt: at });
    storage()?.setItem(KEPT_BRIDGE_KEY, JSON.stringify(next));
  } catch {
    // Storage full or blocked: the panel then only has what this page read.
  }
}
