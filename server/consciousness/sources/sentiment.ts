// Source 'sentiment': the trend of the owner's feelings in recent conversation. VADER (the shared
// engine's reader, src/engine/language/sentiment.ts) over the owner's messages of the last 24 hours,
// compared with the 24 hours before. A new entry only after a new message of the owner.
import { readSentiment, sentimentLabelOf } from '../../../src/engine/language/sentiment';
import type { SourceAnswer } from './source-types';

export const SENTIMENT_WINDOW_MS = 24 * 60 * 60_000;
/** At most this many of the owner's newest messages in a window are read. */
export const SENTIMENT_MAX_MESSAGES = 50;
/** A change of the mean compound this large or more is a trend; below it the feeling is steady. */
export const TREND_STEP = 0.1;

export interface OwnerMessage {
  id: string;
  text: string;
  at: number;
}

const signed = (value: number) => `${value >= 0 ? '+' : ''}${value.toFixed(2)}`;

function meanCompound(messages: readonly OwnerMessage[]): number {
  const sum = messages.reduce((total, message) => total + readSentiment(message.text).compound, 0);
  return sum / messages.length;
}

/** Rule 'sentiment trend': warmer, heavier or steady against the day before; a first reading else. */
export function trendOf(
  now: number,
  before: number | null,
): 'warmer' | 'heavier' | 'steady' | null {
  if (before === null) return null;
  if (now - before >= TREND_STEP) return 'warmer';
  if (before - now >= TREND_STEP) return 'heavier';
  return 'steady';
}

export function readSentimentSource(input: {
  messages: readonly OwnerMessage[];
  now: number;
  ownerName: string | null;
}): SourceAnswer {
  const { now } = input;
  const inWindow = (from: number, to: number) =>
    input.messages
      .filter((message) => message.at > from && message.at <= to)
      .slice(-SENTIMENT_MAX_MESSAGES);
  const recent = inWindow(now - SENTIMENT_WINDOW_MS, now);
  if (recent.length === 0) {
    return { kind: 'entries', candidates: [], emptyReason: 'No conversation in the last 24 hours' };
  }
  const earlier = inWindow(now - 2 * SENTIMENT_WINDOW_MS, now - SENTIMENT_WINDOW_MS);
  const mean = meanCompound(recent);
  const before = earlier.length > 0 ? meanCompound(earlier) : null;
  const trend = trendOf(mean, before);
  const who = input.ownerName ? `${input.ownerName}'s` : "The owner's";
  const count = `${recent.length} ${recent.length === 1 ? 'message' : 'messages'}`;
  const reading = `${who} feelings over the last day read ${sentimentLabelOf(mean)} (${signed(mean)} across ${count})`;
  const compared =
    trend === null
      ? ', the first reading in two days'
      : trend === 'steady'
        ? `, steady against the day before (${signed(before!)})`
        : `, ${trend} than the day before (${signed(before!)})`;
  return {
    kind: 'entries',
    candidates: [
      {
        key: `sentiment:${recent.at(-1)!.id}`,
        type: 'sentiment',
        content: `${reading}${compared}.`,
        source: 'Conversation (VADER)',
        compound: mean,
      },
    ],
  };
}
