// The engine's reading of feelings (docs/language.md): the word lists name the kind of feeling, VADER
// decides its direction and strength (negation, intensifiers, capitals, '!').
import { describe, expect, it } from 'vitest';
import { readFeeling } from '../../src/engine/companion/intent';
import { localReply } from '../../src/engine/companion/local-engine';
import { buildMessages } from '../../server/companion/prompt';
import { BASELINE_PERSONALITY, type CompanionInput } from '../../src/engine/companion/types';
import { STRONG_FEELING } from '../../src/engine/language/sentiment';

describe('negation: a negated glad word reads as sad', () => {
  it.each(['I am not happy at all', "I'm not really happy", "I'm not happy today :("])(
    '%j is sad',
    (text) => {
      expect(readFeeling(text)?.feeling).toBe('sad');
    },
  );
  it('a negated sore word is no feeling', () => {
    expect(readFeeling('I am not sad')).toBeNull();
    expect(readFeeling("I'm not tired at all")).toBeNull();
  });
});

describe('intensity: intensifiers, capitals and exclamation marks make a feeling strong', () => {
  it("'I'm SO happy!!' is very happy", () => {
    const reading = readFeeling("I'm SO happy!!");
    expect(reading?.feeling).toBe('happy');
    expect(reading?.strong).toBe(true);
  });
  it('is stronger with capitals and marks than without', () => {
    const plain = readFeeling("I'm happy")!.intensity;
    const so = readFeeling("I'm so happy")!.intensity;
    const shouted = readFeeling("I'm SO happy!!")!.intensity;
    expect(so).toBeGreaterThan(plain);
    expect(shouted).toBeGreaterThan(so);
    expect(plain).toBeLessThan(STRONG_FEELING);
  });
  it('a strongly felt sadness is strong too', () => {
    expect(readFeeling('I am SO sad and miserable today!!')).toMatchObject({
      feeling: 'sad',
      strong: true,
    });
  });
});

const input = (message: string, seed: number): CompanionInput => ({
  message,
  isInitialGreeting: false,
  userName: 'Mei',
  history: [],
  now: Date.UTC(2026, 0, 5, 4, 0),
  timeZone: 'Asia/Shanghai',
  personaName: 'Kiri',
  personality: BASELINE_PERSONALITY,
  memories: [],
  recentReplies: [],
  seed,
});

describe('what the engine does with it', () => {
  it("answers 'I am not happy at all' as sadness, not joy", () => {
    const reply = localReply(input('I am not happy at all', 1));
    expect(reply).toMatchObject({ intent: 'feeling', feeling: 'sad' });
  });
  it('tells a provider the owner seems very happy when the feeling is strong', () => {
    const strong = buildMessages(input("I'm SO happy!!", 1), {
      intent: 'feeling',
      feeling: 'happy',
      feelingIntensity: readFeeling("I'm SO happy!!")!.intensity,
      remember: null,
    });
    expect(strong[0]!.content).toContain('They seem very happy');
    const mild = buildMessages(input("I'm happy", 1), {
      intent: 'feeling',
      feeling: 'happy',
      feelingIntensity: readFeeling("I'm happy")!.intensity,
      remember: null,
    });
    expect(mild[0]!.content).toContain('They seem happy');
  });
});
