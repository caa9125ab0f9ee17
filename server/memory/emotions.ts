// A memory's emotional weights (spec 000 §3.1: joy, melancholy, urgency, tenderness, curiosity,
// contentment, protectiveness, longing, each 0 to 1), read from the words that made it: VADER's polarity
// (server/language/sentiment.ts, which already handles 'not happy' and 'SO happy!!') for the two feelings
// it measures directly, and cue words (by lemma, not when negated: 'not worried' is no worry) for the six
// it cannot tell apart. docs/memory.md gives the formula.
import { readSentiment } from '../../src/engine/language/sentiment';
import { readTerms, type Terms } from '../../src/engine/language/terms';

export const EMOTIONS = [
  'joy',
  'melancholy',
  'urgency',
  'tenderness',
  'curiosity',
  'contentment',
  'protectiveness',
  'longing',
] as const;
export type Emotion = (typeof EMOTIONS)[number];
export type EmotionalWeight = Record<Emotion, number>;

/** Lemmas that point to each feeling (wink lemmatises: 'missed' → 'miss', 'loves' → 'love'). */
export const EMOTION_CUES: Record<Emotion, readonly string[]> = {
  joy: [
    'happy',
    'glad',
    'joy',
    'love',
    'fun',
    'laugh',
    'celebrate',
    'excited',
    'wonderful',
    'great',
    'win',
    'party',
  ],
  melancholy: [
    'sad',
    'cry',
    'lose',
    'lost',
    'grief',
    'gone',
    'die',
    'funeral',
    'lonely',
    'hurt',
    'alone',
    'tear',
  ],
  urgency: [
    'urgent',
    'asap',
    'deadline',
    'now',
    'must',
    'immediately',
    'emergency',
    'important',
    'today',
    'tomorrow',
    'soon',
    'due',
  ],
  tenderness: [
    'love',
    'sister',
    'brother',
    'mom',
    'mum',
    'dad',
    'mother',
    'father',
    'baby',
    'hug',
    'dear',
    'friend',
    'family',
    'grandma',
    'grandpa',
    'daughter',
    'son',
    'wife',
    'husband',
    'partner',
    'cat',
    'dog',
  ],
  curiosity: [
    'wonder',
    'curious',
    'learn',
    'why',
    'how',
    'interest',
    'interesting',
    'explore',
    'discover',
    'question',
    'study',
    'read',
  ],
  contentment: [
    'calm',
    'peaceful',
    'cozy',
    'cosy',
    'relax',
    'relaxed',
    'comfortable',
    'enjoy',
    'like',
    'prefer',
    'favourite',
    'favorite',
    'tea',
    'quiet',
  ],
  protectiveness: [
    'safe',
    'protect',
    'careful',
    'worry',
    'allergic',
    'allergy',
    'sick',
    'ill',
    'doctor',
    'hospital',
    'medicine',
    'danger',
    'afraid',
    'scared',
    'pain',
  ],
  longing: [
    'miss',
    'wish',
    'someday',
    'far',
    'away',
    'hope',
    'dream',
    'yearn',
    'back',
    'return',
    'abroad',
  ],
};

const clamp = (value: number) => Math.min(1, Math.max(0, value));
const round2 = (value: number) => Math.round(value * 100) / 100;

function cueCounts(terms: Terms): Record<Emotion, number> {
  const counts = Object.fromEntries(EMOTIONS.map((e) => [e, 0])) as Record<Emotion, number>;
  for (const token of terms.tokens) {
    if (token.negated) continue;
    for (const emotion of EMOTIONS) {
      if (
        EMOTION_CUES[emotion].includes(token.lemma) ||
        EMOTION_CUES[emotion].includes(token.normal)
      ) {
        counts[emotion] += 1;
      }
    }
  }
  return counts;
}

/** Rule: emotionalWeightOf. All eight emotions, each 0 to 1, rounded to hundredths. */
export function emotionalWeightOf(text: string, terms: Terms = readTerms(text)): EmotionalWeight {
  const sentiment = readSentiment(text);
  const positive = Math.max(0, sentiment.compound);
  const negative = Math.max(0, -sentiment.compound);
  const cues = cueCounts(terms);
  const exclamations = Math.min(3, (text.match(/!/g) ?? []).length);
  const asks = text.includes('?');
  const timed = terms.entities.some((entity) => entity.kind === 'date' || entity.kind === 'time');
  const weights: EmotionalWeight = {
    joy: positive * 0.9 + cues.joy * 0.15,
    melancholy: negative * 0.8 + cues.melancholy * 0.2,
    urgency: cues.urgency * 0.3 + exclamations * 0.1 + (timed ? 0.15 : 0),
    tenderness: cues.tenderness * 0.25 + positive * 0.2,
    curiosity: cues.curiosity * 0.25 + (asks ? 0.3 : 0),
    // Quiet, mild contentment: a positive text that is not elated.
    contentment: cues.contentment * 0.25 + (sentiment.intensity < 0.6 ? positive * 0.5 : 0),
    protectiveness: cues.protectiveness * 0.3 + negative * 0.2,
    longing: cues.longing * 0.3,
  };
  for (const emotion of EMOTIONS) weights[emotion] = round2(clamp(weights[emotion]));
  return weights;
}

/** The strongest feelings first (ties in the spec's order), for the panel's top 3 and the dreams' mood. */
export function topEmotions(
  weights: Record<string, number>,
  count = 3,
): { emotion: string; weight: number }[] {
  return Object.entries(weights)
    .map(([emotion, weight], index) => ({ emotion, weight, index }))
    .sort((a, b) => b.weight - a.weight || a.index - b.index)
    .slice(0, count)
    .map(({ emotion, weight }) => ({ emotion, weight }));
}
