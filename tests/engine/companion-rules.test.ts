// Issue 12's rules, one plain function each (docs/companion.md): the echo rule, arithmetic, jokes played
// along, plans in the owner's zone, recall that never guesses, and the self-profile.
import { describe, expect, it } from 'vitest';
import { formatNumber, readArithmetic } from '../../src/engine/companion/arithmetic';
import { echoesTooMuch, longestEchoedRun, MAX_ECHOED_WORDS } from '../../src/engine/companion/echo';
import { analyse } from '../../src/engine/companion/intent';
import { JOKES, jokeMoveOf, jokesIn } from '../../src/engine/companion/jokes';
import { localReply } from '../../src/engine/companion/local-engine';
import { readPlan, zoneOffsetMinutes } from '../../src/engine/companion/plans';
import { findFacts, possessorOf, subjectOf } from '../../src/engine/companion/recall';
import { SELF_TOPICS, selfStanceOn, selfTopicOf } from '../../src/engine/companion/self-profile';
import { BASELINE_PERSONALITY, type CompanionInput } from '../../src/engine/companion/types';

/** Monday 3 March 2025, 14:00 in Lisbon. */
const NOW = Date.UTC(2025, 2, 3, 14, 0);
const memory = (content: string, daysAgo = 1) => ({
  content,
  timestamp: NOW - daysAgo * 86_400_000,
});

function input(message: string, extra: Partial<CompanionInput> = {}): CompanionInput {
  return {
    message,
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
    seed: 1,
    ...extra,
  };
}

const SEEDS = Array.from({ length: 20 }, (_, i) => i + 1);

describe('echoesTooMuch', () => {
  it(`allows ${MAX_ECHOED_WORDS} of the owner's words in a row, never more`, () => {
    const said = 'I went to the park with my dog';
    expect(echoesTooMuch('you went to the park with your dog!', said)).toBe(true);
    expect(longestEchoedRun('you went to the park with your dog!', said)).toBe(5);
    expect(echoesTooMuch('the park! with your dog?', said)).toBe(false);
    expect(echoesTooMuch("I'M GOING TO THE PARK", "i'm going to the park")).toBe(true);
  });

  it('lets her confirm the thing she was asked to remember', () => {
    const said = 'remember that my favourite film is the lord of the rings';
    const reply = "i'll remember that your favourite film is the lord of the rings";
    expect(echoesTooMuch(reply, said)).toBe(true);
    expect(echoesTooMuch(reply, said, ['my favourite film is the lord of the rings'])).toBe(false);
  });

  it('holds for every reply the engine writes to a long first-person sentence', () => {
    const said = 'I went to the park with my dog and we played fetch for an hour';
    for (const seed of SEEDS) {
      const text = localReply(input(said, { seed })).parts.join(' ');
      expect(longestEchoedRun(text, said), text).toBeLessThanOrEqual(MAX_ECHOED_WORDS);
    }
  });
});

describe('readArithmetic', () => {
  it('answers sums right', () => {
    const value = (text: string) => {
      const reading = readArithmetic(text);
      return reading?.kind === 'answer' ? reading.value : reading;
    };
    expect(value("what's 12 times 7?")).toBe(84);
    expect(value('2+2')).toBe(4);
    expect(value('what is 15% of 80?')).toBe(12);
    expect(value('(2 + 3) * 4')).toBe(20);
    expect(value('what is 2 to the power of 10')).toBe(1024);
    expect(value('how much is twenty one plus two?')).toBe(23);
    expect(value("what's 9 minus 12")).toBe(-3);
    expect(value('what is 2 + 3 * 4')).toBe(14);
    expect(value('how much is 1,250 plus 750?')).toBe(2000);
  });

  it('declines honestly what has no answer', () => {
    expect(readArithmetic('what is 5 divided by 0?')).toMatchObject({
      kind: 'decline',
      reason: 'divide_by_zero',
    });
    expect(readArithmetic('what is the square root of -4?')).toMatchObject({
      kind: 'decline',
      reason: 'not_real',
    });
    expect(readArithmetic('what is 10 to the power of 30')).toMatchObject({
      kind: 'decline',
      reason: 'too_big',
    });
  });

  it('is not arithmetic when words other than a sum are in it', () => {
    expect(readArithmetic('I have 2 cats')).toBeNull();
    expect(readArithmetic('what is 2 cats plus 3 dogs')).toBeNull();
    expect(readArithmetic('what is 7')).toBeNull();
    expect(readArithmetic('my exam is at 3')).toBeNull();
  });

  it('says numbers plainly: thousands grouped, at most 4 decimals', () => {
    expect(formatNumber(1234567)).toBe('1,234,567');
    expect(formatNumber(100 / 7)).toBe('14.2857');
    expect(formatNumber(-3)).toBe('-3');
  });

  it("is what she answers, and 'about' when it is rounded", () => {
    for (const seed of SEEDS) {
      expect(localReply(input("what's 12 times 7?", { seed })).parts.join(' ')).toMatch(/\b84\b/);
      expect(localReply(input('what is 100 divided by 7?', { seed })).parts.join(' ')).toMatch(
        /(?:about|roughly) 14\.2857/,
      );
    }
  });
});

