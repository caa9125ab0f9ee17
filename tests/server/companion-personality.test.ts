// The five dimensions change how Kiri writes (issue 11, docs/personality.md): the same messages, answered
// by the local engine with the same seeds under two personalities, differ measurably. Each test varies one
// dimension (or two presets) and counts what a reader would notice over 200 replies.
import { describe, expect, it } from 'vitest';
import { localReply } from '../../src/engine/companion/local-engine';
import { buildMessages } from '../../server/companion/prompt';
import type { CompanionInput } from '../../src/engine/companion/types';
import { BASELINE_DIMENSIONS, PRESETS, type Dimensions } from '../../src/domain/personality';

const MESSAGES = [
  'hello',
  'I had a long day at work',
  'I am so tired',
  'what should I cook tonight?',
  'I finished my book',
  'thanks kiri',
  'I feel anxious about the exam',
  'my cat did something funny',
  'good morning',
  'I am stressed about my deadlines',
];
const SEEDS = 20;

function replies(personality: Dimensions): string[] {
  const out: string[] = [];
  for (let seed = 1; seed <= SEEDS; seed += 1) {
    for (const message of MESSAGES) {
      const input: CompanionInput = {
        message,
        isInitialGreeting: false,
        userName: 'Mei',
        history: [],
        // 12:00 in Shanghai: no late-night notes.
        now: Date.UTC(2026, 0, 5, 4, 0),
        timeZone: 'Asia/Shanghai',
        personaName: 'Kiri',
        personality,
        memories: [],
        recentReplies: [],
        seed,
      };
      out.push(localReply(input).parts.join('\n'));
    }
  }
  return out;
}

const share = (texts: string[], test: (text: string) => boolean) =>
  texts.filter(test).length / texts.length;

/** Contractions per word: "I'm", "don't", "what's" (a possessive "body's" counts too, alike in both). */
function contractionRate(texts: string[]): number {
  const words = texts.flatMap((text) => text.match(/[\p{L}']+/gu) ?? []);
  return words.filter((word) => /\p{L}'\p{L}/u.test(word)).length / words.length;
}

const asks = (text: string) => text.includes('?');
const playful = (text: string) => text.includes('(');
const reasons = (text: string) => /\bbecause\b/i.test(text);
const warm = (text: string) => text.includes('~');

const at = (change: Partial<Dimensions>): Dimensions => ({ ...BASELINE_DIMENSIONS, ...change });

describe('two presets answer the same messages measurably differently', () => {
  it('casual writes contractions; professional spells them out and gives reasons', () => {
    const casual = replies(PRESETS.casual);
    const professional = replies(PRESETS.professional);
    expect(contractionRate(casual)).toBeGreaterThan(0.04);
    expect(contractionRate(professional)).toBeLessThan(0.01);
    expect(share(professional, reasons)).toBeGreaterThan(0.2);
    expect(share(casual, reasons)).toBe(0);
    // Casual is warm with '~'; professional is formal and never uses it.
    expect(share(casual, warm)).toBeGreaterThan(0.5);
    expect(share(professional, warm)).toBe(0);
  });
});

describe('each dimension on its own', () => {
  it('formality: contractions and lower-case greetings when low, none when high', () => {
    const low = replies(at({ formality: 0.1 }));
    const high = replies(at({ formality: 0.9 }));
    expect(contractionRate(low)).toBeGreaterThan(contractionRate(high) * 5);
    const greetings = (texts: string[]) => texts.filter((_, i) => MESSAGES[i % 10] === 'hello');
    expect(share(greetings(low), (text) => /^\p{Ll}/u.test(text))).toBeGreaterThan(0.8);
    expect(share(greetings(high), (text) => /^\p{Ll}/u.test(text))).toBe(0);
  });

  it('initiative: more follow-up questions when high', () => {
    const low = share(replies(at({ initiative: 0.1 })), asks);
    const high = share(replies(at({ initiative: 0.95 })), asks);
    expect(high - low).toBeGreaterThan(0.3);
  });

  it('humor_level: playful asides when high, none when low', () => {
    const low = share(replies(at({ humor_level: 0.1 })), playful);
    const high = share(replies(at({ humor_level: 0.95 })), playful);
    expect(low).toBe(0);
    expect(high).toBeGreaterThan(0.2);
  });

  it('logic_bias: reasons given when high, none at or below the middle', () => {
    expect(share(replies(at({ logic_bias: 0.5 })), reasons)).toBe(0);
    expect(share(replies(at({ logic_bias: 0.95 })), reasons)).toBeGreaterThan(0.25);
  });

  it("softness: warm '~' notes when high, none when low", () => {
    const low = share(replies(at({ softness: 0.2 })), warm);
    const high = share(replies(at({ softness: 0.95 })), warm);
    expect(low).toBe(0);
    expect(high).toBeGreaterThan(0.5);
  });
});

describe('the provider prompt carries the personality', () => {
  const prompt = (personality: Dimensions) =>
    buildMessages(
      {
        message: 'hello',
        isInitialGreeting: false,
        userName: 'Mei',
        history: [],
        now: Date.UTC(2026, 0, 5, 4, 0),
        timeZone: 'Asia/Shanghai',
        personaName: 'Kiri',
        personality,
        memories: [],
        recentReplies: [],
      },
      { intent: 'greeting', feeling: null, remember: null },
    )[0]!.content;

  it('names the tone and asks for contractions or none, reasons, questions', () => {
    const professional = prompt(PRESETS.professional);
    expect(professional).toContain('overall tone "professional"');
    expect(professional).toContain('no contractions');
    expect(professional).toContain('short reason');
    const casual = prompt({ ...PRESETS.casual, formality: 0.1, initiative: 0.9 });
    expect(casual).toContain("contractions (I'm, don't)");
    expect(casual).toContain('ask a follow-up question');
  });
});
