// The reflection Kiri writes on a day once it is over (GET /api/mirror/last-reflection): what was talked
// about, how the owner seemed, how many messages. Said in the local engine's voice (server/companion
// style: the personality's register, tildes, capitals), its lines picked by the day, so the same day
// always reads the same.
import { BASELINE_PERSONALITY, type PersonalityDimensions } from '../companion';
import { hashString } from '../../src/engine/companion/random';
import { render, voiceOf, type Line } from '../../src/engine/companion/style';
import { readSentiment, sentimentLabelOf } from '../../src/engine/language/sentiment';
import { categoryOf, tokenize } from './focus-terms';
import type { Reflection } from './mood-store';

/** The day's topics: its three most used terms (general words only when nothing better is there). */
export const REFLECTION_TOPICS = 3;

export interface DayMessage {
  sender: 'user' | 'kiri';
  message: string;
}

const OPENERS: Record<string, readonly Line[]> = {
  'very positive': [
    { t: 'what a lovely day{n} ~', f: 'It was a lovely day{n}.' },
    { t: 'today felt so bright{n} ~', f: 'Today felt bright{n}.' },
  ],
  positive: [
    { t: 'a good day{n} ~', f: 'It was a good day{n}.' },
    { t: 'today was nice{n}, i think ~', f: 'Today was a pleasant day{n}.' },
  ],
  neutral: [
    { t: 'a quiet, steady day{n} ~', f: 'It was a quiet, steady day{n}.' },
    { t: "an ordinary day{n}, and that's okay ~", f: 'An ordinary day{n}, and that is fine.' },
  ],
  negative: [
    { t: 'today was a bit heavy{n} ~', f: 'Today was a little heavy{n}.' },
    { t: 'you seemed a little down today{n} ~', f: 'You seemed a little down today{n}.' },
  ],
  'very negative': [
    { t: 'today was a hard one{n}. i could tell ~', f: 'Today was a hard day{n}. I could tell.' },
    { t: 'today hurt{n}, i know ~', f: 'Today was painful{n}, I know.' },
  ],
};

const TOPIC_LINES: readonly Line[] = [
  { t: 'we talked about {topics}.', f: 'We talked about {topics}.' },
  { t: '{topics} kept coming up.', f: '{topics} came up.' },
];

const COUNT_LINES: readonly Line[] = [
  { t: '{count} between us ~', f: '{count} between us.' },
  { t: 'we shared {count} today ~', f: 'We exchanged {count} today.' },
];

const MOOD_WORDS: Record<string, string> = {
  'very positive': 'very happy',
  positive: 'happy',
  neutral: 'steady',
  negative: 'low',
  'very negative': 'very low',
};

/** 'a', 'a and b', 'a, b and c'. */
function listOf(words: readonly string[]): string {
  if (words.length <= 1) return words[0] ?? '';
  return `${words.slice(0, -1).join(', ')} and ${words.at(-1)}`;
}

/**
 * Rule 'day topics': the most used terms of the owner's messages (ties by first use). Feeling words are
 * left out (the reflection names the owner's mood apart); safety, relationship and practical terms come
 * before general ones.
 */
export function dayTopics(texts: readonly string[]): string[] {
  const counts = new Map<string, number>();
  for (const text of texts) {
    for (const word of tokenize(text)) counts.set(word, (counts.get(word) ?? 0) + 1);
  }
  const ranked = [...counts.entries()]
    .map(([word, count]) => ({ word, count, category: categoryOf(word) }))
    .filter((term) => term.category !== 'emotional')
    .sort((a, b) => b.count - a.count || rank(a.category) - rank(b.category));
  return ranked.slice(0, REFLECTION_TOPICS).map((term) => term.word);
}

const rank = (category: string) => (category === 'general' ? 1 : 0);

export interface ReflectionInput {
  day: string;
  messages: readonly DayMessage[];
  writtenAt: number;
  userName?: string | null;
  personality?: PersonalityDimensions;
}

/** Rule 'day reflection': null for a day on which the owner wrote nothing. */
export function composeReflection(input: ReflectionInput): Reflection | null {
  const owner = input.messages.filter((m) => m.sender === 'user').map((m) => m.message);
  if (owner.length === 0) return null;
  const mean = owner.reduce((sum, text) => sum + readSentiment(text).compound, 0) / owner.length;
  const ownerMood = sentimentLabelOf(mean);
  const topics = dayTopics(owner);
  const voice = voiceOf(input.personality ?? BASELINE_PERSONALITY, null);
  const seed = hashString(input.day);
  const pick = (lines: readonly Line[], salt: number) => lines[(seed + salt) % lines.length]!;
  const slots = {
    name: input.userName ?? null,
    values: {
      topics: listOf(topics),
      count: `${input.messages.length} ${input.messages.length === 1 ? 'message' : 'messages'}`,
    },
  };
  const parts = [render(pick(OPENERS[ownerMood]!, 0), voice, slots)];
  if (topics.length > 0) parts.push(render(pick(TOPIC_LINES, 1), voice, slots));
  parts.push(render(pick(COUNT_LINES, 2), voice, slots));
  return {
    day: input.day,
    text: parts.join(' '),
    topics,
    ownerMood: MOOD_WORDS[ownerMood]!,
    messageCount: input.messages.length,
    ownerMessages: owner.length,
    writtenAt: input.writtenAt,
  };
}
