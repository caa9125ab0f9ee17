// How long Kiri "types" before each part of a split reply appears (spec 000 §3.3 splitMessageTimings).

export const MIN_SPLIT_DELAY_MS = 700;
export const MAX_SPLIT_DELAY_MS = 4_000;
const MS_PER_CHARACTER = 30;

/** The pause before a later part of a reply appears: longer parts take longer to "type". */
export function splitDelayMs(text: string): number {
  const natural = MIN_SPLIT_DELAY_MS + text.length * MS_PER_CHARACTER;
  return Math.min(MAX_SPLIT_DELAY_MS, natural);
}

/** One delay per part, each relative to the part before it; the first part appears at once. */
export function splitTimings(parts: readonly string[]): number[] {
  return parts.map((part, index) => (index === 0 ? 0 : splitDelayMs(part)));
}

/** When each part should appear, given when the reply arrived. */
export function revealTimes(arrivedAt: number, timings: readonly number[]): number[] {
  let at = arrivedAt;
  return timings.map((delay) => (at += Math.max(0, delay)));
}
