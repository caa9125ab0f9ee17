// What a source hands the collection: entries to add (each with the key that makes it the same fact as
// an earlier one), or why it added nothing (not configured, skipped for a reason).
import type { EntryType } from '../consciousness-store';

export interface Candidate {
  key: string;
  type: EntryType;
  content: string;
  source: string;
  /**
   * The feeling to read instead of the content's own (VADER compound, -1 to 1): the sentiment entry
   * carries the owner's feeling, not that of the sentence describing it.
   */
  compound?: number;
  /** The text whose feeling is read when it says more than the content (a headline and its summary). */
  feelingText?: string;
}

export type SourceAnswer =
  | { kind: 'entries'; candidates: Candidate[]; emptyReason?: string }
  | { kind: 'skipped'; reason: string }
  | { kind: 'not-configured'; reason: string };

/** Day ids (yyyy-MM-dd) apart, for "in 27 days". */
export function daysBetween(fromDay: string, toDay: string): number {
  const parse = (day: string) => {
    const [y, m, d] = day.split('-').map(Number) as [number, number, number];
    return Date.UTC(y, m - 1, d);
  };
  return Math.round((parse(toDay) - parse(fromDay)) / 86_400_000);
}

/** "27 Nov" in the owner's zone. */
export function shortDate(at: number | Date, timeZone: string): string {
  return new Intl.DateTimeFormat('en-GB', { timeZone, day: 'numeric', month: 'short' }).format(at);
}

/** "06:52" in the owner's zone. */
export function clockTime(at: number | Date, timeZone: string): string {
  return new Intl.DateTimeFormat('en-GB', {
    timeZone,
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(at);
}

export function inDays(days: number): string {
  if (days <= 0) return 'today';
  if (days === 1) return 'tomorrow';
  return `in ${days} days`;
}
