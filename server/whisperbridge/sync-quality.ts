// sync_quality (docs/whisperbridge.md): how well a Gemini mirror matches its GPT line, 0 to 100, from
// three agreements read by the engine's feeling reader (VADER, src/engine/language/sentiment.ts).
import type { EmotionTone } from '../../src/domain/whisperbridge';
import { NEUTRAL_BAND, readSentiment } from '../../src/engine/language/sentiment';
import { toneFit } from '../../src/engine/companion/tone-style';

/** The weights of the three agreements: feeling matters most, then the chosen tone, then length. */
export const QUALITY_WEIGHTS = { tone: 0.3, feeling: 0.5, length: 0.2 } as const;

export interface QualityParts {
  /** Both lines' fit to the chosen tone's feeling range, averaged (0 to 1). */
  tone: number;
  /** 1 − |compound₁ − compound₂| / 2, halved when the polarities are opposite (0 to 1). */
  feeling: number;
  /** The shorter line's length over the longer's (0 to 1). */
  length: number;
}

const polarity = (compound: number): -1 | 0 | 1 =>
  compound >= NEUTRAL_BAND ? 1 : compound <= -NEUTRAL_BAND ? -1 : 0;

export function qualityParts(
  gptLine: string,
  geminiMirror: string,
  tone: EmotionTone,
): QualityParts {
  const a = readSentiment(gptLine).compound;
  const b = readSentiment(geminiMirror).compound;
  const toneAgreement = (toneFit(a, tone) + toneFit(b, tone)) / 2;
  let feeling = 1 - Math.abs(a - b) / 2;
  // One line glad and the other sad is not a mirror, however close the numbers near the neutral band.
  if (polarity(a) * polarity(b) === -1) feeling /= 2;
  const lengths = [gptLine.trim().length, geminiMirror.trim().length];
  const longest = Math.max(...lengths);
  const length = longest === 0 ? 0 : Math.min(...lengths) / longest;
  return { tone: toneAgreement, feeling, length };
}

/** Rule 'sync quality': the weighted agreements as a whole percent. */
export function syncQuality(gptLine: string, geminiMirror: string, tone: EmotionTone): number {
  const parts = qualityParts(gptLine, geminiMirror, tone);
  const score =
    QUALITY_WEIGHTS.tone * parts.tone +
    QUALITY_WEIGHTS.feeling * parts.feeling +
    QUALITY_WEIGHTS.length * parts.length;
  return Math.round(Math.min(1, Math.max(0, score)) * 100);
}
