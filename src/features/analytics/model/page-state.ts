// What the two pages show for the state of their read: the figures, a first load, a refusal, or a
// failure; and whether to say the server cannot be reached (offline: the last figures read stay on
// screen, from the persisted cache).
import { isRefusal } from '@/lib/api';

export type PageView = 'data' | 'loading' | 'failed' | 'denied';

export interface PageState {
  view: PageView;
  /** Say the server cannot be reached (the figures on screen, if any, are the last ones read). */
  offline: boolean;
  /** The figures on screen could not be read again for another reason (the server's error). */
  stale: boolean;
}

/**
 * Rule 'offline shows the last figures': a 403 is a refusal whatever is cached; offline (the browser
 * says so, or a request got no answer) keeps the figures read before, with the offline notice; any other
 * failure keeps them too and says they could not be refreshed, or, with none, offers to try again.
 */
export function pageStateOf({
  online,
  hasData,
  error,
}: {
  online: boolean;
  hasData: boolean;
  error: unknown;
}): PageState {
  if (isRefusal(error)) {
    return { view: 'denied', offline: false, stale: false };
  }
  const failed = error !== null && error !== undefined;
  const unreachable = !online || (failed && error instanceof TypeError);
  if (hasData) return { view: 'data', offline: unreachable, stale: failed && !unreachable };
  if (unreachable) return { view: 'failed', offline: true, stale: false };
  return { view: failed ? 'failed' : 'loading', offline: false, stale: false };
}
