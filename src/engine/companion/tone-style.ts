// WhisperBridge Lite's tone-sync pairs as a style hint (docs/whisperbridge.md): which of the operator's
// pairs fit a message, the tone they lead to, and how that tone nudges Kiri's personality. The server's
// provider prompt and the local engine (on the server and on the device) read the same rules here.
import { readSentiment } from '../language/sentiment';
import type { MoodInput, PersonalityDimensions, ToneExample, ToneName, ToneStyle } from './types';

export type { ToneExample, ToneName, ToneStyle };

/**
 * Spec 001 §4's emotion tones, neutral the default. The same list as `EMOTION_TONES` in
 * src/domain/whisperbridge.ts (a test holds them equal), written here so that the device's engine chunk
 * shares no module with the tone-sync screen (see BASELINE_PERSONALITY in types.ts for why).
 */
export const TONE_NAMES = [
  'neutral',
  'gentle',
  'playful',
  'caring',
  'dreamy',
  'soft',
] as const satisfies readonly ToneName[];

export function isToneName(value: unknown): value is ToneName {
  return typeof value === 'string' && (TONE_NAMES as readonly string[]).includes(value);
}

/**
 * The feeling a line of each tone reads as: VADER's compound score (-1 to 1) from `low` to `high`.
 * Neutral sits around 0; playful is clearly positive; gentle, soft and dreamy are quietly positive;
 * caring may name the hurt it answers ("I'm sorry today was hard"), so it reaches into the negative.
 */
export const TONE_FEELING: Readonly<Record<ToneName, { low: number; high: number }>> = {
  neutral: { low: -0.2, high: 0.3 },
  gentle: { low: 0.05, high: 0.8 },
  playful: { low: 0.3, high: 1 },
  caring: { low: -0.5, high: 0.95 },
  dreamy: { low: 0, high: 0.85 },
  soft: { low: 0, high: 0.8 },
};

/** How far outside a tone's range a feeling may be before it fits not at all. */
export const TONE_FIT_SPAN = 0.5;

/** Rule 'tone fit': 1 inside the tone's range, falling to 0 over TONE_FIT_SPAN outside it. */
export function toneFit(compound: number, tone: ToneName): number {
  const { low, high } = TONE_FEELING[tone];
  const distance = compound < low ? low - compound : compound > high ? compound - high : 0;
  return Math.max(0, 1 - distance / TONE_FIT_SPAN);
}

/** Kiri's mood (spec 000 §3.6) as a tone, for emotion_sync: the pairs of that tone lead. */
export const MOOD_TONE: Readonly<Record<string, ToneName>> = {
  calm: 'soft',
  protective: 'caring',
  alert: 'neutral',
  urgent: 'neutral',
  resting: 'dreamy',
  focused: 'neutral',
  nurturing: 'caring',
};

/** The most pairs a ToneStyle carries (the server's best; the device keeps as many). */
export const MAX_STYLE_EXAMPLES = 12;

export interface PickedTone {
  /** The tone the pairs were matched to: the mood's (emotion_sync) or the one the message reads as. */
  wanted: ToneName | null;
  /** The pairs to follow, best first. */
  examples: ToneExample[];
  /** The tone Kiri's phrasing leans to: the first pair's, or null when there is none. */
  lead: ToneName | null;
}

/**
 * Rule 'matching tone first': the wanted tone is the mood's (emotion_sync on, and the mood names one),
 * else the one the text reads as (bestToneFor). Pairs of the wanted tone come first, then pairs whose
 * tone the text's feeling fits, then the rest; within each, the highest sync quality first; equal ones
 * keep their order (newest first as the server sends them).
 */
export function pickToneExamples(
  examples: readonly ToneExample[],
  text: string,
  options: { followMood?: boolean; mood?: MoodInput | null; limit: number },
): PickedTone {
  const moodTone = options.followMood && options.mood ? MOOD_TONE[options.mood.mode] : undefined;
  const compound = readSentiment(text).compound;
  const wanted = moodTone ?? bestToneFor(compound);
  const rank = (example: ToneExample) =>
    example.emotion_tone === wanted ? 2 : toneFit(compound, example.emotion_tone) === 1 ? 1 : 0;
  const ranked = examples
    .map((example, index) => ({ example, index, rank: rank(example) }))
    .sort(
      (a, b) =>
        b.rank - a.rank || b.example.sync_quality - a.example.sync_quality || a.index - b.index,
    )
    .slice(0, Math.max(0, options.limit))
    .map((row) => row.example);
  return { wanted, examples: ranked, lead: ranked[0]?.emotion_tone ?? null };
}

/** The tone a feeling fits best: the one whose range's middle is nearest among those it lies in. */
export function bestToneFor(compound: number): ToneName {
  let best: ToneName = 'neutral';
  let bestScore = -Infinity;
  for (const tone of TONE_NAMES) {
    const { low, high } = TONE_FEELING[tone];
    const score = toneFit(compound, tone) * 2 - Math.abs(compound - (low + high) / 2);
    if (score > bestScore) {
      best = tone;
      bestScore = score;
    }
  }
  return best;
}

/**
 * How each tone leans Kiri's personality: enough to cross one of the voice's trait lines from her
 * baseline (style.ts voiceOf), small enough that the operator's own sliders still lead.
 */
const TONE_NUDGE: Readonly<Record<ToneName, Partial<PersonalityDimensions>>> = {
  neutral: { softness: -0.15, humor_level: -0.2 },
  gentle: { softness: 0.15, initiative: -0.15 },
  playful: { humor_level: 0.25 },
  caring: { softness: 0.15, initiative: 0.15 },
  dreamy: { humor_level: 0.1, logic_bias: -0.15, initiative: -0.2 },
  soft: { softness: 0.2, initiative: -0.3 },
};

/** Rule 'tone nudge': the personality leaned toward a tone (each dimension kept within 0 to 1). */
export function tonedPersonality(
  personality: PersonalityDimensions,
  tone: ToneName | null,
): PersonalityDimensions {
  if (tone === null) return personality;
  const out = { ...personality };
  for (const [key, by] of Object.entries(TONE_NUDGE[tone]) as [
    keyof PersonalityDimensions,
    number,
  ][]) {
    const value = out[key] + by;
    out[key] = Math.min(1, Math.max(0, Number.isFinite(value) ? value : out[key]));
  }
  return out;
}

/** A ToneStyle from untrusted JSON (the device's copy of the server's context), or null. */
export function parseToneStyle(value: unknown): ToneStyle | null {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
  const { examples, followMood } = value as Record<string, unknown>;
  if (!Array.isArray(examples)) return null;
  const parsed: ToneExample[] = [];
  for (const item of examples.slice(0, MAX_STYLE_EXAMPLES)) {
    if (typeof item !== 'object' || item === null) continue;
    const row = item as Record<string, unknown>;
    if (
      typeof row.gpt_line === 'string' &&
      typeof row.gemini_mirror === 'string' &&
      isToneName(row.emotion_tone) &&
      typeof row.sync_quality === 'number' &&
      Number.isFinite(row.sync_quality)
    ) {
      parsed.push({
        gpt_line: row.gpt_line,
        gemini_mirror: row.gemini_mirror,
        emotion_tone: row.emotion_tone,
        sync_quality: row.sync_quality,
      });
    }
  }
  return { examples: parsed, followMood: followMood === true };
}
