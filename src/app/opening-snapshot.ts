// The opening snapshot (docs/chat-client.md, "Cold start"): on a chat path of a device that is logged
// in, today's newest messages painted straight from the device store, before the app's code (React,
// the router, Dexie: most of the first load) is downloaded and run. The owner sees the day at once;
// the app's first render replaces it with the real screen moments later.
import { AUTH_FLAG_KEYS } from '@/domain/auth';
import { paintOpeningSnapshot, readOpeningSnapshot } from '@/features/chat/snapshot';
import { markOnce, PERF_MARKS } from '@/lib/perf-marks';
import { isChatPath } from './chat-paths';

/** The app's code waits at most this long for the snapshot (a safety net: it takes ms). */
export const SNAPSHOT_WAIT_MAX_MS = 120;

/** The snapshot is for the chat of a device that is logged in: the screens the app opens at once. */
export function shouldPaintSnapshot(start: { pathname: string; localLogin: boolean }): boolean {
  return start.localLogin && isChatPath(start.pathname);
}

function hasLocalLoginFlag(): boolean {
  try {
    return localStorage.getItem(AUTH_FLAG_KEYS.auth) === 'true';
  } catch {
    return false; // Storage can be blocked outright: then the app decides, as without a snapshot.
  }
}

/**
 * Reads and paints the snapshot when there is one to paint. Resolves once it is painted, once there
 * is nothing to paint, or after SNAPSHOT_WAIT_MAX_MS, whichever is first; never rejects. The app's
 * code is loaded after it, so that the device store's answers are not queued behind that work.
 */
export function showOpeningSnapshot(root: HTMLElement, now: number = Date.now()): Promise<void> {
  if (
    typeof indexedDB === 'undefined' ||
    !shouldPaintSnapshot({ pathname: location.pathname, localLogin: hasLocalLoginFlag() })
  ) {
    return Promise.resolve();
  }
  const painted = readOpeningSnapshot(indexedDB, now).then((snapshot) => {
    if (!snapshot) return;
    // Still empty unless the app got there first (after the wait ran out): then it has the say.
    // The mark only when it really painted: the Performance page shows it as the snapshot's time.
    if (paintOpeningSnapshot(root, snapshot, now)) {
      markOnce(PERF_MARKS.snapshotPainted);
    } else if (root.childElementCount > 0) {
      // Read, but after the app's first render (a slow device store): on the page's timeline for
      // whoever looks into a start that showed no snapshot.
      markOnce(PERF_MARKS.snapshotTooLate);
    }
  });
  const deadline = new Promise<void>((resolve) => setTimeout(resolve, SNAPSHOT_WAIT_MAX_MS));
  return Promise.race([painted, deadline]);
}
