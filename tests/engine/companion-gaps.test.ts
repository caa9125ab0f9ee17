// The rules issue 12's gaps added to the engine (docs/companion.md "Hard news", "Requests", "Number
// words"): each read as a plain function, with the messages an owner sent and the near misses.
import { describe, expect, it } from 'vitest';
import { hardshipOf } from '../../src/engine/companion/hardship';
import { analyse, birthdayToday, resolveRemember } from '../../src/engine/companion/intent';
import { extractDetail, reflect } from '../../src/engine/companion/text';
import { nicknameIn, requestOf } from '../../src/engine/companion/requests';
import { numberWords, readArithmetic } from '../../src/engine/companion/arithmetic';
import { readReminderAsk } from '../../src/engine/companion/reminder-request';
import { readReminderRequest } from '../../server/reminders/reminder-phrases';
import { SONGS, songsIn, STORIES, storiesIn } from '../../src/engine/companion/stories';
import { localReply } from '../../src/engine/companion/local-engine';
import { BASELINE_PERSONALITY, type CompanionInput } from '../../src/engine/companion/types';

describe('Rule hardshipOf: hard news without a feeling word is heard as sadness', () => {
  it.each([
    ['my cat died', 'loss', 'your cat'],
    ['my grandma passed away last night', 'loss', 'your grandma'],
    ['I lost my dad last year', 'loss', 'your dad'],
    ['we had to put our dog down', 'loss', null],
    ['I had a terrible day at work', 'bad_day', null],
    ['this week has been awful', 'bad_day', null],
    ['my day was a nightmare', 'bad_day', null],
    ['today was hell', 'bad_day', null],
    ['work was a nightmare', 'bad_day', null],
    ['I got fired today', 'job', null],
    ['my boyfriend dumped me', 'breakup', null],
    ['my mom is in the hospital', 'illness', 'your mom'],
    ["I'm sick", 'illness', null],
    ['I failed my exam', 'failure', null],
    ['he hurt me', 'hurt', null],
    ['my ex hit me last night', 'hurt', null],
    ['I got bullied at school', 'mistreated', null],
    ['I had a rough day at work, my boss yelled at me.', 'mistreated', null],
    ['some kids laughed at me on the bus', 'mistreated', null],
    ["I'm hurt", 'mistreated', null],
    ['I broke my arm', 'injury', null],
    ['I got hurt playing football', 'injury', null],
    ['I sprained my ankle on the stairs', 'injury', null],
    ['my feet hurt', 'ache', null],
    ['I have a headache', 'ache', null],
    ['I got a sore throat', 'ache', null],
    ['I had a fight with my mom', 'conflict', null],
    ['we argued again', 'conflict', null],
    ['my friend is ignoring me', 'mistreated', null],
    ['my back is killing me', 'ache', null],
    ['my best friend moved away', 'setback', null],
    ['my dog ran away', 'setback', null],
  ])('%j is %s news about %s', (message, kind, subject) => {
    expect(hardshipOf(message)).toEqual({ kind, feeling: 'sad', subject });
  });

  it.each([
    ['the train is late again', 'hassle', 'angry'],
    // Told as over ('was'): the same anger, no wait left to ask about.
    ['my train was 20 minutes late', 'hassle_over', 'angry'],
    ['I missed my bus', 'hassle', 'angry'],
    ['stuck in traffic', 'hassle', 'angry'],
    ['my flight got cancelled', 'hassle', 'angry'],
    ["I can't sleep", 'sleepless', 'tired'],
    ["it's 3am and I'm still awake", 'sleepless', 'tired'],
    // A night behind them, told the next day: a bad night, not lying awake now.
    ['good morning! I slept badly', 'bad_night', 'tired'],
    ["I couldn't sleep on the plane", 'bad_night', 'tired'],
    ['I barely slept last night', 'bad_night', 'tired'],
    ['I kept waking up', 'bad_night', 'tired'],
    ['I woke up like five times', 'bad_night', 'tired'],
    ['tossed and turned all night', 'bad_night', 'tired'],
    ['rough night', 'bad_night', 'tired'],
    ['the traffic was a nightmare', 'hassle_over', 'angry'],
    // Late themselves: hurrying, not waiting for a train.
    ["I'm late for work", 'running_late', 'anxious'],
    ['running late for work', 'running_late', 'anxious'],
    ['I overslept', 'running_late', 'anxious'],
    // A bad dream: shaken, but safe; not a scare's 'is someone with you?'.
    ['I had a bad dream', 'nightmare', 'anxious'],
    ['I keep having nightmares', 'nightmare', 'anxious'],
    ['I forgot my umbrella', 'mishap', 'angry'],
    ['I left my keys at home', 'mishap', 'angry'],
  ])('%j is a %s, heard as %s', (message, kind, feeling) => {
    expect(hardshipOf(message)).toEqual({ kind, feeling, subject: null });
  });

  it.each(['I had a car accident', 'someone broke into my house', 'someone is following me'])(
    '%j is a scare, heard as anxious',
    (message) => {
      expect(hardshipOf(message)).toEqual({ kind: 'scare', feeling: 'anxious', subject: null });
    },
  );

  it.each([
    'my phone died',
    'my battery died again',
    'I almost died laughing',
    "today wasn't a bad day",
    'I lost my keys',
    "I'm sick of this song",
    'the dog died at the end of the movie',
    'we ran away from the rain',
    'I got invited to a party',
    'I passed my exam',
    'my bus is never late',
    'the train was on time',
    "I didn't sleep in today",
    "we can't sleep over at her place",
    'I slept well',
    'my feet are cold',
    "I'm not late for work",
    'we had a fight scene in the movie',
    'I had a nightmare of a commute',
    'I had a weird dream',
  ])('%j is no hard news', (message) => {
    expect(hardshipOf(message)).toBeNull();
  });
});

