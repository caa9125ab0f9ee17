// What the owner might say to the device engine, and with what around it: varied, fixed inputs of
// localReply for the engine's two homes. The benchmark (bench/device-reply.ts) times 100 of them in
// Chromium and in Node; the parity tests (tests/unit/engine-parity.test.ts, tests/webkit/engine-parity
// .test.ts) check that jsdom and WebKit give Node's replies for them. Plain data, no test framework:
// the bench, Vitest and a Node child process all import it.
import type {
  CompanionInput,
  MemoryItem,
  MoodInput,
  PersonalityDimensions,
} from '../../src/engine/companion/types';

/** 100 owner messages of the kinds a commute brings (issue 12's corpus kinds), no two alike. */
export const OWNER_MESSAGES: readonly string[] = [
  // greetings
  'hi kiri',
  'good morning!',
  'hey, you there?',
  'hello again',
  'evening kiri ~',
  'yo',
  'morning, sleepyhead',
  // farewells
  'good night',
  'gotta go, talk later',
  'bye for now',
  'heading into the tunnel, see you on the other side',
  'sleep well kiri',
  // thanks
  'thanks!',
  'thank you, that really helped',
  'ty kiri',
  'thanks for listening to me',
  // feelings, good
  "I'm so happy today!!",
  'I got the job!',
  'feeling pretty great after my run',
  'today was actually lovely',
  'I am SO excited for the weekend',
  'my presentation went really well',
  'i feel calm for once',
  // feelings, bad
  "I'm so sad today",
  'I am stressed about my exam tomorrow',
  'feeling lonely on this train',
  'I am exhausted, the day was endless',
  'my boss yelled at me and I am angry',
  "I'm anxious about the doctor's appointment",
  'everything feels heavy',
  "I'm bored out of my mind",
  // negated feelings
  "I'm not happy about the delay",
  "i don't feel great",
  'not sad, just tired',
  "I'm not angry anymore",
  'it was not a good day',
  // questions about Kiri
  'who are you?',
  'how are you?',
  'do you get lonely?',
  'what do you like?',
  'what is your favourite colour?',
  'how was your day?',
  'are you a robot?',
  'what makes you happy?',
  // questions about remembered facts
  "what's my dog's name?",
  'where does my sister live?',
  'do you remember my favourite food?',
  'what do you remember about me?',
  'when is my birthday?',
  "what's my cat called?",
  'who is Leo?',
  // remember that
  'remember that my brother is called Leo',
  'remember that I am allergic to peanuts',
  'please remember my train leaves at 7:42',
  'remember that my favourite food is ramen',
  "don't forget that Ana's birthday is on June 3rd",
  'remember I parked on level 4',
  // plans and times
  'I have an interview on Friday at 3',
  'meeting my friends tomorrow evening',
  'the train is 20 minutes late again',
  'I need to call mum next Tuesday',
  'dentist at 9 tomorrow morning',
  'flying to Tokyo in two weeks',
  'I start the new job on Monday',
  // jokes
  'tell me a joke',
  'say something funny',
  'make me laugh, please',
  'know any good puns?',
  'why did the chicken cross the road?',
  // small talk
  'the weather is awful today',
  'I went to the park with my dog',
  "I'm reading a book about octopuses",
  'cooked pasta for dinner',
  'the carriage is packed and someone is eating fried chicken',
  'I watched a great film last night',
  'my plants are finally growing',
  'it smells like rain',
  'coffee number three already',
  'the city looks pretty at night',
  // silence-breakers
  '...',
  'hmm',
  'so',
  'anyway',
  'ok',
  'you still there?',
  'what now',
  // questions, other
  'what is the meaning of life?',
  'what is 12 times 7?',
  'can you look up the train times?',
  'what should I eat tonight?',
  'any advice for a long day?',
  'should I text him back?',
  'is it weird that I talk to you on the train?',
  // longer and mixed
  "Long day. My boss moved the deadline again, the train was late, and I still haven't eaten. But my sister called and that was nice.",
  "Thanks for yesterday, I slept better. Remember that I'm trying to go to bed before midnight.",
  'Do you remember what I said about the ginkgo trees by the river last week?',
  "I'm nervous but also kind of excited about moving to Lisbon",
  'Honestly? I just want someone to say it will be okay.',
];

const BASELINE: PersonalityDimensions = {
  softness: 0.7,
  logic_bias: 0.5,
  humor_level: 0.5,
  formality: 0.3,
  initiative: 0.6,
};

