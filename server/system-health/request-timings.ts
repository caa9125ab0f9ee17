// The samples behind the Performance page's server timings: a fixed ring of the newest TIMING_CAPACITY
// requests (route pattern, end time, duration), in memory only (a restart starts it empty). record() is
// O(1): it overwrites the oldest slot; summary() reads the ring when the page asks.
import {
  summarizeTimings,
  TIMING_CAPACITY,
  TIMING_WINDOW_MS,
  type RouteTiming,
  type TimingSample,
} from './timing-rules';

export interface TimingSummary {
  windowMinutes: number;
  /** Requests in the window, every route. */
  total: number;
  routes: RouteTiming[];
}

export class RequestTimings {
  private readonly routes: string[];
  private readonly ends: Float64Array;
  private readonly durations: Float64Array;
  private next = 0;
  private size = 0;

  constructor(private readonly capacity = TIMING_CAPACITY) {
    this.routes = new Array<string>(capacity);
    this.ends = new Float64Array(capacity);
    this.durations = new Float64Array(capacity);
  }

  record(route: string, at: number, ms: number): void {
    this.routes[this.next] = route;
    this.ends[this.next] = at;
    this.durations[this.next] = ms;
    this.next = (this.next + 1) % this.capacity;
    if (this.size < this.capacity) this.size += 1;
  }

  /** Every sample kept, oldest first. */
  *samples(): Generator<TimingSample> {
    const start = (this.next - this.size + this.capacity) % this.capacity;
    for (let i = 0; i < this.size; i++) {
      const slot = (start + i) % this.capacity;
      yield { route: this.routes[slot]!, at: this.ends[slot]!, ms: this.durations[slot]! };
    }
  }

  summary(now: number, windowMs = TIMING_WINDOW_MS): TimingSummary {
    const routes = summarizeTimings(this.samples(), now, windowMs);
    return {
      windowMinutes: windowMs / 60_000,
      total: routes.reduce((sum, row) => sum + row.count, 0),
      routes,
    };
  }
}
