// What a page shows of its server half (docs/settings-health.md): the figures, the last ones known with
// the offline notice, a refusal, a failure, or a wait. Pure: the page hands in what it knows.
import { isRefusal } from '@/lib/api';

export type ServerHalfState = 'forbidden' | 'offline' | 'failed' | 'loading' | 'ready';

/**
 * Rule 'server half': without the permission (known, or refused with a 403) it is 'forbidden' and not
 * asked; offline or no answer at all (fetch's TypeError) it is 'offline' (the last figures stay, under
 * the notice); any other failure is 'failed'; before the first answer, 'loading'.
 */
export function serverHalfState(input: {
  permitted: boolean | null;
  online: boolean;
  hasData: boolean;
  error: unknown;
}): ServerHalfState {
  const { permitted, online, hasData, error } = input;
  if (permitted === false) return 'forbidden';
  if (isRefusal(error)) return 'forbidden';
  if (!online || error instanceof TypeError) return 'offline';
  if (error) return 'failed';
  return hasData ? 'ready' : 'loading';
}
