import { describe, expect, it } from 'vitest';
import type { CompanionInput, PersonalityDimensions } from '../../src/engine/companion';
import { BASELINE_PERSONALITY, localReply } from '../../src/engine/companion';
import { HUMOR } from '../../src/engine/companion/phrases';
import { ENGINE_READ_CHARS, engineReadable } from '../../src/engine/companion/text';

// 2025-03-03 in Asia/Shanghai (UTC+8).
const MORNING = Date.UTC(2025, 2, 3, 0, 30); // 08:30
const AFTERNOON = Date.UTC(2025, 2, 3, 6, 0); // 14:00
const EVENING = Date.UTC(2025, 2, 3, 11, 0); // 19:00
const LATE = Date.UTC(2025, 2, 3, 17, 30); // 01:30 the next day
const DAY = 86_400_000;

function input(overrides: Partial<CompanionInput> = {}): CompanionInput {
  return {
    message: 'hello',
    isInitialGreeting: false,
    userName: 'Mei',
    history: [],
    now: AFTERNOON,
    timeZone: 'Asia/Shanghai',
    personaName: 'Kiri',
    personality: BASELINE_PERSONALITY,
    mood: null,
    memories: [],
    recentReplies: [],
    seed: 1,
    ...overrides,
  };
}

const joined = (parts: string[]) => parts.join('\n');
const seeds = Array.from({ length: 40 }, (_, i) => i + 1);

const FORMAL: PersonalityDimensions = { ...BASELINE_PERSONALITY, formality: 0.9 };
const MESSAGES = [
  'hello',
  "I'm so sad today",
  'I am stressed about my exam tomorrow',
  'who are you?',
  'how are you?',
  'remember that my brother is called Leo',
  'what do you remember?',
  'what is the meaning of life?',
  'I went to the park with my dog',
  'thanks!',
  'good night',
  "I'm bored",
];