describe('jokeMoveOf', () => {
  const turns = (...texts: string[]) =>
    texts.map((content, i) => ({ role: i % 2 === 0 ? 'user' : 'assistant', content }));

  it('tells a joke when asked, however asked', () => {
    for (const ask of [
      'tell me a joke',
      'know any jokes?',
      'make me laugh',
      'joke please',
      'got a joke for me?',
    ]) {
      expect(jokeMoveOf(ask, []), ask).toEqual({ move: 'tell' });
    }
    expect(jokeMoveOf('I told my boss a joke', [])).toBeNull();
  });

  it('plays a knock-knock turn by turn', () => {
    expect(jokeMoveOf('knock knock', [])).toEqual({ move: 'who_is_there' });
    expect(jokeMoveOf('Lettuce', turns('knock knock', "who's there?"))).toEqual({
      move: 'who',
      name: 'Lettuce',
    });
    expect(
      jokeMoveOf('Lettuce in!', turns('knock knock', 'Who is there?', 'Lettuce', 'Lettuce who?')),
    ).toEqual({
      move: 'laugh_at_punchline',
    });
  });

  it("guesses at the owner's riddle, then laughs at the answer", () => {
    expect(jokeMoveOf('why did the chicken cross the road?', [])).toEqual({ move: 'guess' });
    expect(
      jokeMoveOf(
        'to get to the other side',
        turns('why did the chicken cross the road?', 'hmm… i give up — tell me!'),
      ),
    ).toEqual({ move: 'laugh_at_punchline' });
  });

  it('answers a laugh or another request right after her joke', () => {
    const told = `okay, here's one ~ ${JOKES[0]!.setup} … ${JOKES[0]!.punchline}!`;
    expect(jokeMoveOf('hahaha', turns('joke?', told))).toEqual({ move: 'laughed_at_hers' });
    expect(jokeMoveOf('another one', turns('joke?', told))).toEqual({ move: 'tell' });
    expect(jokeMoveOf('another one', [])).toBeNull();
  });

  it('never tells a joke she told in her recent replies, whatever the voice did to it', () => {
    const told = JOKES.slice(0, JOKES.length - 1).map(
      (joke) => `Here is one. ${joke.setup} … ${joke.punchline.replace("n't", ' not')}!`,
    );
    expect(jokesIn(told.join(' ')).length).toBe(JOKES.length - 1);
    for (const seed of SEEDS) {
      const text = localReply(input('tell me a joke', { seed, recentReplies: told })).parts.join(
        ' ',
      );
      expect(jokesIn(text)).toEqual([JOKES.length - 1]);
    }
  });

  it("a joke request is not 'i can't look things up'", () => {
    for (const seed of SEEDS) {
      const text = localReply(input('tell me a joke', { seed })).parts.join(' ');
      expect(text).not.toMatch(/look things up|internet/);
      expect(jokesIn(text)).toHaveLength(1);
    }
  });
});

