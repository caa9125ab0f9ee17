// Kiri's mood (spec 000 §3.6): which of the seven modes, how intense, how fast the orb pulses. Plain
// functions of what really happened: the owner's recent messages (VADER, weighted by recency), urgent
// words, the focus's practical share, the hour in TIME_ZONE and the power state. No randomness: the same
// conversation at the same time gives the same mood (docs/mood.md says where each number comes from).
import { MOOD_COLORS, type MoodMode } from '../../src/domain/mood-modes';
import { readSentiment } from '../../src/engine/language/sentiment';
import type { PowerState } from '../power/power-rules';
import { isUrgentText, recencyWeight, recentTexts, type TimedText } from './focus-terms';

/** The feeling reads the owner's messages of the last 3 hours, at most the last 10 (the chat's history). */
export const FEELING_WINDOW_MS = 3 * 60 * 60_000;
export const FEELING_MAX_MESSAGES = 10;
/** A message half an hour old counts half as much as one written now. */
export const FEELING_HALF_LIFE_MS = 30 * 60_000;
/** An urgent message keeps Kiri urgent this long, then alert until URGENT_ALERT_MS. */
export const URGENT_WINDOW_MS = 30 * 60_000;
export const URGENT_ALERT_MS = 2 * 60 * 60_000;
/** At or below this recency-weighted compound the conversation reads distressed: protective. */
export const PROTECTIVE_BELOW = -0.5;
/** Below VADER's neutral band (and above PROTECTIVE_BELOW): sad, Kiri turns nurturing. */
export const NURTURING_BELOW = -0.05;
/** Above VADER's neutral band: a good conversation, Kiri is calm and warm. */
export const CONTENT_ABOVE = 0.05;
/** Half the focus or more on practical things (work, study, plans): focused. */
export const FOCUSED_SHARE = 0.5;
/** Night in TIME_ZONE for the mood: 23:00 to 05:59 (Kiri winds down unless the owner is talking). */
export const NIGHT_FROM_HOUR = 23;
export const NIGHT_UNTIL_HOUR = 6;

/** Each mode's pulse at full intensity (0 to 1): urgent beats fastest, resting slowest. */
export const BASE_PULSE: Readonly<Record<MoodMode, number>> = {
  urgent: 1,
  alert: 0.8,
  protective: 0.6,
  focused: 0.5,
  nurturing: 0.4,
  calm: 0.3,
  resting: 0.1,
};

export interface Feeling {
  /** Recency-weighted mean of VADER's compound, -1 to 1; 0 without messages. */
  valence: number;
  /** How many of the owner's messages were read. */
  messages: number;
  /** The newest message's recency weight (1 when it was just written, 0 without messages). */
  freshness: number;
}

/** Rule 'feeling of recent messages': VADER over the owner's recent messages, weighted by recency. */
export function feelingOf(messages: readonly TimedText[], now: number): Feeling {
  const recent = recentTexts(messages, now, FEELING_WINDOW_MS, FEELING_MAX_MESSAGES);
  let sum = 0;
  let weights = 0;
  for (const message of recent) {
    const weight = recencyWeight(message.at, now, FEELING_HALF_LIFE_MS);
    sum += weight * readSentiment(message.text).compound;
    weights += weight;
  }
  const newest = recent.at(-1);
  return {
    valence: weights > 0 ? sum / weights : 0,
    messages: recent.length,
    freshness: newest ? recencyWeight(newest.at, now, FEELING_HALF_LIFE_MS) : 0,
  };
}

/** When the newest urgent message of the owner was written, or null. */
export function lastUrgentAt(messages: readonly TimedText[], now: number): number | null {
  for (let i = messages.length - 1; i >= 0; i -= 1) {
    const message = messages[i]!;
    if (now - message.at > URGENT_ALERT_MS) return null;
    if (message.at <= now && urgentRemembered(message.text)) return message.at;
  }
  return null;
}

/**
 * The mood reads every owner message of the last two hours on each chat, mostly the same ones as the
 * chat before: isUrgentText's answers are remembered (issue 21: reading them again was a seventh of a
 * chat's work on the server). At most MEMO_MAX_TEXTS texts of at most MEMO_MAX_TEXT characters,
 * forgotten all at once when full.
 */
const MEMO_MAX_TEXTS = 2_000;
const MEMO_MAX_TEXT = 2_000;
const urgentMemo = new Map<string, boolean>();

export function urgentRemembered(text: string): boolean {
  const known = urgentMemo.get(text);
  if (known !== undefined) return known;
  const urgent = isUrgentText(text);
  if (text.length <= MEMO_MAX_TEXT) {
    if (urgentMemo.size >= MEMO_MAX_TEXTS) urgentMemo.clear();
    urgentMemo.set(text, urgent);
  }
  return urgent;
}