describe('Rule birthdayToday: a birthday that is today, and whose', () => {
  it.each([
    ["it's my birthday!", null],
    ['today is my birthday', null],
    ["it's my birthday today", null],
    ["it's my 30th birthday", null],
    ["it's my mom's birthday", 'your mom'],
    ["it's my little sister's birthday today", 'your little sister'],
  ])('%j is the birthday of %s', (message, whose) => {
    expect(birthdayToday(message)).toEqual({ whose });
  });

  it.each([
    'my birthday is on Friday',
    "it's my birthday on saturday",
    "it's my birthday next week",
    "it's my birthday tomorrow",
    'what should I get for my birthday?',
    'I forgot my birthday',
  ])('%j is not one today', (message) => {
    expect(birthdayToday(message)).toBeNull();
  });
});

describe('Rule requestOf: a request she answers in her own way', () => {
  it.each([
    ['tell me a story', 'story'],
    ['can you tell me a bedtime story?', 'story'],
    ['what can you do?', 'abilities'],
    ['how can you help me?', 'abilities'],
    ['can you sing me a song?', 'sing'],
    ['send me a photo', 'send_photo'],
    ['can you keep a secret?', 'secret'],
    ['recommend me a book', 'recommend'],
    ['would you recommend it to me?', 'recommend'],
    ['do you love me?', 'love_question'],
    ['remind me to call mum at 6pm', 'reminder'],
  ])('%j is a %s request', (message, kind) => {
    expect(requestOf(message)?.kind).toBe(kind);
  });

  it('reads what a story is about and what kind of thing to recommend', () => {
    expect(requestOf('tell me a story about my cat')?.subject).toBe('your cat');
    expect(requestOf('tell me a story about a dragon please')?.subject).toBe('a dragon');
    expect(requestOf('can you recommend a movie?')?.recommend).toBe('film');
    expect(requestOf('would you recommend it to me?')?.recommend).toBe('it');
    expect(requestOf('recommend me something')?.recommend).toBeNull();
    expect(requestOf('do you miss me?')?.love).toBe('miss');
  });

  it("'any recommendations?' right after the owner spoke of watching something recommends a film", () => {
    const history = [
      { role: 'user' as const, content: "I think I'll watch something after dinner" },
      { role: 'assistant' as const, content: 'ooh, what are you in the mood for?' },
    ];
    expect(analyse('any recommendations?', history).request?.recommend).toBe('film');
    // With nothing said before, she asks what kind of thing.
    expect(analyse('any recommendations?').request?.recommend).toBeNull();
  });

  it("Rule reflect: the owner's 'we' and 'our' are theirs, said back as 'you' and 'your'", () => {
    expect(reflect('our new product launch')).toBe('your new product launch');
    expect(reflect('we went hiking with our dog')).toBe('you went hiking with your dog');
    expect(reflect("we're moving next month")).toBe("you're moving next month");
    expect(extractDetail("it's about our new product launch").phrase).toBe(
      'your new product launch',
    );
  });

  it.each([
    'what do you do for fun?',
    'I love you',
    'I told my sister a story',
    'I sang at the karaoke',
    'my friend recommended a book',
    'that reminds me of home',
  ])('%j is no request', (message) => {
    expect(requestOf(message)).toBeNull();
  });
});

