// Working out one day of a zone as a span of instants (a DayWindow), with Intl: what a start keeps so
// that the next one reads today's id without making a formatter (lib/start-clock.ts). Loaded after the
// first paint, not with the entry.
import { dayIdFromIntl, type DayWindow } from './day-session';

const HOUR_MS = 3_600_000;
/** Far beyond any day's length (23 to 25 hours, a zone's change of offset at most a day). */
const DAY_SEARCH_MS = 50 * HOUR_MS;
/** How densely a found day is checked to be one unbroken span. */
const DAY_CHECK_STEP_MS = 15 * 60_000;

/**
 * The day the instant falls in, in that zone, as the span of instants that share its id: found with
 * Intl (ids compare as text: `yyyy-MM-dd`), each end to the millisecond. Null when the zone's days do
 * not run forward there (a zone whose clock went back across midnight), or for a zone Intl refuses.
 */
export function dayWindowAt(instant: number, timeZone: string): DayWindow | null {
  try {
    const id = dayIdFromIntl(instant, timeZone);
    // The first instant with this id or a later one: before it, earlier ids only.
    let before = instant - DAY_SEARCH_MS;
    let start = instant;
    if (dayIdFromIntl(before, timeZone) >= id) return null;
    while (start - before > 1) {
      const middle = Math.floor((before + start) / 2);
      if (dayIdFromIntl(middle, timeZone) >= id) start = middle;
      else before = middle;
    }
    // The first instant with a later id.
    let last = instant;
    let end = instant + DAY_SEARCH_MS;
    if (dayIdFromIntl(end, timeZone) <= id) return null;
    while (end - last > 1) {
      const middle = Math.floor((last + end) / 2);
      if (dayIdFromIntl(middle, timeZone) > id) end = middle;
      else last = middle;
    }
    for (let at = start; at < end; at += DAY_CHECK_STEP_MS) {
      if (dayIdFromIntl(at, timeZone) !== id) return null;
    }
    if (dayIdFromIntl(end - 1, timeZone) !== id) return null;
    return { timeZone, id, start, end };
  } catch {
    return null;
  }
}
