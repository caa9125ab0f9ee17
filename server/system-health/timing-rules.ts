// The server's request timings as the Performance page shows them (docs/settings-health.md): per route
// pattern, over the last TIMING_WINDOW_MS, the count, the median, the 95th percentile and the slowest.
// Pure functions; server/system-health/request-timings.ts keeps the samples.

/** The figures cover this long back from now. */
export const TIMING_WINDOW_MS = 15 * 60_000;
/** At most this many samples are kept (the oldest go first): a burst cannot grow the server's memory. */
export const TIMING_CAPACITY = 10_000;

export interface TimingSample {
  /** `METHOD /route/:pattern`: never a raw path, so no id and no query string. */
  route: string;
  /** When it ended, milliseconds since the epoch (the app's clock). */
  at: number;
  /** How long it took, in milliseconds. */
  ms: number;
}

export interface RouteTiming {
  route: string;
  count: number;
  p50Ms: number;
  p95Ms: number;
  maxMs: number;
}

/**
 * Rule 'percentile' (nearest rank): the smallest value with at least p % of the values at or below it;
 * `sorted` ascending and not empty. The 50th of [1, 2, 3, 4] is 2, the 95th of twenty values the 19th.
 */
export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) throw new RangeError('percentile of no values');
  const clamped = Math.min(100, Math.max(0, p));
  const rank = Math.max(1, Math.ceil((clamped / 100) * sorted.length));
  return sorted[rank - 1]!;
}

/** Milliseconds shown to a tenth (a request under a millisecond is not 0). */
export function roundMs(ms: number): number {
  return Math.round(ms * 10) / 10;
}

/**
 * Rule 'aggregation': the samples that ended within `windowMs` before `now` (inclusive; a sample from
 * the future, a clock set back, counts as now), grouped by route; each group's count, p50, p95 and max.
 * Sorted by count, most first, then by route.
 */
export function summarizeTimings(
  samples: Iterable<TimingSample>,
  now: number,
  windowMs = TIMING_WINDOW_MS,
): RouteTiming[] {
  const since = now - windowMs;
  const byRoute = new Map<string, number[]>();
  for (const sample of samples) {
    if (sample.at < since) continue;
    const list = byRoute.get(sample.route);
    if (list) list.push(sample.ms);
    else byRoute.set(sample.route, [sample.ms]);
  }
  const rows: RouteTiming[] = [];
  for (const [route, values] of byRoute) {
    values.sort((a, b) => a - b);
    rows.push({
      route,
      count: values.length,
      p50Ms: roundMs(percentile(values, 50)),
      p95Ms: roundMs(percentile(values, 95)),
      maxMs: roundMs(values[values.length - 1]!),
    });
  }
  return rows.sort((a, b) => b.count - a.count || (a.route < b.route ? -1 : 1));
}