describe('Rule numberWords: numbers in words past a hundred', () => {
  it.each([
    ['three hundred and forty two', 342],
    ['a thousand', 1000],
    ['one million', 1_000_000],
    ['two thousand and five', 2005],
    ['one hundred thousand', 100_000],
    ['twenty-one', 21],
    ['one thousand two hundred thirty four', 1234],
  ])('%j is %d', (words, value) => {
    expect(numberWords(words, 0)).toEqual({ value, end: words.length });
  });

  it('stops where the number stops: a second number, a falling scale, an "and" that adds', () => {
    expect(numberWords('two three', 0)).toEqual({ value: 2, end: 3 });
    expect(numberWords('two and three', 0)).toEqual({ value: 2, end: 3 });
    expect(numberWords('a cat', 0)).toBeNull();
  });

  it.each([
    ['three hundred and forty two plus one', '343'],
    ['three hundred and forty two times two', '684'],
    ['what is a thousand minus one?', '999'],
    ['one million plus one', '1,000,001'],
    ["what's 2 million divided by 4", '500,000'],
    ['twenty - five', '15'],
  ])('%j is %s', (message, result) => {
    expect(readArithmetic(message)).toMatchObject({ kind: 'answer', result });
  });
});

describe('Rule readReminderAsk: what the device may promise is what the server will set', () => {
  const zone = 'Europe/Lisbon';
  const now = Date.UTC(2025, 2, 3, 14, 0);
  it.each([
    'remind me to call mum tomorrow at 6pm',
    'remind me in 20 minutes to stretch',
    'remind me to take the bins out on Friday at 8am',
    'remind me to call mum at 6',
    'remind me tomorrow',
    'remind me at 6pm',
    'remind me to stretch',
    'remind me to pay rent today at 9am',
    'remind me to buy bread at 18:30',
  ])('%j: set by both or by neither', (message) => {
    const device = readReminderAsk(message, now, zone);
    const server = readReminderRequest(message, now, zone);
    expect(device?.kind === 'set').toBe(server?.kind === 'set');
    if (device?.kind === 'set' && server?.kind === 'set') {
      expect(Math.abs(device.dueAt - server.dueAt)).toBeLessThan(60_000);
    }
  });

  it.each([
    ['wake me up at 6:30am', 'wake up'],
    ['can you wake me up tomorrow at 7am?', 'wake up'],
    ['please wake me at 7am tomorrow for my flight', 'wake up for my flight'],
  ])('Rule wakeAsReminder: %j is a reminder to %s, set by both', (message, task) => {
    const server = readReminderRequest(message, now, zone);
    expect(server).toMatchObject({ kind: 'set', task });
    expect(readReminderAsk(message, now, zone)?.kind).toBe('set');
    expect(requestOf(message)?.kind).toBe('reminder');
  });

  it.each(['I woke up at 7', 'the alarm will wake me up at 7', 'my cat wakes me up at 5'])(
    '%j asks for no reminder',
    (message) => {
      expect(readReminderRequest(message, now, zone)).toBeNull();
      expect(readReminderAsk(message, now, zone)).toBeNull();
    },
  );

  it('says when, from her side', () => {
    expect(readReminderAsk('remind me to call my mum tomorrow at 6pm', now, zone)).toMatchObject({
      kind: 'set',
      task: 'call your mum',
      when: 'tomorrow at 6 pm',
    });
    expect(readReminderAsk('remind me to call mum at 6', now, zone)).toEqual({
      kind: 'unclear',
      missing: 'meridiem',
    });
  });
});

