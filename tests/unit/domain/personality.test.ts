// Spec 000 §4 'Personality editor' (the tone label, first match wins), §9 (the presets), §5 (sliders).
import { describe, expect, it } from 'vitest';
import {
  BASELINE_DIMENSIONS,
  dimensionProblems,
  PRESETS,
  presetOf,
  snapToStep,
  toneLabel,
  type Dimensions,
} from '@/domain/personality';

const mid: Dimensions = {
  softness: 0.5,
  logic_bias: 0.5,
  humor_level: 0.5,
  formality: 0.5,
  initiative: 0.5,
};
const at = (change: Partial<Dimensions>): Dimensions => ({ ...mid, ...change });

describe('tone label: casual when formality below 0.3 and humor_level above 0.6', () => {
  it('is casual just inside both edges', () => {
    expect(toneLabel(at({ formality: 0.25, humor_level: 0.65 }))).toBe('casual');
  });
  it('is not casual at formality exactly 0.3 or humor_level exactly 0.6', () => {
    expect(toneLabel(at({ formality: 0.3, humor_level: 0.65 }))).not.toBe('casual');
    expect(toneLabel(at({ formality: 0.25, humor_level: 0.6 }))).not.toBe('casual');
  });
});

describe('tone label: direct when logic_bias above 0.7 and softness below 0.5', () => {
  it('is direct just inside both edges', () => {
    expect(toneLabel(at({ logic_bias: 0.75, softness: 0.45 }))).toBe('direct');
  });
  it('is not direct at logic_bias exactly 0.7 or softness exactly 0.5', () => {
    expect(toneLabel(at({ logic_bias: 0.7, softness: 0.45 }))).toBe('balanced');
    expect(toneLabel(at({ logic_bias: 0.75, softness: 0.5 }))).toBe('balanced');
  });
});

describe('tone label: gentle when softness above 0.7 and formality above 0.6', () => {
  it('is gentle just inside both edges, not at 0.7 or 0.6', () => {
    expect(toneLabel(at({ softness: 0.75, formality: 0.65 }))).toBe('gentle');
    expect(toneLabel(at({ softness: 0.7, formality: 0.65 }))).toBe('balanced');
    expect(toneLabel(at({ softness: 0.75, formality: 0.6 }))).toBe('balanced');
  });
});

describe('tone label: playful when initiative above 0.7 and humor_level above 0.5', () => {
  it('is playful just inside both edges, not at 0.7 or 0.5', () => {
    expect(toneLabel(at({ initiative: 0.75, humor_level: 0.55 }))).toBe('playful');
    expect(toneLabel(at({ initiative: 0.7, humor_level: 0.55 }))).toBe('balanced');
    expect(toneLabel(at({ initiative: 0.75, humor_level: 0.5 }))).toBe('balanced');
  });
});

describe('tone label: professional when logic_bias above 0.6 and formality above 0.5', () => {
  it('is professional just inside both edges, not at 0.6 or 0.5', () => {
    expect(toneLabel(at({ logic_bias: 0.65, formality: 0.55 }))).toBe('professional');
    expect(toneLabel(at({ logic_bias: 0.6, formality: 0.55 }))).toBe('balanced');
    expect(toneLabel(at({ logic_bias: 0.65, formality: 0.5 }))).toBe('balanced');
  });
});

describe('tone label: first match wins', () => {
  it('casual before playful when both hold', () => {
    const both = at({ formality: 0.1, humor_level: 0.9, initiative: 0.9 });
    expect(toneLabel(both)).toBe('casual');
  });
  it('direct before professional when both hold', () => {
    expect(toneLabel(at({ logic_bias: 0.9, softness: 0.2, formality: 0.9 }))).toBe('direct');
  });
  it('gentle before professional when both hold', () => {
    expect(toneLabel(at({ softness: 0.9, formality: 0.9, logic_bias: 0.9 }))).toBe('gentle');
  });
  it('otherwise balanced', () => {
    expect(toneLabel(mid)).toBe('balanced');
  });
});

describe('presets (spec 000 §9)', () => {
  it('carry the spec values in the order softness, logic_bias, humor_level, formality, initiative', () => {
    const row = (p: Dimensions) => [
      p.softness,
      p.logic_bias,
      p.humor_level,
      p.formality,
      p.initiative,
    ];
    expect(row(PRESETS.casual)).toEqual([0.8, 0.4, 0.6, 0.2, 0.7]);
    expect(row(PRESETS.professional)).toEqual([0.6, 0.8, 0.3, 0.7, 0.6]);
    expect(row(PRESETS.gentle)).toEqual([0.9, 0.3, 0.4, 0.8, 0.5]);
    expect(row(PRESETS.direct)).toEqual([0.5, 0.9, 0.2, 0.4, 0.8]);
  });
  it('derive their tone by the spec rule: two of them read as balanced', () => {
    expect(toneLabel(PRESETS.professional)).toBe('professional');
    expect(toneLabel(PRESETS.gentle)).toBe('gentle');
    expect(toneLabel(PRESETS.casual)).toBe('balanced');
    expect(toneLabel(PRESETS.direct)).toBe('balanced');
  });
  it('are recognised by their values, and the baseline is none of them', () => {
    expect(presetOf({ ...PRESETS.gentle })).toBe('gentle');
    expect(presetOf(BASELINE_DIMENSIONS)).toBeNull();
  });
  it('are all valid dimensions', () => {
    for (const preset of Object.values(PRESETS)) expect(dimensionProblems(preset)).toBeNull();
  });
});

describe('sliders: range 0 to 1, step 0.05', () => {
  it('snap to the grid and stay in range', () => {
    expect(snapToStep(0.1 + 0.2)).toBe(0.3);
    expect(snapToStep(0.52)).toBe(0.5);
    expect(snapToStep(0.53)).toBe(0.55);
    expect(snapToStep(1.2)).toBe(1);
    expect(snapToStep(-0.1)).toBe(0);
  });
});

describe('dimension checks', () => {
  it('name every problem: out of range, missing, unknown', () => {
    const problems = dimensionProblems({ ...mid, softness: 2, initiative: undefined, warmth: 1 });
    expect(problems).toContain('Unknown dimension: warmth');
    expect(problems).toContain('softness must be a number from 0 to 1');
    expect(problems).toContain('initiative must be a number from 0 to 1');
    expect(dimensionProblems({ softness: 0 })).toContain('Missing dimension: formality');
  });
  it('accept both ends of the range', () => {
    expect(dimensionProblems({ ...mid, softness: 0, formality: 1 })).toBeNull();
  });
});
