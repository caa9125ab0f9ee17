// The hybrid protocol's rules (spec 001 §2, §9; src/domain/hybrid-protocol.ts).
import { describe, expect, it } from 'vitest';
import {
  capabilitiesOf,
  feltIntensity,
  hasLocalFallback,
  hybridBarColour,
  percentText,
} from '@/domain/hybrid-protocol';

describe('hybrid bar colour: 0.8 or more green, 0.6 or more yellow, otherwise red', () => {
  it.each([
    [1, 'green'],
    [0.8, 'green'],
    [0.79, 'yellow'],
    [0.6, 'yellow'],
    [0.59, 'red'],
    [0, 'red'],
  ] as const)('%s is %s', (value, colour) => {
    expect(hybridBarColour(value)).toBe(colour);
  });
});

describe('capabilities: what the provider chain can do', () => {
  it('the local engine alone analyses, and writes nothing else', () => {
    expect(capabilitiesOf([{ name: 'local', ok: null }])).toEqual({
      imageGeneration: false,
      essayWriting: false,
      codeGeneration: false,
      analysis: true,
      creativeWriting: false,
      translation: false,
    });
  });

  it('a model not failing at its last try writes essays, code, stories and translations', () => {
    const flags = capabilitiesOf([
      { name: 'mistral', ok: null },
      { name: 'local', ok: true },
    ]);
    expect(flags).toMatchObject({
      essayWriting: true,
      codeGeneration: true,
      creativeWriting: true,
      translation: true,
      analysis: true,
    });
  });

  it('image generation is never active: no node of the chain makes pictures', () => {
    expect(capabilitiesOf([{ name: 'openai', ok: true }]).imageGeneration).toBe(false);
  });

  it('a model whose last try failed is on standby', () => {
    expect(
      capabilitiesOf([
        { name: 'openai', ok: false },
        { name: 'local', ok: true },
      ]).codeGeneration,
    ).toBe(false);
  });
});

describe('local fallback: the local engine is a node of the chain', () => {
  it('is on with it and off without it', () => {
    expect(
      hasLocalFallback([
        { name: 'openai', ok: true },
        { name: 'local', ok: null },
      ]),
    ).toBe(true);
    expect(hasLocalFallback([{ name: 'openai', ok: true }])).toBe(false);
  });
});

describe('emotional depth: how strongly the mood is heard', () => {
  it('leaves the intensity as it is at the default depth 0.5', () => {
    expect(feltIntensity(0.7, 0.5)).toBe(0.7);
  });
  it('silences the mood at 0 and doubles it at 1, never above 1', () => {
    expect(feltIntensity(0.7, 0)).toBe(0);
    expect(feltIntensity(0.3, 1)).toBe(0.6);
    expect(feltIntensity(0.7, 1)).toBe(1);
  });
});

describe('percent text', () => {
  it('rounds a share to a whole percent', () => {
    expect(percentText(0.734)).toBe('73%');
  });
});