describe('Rule storiesIn: a story or a song is not told again while a recent reply holds it', () => {
  const input = (message: string, recentReplies: string[]): CompanionInput => ({
    message,
    isInitialGreeting: false,
    userName: 'Mei',
    history: [],
    now: Date.UTC(2025, 2, 3, 14, 0),
    timeZone: 'Europe/Lisbon',
    personaName: 'Kiri',
    personality: BASELINE_PERSONALITY,
    mood: null,
    memories: [],
    recentReplies,
    seed: 3,
  });

  it('tells every story once before any again, and every song', () => {
    const said: string[] = [];
    for (let i = 0; i < STORIES.length; i += 1) {
      said.push(localReply(input('tell me a story', said)).parts.join(' '));
    }
    expect(new Set(said.flatMap(storiesIn)).size).toBe(STORIES.length);
    const sung: string[] = [];
    for (let i = 0; i < SONGS.length; i += 1) {
      sung.push(localReply(input('sing me a song', sung)).parts.join(' '));
    }
    expect(new Set(sung.flatMap(songsIn)).size).toBe(SONGS.length);
  });
});

describe('Rule nicknameIn: the name the owner asks to be called by', () => {
  it.each([
    ['call me Mimi', 'Mimi'],
    ['you can call me mimi from now on', 'Mimi'],
    ['Kiri, can you call me Mimi?', 'Mimi'],
    ['please call me Mimi instead', 'Mimi'],
    ['my name is Jo', 'Jo'],
    ["my name's Anne-Marie", 'Anne-Marie'],
    ['I go by Sam', 'Sam'],
    ['everyone calls me Bea', 'Bea'],
  ])('%s → %s', (message, name) => {
    expect(nicknameIn(message)).toBe(name);
  });

  it.each([
    'call me later',
    'call me back',
    'call me crazy',
    'call me old-fashioned',
    'call me',
    "my name is Mira, what's yours?",
    "don't call me Mimi",
    'I called my mom',
  ])('%s is not a name to call the owner by', (message) => {
    expect(nicknameIn(message)).toBeNull();
  });
});

describe('She calls the owner by the name they asked for', () => {
  const input = (fields: Partial<CompanionInput>): CompanionInput => ({
    message: '',
    isInitialGreeting: false,
    userName: 'Mira',
    history: [],
    now: Date.UTC(2026, 11, 1, 8, 0),
    timeZone: 'Europe/Berlin',
    personaName: 'Kiri',
    personality: BASELINE_PERSONALITY,
    mood: null,
    memories: [],
    recentReplies: [],
    seed: 1,
    ...fields,
  });
  const seeds = [1, 2, 3, 4, 5, 6];
  const replies = (fields: Partial<CompanionInput>) =>
    seeds.map((seed) => localReply(input({ ...fields, seed })).parts.join(' '));

  it("answers 'call me Mimi' with the new name, and keeps it as a memory", () => {
    for (const reply of replies({ message: 'call me Mimi' })) {
      expect(reply).toContain('Mimi');
      expect(reply).not.toMatch(/i'm listening|tell me more|your day/i);
    }
    expect(localReply(input({ message: 'call me Mimi' })).remember).toBe('call me Mimi');
    expect(resolveRemember(analyse('you can call me mimi'), 'you can call me mimi', [])).toBe(
      'call me Mimi',
    );
    expect(localReply(input({ message: 'call me later' })).remember).toBeNull();
  });

  it('uses it later in the conversation, and from the memory in a new one', () => {
    const history = [
      { role: 'user' as const, content: 'call me Mimi' },
      { role: 'assistant' as const, content: 'Mimi it is ~' },
      { role: 'user' as const, content: 'I had pasta for lunch' },
      { role: 'assistant' as const, content: 'ooh, pasta!' },
    ];
    for (const reply of replies({ message: "what's my name?", history })) {
      expect(reply).toContain('Mimi');
      expect(reply).not.toContain('Mira');
    }
    const memories = [
      { content: 'call me Bea', timestamp: Date.UTC(2026, 10, 1) },
      { content: 'call me Mimi', timestamp: Date.UTC(2026, 10, 20) },
      { content: 'I love jasmine tea', timestamp: Date.UTC(2026, 10, 25) },
    ];
    for (const reply of replies({ message: "what's my name?", memories })) {
      expect(reply).toContain('Mimi');
    }
    const greetings = replies({ isInitialGreeting: true, memories }).join(' ');
    expect(greetings).toContain('Mimi');
    expect(greetings).not.toContain('Mira');
  });

  it("'my name is Mira' when she already calls the owner Mira: she knows", () => {
    for (const reply of replies({ message: 'my name is Mira' })) {
      expect(reply).toMatch(/i know|of course/i);
      expect(reply).not.toMatch(/from now on|suits you/i);
    }
  });
});
