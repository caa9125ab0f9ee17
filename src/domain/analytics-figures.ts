// The leaf figures of the Analytics page (docs/analytics.md), the same on the server that counts them
// (server/analytics/analytics-rules.ts) and on the page that reads them (features/analytics/model).

/** Messages on one day of the owner's calendar (yyyy-MM-dd in TIME_ZONE). */
export interface DayCounts {
  day: string;
  owner: number;
  kiri: number;
}

/** Messages in one hour of the owner's day, 0 to 23, over the whole range. */
export interface HourCounts {
  hour: number;
  owner: number;
  kiri: number;
}

export interface DayLatency {
  day: string;
  /** Replies timed (device replies are not). */
  replies: number;
  p50Ms: number | null;
  p90Ms: number | null;
}

export interface LatencyBin {
  fromMs: number;
  /** Null for the last bin, which has no upper bound. */
  toMs: number | null;
  replies: number;
}