describe('readPlan', () => {
  it("a habit is no plan: 'every sunday', 'on mondays', 'every day at 7'; 'on sunday' still is one", () => {
    const evening = Date.UTC(2026, 11, 3, 20, 0);
    for (const habit of [
      'we talk on the phone every sunday',
      'I go to the gym on mondays',
      'every day at 7 I run',
      'every morning at 7 I walk the dog',
    ])
      expect(readPlan(habit, evening, 'Europe/Berlin')).toBeNull();
    expect(readPlan('I have a meeting on sunday', evening, 'Europe/Berlin')?.when).toBe('Sunday');
  });

  it("a doing before the event is not its name: 'cooking dinner tonight' is your dinner; 'a cooking class' is one", () => {
    const noon = Date.UTC(2025, 2, 3, 12, 0);
    expect(readPlan('cooking dinner for my parents tonight', noon, 'Europe/Lisbon')?.event).toBe(
      'dinner',
    );
    expect(readPlan('I have a cooking class tonight', noon, 'Europe/Lisbon')?.event).toBe(
      'cooking class',
    );
    expect(readPlan('my boxing class is at 7', noon, 'Europe/Lisbon')?.event).toBe('boxing class');
  });

  it("an evening's event at 8 to 11 without am/pm is in the evening ('dinner at 8' is 8 pm)", () => {
    const morning = Date.UTC(2025, 2, 3, 10, 0);
    expect(readPlan('dinner at 8', morning, 'Europe/Lisbon')?.when).toBe('today at 8 pm');
    expect(readPlan('drinks with Ana at 9', morning, 'Europe/Lisbon')?.when).toBe('today at 9 pm');
    expect(readPlan('my meeting is at 10', morning, 'Europe/Lisbon')?.when).toBe('today at 10 am');
  });

  it("a morning's event is in the morning, and the everyday's events are plans ('breakfast at 8', 'gym at 6')", () => {
    const early = Date.UTC(2025, 2, 3, 6, 0);
    expect(readPlan('breakfast at 8', early, 'Europe/Lisbon')).toMatchObject({
      when: 'today at 8 am',
      event: 'breakfast',
    });
    expect(readPlan('breakfast with Ana at 7', early, 'Europe/Lisbon')?.when).toBe('today at 7 am');
    expect(readPlan('gym at 6', early, 'Europe/Lisbon')).toMatchObject({
      when: 'today at 6 pm',
      event: 'gym session',
      kind: 'other',
    });
    expect(readPlan('call with mom at 7', early, 'Europe/Lisbon')?.when).toBe('today at 7 pm');
    expect(readPlan('my yoga class is tomorrow at 9', early, 'Europe/Lisbon')?.when).toBe(
      'tomorrow at 9 am',
    );
  });

  it('an hour told of what already happened is no plan; with a day it still is', () => {
    for (const told of [
      'I woke up at 7',
      'I got home at 6',
      'my train left at 6',
      'I went to bed at 11',
    ]) {
      expect(readPlan(told, NOW, 'Europe/Lisbon'), told).toBeNull();
    }
    expect(readPlan('I have a meeting at 7', NOW, 'Europe/Lisbon')).not.toBeNull();
    expect(
      readPlan('I went to the shop and the party is on Friday at 8', NOW, 'Europe/Lisbon'),
    ).not.toBeNull();
  });

  it("reads 'Friday at 3' as 3 pm, four days from Monday, in her own words", () => {
    expect(readPlan('I have an interview on Friday at 3', NOW, 'Europe/Lisbon')).toEqual({
      when: 'Friday at 3 pm',
      daysAway: 4,
      event: 'interview',
      kind: 'challenge',
    });
    expect(
      readPlan('I have a dentist appointment at 10:30 today', NOW, 'Europe/Lisbon'),
    ).toMatchObject({
      when: 'today at 10:30 am',
      event: 'dentist appointment',
      kind: 'appointment',
    });
    expect(readPlan('my exam is tomorrow morning', NOW, 'Europe/Lisbon')).toMatchObject({
      when: 'tomorrow',
    });
  });

  it("counts days in the owner's zone, not the server's", () => {
    // 23:30 UTC on Monday is already Tuesday in Tokyo: 'tomorrow' there is Wednesday.
    const late = Date.UTC(2025, 2, 3, 23, 30);
    expect(zoneOffsetMinutes(late, 'Asia/Tokyo')).toBe(540);
    // The zone's formatter is kept: a second zone, then the first again, each reads its own offset.
    expect(zoneOffsetMinutes(late, 'America/New_York')).toBe(-300);
    expect(zoneOffsetMinutes(Date.UTC(2025, 6, 1), 'America/New_York')).toBe(-240);
    expect(zoneOffsetMinutes(late, 'Asia/Tokyo')).toBe(540);
    expect(zoneOffsetMinutes(late, 'Not/A_Zone')).toBe(0);
    expect(readPlan('my exam is on Wednesday', late, 'Asia/Tokyo')).toMatchObject({
      daysAway: 1,
      when: 'tomorrow',
    });
    expect(readPlan('my exam is on Wednesday', late, 'Europe/Lisbon')).toMatchObject({
      daysAway: 2,
    });
  });

  it('is no plan for the past, for "now", or for a bare number', () => {
    expect(readPlan('I went to the gym yesterday', NOW, 'Europe/Lisbon')).toBeNull();
    expect(readPlan("I'm feeling much better now", NOW, 'Europe/Lisbon')).toBeNull();
    expect(readPlan('I have 2 cats', NOW, 'Europe/Lisbon')).toBeNull();
  });

  it('names an event only when the message has one (not the sister one visits)', () => {
    expect(readPlan("I'm visiting my sister on Saturday", NOW, 'Europe/Lisbon')).toMatchObject({
      when: 'Saturday',
      event: null,
    });
  });
});

