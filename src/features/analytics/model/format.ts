// How the Analytics and Monitoring pages write their figures: durations, days, hours, latency bins and
// providers. Plain functions, the same for a chart's axis and its table.
import { DEVICE_PROVIDER_NAME, LOCAL_PROVIDER_NAME, UNKNOWN_PROVIDER_NAME } from './texts';

/** What a table shows where there is no figure (no reply to time). */
export const NO_FIGURE = '–';

/**
 * Rule 'a duration reads in the unit that suits it': 850 ms, 1.5 s, 12 s, 2 min 5 s, 25 min, 3 h 10 min.
 * Rounded to the unit shown; null (nothing to measure) is a dash.
 */
export function formatDuration(ms: number | null): string {
  if (ms === null || !Number.isFinite(ms)) return NO_FIGURE;
  if (ms < 1_000) return `${Math.round(ms)} ms`;
  if (ms < 9_950) return `${(ms / 1_000).toFixed(1).replace(/\.0$/, '')} s`;
  const seconds = Math.round(ms / 1_000);
  if (seconds < 60) return `${seconds} s`;
  if (seconds < 600) {
    const rest = seconds % 60;
    return rest === 0 ? `${seconds / 60} min` : `${Math.floor(seconds / 60)} min ${rest} s`;
  }
  const minutes = Math.round(seconds / 60);
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  return rest === 0 ? `${hours} h` : `${hours} h ${rest} min`;
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** 'yyyy-MM-dd' (a day in the owner's zone, as the server named it) as 'Jan 15'. */
export function dayLabel(day: string): string {
  const [, month, date] = day.split('-').map(Number) as [number, number, number];
  return `${MONTHS[month - 1] ?? '?'} ${date}`;
}

/** An hour of the owner's clock, 0 to 23, as '09:00'. */
export function hourLabel(hour: number): string {
  return `${String(hour).padStart(2, '0')}:00`;
}

/** A latency bin: 'under 1 s', '1 s to 3 s', '1 h or more'. */
export function binLabel(fromMs: number, toMs: number | null): string {
  if (toMs === null) return `${formatDuration(fromMs)} or more`;
  if (fromMs === 0) return `under ${formatDuration(toMs)}`;
  return `${formatDuration(fromMs)} to ${formatDuration(toMs)}`;
}

/** A latency bin on a chart's axis, where room is short: '<1 s', '1 s–3 s', '≥1 h'. */
export function binShortLabel(fromMs: number, toMs: number | null): string {
  if (toMs === null) return `≥${formatDuration(fromMs)}`;
  if (fromMs === 0) return `<${formatDuration(toMs)}`;
  return `${formatDuration(fromMs)}–${formatDuration(toMs)}`;
}

/** A provider on a chart's axis: a word; the table beside it says it in full. */
export function providerShortLabel(provider: string): string {
  if (provider === 'local') return 'Local';
  if (provider === 'device') return 'Device';
  if (provider === 'unknown') return 'Unknown';
  return provider;
}

/** Who wrote a reply, in words: the server's own engine, the device, one not recorded, or a provider's name. */
export function providerLabel(provider: string): string {
  if (provider === 'local') return LOCAL_PROVIDER_NAME;
  if (provider === 'device') return DEVICE_PROVIDER_NAME;
  if (provider === 'unknown') return UNKNOWN_PROVIDER_NAME;
  return provider;
}

/** A count with its noun: '1 reply', '3 replies'. */
export function countOf(count: number, one: string, many: string): string {
  return `${count} ${count === 1 ? one : many}`;
}
