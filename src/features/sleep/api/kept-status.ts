// The last status read from the server, kept in localStorage for a screen opened offline. The query
// cache's copy in IndexedDB is not enough: it keeps only queries whose last read succeeded, and offline
// the 3 s poll fails within seconds, so a reload offline would find nothing.
import { parseSleepStatus, type SleepStatus } from '../model/status';

export const KEPT_STATUS_KEY = 'kiri-sleep-status';

export interface KeptStatus {
  status: SleepStatus;
  /** When the server gave it (ms). */
  at: number;
}

function storage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

export function readKeptStatus(): KeptStatus | undefined {
  try {
    const raw = storage()?.getItem(KEPT_STATUS_KEY);
    if (!raw) return undefined;
    const kept = JSON.parse(raw) as { status?: unknown; at?: unknown };
    const status = parseSleepStatus(kept.status);
    return status && typeof kept.at === 'number' ? { status, at: kept.at } : undefined;
  } catch {
    return undefined;
  }
}

/** Written only when the status changed (the poll reads it every 3 s); the time then is its own. */
export function keepStatus(status: SleepStatus, at: number): void {
  try {
    const s = storage();
    const previous = readKeptStatus();
    if (previous && JSON.stringify(previous.status) === JSON.stringify(status)) {
      // Same status: only its time moves, and that is cheap enough to write now and then.
      if (at - previous.at < 60_000) return;
    }
    s?.setItem(KEPT_STATUS_KEY, JSON.stringify({ status, at }));
  } catch {
    // Storage full or blocked: the screen then only has what this page read.
  }
}