describe('findFacts', () => {
  const memories = [
    memory('my cat is called Mochi'),
    memory('my sister is called Ana', 2),
    memory('my favorite color is green', 3),
    memory("my sister's birthday is on June 2", 4),
  ];

  it("finds a fact by what is asked about, not by 'name'", () => {
    expect(subjectOf("what's my dog's name?")).toEqual(['dog']);
    expect(findFacts("my dog's name", memories)).toEqual([]);
    expect(findFacts("my cat's name", memories).map((f) => f.memory.content)).toEqual([
      'my cat is called Mochi',
    ]);
  });

  it('knows a cat is a pet, and colour is color', () => {
    expect(findFacts("my pet's name", memories)[0]?.memory.content).toBe('my cat is called Mochi');
    expect(findFacts('my favourite colour', memories)[0]?.memory.content).toBe(
      'my favorite color is green',
    );
  });

  it("samePossessor: the owner's birthday is not their sister's", () => {
    expect(possessorOf("my sister's birthday", 'birthday')).toBe('sister');
    expect(possessorOf('my birthday', 'birthday')).toBe('me');
    expect(findFacts('my birthday', memories)).toEqual([]);
    expect(findFacts("my sister's birthday", memories)[0]?.memory.content).toBe(
      "my sister's birthday is on June 2",
    );
  });

  it("a fact never told gets an honest 'you haven't told me yet', never another memory", () => {
    for (const seed of SEEDS) {
      const text = localReply(input("what's my dog's name?", { seed, memories })).parts.join(' ');
      expect(text).toMatch(/haven't told me/);
      expect(text).not.toMatch(/Mochi|Ana|green|June/);
    }
  });
});

describe('the self-profile', () => {
  it('every answer of a topic says its fact', () => {
    for (const topic of SELF_TOPICS) {
      for (const answer of topic.answers) {
        const text = typeof answer === 'string' ? answer : answer.t;
        expect(text.toLowerCase(), topic.id).toContain(topic.fact);
      }
    }
  });

  it("'do you get lonely?' is about her: the same answer of hers, never comfort for the owner", () => {
    expect(analyse('do you get lonely?')).toMatchObject({ intent: 'about_kiri', feeling: null });
    expect(selfTopicOf('do you get lonely?')?.id).toBe('lonely');
    for (const seed of SEEDS) {
      const text = localReply(input('do you get lonely?', { seed })).parts.join(' ');
      expect(text).toMatch(/quiet/);
      expect(text).not.toMatch(/you're not alone|keep you company|feeling lonely/);
    }
  });

  it('she says the same about what she likes every time', () => {
    expect(selfStanceOn('spiders')).toBe('dislike');
    expect(selfStanceOn('the stars')).toBe('like');
    expect(selfStanceOn('cricket')).toBe('unsure');
    for (const seed of SEEDS) {
      expect(localReply(input("what's your favourite colour?", { seed })).parts.join(' ')).toMatch(
        /lavender/,
      );
      expect(localReply(input('do you like cats?', { seed })).parts.join(' ')).toMatch(/cat/i);
    }
  });

  it("a question with 'you' for the owner's sake is not about her", () => {
    expect(analyse('do you think I should quit?').intent).not.toBe('about_kiri');
    expect(analyse('can you help me with my essay?').intent).toBe('question');
  });
});

describe('readPlan and durations', () => {
  it("a duration is no plan: 'we played fetch for an hour' is a story", () => {
    expect(
      readPlan(
        'I went to the park with my dog and we played fetch for an hour',
        NOW,
        'Europe/Lisbon',
      ),
    ).toBeNull();
    expect(readPlan('I slept for 5 hours', NOW, 'Europe/Lisbon')).toBeNull();
    expect(readPlan("I'll call my mum in an hour", NOW, 'Europe/Lisbon')).toMatchObject({
      when: 'today at 3 pm',
    });
  });
});

describe('readPlan and the afternoon', () => {
  it("'at 5' is 5 pm today while it is ahead, tomorrow once it has passed", () => {
    expect(readPlan('I am going to the gym at 5', NOW, 'Europe/Lisbon')).toMatchObject({
      when: 'today at 5 pm',
      daysAway: 0,
    });
    const evening = Date.UTC(2025, 2, 3, 18, 0);
    expect(readPlan('I am going to the gym at 5', evening, 'Europe/Lisbon')).toMatchObject({
      when: 'tomorrow at 5 pm',
      daysAway: 1,
    });
  });

  // Lisbon is on UTC in March.
  it.each([
    ['having lunch with Anna at 1', Date.UTC(2025, 2, 3, 13, 12), 'today at 1 pm', 0],
    ['my meeting is at 9 am', Date.UTC(2025, 2, 3, 9, 40), 'today at 9 am', 0],
    ['having lunch with Anna at 1', Date.UTC(2025, 2, 3, 14, 30), 'tomorrow at 1 pm', 1],
  ] as const)(
    'an hour passed within the last hour is now, not tomorrow: %j at %d is %s',
    (message, now, when, daysAway) => {
      expect(readPlan(message, now, 'Europe/Lisbon')).toMatchObject({ when, daysAway });
    },
  );

  it("'how many days until Friday?' is counted on the owner's calendar", () => {
    for (const seed of SEEDS) {
      const text = localReply(input('how many days until Friday?', { seed })).parts.join(' ');
      expect(text).toMatch(/\b4 days\b/);
    }
  });
});

describe('a reply says nothing again too soon while another line fits', () => {
  /** A sound opening the reply or one of its sentences ('ooh. … ~ ooh, what are you having?'). */
  const SOUND = /(?:^|[~.!?/]\s+)(?:o+h+|mhm+|aw+|hmm+)\b/gi;
  it('a phrase of her last two replies is not said again', () => {
    const history = [
      { role: 'user' as const, content: 'still cooking dinner' },
      { role: 'assistant' as const, content: 'ooh. that sounds delicious ~' },
      // Her last reply, in two parts: the phrase two replies back is still too soon.
      { role: 'user' as const, content: 'the pasta is boiling' },
      { role: 'assistant' as const, content: 'mm, pasta ~' },
      { role: 'assistant' as const, content: 'what sauce?' },
      { role: 'user' as const, content: 'dinner is almost ready' },
    ];
    for (const seed of SEEDS) {
      const reply = localReply(input('dinner is almost ready', { history, seed })).parts.join(' ');
      expect(reply, `seed ${seed}`).not.toMatch(/sounds delicious/);
    }
  });
  it('a sound opens at most one sentence of a reply', () => {
    for (const message of ["I'm making dinner", 'just had coffee', 'my cat is sleeping on me']) {
      for (const seed of SEEDS) {
        const reply = localReply(input(message, { seed })).parts.join(' / ');
        const sounds = reply.match(SOUND) ?? [];
        expect(sounds.length, `${message}, seed ${seed}: ${reply}`).toBeLessThanOrEqual(1);
      }
    }
  });
});
