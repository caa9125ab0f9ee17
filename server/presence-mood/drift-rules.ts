// The mood engine's rule (spec 002 §4; docs/presence-mood.md): the seven moods laid out on a
// valence/arousal plane, one step of drift toward the target per tick, the confidence that rises while
// the mood holds and falls when the target changes, and the nudge of the owner's feeling on the target.
// Pure functions: the service (presence-mood-service.ts) only stores what they decide.
import { PRESENCE_MOODS, type PresenceMood } from '../../src/domain/presence-mood';

/** The version of this rule, answered as engine_version: raised whenever a rule below changes. */
export const PRESENCE_ENGINE_VERSION = '1.0.0';

export interface PlanePoint {
  /** -1 unpleasant, 0 neither, 1 pleasant. */
  valence: -1 | 0 | 1;
  /** -1 low energy, 0 even, 1 high energy. */
  arousal: -1 | 0 | 1;
}

/**
 * Rule 'the moods on the plane': a 3 × 3 grid (two cells are empty: pleasant-even and neither-low).
 *
 *            unpleasant    neither     pleasant
 *   high     restless      focused     hopeful
 *   even     bittersweet   neutral     ·
 *   low      tired         ·           calm
 */
export const MOOD_PLANE: Readonly<Record<PresenceMood, PlanePoint>> = {
  restless: { valence: -1, arousal: 1 },
  focused: { valence: 0, arousal: 1 },
  hopeful: { valence: 1, arousal: 1 },
  bittersweet: { valence: -1, arousal: 0 },
  neutral: { valence: 0, arousal: 0 },
  tired: { valence: -1, arousal: -1 },
  calm: { valence: 1, arousal: -1 },
};

/** Squared distance on the plane. */
export function planeDistance(a: PresenceMood, b: PresenceMood): number {
  const p = MOOD_PLANE[a];
  const q = MOOD_PLANE[b];
  return (p.valence - q.valence) ** 2 + (p.arousal - q.arousal) ** 2;
}

/** The moods one cell away (diagonals included), in the spec's order. */
export function neighboursOf(mood: PresenceMood): PresenceMood[] {
  const p = MOOD_PLANE[mood];
  return PRESENCE_MOODS.filter((other) => {
    const q = MOOD_PLANE[other];
    return (
      other !== mood &&
      Math.max(Math.abs(p.valence - q.valence), Math.abs(p.arousal - q.arousal)) === 1
    );
  });
}

/**
 * Rule 'one step toward the target': the neighbour nearest the target (the target itself when it is a
 * neighbour); ties go to the mood listed first in the spec. At the target the mood holds. Every step
 * is strictly nearer, and any mood reaches any target within two ticks (tests/server/presence-rules).
 */
export function stepToward(mood: PresenceMood, target: PresenceMood): PresenceMood {
  if (mood === target) return mood;
  let best = mood;
  let bestDistance = planeDistance(mood, target);
  for (const candidate of neighboursOf(mood)) {
    const distance = planeDistance(candidate, target);
    if (distance < bestDistance) {
      best = candidate;
      bestDistance = distance;
    }
  }
  return best;
}

/** Confidence at first start: the engine has not held any mood yet. */
export const INITIAL_CONFIDENCE = 0.5;
/** Each tick at the target closes this share of the gap to 1. */
export const HOLD_GAIN = 0.2;
/** A new target keeps this share of the confidence. */
export const RETARGET_KEEP = 0.5;
/** Confidence never falls below this (a new target is still a direction). */
export const CONFIDENCE_FLOOR = 0.05;

const round3 = (value: number) => Math.round(value * 1000) / 1000;

export interface EngineMood {
  mood: PresenceMood;
  target: PresenceMood;
  /** 0 to 1. */
  confidence: number;
}

export type TickOutcome = 'held' | 'moved' | 'arrived';

/**
 * Rule 'a tick drifts one step; confidence rises while it holds': a mood at its target holds and its
 * confidence closes HOLD_GAIN of the gap to 1; otherwise the mood takes one step and the confidence
 * stays (it rises again once the target is held).
 */
export function tickOf(state: EngineMood): EngineMood & { outcome: TickOutcome } {
  if (state.mood === state.target) {
    return {
      ...state,
      confidence: round3(state.confidence + HOLD_GAIN * (1 - state.confidence)),
      outcome: 'held',
    };
  }
  const mood = stepToward(state.mood, state.target);
  return { ...state, mood, outcome: mood === state.target ? 'arrived' : 'moved' };
}

/** Rule 'confidence falls when the target changes': halved (floor 0.05); the same target changes nothing. */
export function retarget(state: EngineMood, target: PresenceMood): EngineMood {
  if (target === state.target) return state;
  return {
    ...state,
    target,
    confidence: round3(Math.max(CONFIDENCE_FLOOR, state.confidence * RETARGET_KEEP)),
  };
}

/** Below this |mean compound| the owner's messages are small talk ('ok' reads 0.30), no nudge. */
export const NUDGE_AT = 0.3;
/** Only messages of the last hour nudge: after a long pause, old words do not move today's target. */
export const NUDGE_WINDOW_MS = 60 * 60_000;

export type FeelingDirection = 'sad' | 'glad';

/** Rule 'the feeling of new messages': the mean of their VADER compounds, sad ≤ -0.3, glad ≥ 0.3. */
export function feelingDirectionOf(compounds: readonly number[]): FeelingDirection | null {
  if (compounds.length === 0) return null;
  const mean = compounds.reduce((sum, value) => sum + value, 0) / compounds.length;
  if (mean <= -NUDGE_AT) return 'sad';
  if (mean >= NUDGE_AT) return 'glad';
  return null;
}

/**
 * Rule 'a sad conversation nudges the target one step toward unpleasant, a glad one toward pleasant':
 * the arousal is kept where the plane has a mood there, else the nearest mood of that valence (the two
 * empty cells: calm's sad nudge is neutral, tired's glad nudge is neutral, neutral's glad nudge is
 * hopeful, the pleasant mood of higher energy). At the edge the target stays.
 */
export const NUDGES: Readonly<
  Record<FeelingDirection, Readonly<Record<PresenceMood, PresenceMood>>>
> = {
  sad: {
    hopeful: 'focused',
    focused: 'restless',
    calm: 'neutral',
    neutral: 'bittersweet',
    restless: 'restless',
    bittersweet: 'bittersweet',
    tired: 'tired',
  },
  glad: {
    restless: 'focused',
    focused: 'hopeful',
    bittersweet: 'neutral',
    tired: 'neutral',
    neutral: 'hopeful',
    hopeful: 'hopeful',
    calm: 'calm',
  },
};

export function nudgedTarget(target: PresenceMood, direction: FeelingDirection): PresenceMood {
  return NUDGES[direction][target];
}