describe('localReply', () => {
  it('answers every intent in 1 to 3 non-empty parts', () => {
    for (const message of MESSAGES) {
      for (const seed of seeds.slice(0, 10)) {
        for (const now of [MORNING, LATE]) {
          const reply = localReply(input({ message, seed, now }));
          expect(reply.provider).toBe('local');
          expect(reply.parts.length).toBeGreaterThanOrEqual(1);
          expect(reply.parts.length).toBeLessThanOrEqual(3);
          for (const part of reply.parts) expect(part.trim()).not.toBe('');
        }
      }
    }
  });

  it('reports intent, feeling and what to remember', () => {
    const sad = localReply(input({ message: "I'm so sad today" }));
    expect(sad).toMatchObject({ intent: 'feeling', feeling: 'sad', remember: null });
    const remember = localReply(input({ message: 'remember that my brother is called Leo' }));
    expect(remember).toMatchObject({ intent: 'remember', remember: 'my brother is called Leo' });
    const greeting = localReply(input({ message: '', isInitialGreeting: true }));
    expect(greeting).toMatchObject({ intent: 'initial_greeting', feeling: null, remember: null });
  });

  it("repeats back the gist of what to remember, from Kiri's side", () => {
    const reply = localReply(input({ message: 'remember that my brother is called Leo' }));
    expect(joined(reply.parts)).toMatch(/your brother is called Leo/i);
  });

  it('takes the previous message for a bare "remember that!"', () => {
    const reply = localReply(
      input({
        message: 'remember that!',
        history: [
          { role: 'user', content: 'My favourite flower is the peony.' },
          { role: 'assistant', content: 'ooh, pretty ~' },
        ],
      }),
    );
    expect(reply.intent).toBe('remember');
    expect(reply.remember).toBe('My favourite flower is the peony');
  });

  it('greets by name on the initial greeting', () => {
    for (const seed of seeds) {
      const reply = localReply(input({ message: '', isInitialGreeting: true, seed }));
      expect(joined(reply.parts)).toContain('Mei');
    }
  });

  it('uses the name sometimes, not always', () => {
    const withName = seeds.filter((seed) =>
      joined(localReply(input({ message: 'hello', seed })).parts).includes('Mei'),
    );
    expect(withName.length).toBeGreaterThan(5);
    expect(withName.length).toBeLessThan(seeds.length);
  });

  it('greets without a name when it does not know one', () => {
    const reply = localReply(input({ message: '', isInitialGreeting: true, userName: null }));
    expect(joined(reply.parts)).not.toMatch(/\{|\}|null|undefined/);
  });

  it('greets by the time of day in the owner zone', () => {
    for (const seed of seeds) {
      const morning = joined(
        localReply(input({ message: '', isInitialGreeting: true, now: MORNING, seed })).parts,
      );
      const late = joined(
        localReply(input({ message: '', isInitialGreeting: true, now: LATE, seed })).parts,
      );
      const evening = joined(
        localReply(input({ message: '', isInitialGreeting: true, now: EVENING, seed })).parts,
      );
      expect(morning).toMatch(/morning/i);
      expect(late).toMatch(/late|night/i);
      expect(late).not.toMatch(/morning/i);
      expect(evening).toMatch(/evening/i);
    }
  });

  it('computes the time of day in the given zone, not the server zone', () => {
    // 08:30 in Shanghai is 00:30 UTC: a late-night hour in London.
    const london = joined(
      localReply(
        input({ message: '', isInitialGreeting: true, now: MORNING, timeZone: 'Europe/London' }),
      ).parts,
    );
    expect(london).toMatch(/late|night/i);
  });

  it('adds a gentle late note to a late-night feeling', () => {
    for (const seed of seeds.slice(0, 10)) {
      const reply = localReply(input({ message: "I'm so tired", now: LATE, seed }));
      expect(joined(reply.parts)).toMatch(/late|midnight|sleep|rest/i);
    }
  });

  it('speaks formally at formality 0.9: no tildes, no lowercase "i"', () => {
    for (const message of MESSAGES) {
      for (const seed of seeds.slice(0, 15)) {
        for (const now of [MORNING, LATE]) {
          const text = joined(localReply(input({ message, seed, now, personality: FORMAL })).parts);
          expect(text).not.toContain('~');
          expect(text).not.toMatch(/(^|\s)i(\s|')/);
          expect(text).not.toMatch(/\b(gonna|wanna|hehe|helloooo)\b/i);
          expect(text).toMatch(/^[A-Z("“]/);
        }
      }
      const greeting = joined(
        localReply(input({ message: '', isInitialGreeting: true, personality: FORMAL })).parts,
      );
      expect(greeting).not.toContain('~');
    }
  });

  it('is casual and uses tildes at the baseline personality', () => {
    const texts = seeds.map((seed) => joined(localReply(input({ message: 'hello', seed })).parts));
    expect(texts.some((text) => text.includes('~'))).toBe(true);
    expect(texts.some((text) => /(^|\s)i('m|\s)/.test(text))).toBe(true);
  });

  it('jokes with high humor and not with low humor', () => {
    const jokes = HUMOR.map((entry) =>
      (typeof entry === 'string' ? entry : entry.t).replace(/\s*~\)$/, ''),
    );
    const hasJoke = (text: string) => jokes.some((joke) => text.includes(joke.slice(0, 20)));
    const run = (humor_level: number) =>
      seeds.map((seed) =>
        joined(
          localReply(
            input({
              message: 'I went to the park',
              seed,
              personality: { ...BASELINE_PERSONALITY, humor_level },
            }),
          ).parts,
        ),
      );
    const high = run(0.95);
    const low = run(0.05);
    expect(high.filter(hasJoke).length).toBeGreaterThan(10);
    expect(low.filter(hasJoke)).toHaveLength(0);
    expect(high.filter((text, i) => text !== low[i]).length).toBeGreaterThan(seeds.length / 2);
  });

  it('suggests practical steps with a high logic bias', () => {
    const practical = /\b(try|list|write|step|pick|walk|breathe|water|rest)\b/i;
    const run = (logic_bias: number) =>
      seeds.filter((seed) =>
        practical.test(
          joined(
            localReply(
              input({
                message: "I'm so stressed",
                seed,
                personality: { ...BASELINE_PERSONALITY, logic_bias },
              }),
            ).parts,
          ),
        ),
      ).length;
    expect(run(0.95)).toBeGreaterThan(run(0.1));
  });

  it('asks follow-up questions with high initiative and rarely with low', () => {
    const questions = (initiative: number) =>
      seeds.filter((seed) =>
        joined(
          localReply(
            input({
              message: 'I went to the park',
              seed,
              personality: { ...BASELINE_PERSONALITY, initiative },
            }),
          ).parts,
        ).includes('?'),
      ).length;
    expect(questions(0.95)).toBeGreaterThan(questions(0.1));
  });

  it('answers in the mood of the moment when asked how it is', () => {
    const reply = localReply(
      input({ message: 'how are you?', mood: { mode: 'resting', intensity: 0.8 } }),
    );
    expect(joined(reply.parts)).toMatch(/sleepy/i);
  });

  it('never repeats one of its last 20 replies across 200 hellos', () => {
    const recent: string[] = [];
    let fallbackFree = 0;
    for (let i = 0; i < 200; i += 1) {
      const reply = localReply(
        input({
          message: 'hello',
          now: AFTERNOON + i * 60_000,
          seed: undefined,
          recentReplies: recent.slice(-20),
        }),
      );
      const text = joined(reply.parts);
      expect(recent.slice(-20)).not.toContain(text);
      expect(recent.slice(-20).map((r) => r.replace(/\s+/g, ' '))).not.toContain(
        reply.parts.join(' '),
      );
      if (!/\(\d+\)$/.test(text)) fallbackFree += 1;
      recent.push(text);
    }
    expect(fallbackFree).toBe(200);
  });

  it('never repeats even with a fixed seed and a single-line pool', () => {
    const recent: string[] = [];
    for (let i = 0; i < 60; i += 1) {
      const reply = localReply(
        input({ message: 'what time is it?', recentReplies: recent.slice(-20) }),
      );
      const text = joined(reply.parts);
      expect(recent.slice(-20)).not.toContain(text);
      recent.push(text);
    }
  });

  it('is deterministic under a seed', () => {
    for (const message of MESSAGES) {
      const a = localReply(
        input({
          message,
          seed: 42,
          memories: [{ content: 'I love jasmine tea', timestamp: AFTERNOON - DAY }],
        }),
      );
      const b = localReply(
        input({
          message,
          seed: 42,
          memories: [{ content: 'I love jasmine tea', timestamp: AFTERNOON - DAY }],
        }),
      );
      expect(a).toEqual(b);
    }
    const variety = new Set(
      seeds.map((seed) => joined(localReply(input({ message: 'hello', seed })).parts)),
    );
    expect(variety.size).toBeGreaterThan(15);
  });

  describe('recall', () => {
    const memories = [
      { content: 'I have a dentist appointment on Friday', timestamp: AFTERNOON - 2 * 3_600_000 },
      { content: 'my sister is called Ana', timestamp: AFTERNOON - 3 * DAY },
      { content: 'I love jasmine tea', timestamp: AFTERNOON - 10 * DAY },
    ];

    it('finds the relevant memory', () => {
      for (const seed of seeds.slice(0, 10)) {
        const sister = joined(
          localReply(input({ message: 'do you remember my sister?', memories, seed })).parts,
        );
        expect(sister).toMatch(/your sister is called Ana/);
        expect(sister).not.toMatch(/tea|dentist/);
        const tea = joined(
          localReply(input({ message: 'what did I tell you about tea?', memories, seed })).parts,
        );
        expect(tea).toMatch(/you love jasmine tea/);
        const name = joined(
          localReply(input({ message: "what's my sister's name?", memories, seed })).parts,
        );
        expect(name).toMatch(/Ana/);
      }
    });

    it('finds a memory asked for in a later sentence by its earlier words', () => {
      const cat = [{ content: 'I got a cat today; her name is Mochi', timestamp: AFTERNOON - DAY }];
      for (const seed of seeds.slice(0, 10)) {
        const text = joined(
          localReply(input({ message: "what is my cat's name?", memories: cat, seed })).parts,
        );
        expect(text).toMatch(/Mochi/);
      }
    });

    it('lists what it remembers', () => {
      const reply = localReply(input({ message: 'what do you remember?', memories }));
      const text = joined(reply.parts);
      expect(reply.intent).toBe('recall');
      expect(text).toMatch(/dentist appointment on Friday/);
      expect(text).toMatch(/your sister is called Ana/);
      expect(text).toMatch(/you love jasmine tea/);
    });

    it('says honestly when it has nothing on that yet', () => {
      for (const seed of seeds.slice(0, 10)) {
        const text = joined(
          localReply(input({ message: 'do you remember my favourite film?', memories, seed }))
            .parts,
        );
        expect(text).toMatch(/your favourite film/);
        expect(text).toMatch(/don't|nothing|haven't/i);
        expect(text).not.toMatch(/Ana|tea|dentist/);
        const none = joined(
          localReply(input({ message: 'what do you remember?', memories: [], seed })).parts,
        );
        expect(none).toMatch(/anything|nothing/i);
      }
    });

    it('knows the owner name', () => {
      expect(joined(localReply(input({ message: "what's my name?" })).parts)).toContain('Mei');
    });

    it('brings up a related memory in conversation sometimes', () => {
      const texts = seeds.map((seed) =>
        joined(
          localReply(input({ message: 'I am visiting my sister this weekend', memories, seed }))
            .parts,
        ),
      );
      expect(texts.some((text) => text.includes('your sister is called Ana'))).toBe(true);
      expect(texts.every((text) => !text.includes('jasmine'))).toBe(true);
    });
  });

  it('echoes a detail of the message sometimes', () => {
    const texts = seeds.map((seed) =>
      joined(localReply(input({ message: 'I am so stressed about my exam', seed })).parts),
    );
    expect(texts.some((text) => text.includes('your exam'))).toBe(true);
  });

  it('answers affection, short acknowledgements, emoji and requests for help in kind', () => {
    for (const seed of seeds.slice(0, 10)) {
      const love = joined(localReply(input({ message: 'I love you', seed })).parts);
      expect(love).not.toMatch(/you love me/i);
      const ok = localReply(input({ message: 'ok', seed }));
      expect(joined(ok.parts)).not.toMatch(/how do you feel about it/i);
      const emoji = joined(localReply(input({ message: '😊', seed, personality: FORMAL })).parts);
      expect(emoji).not.toMatch(/question/i);
      const help = joined(
        localReply(input({ message: 'can you help me plan my week?', seed })).parts,
      );
      expect(help).toMatch(/help|sort|figure|list|start/i);
      expect(help).not.toMatch(/internet/i);
    }
  });

  it('answers the time in the owner zone', () => {
    expect(
      joined(localReply(input({ message: 'what time is it?', now: MORNING })).parts),
    ).toContain('08:30');
  });

  it('survives odd input', () => {
    const reply = localReply(
      input({
        message: '   ',
        userName: '  ',
        timeZone: 'Not/AZone',
        personality: {
          softness: NaN,
          logic_bias: 5,
          humor_level: -1,
          formality: 0.5,
          initiative: 0.5,
        },
        memories: [{ content: '', timestamp: 0 }],
        mood: { mode: 'unknown', intensity: 2 },
      }),
    );
    expect(reply.parts.length).toBeGreaterThanOrEqual(1);
    expect(joined(reply.parts)).not.toMatch(/\{|\}|undefined|null|NaN/);
  });
});

describe('a reply never says the same phrase twice', () => {
  it('does not repeat a distinctive word pair across its segments, over many seeds', async () => {
    const { localReply, BASELINE_PERSONALITY } = await import('../../src/engine/companion');
    for (let seed = 0; seed < 300; seed += 1) {
      const reply = localReply({
        message: 'hi Kiri, I just got on the train',
        isInitialGreeting: false,
        userName: 'Mei',
        history: [],
        now: Date.UTC(2026, 10, 22, 1),
        timeZone: 'Asia/Shanghai',
        personaName: 'Kiri',
        personality: BASELINE_PERSONALITY,
        memories: [],
        recentReplies: [],
        seed,
      });
      const text = reply.parts.join(' ').toLowerCase();
      expect(text.split("i'm listening").length - 1, text).toBeLessThanOrEqual(1);
    }
  });
});

describe('how much of a message the engine reads', () => {
  it(`reads the first ${ENGINE_READ_CHARS} characters of a message and of each earlier turn`, () => {
    const filler = 'and then we walked on. '.repeat(Math.ceil(ENGINE_READ_CHARS / 23));
    const within = `${filler.slice(0, ENGINE_READ_CHARS - 20)} i feel so sad`;
    expect(within.length).toBeLessThanOrEqual(ENGINE_READ_CHARS);
    expect(localReply(input({ message: within })).feeling).toBe('sad');
    expect(localReply(input({ message: `${filler} i feel so sad` })).feeling).toBeNull();

    const remembered = localReply(
      input({
        message: 'remember that!',
        history: [{ role: 'user', content: `my cat is called Mochi ${filler}` }],
      }),
    ).remember;
    expect(remembered).toMatch(/^my cat is called Mochi and then/);
  });

  it('never cuts an emoji in half', () => {
    expect(engineReadable(`${'a'.repeat(ENGINE_READ_CHARS - 1)}😀 more`)).toBe(
      'a'.repeat(ENGINE_READ_CHARS - 1),
    );
  });
});
