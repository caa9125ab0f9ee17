// What this device says about itself: persistent storage, the storage estimate, and the Performance API's
// entries. Every API is feature-detected (Safari 16 and WebKitGTK without its Storage API have no
// navigator.storage at all: docs/webkit.md); a missing one reads as null, never as a made-up figure.
import type { NavigationLike, TimelineEntry } from '../model/device-timings';

export interface DeviceStorage {
  /** true / false as the browser answers; null where it cannot be asked. */
  persisted: boolean | null;
  /** Bytes used and the quota, or null where the browser gives no estimate. */
  estimate: { usage: number; quota: number } | null;
}

export async function readDeviceStorage(): Promise<DeviceStorage> {
  const storage = typeof navigator === 'undefined' ? undefined : navigator.storage;
  let persisted: boolean | null = null;
  let estimate: DeviceStorage['estimate'] = null;
  if (storage && typeof storage.persisted === 'function') {
    persisted = await storage.persisted().catch(() => null);
  }
  if (storage && typeof storage.estimate === 'function') {
    const answer = await storage.estimate().catch(() => null);
    if (answer && typeof answer.usage === 'number' && typeof answer.quota === 'number') {
      estimate = { usage: answer.usage, quota: answer.quota };
    }
  }
  return { persisted, estimate };
}

function entries(type: string): PerformanceEntry[] {
  if (typeof performance === 'undefined' || typeof performance.getEntriesByType !== 'function') {
    return [];
  }
  try {
    return performance.getEntriesByType(type);
  } catch {
    return [];
  }
}

export function readTimeline(): {
  navigation: NavigationLike | null;
  paints: TimelineEntry[];
  marks: TimelineEntry[];
  /** When this page load began (ms since the epoch), or null. */
  startedAt: number | null;
} {
  const nav = entries('navigation')[0] as PerformanceNavigationTiming | undefined;
  const pick = (list: PerformanceEntry[]) =>
    list.map((entry) => ({ name: entry.name, startTime: entry.startTime }));
  const origin =
    typeof performance !== 'undefined' && typeof performance.timeOrigin === 'number'
      ? performance.timeOrigin
      : null;
  return {
    navigation: nav
      ? {
          type: nav.type,
          startTime: nav.startTime,
          responseStart: nav.responseStart,
          domContentLoadedEventEnd: nav.domContentLoadedEventEnd,
          loadEventEnd: nav.loadEventEnd,
          workerStart: nav.workerStart,
        }
      : null,
    paints: pick(entries('paint')),
    marks: pick(entries('mark')),
    startedAt: origin,
  };
}
