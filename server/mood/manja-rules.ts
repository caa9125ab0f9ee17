// Kiri's affection ('manja': clingy, affectionate), as plain functions: it rises with warm exchanges and
// fades with silence (issue 11 point 6; docs/mood.md). Kept per account in mood.json.
import { readSentiment } from '../../src/engine/language/sentiment';

export interface ManjaState {
  /** 0 to 1, as it was at `at`. */
  level: number;
  /** When `level` was computed (ms). */
  at: number;
  /** The owner's last message (ms), or null before the first. */
  lastExchangeAt: number | null;
  /** How many of the owner's messages counted as warm. */
  warmExchanges: number;
}

/** Where a new account starts: halfway. */
export const MANJA_START = 0.5;
/** Silence never takes it below this: Kiri stays fond of the owner. */
export const MANJA_FLOOR = 0.2;
/** A message counts as warm when VADER's compound is at least this (a clearly positive message). */
export const WARM_AT = 0.3;
/** A warm message closes this share of the gap to 1, times its compound (0.15 × 0.8 = 12% for 'love you!'). */
export const WARM_GAIN = 0.15;
/** Half a day of silence is a normal night: it does not fade before that. */
export const FADE_GRACE_MS = 12 * 60 * 60_000;
/** After the grace, the distance above the floor halves every 3 days of silence. */
export const FADE_HALF_LIFE_MS = 3 * 24 * 60 * 60_000;

export function initialManja(now: number): ManjaState {
  return { level: MANJA_START, at: now, lastExchangeAt: null, warmExchanges: 0 };
}

/** Rule 'manja fades with silence': the level at `now`, after the silence since the last exchange. */
export function manjaLevelAt(state: ManjaState, now: number): number {
  const silenceStart = state.lastExchangeAt ?? state.at;
  const fadeFrom = Math.max(state.at, silenceStart + FADE_GRACE_MS);
  const elapsed = Math.max(0, now - fadeFrom);
  if (elapsed === 0 || state.level <= MANJA_FLOOR) return state.level;
  return MANJA_FLOOR + (state.level - MANJA_FLOOR) * Math.pow(0.5, elapsed / FADE_HALF_LIFE_MS);
}

/** Whether a message is warm (rule 'warm exchange'). */
export function isWarm(compound: number): boolean {
  return compound >= WARM_AT;
}

/**
 * Rule 'manja rises with warm exchanges': the owner's message at `at` first lets the silence before
 * it fade the level, then a warm one raises it toward 1 (never past it); any message ends the silence.
 * A sad or cross message does not lower it: Kiri does not love the owner less for a bad day.
 */
export function manjaAfterMessage(state: ManjaState, text: string, at: number): ManjaState {
  const when = Math.max(at, state.at);
  const faded = manjaLevelAt(state, when);
  const compound = readSentiment(text).compound;
  const warm = isWarm(compound);
  const level = warm ? faded + WARM_GAIN * compound * (1 - faded) : faded;
  return {
    level: Math.min(1, level),
    at: when,
    lastExchangeAt: Math.max(when, state.lastExchangeAt ?? 0),
    warmExchanges: state.warmExchanges + (warm ? 1 : 0),
  };
}

/** Rule 'manja label': words for the level. */
export function manjaLabelOf(level: number): string {
  if (level >= 0.8) return 'very manja';
  if (level >= 0.6) return 'manja';
  if (level >= 0.4) return 'fond';
  return 'missing you';
}
