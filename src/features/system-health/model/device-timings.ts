// This device's load and cold-start timings as the Performance page lists them, from the browser's
// Performance API (navigation and paint timing) and the app's own marks (lib/perf-marks.ts). Pure: the
// page hands in what the browser has; a figure the browser did not measure is null, never 0.
import { PERF_MARKS } from '@/lib/perf-marks';

/** The fields of PerformanceNavigationTiming the page reads (all ms from the load's start). */
export interface NavigationLike {
  type: string;
  startTime: number;
  responseStart: number;
  domContentLoadedEventEnd: number;
  loadEventEnd: number;
  workerStart: number;
}

export interface TimelineEntry {
  name: string;
  startTime: number;
}

export interface DeviceTimingRow {
  id: string;
  label: string;
  /** Milliseconds from the start of the page load, or null when not measured. */
  ms: number | null;
}

export interface DeviceTimings {
  /** navigate, reload, back_forward, prerender; null when the browser has no navigation timing. */
  type: string | null;
  /** Whether a service worker answered the page's own request (null: unknown). */
  servedByWorker: boolean | null;
  rows: DeviceTimingRow[];
}

const positive = (value: number | undefined): number | null =>
  typeof value === 'number' && Number.isFinite(value) && value > 0 ? value : null;

const APP_MARKS: readonly { id: string; label: string }[] = [
  { id: PERF_MARKS.snapshotPainted, label: 'Opening snapshot painted' },
  { id: PERF_MARKS.appStart, label: 'App code started' },
  { id: PERF_MARKS.appRendered, label: 'First screen rendered' },
  { id: PERF_MARKS.firstScreenPainted, label: 'First screen painted' },
];

/**
 * Rule 'device timings': time to first byte (responseStart − startTime), DOMContentLoaded and load
 * (their events' ends), first paint and first contentful paint, then the app's marks, each in ms from
 * the load's start; a 0 (the event has not happened, or the browser does not say) is not measured.
 */
export function deviceTimings(input: {
  navigation: NavigationLike | null;
  paints: readonly TimelineEntry[];
  marks: readonly TimelineEntry[];
}): DeviceTimings {
  const { navigation: nav, paints, marks } = input;
  const paint = (name: string) => positive(paints.find((entry) => entry.name === name)?.startTime);
  const mark = (name: string) => positive(marks.find((entry) => entry.name === name)?.startTime);
  const ttfb =
    nav && positive(nav.responseStart) !== null ? nav.responseStart - nav.startTime : null;
  return {
    type: nav?.type ?? null,
    servedByWorker: nav ? nav.workerStart > 0 : null,
    rows: [
      { id: 'ttfb', label: 'Time to first byte', ms: ttfb },
      {
        id: 'dcl',
        label: 'DOMContentLoaded',
        ms: nav ? positive(nav.domContentLoadedEventEnd) : null,
      },
      { id: 'load', label: 'Load', ms: nav ? positive(nav.loadEventEnd) : null },
      { id: 'fp', label: 'First paint', ms: paint('first-paint') },
      { id: 'fcp', label: 'First contentful paint', ms: paint('first-contentful-paint') },
      ...APP_MARKS.map(({ id, label }) => ({ id, label, ms: mark(id) })),
    ],
  };
}

/** The navigation type in words. */
export function navigationTypeText(type: string | null): string {
  switch (type) {
    case 'navigate':
      return 'opened';
    case 'reload':
      return 'reloaded';
    case 'back_forward':
      return 'back or forward';
    case 'prerender':
      return 'prerendered';
    default:
      return 'how it was opened is not known';
  }
}
