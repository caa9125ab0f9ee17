// The stream's rules (docs/consciousness.md), plain functions with a test each: how new an entry is
// against the recent ones (novelty), how significant it is, what it does to Kiri's feelings
// (emotional_impact from VADER), which entries are the recent insights, and when the cycle runs.
import type { Sentiment } from '../../src/engine/language/sentiment';
import type { PowerState } from '../power/power-rules';
import type { Impact, StreamEntry } from './consciousness-store';

/** Novelty compares an entry with this many of the newest kept entries. */
export const NOVELTY_WINDOW = 50;
/** Significance: how new (60%) and how strongly felt (40%). */
export const NOVELTY_WEIGHT = 0.6;
export const FEELING_WEIGHT = 0.4;
/** recentInsights: the most significant of the newest entries. */
export const INSIGHTS_FROM_NEWEST = 20;
export const INSIGHTS_SHOWN = 5;

const round2 = (value: number) => Math.round(value * 100) / 100;
const clamp01 = (value: number) => Math.min(1, Math.max(0, value));

/** Words too common to make two texts alike. */
const STOP_WORDS = new Set([
  'the',
  'and',
  'for',
  'with',
  'that',
  'this',
  'from',
  'are',
  'was',
  'were',
  'has',
  'have',
  'had',
  'its',
  'into',
  'over',
  'after',
  'than',
  'then',
  'but',
  'not',
  'you',
  'your',
  'his',
  'her',
  'their',
  'our',
  'they',
  'will',
  'would',
  'can',
  'about',
  'today',
  'day',
  'days',
]);

/** The distinct words (three letters or more, lower case, no stop words) of a text. */
export function wordsOf(text: string): Set<string> {
  const words = new Set<string>();
  for (const match of text.toLowerCase().matchAll(/[\p{L}\p{N}]+/gu)) {
    const word = match[0];
    if (word.length >= 3 && !STOP_WORDS.has(word)) words.add(word);
  }
  return words;
}

/** Jaccard similarity of two word sets: shared words over all words (0 when both are empty). */
export function similarity(a: ReadonlySet<string>, b: ReadonlySet<string>): number {
  if (a.size === 0 && b.size === 0) return 0;
  let shared = 0;
  for (const word of a) if (b.has(word)) shared += 1;
  return shared / (a.size + b.size - shared);
}

/**
 * Rule 'novelty': 1 minus the greatest word similarity to any of the recent entries of the same type
 * (a sunrise is compared with sunrises, a headline with headlines). The first of its type is 1.
 */
export function noveltyOf(
  content: string,
  type: StreamEntry['type'],
  recent: readonly Pick<StreamEntry, 'content' | 'type'>[],
): number {
  const words = wordsOf(content);
  let most = 0;
  for (const entry of recent) {
    if (entry.type !== type) continue;
    most = Math.max(most, similarity(words, wordsOf(entry.content)));
  }
  return round2(1 - most);
}

/** Rule 'significance': 0.6 × novelty + 0.4 × how strongly the content is felt (|VADER compound|). */
export function significanceOf(novelty: number, intensity: number): number {
  return round2(clamp01(NOVELTY_WEIGHT * novelty + FEELING_WEIGHT * clamp01(intensity)));
}

/**
 * Rule 'emotional impact', from VADER's reading of the content: contentment is the pleasant side of
 * the compound score, empathy the painful side (hard news calls for it), curiosity the novelty,
 * damped by half as the feeling grows strong (a shock holds attention less than a new fact does).
 */
export function impactOf(feeling: Pick<Sentiment, 'compound'>, novelty: number): Impact {
  const compound = Math.max(-1, Math.min(1, feeling.compound));
  return {
    curiosity: round2(clamp01(novelty) * (1 - Math.abs(compound) / 2)),
    contentment: round2(Math.max(0, compound)),
    empathy: round2(Math.max(0, -compound)),
  };
}

/** The page's 'emotional intensity': the mean of the three (spec 001 §2). */
export function intensityOf(impact: Impact): number {
  return round2((impact.curiosity + impact.contentment + impact.empathy) / 3);
}

/**
 * Rule 'recent insights': of the newest 20 entries, the 5 most significant; the newer first on a tie.
 * `entries` is oldest first, as kept.
 */
export function recentInsightsOf(entries: readonly StreamEntry[]): StreamEntry[] {
  return entries
    .slice(-INSIGHTS_FROM_NEWEST)
    .reverse()
    .map((entry, index) => ({ entry, index }))
    .sort((a, b) => b.entry.significance - a.entry.significance || a.index - b.index)
    .slice(0, INSIGHTS_SHOWN)
    .map(({ entry }) => entry);
}

/** Rule 'next collection': the stored last run plus the interval; at once when there was none. */
export function nextRunAt(lastRunAt: number | null, intervalMs: number, now: number): number {
  return lastRunAt === null ? now : lastRunAt + intervalMs;
}

export type CycleState = 'running' | 'paused' | 'stopped';

/** Rule 'cycle in a power state': it runs awake, is paused while Kiri sleeps, stopped in deep pause. */
export function cycleStateOf(power: PowerState): CycleState {
  if (power === 'deep-pause') return 'stopped';
  if (power === 'sleeping') return 'paused';
  return 'running';
}

/** For the background systems' list (sleep-mode status): only awake. */
export function streamRunsIn(power: PowerState): boolean {
  return cycleStateOf(power) === 'running';
}