/** Kiri's default and the corners a user reaches with the sliders. */
export const PERSONALITIES: readonly PersonalityDimensions[] = [
  BASELINE,
  { softness: 0.9, logic_bias: 0.2, humor_level: 0.4, formality: 0.1, initiative: 0.9 },
  { softness: 0.3, logic_bias: 0.95, humor_level: 0.2, formality: 0.9, initiative: 0.3 },
  { softness: 0.6, logic_bias: 0.5, humor_level: 0.95, formality: 0.2, initiative: 0.7 },
  { softness: 0.5, logic_bias: 0.7, humor_level: 0.1, formality: 0.6, initiative: 0.1 },
];

export const MOODS: readonly (MoodInput | null)[] = [
  null,
  { mode: 'calm', intensity: 0.4 },
  { mode: 'nurturing', intensity: 0.8 },
  { mode: 'protective', intensity: 0.7 },
  { mode: 'resting', intensity: 0.9 },
  { mode: 'focused', intensity: 0.6 },
  { mode: 'alert', intensity: 0.5 },
];

const FACTS = [
  'my dog is called Biscuit',
  'my sister Ana lives in Lisbon',
  'my favourite food is ramen',
  'my brother is called Leo',
  'I am allergic to peanuts',
  'my birthday is on the 14th of March',
  'I work as a nurse at the city hospital',
  'my train leaves at 7:42 every weekday',
];
const PEOPLE = ['Ana', 'Leo', 'Mum', 'Sam', 'Yuki', 'Priya', 'Tom', 'Grandma'];
const THINGS = ['the bakery', 'the gym', 'the library', 'band practice', 'the allotment', 'yoga'];
const DAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];

const DAY_MS = 86_400_000;
/** 2026-03-02, a Monday: every input's clock is counted from here. */
const START = Date.UTC(2026, 2, 2);

/**
 * The memory nodes the device keeps (at most MAX_CONTEXT_MEMORIES, 200): the facts first, then
 * everyday notes, newest first as EngineContext orders them.
 */
export function memoryNodes(count: number, now = START + 30 * DAY_MS): MemoryItem[] {
  const nodes: MemoryItem[] = [];
  for (let i = 0; i < count; i++) {
    const content =
      i < FACTS.length
        ? FACTS[i]!
        : `${PEOPLE[i % PEOPLE.length]} and I went to ${THINGS[i % THINGS.length]} on ${DAYS[i % DAYS.length]} (note ${i})`;
    nodes.push({
      content,
      timestamp: now - (i + 1) * 3_600_000,
      ...(i % 9 === 4 ? { ownerOnly: true } : {}),
    });
  }
  return nodes;
}

const TIME_ZONES = ['Europe/Lisbon', 'Asia/Shanghai', 'America/New_York', 'Australia/Sydney'];
const NAMES = ['Mira', 'Mei', null, 'Jonas'];

/**
 * The i-th input: message i (of OWNER_MESSAGES, round), a personality, mood, zone, hour of the day,
 * memory count (up to `maxMemories`), a short history and recent replies that all vary with i, and
 * seed i + 1. The same i is the same input in every home.
 */
export function engineInput(i: number, options: { maxMemories?: number } = {}): CompanionInput {
  const maxMemories = options.maxMemories ?? 200;
  const message = OWNER_MESSAGES[i % OWNER_MESSAGES.length]!;
  const now = START + 30 * DAY_MS + ((i * 7919) % 24) * 3_600_000 + ((i * 37) % 60) * 60_000;
  const memoryCount = [0, 8, 40, maxMemories][i % 4]!;
  const previous = OWNER_MESSAGES[(i + 50) % OWNER_MESSAGES.length]!;
  return {
    message,
    isInitialGreeting: false,
    userName: NAMES[i % NAMES.length]!,
    history:
      i % 3 === 0
        ? []
        : [
            { role: 'user', content: previous },
            { role: 'assistant', content: 'mm, i hear you ~ tell me more?' },
          ],
    now,
    timeZone: TIME_ZONES[i % TIME_ZONES.length]!,
    personaName: 'Kiri',
    personality: PERSONALITIES[i % PERSONALITIES.length]!,
    mood: MOODS[i % MOODS.length]!,
    memories: memoryNodes(Math.min(memoryCount, maxMemories), now),
    recentReplies: i % 2 === 0 ? [] : ['mm, i hear you ~ tell me more?', "i'm here ~"],
    seed: i + 1,
  };
}

/** Inputs 0 … count-1 (see engineInput). */
export function engineInputs(
  count: number,
  options: { maxMemories?: number } = {},
): CompanionInput[] {
  return Array.from({ length: count }, (_, i) => engineInput(i, options));
}

/** The initial greeting of a new day: the other way into the engine. */
export function initialGreeting(i: number): CompanionInput {
  return { ...engineInput(i), message: '', isInitialGreeting: true, history: [] };
}
