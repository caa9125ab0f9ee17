// WhisperBridge Lite's pairs as the engine reads them (src/engine/companion/tone-style.ts): tone fit,
// 'matching tone first', emotion_sync following the mood, the tone nudge, and the local engine's
// phrasing leaning to the pairs' tone.
import { describe, expect, it } from 'vitest';
import { localReply } from '../../src/engine/companion/local-engine';
import { voiceOf } from '../../src/engine/companion/style';
import {
  bestToneFor,
  parseToneStyle,
  pickToneExamples,
  tonedPersonality,
  toneFit,
  type ToneExample,
} from '../../src/engine/companion/tone-style';
import { BASELINE_PERSONALITY, type CompanionInput } from '../../src/engine/companion/types';

const pair = (
  emotion_tone: ToneExample['emotion_tone'],
  sync_quality: number,
  text = emotion_tone,
) => ({
  gpt_line: `gpt ${text}`,
  gemini_mirror: `gemini ${text}`,
  emotion_tone,
  sync_quality,
});

describe('tone fit', () => {
  it('is 1 inside the tone range and falls to 0 half a point outside it', () => {
    expect(toneFit(0, 'neutral')).toBe(1);
    expect(toneFit(0.9, 'playful')).toBe(1);
    expect(toneFit(-0.8, 'playful')).toBe(0);
    expect(toneFit(0.55, 'neutral')).toBeCloseTo(0.5);
  });

  it('reads a glad line as playful and a flat one as neutral', () => {
    expect(bestToneFor(0.9)).toBe('playful');
    expect(bestToneFor(0)).toBe('neutral');
  });
});

describe('matching tone first', () => {
  const examples = [
    pair('neutral', 99),
    pair('playful', 70),
    pair('playful', 90),
    pair('caring', 95),
  ];

  it('puts the pairs whose tone fits the text first, then the highest quality', () => {
    const picked = pickToneExamples(examples, 'This is amazing, I am so excited!!', { limit: 3 });
    // Playful is the tone the text reads as; caring's range holds its feeling too; neutral's does not.
    expect(picked.examples.map((e) => [e.emotion_tone, e.sync_quality])).toEqual([
      ['playful', 90],
      ['playful', 70],
      ['caring', 95],
    ]);
    expect(picked.lead).toBe('playful');
  });

  it("with emotion_sync, follows Kiri's mood instead of the text", () => {
    const picked = pickToneExamples(examples, 'This is amazing, I am so excited!!', {
      followMood: true,
      mood: { mode: 'nurturing', intensity: 0.8 },
      limit: 2,
    });
    expect(picked.wanted).toBe('caring');
    expect(picked.examples[0]!.emotion_tone).toBe('caring');
  });
});

describe('tone nudge', () => {
  it('leans the personality toward the tone, within 0 to 1', () => {
    expect(tonedPersonality(BASELINE_PERSONALITY, 'playful').humor_level).toBeCloseTo(0.75);
    expect(tonedPersonality({ ...BASELINE_PERSONALITY, softness: 0.95 }, 'soft').softness).toBe(1);
    expect(voiceOf(tonedPersonality(BASELINE_PERSONALITY, 'soft'), null).traits.has('quiet')).toBe(
      true,
    );
    expect(
      voiceOf(tonedPersonality(BASELINE_PERSONALITY, 'neutral'), null).traits.has('soft'),
    ).toBe(false);
    expect(tonedPersonality(BASELINE_PERSONALITY, null)).toEqual(BASELINE_PERSONALITY);
    expect(voiceOf(BASELINE_PERSONALITY, null).traits.has('playful')).toBe(false);
    expect(
      voiceOf(tonedPersonality(BASELINE_PERSONALITY, 'playful'), null).traits.has('playful'),
    ).toBe(true);
  });
});

describe('the local engine', () => {
  const NOW = Date.UTC(2025, 2, 3, 14, 0);
  const input = (extra: Partial<CompanionInput> = {}): CompanionInput => ({
    message: 'I am bored',
    isInitialGreeting: false,
    userName: 'Mei',
    history: [],
    now: NOW,
    timeZone: 'Europe/Lisbon',
    personaName: 'Kiri',
    personality: BASELINE_PERSONALITY,
    mood: null,
    memories: [],
    recentReplies: [],
    ...extra,
  });

  it('phrases differently with a playful tone-sync style than without one', () => {
    const style = { examples: [pair('playful', 95)], followMood: false };
    let differ = 0;
    for (let seed = 1; seed <= 20; seed += 1) {
      const plain = localReply(input({ seed }));
      const styled = localReply(input({ seed, toneStyle: style }));
      if (plain.parts.join(' ') !== styled.parts.join(' ')) differ += 1;
    }
    expect(differ).toBeGreaterThanOrEqual(5);
  });

  it('answers exactly as before with no style', () => {
    for (let seed = 1; seed <= 5; seed += 1) {
      const plain = localReply(input({ seed }));
      const none = localReply(input({ seed, toneStyle: null }));
      expect(none.parts).toEqual(plain.parts);
    }
  });
});

describe('parseToneStyle', () => {
  it('keeps well-formed pairs and drops the rest', () => {
    expect(
      parseToneStyle({
        examples: [pair('soft', 80), { gpt_line: 1 }, pair('soft', 70)],
        followMood: true,
      }),
    ).toEqual({ examples: [pair('soft', 80), pair('soft', 70)], followMood: true });
    expect(parseToneStyle('nope')).toBeNull();
  });
});
