// The sleep mode calls (spec 002 §7), over the shared request helper.
import { errorMessage, serverMessageFrom } from '@/domain/errors';
import { ApiError, apiRequest, isApiError } from '@/lib/api';
import {
  SLEEP_STATUS_URL,
  parseSleepStatus,
  transitionUrl,
  type SleepStatus,
  type Transition,
} from '../model/status';

export const SLEEP_STATUS_KEY = [SLEEP_STATUS_URL] as const;
export const VOICE_WAKE_URL = '/api/sleep-mode/voice-wake';

export async function fetchSleepStatus({ signal }: { signal?: AbortSignal }): Promise<SleepStatus> {
  const res = await apiRequest('GET', SLEEP_STATUS_URL, undefined, { signal });
  if (res.status === 429) throw new ApiError(429, res.statusText, '');
  const status = parseSleepStatus(await res.json().catch(() => null));
  if (!status) throw new Error('Unexpected answer from the server');
  return status;
}

/** A 429 comes back from the helper as an answer: for a command it is a failure. */
async function post(url: string, body?: unknown): Promise<unknown> {
  const res = await apiRequest('POST', url, body);
  if (res.status === 429) throw new ApiError(429, res.statusText, 'Too many requests');
  return res.json().catch(() => ({}));
}

/** POST …/enable, /disable, /deep-pause, /resume-all, with no body. */
export function postTransition(transition: Transition): Promise<unknown> {
  return post(transitionUrl(transition));
}

/** POST …/voice-wake {command}: the phrase heard. Answers {message}. */
export async function postVoiceWake(command: string): Promise<string | null> {
  const answer = (await post(VOICE_WAKE_URL, { command })) as { message?: unknown } | null;
  return typeof answer?.message === 'string' ? answer.message : null;
}

/** A failure in words: the server's own message when it sent one, else what went wrong. */
export function failureText(error: unknown): string {
  if (isApiError(error)) return serverMessageFrom(error.bodyText) ?? error.message;
  if (error instanceof TypeError) return 'The server cannot be reached.';
  return errorMessage(error);
}
