// Kiri's personality (spec 000 §3.4, §4, §5, §9): the five dimensions, the derived tone label, the four
// presets and the checks of a set of dimensions. Shared by the server (personality store, engine, prompt)
// and the settings screen, so the label the page shows is the label the server stores.

/** Spec 000 §3.4, in the order the spec lists them. */
export const DIMENSION_KEYS = [
  'softness',
  'logic_bias',
  'humor_level',
  'formality',
  'initiative',
] as const;
export type DimensionKey = (typeof DIMENSION_KEYS)[number];
export type Dimensions = Record<DimensionKey, number>;

/** Spec 000 §5 'Sliders: range 0 to 1, step 0.05'. */
export const SLIDER_MIN = 0;
export const SLIDER_MAX = 1;
export const SLIDER_STEP = 0.05;

export const TONES = ['casual', 'direct', 'gentle', 'playful', 'professional', 'balanced'] as const;
export type Tone = (typeof TONES)[number];

/** Spec 000 §4 'Personality editor': the derived tone label, first match wins. */
export function toneLabel(p: Dimensions): Tone {
  if (p.formality < 0.3 && p.humor_level > 0.6) return 'casual';
  if (p.logic_bias > 0.7 && p.softness < 0.5) return 'direct';
  if (p.softness > 0.7 && p.formality > 0.6) return 'gentle';
  if (p.initiative > 0.7 && p.humor_level > 0.5) return 'playful';
  if (p.logic_bias > 0.6 && p.formality > 0.5) return 'professional';
  return 'balanced';
}

export const PRESET_NAMES = ['casual', 'professional', 'gentle', 'direct'] as const;
export type PresetName = (typeof PRESET_NAMES)[number];

/**
 * Spec 000 §9, (softness, logic_bias, humor_level, formality, initiative). The spec's own label rule reads
 * two of them otherwise: 'casual' (humor 0.6 is not above 0.6) and 'direct' (softness 0.5 is not below 0.5)
 * both derive 'balanced'. Both numbers are the spec's; we keep them and say so in docs/personality.md.
 */
export const PRESETS: Readonly<Record<PresetName, Readonly<Dimensions>>> = Object.freeze({
  casual: dims(0.8, 0.4, 0.6, 0.2, 0.7),
  professional: dims(0.6, 0.8, 0.3, 0.7, 0.6),
  gentle: dims(0.9, 0.3, 0.4, 0.8, 0.5),
  direct: dims(0.5, 0.9, 0.2, 0.4, 0.8),
});

function dims(
  softness: number,
  logic_bias: number,
  humor_level: number,
  formality: number,
  initiative: number,
): Readonly<Dimensions> {
  return Object.freeze({ softness, logic_bias, humor_level, formality, initiative });
}

/** Kiri's baseline: warm, a little playful, casual, ready to ask back (what the engine had before). */
export const BASELINE_DIMENSIONS: Readonly<Dimensions> = dims(0.7, 0.5, 0.5, 0.3, 0.6);

/** Slider values land on the 0.05 grid; a float sum (0.1 + 0.2) must not show as 0.30000000000000004. */
export function snapToStep(value: number): number {
  const clamped = Math.min(SLIDER_MAX, Math.max(SLIDER_MIN, value));
  return Math.round(Math.round(clamped / SLIDER_STEP) * SLIDER_STEP * 100) / 100;
}

export function sameDimensions(a: Dimensions, b: Dimensions): boolean {
  return DIMENSION_KEYS.every((key) => a[key] === b[key]);
}

/** The preset whose values these are, if any (the page marks it). */
export function presetOf(p: Dimensions): PresetName | null {
  return PRESET_NAMES.find((name) => sameDimensions(PRESETS[name], p)) ?? null;
}

/**
 * Why a body's dimensions cannot be saved, or null when they can (spec 000 §3.4: each of the five, each
 * 0 to 1). Every problem is named, so a client sees all it must fix at once.
 */
export function dimensionProblems(value: unknown): string | null {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return 'dimensions must be an object with softness, logic_bias, humor_level, formality and initiative';
  }
  const record = value as Record<string, unknown>;
  const problems: string[] = [];
  for (const key of Object.keys(record)) {
    if (!(DIMENSION_KEYS as readonly string[]).includes(key)) {
      problems.push(`Unknown dimension: ${key}`);
    }
  }
  for (const key of DIMENSION_KEYS) {
    if (!(key in record)) {
      problems.push(`Missing dimension: ${key}`);
      continue;
    }
    const n = record[key];
    if (typeof n !== 'number' || !Number.isFinite(n) || n < SLIDER_MIN || n > SLIDER_MAX) {
      problems.push(`${key} must be a number from 0 to 1`);
    }
  }
  return problems.length > 0 ? problems.join('; ') : null;
}

/** A well-formed set of dimensions, or null (the client reads the server's answer through this). */
export function parseDimensions(value: unknown): Dimensions | null {
  if (dimensionProblems(value) !== null) return null;
  const record = value as Dimensions;
  return {
    softness: record.softness,
    logic_bias: record.logic_bias,
    humor_level: record.humor_level,
    formality: record.formality,
    initiative: record.initiative,
  };
}

export function isTone(value: unknown): value is Tone {
  return typeof value === 'string' && (TONES as readonly string[]).includes(value);
}
