// The sync control's rules as plain functions (docs/sync-control.md): when the weekly deep sync is due
// (Sunday 03:00 in TIME_ZONE, croner), the durations the status shows (measured, rounded up to whole
// minutes), which power states let the weekly run happen, and the chat phrase that starts a bloom sync.
import { nextFiringAfter } from '../schedule/schedule-rules';
import type { PowerState } from '../power/power-rules';
import type { SyncRun } from './weekly-sync-store';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/** Spec 002 §9: the weekly deep sync is Sunday 3 AM (in TIME_ZONE). */
export const WEEKLY_PATTERN = '0 3 * * 0';
export const WEEKLY_DAY = 'Sunday';
export const WEEKLY_TIME = '03:00';
/** The bloom sync consolidates what the last day added. */
export const BLOOM_WINDOW_MS = 24 * HOUR;
/** durationRangeMinutes is read from the newest bloom runs. */
export const BLOOM_RUNS_MEASURED = 20;
/** The chat phrase (spec 002 §2: the voice command 'bloom sync'). */
export const BLOOM_PHRASE = 'bloom sync';

/** Rule: nextWeeklySyncAfter. The first Sunday 03:00 in the zone strictly after `after`. */
export function nextWeeklySyncAfter(after: number, timeZone: string): number {
  return nextFiringAfter(WEEKLY_PATTERN, after, timeZone);
}

/** Rule: wholeMinutes. A measured duration in minutes, rounded up (a run of 2 s reads as 1 minute). */
export function wholeMinutes(ms: number): number {
  return Math.max(1, Math.ceil(ms / MINUTE));
}

/**
 * Rule: weeklyDurationMinutes. The measured duration of the newest completed weekly run, rounded up;
 * null before the first (nothing measured, nothing invented).
 */
export function weeklyDurationMinutes(runs: readonly SyncRun[]): number | null {
  const last = [...runs]
    .reverse()
    .find((run) => run.kind === 'weekly' && run.status === 'completed' && run.durationMs !== null);
  return last ? wholeMinutes(last.durationMs!) : null;
}

/**
 * Rule: bloomDurationRange. [shortest, longest] of the newest BLOOM_RUNS_MEASURED completed bloom runs,
 * each rounded up to whole minutes; null before the first.
 */
export function bloomDurationRange(runs: readonly SyncRun[]): [number, number] | null {
  const measured = runs
    .filter((run) => run.kind === 'bloom' && run.status === 'completed' && run.durationMs !== null)
    .slice(-BLOOM_RUNS_MEASURED)
    .map((run) => wholeMinutes(run.durationMs!));
  if (measured.length === 0) return null;
  return [Math.min(...measured), Math.max(...measured)];
}

/**
 * Rule: weeklyRunsIn. The scheduled weekly run happens only while Kiri is awake: sleep pauses learning
 * (spec 002 §4) and deep pause stops everything; a run that fell due meanwhile happens once she wakes.
 */
export function weeklyRunsIn(state: PowerState): boolean {
  return state === 'awake';
}

/** Rule: manualSyncAllowedIn. A button, the API or the chat may start a sync unless in deep pause. */
export function manualSyncAllowedIn(state: PowerState): boolean {
  return state !== 'deep-pause';
}

/**
 * Rule: isBloomSyncPhrase. The whole message is 'bloom sync', in any case, with surrounding spaces and
 * end punctuation ignored ('Bloom sync!', ' bloom  SYNC. '). A sentence that mentions it is not a command.
 */
export function isBloomSyncPhrase(text: string): boolean {
  if (text.length > 64) return false;
  const words = text
    .toLowerCase()
    .replace(/[.!?,;:…\s]+$/u, '')
    .trim()
    .split(/\s+/u);
  return words.join(' ') === BLOOM_PHRASE;
}
