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

/**
 * An answer that comes this long after its message was made is a catch-up: the message waited (it was
 * written offline and went out from the outbox later), so the owner is not watching Kiri type.
 */
export const CATCH_UP_AFTER_MS = 10_000;

/** Whether the answer to a message made at `askedAt` that arrived at `arrivedAt` is a catch-up. */
export function isCatchUpReply(askedAt: number, arrivedAt: number): boolean {
  return arrivedAt - askedAt > CATCH_UP_AFTER_MS;
}

export interface ReplyRevealInput {
  /** When the owner's message was made on the device. */
  askedAt: number;
  /** When its answer arrived. */
  arrivedAt: number;
  /** The answer's splitMessageTimings, one per part. */
  timings: readonly number[];
  /** The first part's text: its typing pause, when it has to wait for the reply before it. */
  firstPart: string;
  /** When Kiri's reply before it in the conversation shows its last part. */
  previousRevealAt?: number;
}

/**
 * When each part of a reply is shown. Only a live exchange is paced: the parts appear after their
 * split delays. A catch-up (see isCatchUpReply) is shown whole, at once, so a replayed burst of
 * replies appears immediately instead of being typed out one after another for minutes. Either way a
 * reply never shows before the reply ahead of it has shown its last part: a live one then starts
 * after that part and its own typing pause, a catch-up at that part's time.
 */
export function replyRevealTimes(input: ReplyRevealInput): number[] {
  const { askedAt, arrivedAt, timings, firstPart, previousRevealAt } = input;
  const behind = previousRevealAt !== undefined && previousRevealAt > arrivedAt;
  if (isCatchUpReply(askedAt, arrivedAt)) {
    const at = behind ? previousRevealAt : arrivedAt;
    return timings.map(() => at);
  }
  return revealTimes(behind ? previousRevealAt + splitDelayMs(firstPart) : arrivedAt, timings);
}
