// The mood strip's rules (spec 000 §2.2 variant B, §3.6, §4, §9): how the server's mood and thought map
// are read, the orb's pulse and size, and when the thought bubbles show, hide and clear.
import { isMoodMode, moodColorOf, type MoodMode } from '@/domain/mood-modes';

export const MOOD_STATE_URL = '/api/kiri/state';
export const THOUGHT_MAP_URL = '/api/kiri/thoughtmap';
/** Spec 000 §7: polled every 10 s, stale after 8 s. */
export const MOOD_POLL_MS = 10_000;
export const MOOD_STALE_MS = 8_000;
/** Spec 000 §4: at most 5 bubbles; hidden 3 s after thinking stops, cleared 0.5 s after that. */
export const MAX_BUBBLES = 5;
export const BUBBLE_HIDE_MS = 3_000;
export const BUBBLE_CLEAR_MS = 500;

export type FocusCategory = 'emotional' | 'practical' | 'safety' | 'relationship' | 'general';
const CATEGORIES: readonly FocusCategory[] = [
  'emotional',
  'practical',
  'safety',
  'relationship',
  'general',
];

export interface MoodState {
  mode: MoodMode;
  intensity: number;
  pulseSpeed: number;
  color: string;
}

export interface FocusTerm {
  term: string;
  weight: number;
  category: FocusCategory;
}

export interface ThoughtMap {
  isThinking: boolean;
  focus: FocusTerm[];
  contextSummary: string;
}

const clamp01 = (value: unknown, fallback: number) =>
  typeof value === 'number' && Number.isFinite(value) ? Math.min(1, Math.max(0, value)) : fallback;

const record = (json: unknown): Record<string, unknown> | null =>
  typeof json === 'object' && json !== null ? (json as Record<string, unknown>) : null;

/** The server's mood, or null when the answer is not one (an unknown mode is not drawn as a guess). */
export function parseMoodState(json: unknown): MoodState | null {
  const body = record(json);
  if (!body || !isMoodMode(body.mode)) return null;
  const color =
    typeof body.color === 'string' && /^#[0-9a-f]{3,8}$/i.test(body.color)
      ? body.color
      : moodColorOf(body.mode);
  return {
    mode: body.mode,
    intensity: clamp01(body.intensity, 0.5),
    pulseSpeed: clamp01(body.pulseSpeed, 0.5),
    color,
  };
}

export function parseThoughtMap(json: unknown): ThoughtMap | null {
  const body = record(json);
  if (!body || typeof body.isThinking !== 'boolean') return null;
  const focus: FocusTerm[] = [];
  for (const item of Array.isArray(body.focus) ? body.focus : []) {
    const term = record(item);
    if (!term || typeof term.term !== 'string' || !term.term.trim()) continue;
    const category = CATEGORIES.includes(term.category as FocusCategory)
      ? (term.category as FocusCategory)
      : 'general';
    focus.push({ term: term.term.trim(), weight: clamp01(term.weight, 0), category });
  }
  return {
    isThinking: body.isThinking,
    focus,
    contextSummary: typeof body.contextSummary === 'string' ? body.contextSummary : '',
  };
}

/** Rule 'pulse duration' (spec 000 §9): 2 + (1 - pulseSpeed) * 3 seconds, pulseSpeed kept to 0..1. */
export function pulseDurationSeconds(pulseSpeed: number): number {
  return 2 + (1 - clamp01(pulseSpeed, 0.5)) * 3;
}

/** Rule 'orb size by intensity': 24 px at rest up to 48 px at full intensity. */
export const ORB_MIN_PX = 24;
export const ORB_MAX_PX = 48;
export function orbSizePx(intensity: number): number {
  return Math.round(ORB_MIN_PX + (ORB_MAX_PX - ORB_MIN_PX) * clamp01(intensity, 0.5));
}

/** Rule 'mode colour': the server's colour for its mode, else the mode's own (src/domain/mood-modes). */
export function modeColor(state: Pick<MoodState, 'mode'> & { color?: string }): string {
  return state.color ?? moodColorOf(state.mode);
}

/** Rule 'at most 5 bubbles': the heaviest terms, in the server's order among equals. */
export function bubblesOf(focus: readonly FocusTerm[]): FocusTerm[] {
  return [...focus]
    .map((term, index) => ({ term, index }))
    .sort((a, b) => b.term.weight - a.term.weight || a.index - b.index)
    .slice(0, MAX_BUBBLES)
    .map(({ term }) => term);
}

export type BubblePhase = 'shown' | 'hidden' | 'cleared';

/**
 * Rule 'bubble timing' (spec 000 §4): shown while thinking; once thinking has stopped (or bubbles
 * appeared without thinking) they stay 3 s, then hide, and 0.5 s later they are cleared.
 * `stoppedAt` is when thinking stopped or the bubbles appeared (ms), null while thinking.
 */
export function bubblePhaseAt(stoppedAt: number | null, now: number): BubblePhase {
  if (stoppedAt === null) return 'shown';
  const elapsed = now - stoppedAt;
  if (elapsed < BUBBLE_HIDE_MS) return 'shown';
  if (elapsed < BUBBLE_HIDE_MS + BUBBLE_CLEAR_MS) return 'hidden';
  return 'cleared';
}

/** The focus as one comparable key: the bubbles show again only when what Kiri thinks about changes. */
export function focusKey(focus: readonly FocusTerm[]): string {
  return focus.map((term) => `${term.category}:${term.term}`).join('|');
}

/** The orb's words for screen readers and its tooltip. */
export function moodLabel(personaName: string, state: MoodState): string {
  return `${personaName} is ${state.mode} (intensity ${Math.round(state.intensity * 100)}%)`;
}

/** What the bubbles show and since when they have been winding down (see bubblePhaseAt). */
export interface BubbleTrack {
  bubbles: FocusTerm[];
  thinking: boolean;
  /** When thinking stopped or the bubbles appeared without thinking; null while thinking. */
  stoppedAt: number | null;
  key: string;
  /** The answer (its time) this track was last moved by. */
  seenAt: number;
}

export const NO_BUBBLES: BubbleTrack = {
  bubbles: [],
  thinking: false,
  stoppedAt: null,
  key: '',
  seenAt: 0,
};

/**
 * Rule 'bubbles appear when thinking or when there is focus' (spec 000 §4), for each new answer of the
 * thought map read at `at`: thinking shows the bubbles and holds them; an answer that stops the
 * thinking, or brings other focus, starts the 3 s countdown; the same focus again changes nothing, so a
 * poll every 10 s does not make them flash.
 */
export function nextBubbles(prev: BubbleTrack, map: ThoughtMap, at: number): BubbleTrack {
  const key = focusKey(map.focus);
  const bubbles = map.focus.length > 0 ? bubblesOf(map.focus) : prev.bubbles;
  if (map.isThinking) return { bubbles, thinking: true, stoppedAt: null, key, seenAt: at };
  if (prev.thinking || (key !== prev.key && map.focus.length > 0)) {
    return { bubbles, thinking: false, stoppedAt: at, key, seenAt: at };
  }
  return { ...prev, key, seenAt: at };
}
