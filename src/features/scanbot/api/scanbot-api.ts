// ScanBot's calls (spec 002 §7 "Auto-repair tool") over the shared request helper.
import { errorMessage, serverMessageFrom } from '@/domain/errors';
import { ApiError, apiRequest, getParsed, isApiError } from '@/lib/api';
import {
  actionUrl,
  parseScanbotLogs,
  parseScanbotStatus,
  removeUrl,
  SCANBOT_LOGS_URL,
  SCANBOT_STATUS_URL,
  type ScanbotAction,
  type ScanbotStatus,
} from '../model/scanbot';

export const SCANBOT_STATUS_KEY = [SCANBOT_STATUS_URL] as const;
export const SCANBOT_LOGS_KEY = [SCANBOT_LOGS_URL] as const;

export function fetchScanbotStatus({ signal }: { signal?: AbortSignal }): Promise<ScanbotStatus> {
  return getParsed(SCANBOT_STATUS_URL, parseScanbotStatus, signal);
}

export function fetchScanbotLogs({ signal }: { signal?: AbortSignal }): Promise<string[]> {
  return getParsed(SCANBOT_LOGS_URL, parseScanbotLogs, signal);
}

async function answerOf(res: Response): Promise<Record<string, unknown>> {
  if (res.status === 429) throw new ApiError(429, res.statusText, 'Too many requests');
  return ((await res.json().catch(() => ({}))) ?? {}) as Record<string, unknown>;
}

/** POST scan, start or stop; a scan answers what it restored. */
export async function postScanbotAction(action: ScanbotAction): Promise<{ restored?: string[] }> {
  // start takes an optional interval; with none, the stored one is kept.
  const res = await apiRequest('POST', actionUrl(action), action === 'start' ? {} : undefined);
  return (await answerOf(res)) as { restored?: string[] };
}

export async function addWatchedFile(filename: string, autoFix: string): Promise<void> {
  await answerOf(
    await apiRequest('POST', '/api/scanbot/add-file', {
      filename,
      ...(autoFix === '' ? {} : { autoFix }),
    }),
  );
}

export async function removeWatchedFile(filename: string): Promise<void> {
  await answerOf(await apiRequest('DELETE', removeUrl(filename)));
}

/** A failure in words: the server's own message when it sent one, else what went wrong. */
export function failureText(error: unknown): string {
  if (isApiError(error)) return serverMessageFrom(error.bodyText) ?? error.message;
  if (error instanceof TypeError) return 'The server cannot be reached.';
  return errorMessage(error);
}
