// How the owner feels in a message, read by VADER (vader-sentiment 1.1.3, its lexicon inside the
// package): polarity with negation ('not happy' is sad), intensifiers ('so', 'very'), capitals
// ('SO happy'), exclamation marks and emoticons. The one reader of sentiment on the server: the mood,
// the memory's emotional weights and the local engine all ask here (docs/language.md).
import vader from 'vader-sentiment';

export interface Sentiment {
  /** VADER's normalised score, from -1 (most negative) to 1 (most positive). */
  compound: number;
  /** The shares of the text that read positive, negative and neutral (they sum to about 1). */
  positive: number;
  negative: number;
  neutral: number;
  /** How strongly felt, 0 to 1, whichever the direction: |compound|. */
  intensity: number;
  /** VADER's own thresholds: compound ≥ 0.05 positive, ≤ -0.05 negative, else neutral. */
  label: SentimentLabel;
}

export type SentimentLabel =
  'very negative' | 'negative' | 'neutral' | 'positive' | 'very positive';

/** VADER's published cut-off for a neutral text. */
export const NEUTRAL_BAND = 0.05;
/** Past this |compound| a feeling counts as strong ('very'): the upper third of VADER's scale in practice. */
export const STRONG_FEELING = 0.6;

/** The label of a compound score (rule: sentimentLabelOf). */
export function sentimentLabelOf(compound: number): SentimentLabel {
  if (compound >= STRONG_FEELING) return 'very positive';
  if (compound >= NEUTRAL_BAND) return 'positive';
  if (compound <= -STRONG_FEELING) return 'very negative';
  if (compound <= -NEUTRAL_BAND) return 'negative';
  return 'neutral';
}

/**
 * The readings of the texts read most recently. The mood reads the owner's last messages on every chat
 * (server/mood), so the same few texts were scored by VADER again and again: a fifth of a chat's time at
 * load. Bounded: the oldest reading leaves first.
 */
const READINGS_KEPT = 512;
const readings = new Map<string, Sentiment>();

export function readSentiment(text: string): Sentiment {
  const trimmed = text.trim();
  if (!trimmed) {
    return { compound: 0, positive: 0, negative: 0, neutral: 1, intensity: 0, label: 'neutral' };
  }
  const known = readings.get(trimmed);
  if (known) return { ...known };
  const reading = scoreOf(trimmed);
  if (readings.size >= READINGS_KEPT) readings.delete(readings.keys().next().value!);
  readings.set(trimmed, reading);
  return { ...reading };
}

function scoreOf(trimmed: string): Sentiment {
  const scores = vader.SentimentIntensityAnalyzer.polarity_scores(trimmed);
  return {
    compound: scores.compound,
    positive: scores.pos,
    negative: scores.neg,
    neutral: scores.neu,
    intensity: Math.abs(scores.compound),
    label: sentimentLabelOf(scores.compound),
  };
}