export interface MoodInputs {
  now: number;
  /** 0 to 23 in TIME_ZONE. */
  hour: number;
  power: PowerState;
  feeling: Feeling;
  urgentAt: number | null;
  /** 0 to 1: the share of the thought map's weight on practical terms. */
  practicalShare: number;
  /** When the owner last wrote (ms), or null. */
  lastOwnerMessageAt: number | null;
}

export interface Mood {
  mode: MoodMode;
  /** 0 to 1. */
  intensity: number;
  /** 0 to 1: the orb pulses every 2 + (1 - pulseSpeed) * 3 s. */
  pulseSpeed: number;
  color: string;
  /** Why this mode, in words (for the thought map and the docs). */
  reason: string;
}

const clamp01 = (value: number) => Math.min(1, Math.max(0, value));
const round2 = (value: number) => Math.round(value * 100) / 100;

/** Rule 'night hours for the mood': 23:00 to 05:59. */
export function isMoodNight(hour: number): boolean {
  return hour >= NIGHT_FROM_HOUR || hour < NIGHT_UNTIL_HOUR;
}

/** Rule 'pulse speed': the mode's base pulse, slowed down to 70% at no intensity. */
export function pulseSpeedOf(mode: MoodMode, intensity: number): number {
  return round2(BASE_PULSE[mode] * (0.7 + 0.3 * clamp01(intensity)));
}

/**
 * Rule 'mood mode', first match wins:
 * 1. an urgent message in the last 30 min: urgent (over sleep too: the chat still runs while Kiri sleeps);
 * 2. deep pause or sleep: resting;
 * 3. an urgent message in the last 2 h: alert;
 * 4. the owner's recent feeling at or below -0.5: protective; below -0.05: nurturing;
 * 5. half the focus or more on practical things: focused;
 * 6. night (23:00-05:59) and the owner silent for 30 min: resting;
 * 7. otherwise calm (warmer when the conversation is good).
 * Intensity grows with how strong the feeling is and fades as the newest message gets older.
 */
export function moodOf(inputs: MoodInputs): Mood {
  const { now, feeling } = inputs;
  const make = (mode: MoodMode, intensity: number, reason: string): Mood => {
    const value = round2(clamp01(intensity));
    return {
      mode,
      intensity: value,
      pulseSpeed: pulseSpeedOf(mode, value),
      color: MOOD_COLORS[mode],
      reason,
    };
  };
  const fade = 0.5 + 0.5 * feeling.freshness;
  const valence = round2(feeling.valence);

  if (inputs.urgentAt !== null && now - inputs.urgentAt <= URGENT_WINDOW_MS) {
    const weight = recencyWeight(inputs.urgentAt, now, URGENT_WINDOW_MS);
    return make('urgent', 0.8 + 0.2 * weight, 'An urgent word in a recent message');
  }
  if (inputs.power === 'deep-pause') return make('resting', 0.1, 'Kiri is in deep pause');
  if (inputs.power === 'sleeping') return make('resting', 0.3, 'Kiri is asleep');
  if (inputs.urgentAt !== null) {
    const weight = recencyWeight(inputs.urgentAt, now, URGENT_WINDOW_MS);
    return make('alert', 0.4 + 0.4 * weight, 'An urgent word earlier on');
  }
  if (feeling.messages > 0 && feeling.valence <= PROTECTIVE_BELOW) {
    return make(
      'protective',
      (0.4 + 0.6 * Math.abs(feeling.valence)) * fade,
      `Recent messages read distressed (${valence})`,
    );
  }
  if (feeling.messages > 0 && feeling.valence < NURTURING_BELOW) {
    return make(
      'nurturing',
      (0.3 + 0.7 * Math.abs(feeling.valence)) * fade,
      `Recent messages read sad (${valence})`,
    );
  }
  if (feeling.messages > 0 && inputs.practicalShare >= FOCUSED_SHARE) {
    return make(
      'focused',
      (0.4 + 0.5 * inputs.practicalShare) * fade,
      'The conversation is about practical things',
    );
  }
  const silentFor = inputs.lastOwnerMessageAt === null ? Infinity : now - inputs.lastOwnerMessageAt;
  if (isMoodNight(inputs.hour) && silentFor >= URGENT_WINDOW_MS) {
    return make('resting', 0.2, 'Night, and all is quiet');
  }
  if (feeling.messages > 0 && feeling.valence > CONTENT_ABOVE) {
    return make(
      'calm',
      (0.3 + 0.5 * feeling.valence) * fade,
      `Recent messages read warm (${valence})`,
    );
  }
  return make(
    'calm',
    feeling.messages > 0 ? 0.3 : 0.2,
    feeling.messages > 0 ? 'A quiet, even conversation' : 'No recent conversation',
  );
}
