// Statements of the owner's everyday: what they like and dislike (likes.ts), the small talk of a day
// (a meal being cooked, a book being read, just woken up, in bed, studying, a pet, a game), a good day,
// and the next-step suggestion kept for things to decide.
import { describe, expect, it } from 'vitest';
import { analyse } from '../../src/engine/companion/intent';
import { likesOf } from '../../src/engine/companion/likes';
import { needsANextStep } from '../../src/engine/companion/local-engine';
import { repliesTo } from '../support/engine-replies';

describe('Rule likesOf: a preference the owner states', () => {
  it.each([
    ['I like pizza', 'likes', 'pizza', false],
    ['I really love rainy days!', 'likes', 'rainy days', false],
    ['I love my new job so much', 'likes', 'your new job', false],
    ['I love my mom', 'likes', 'your mom', true],
    ['I hate mondays', 'dislikes', 'mondays', false],
    ["I can't stand traffic", 'dislikes', 'traffic', false],
    ["I don't like coffee", 'dislikes', 'coffee', false],
    ['I hate my boss', 'dislikes', 'your boss', true],
  ] as const)('%j: %s %s', (message, kind, thing, person) => {
    expect(likesOf(message)).toEqual({ kind, thing, person, pronoun: false });
    expect(analyse(message).flavour).toBe('likes');
  });

  it("'I love it' answers what she said; a long thing is kept whole in no slot", () => {
    expect(likesOf('I love it!')).toEqual({
      kind: 'likes',
      thing: null,
      person: false,
      pronoun: true,
    });
    expect(likesOf('I enjoy cooking with my sister on weekends')).toMatchObject({
      thing: null,
      pronoun: false,
    });
  });

  it("'I love him' is someone loved, said without the pronoun as a name; 'italian food' is not 'it'", () => {
    expect(likesOf('I love him')).toEqual({
      kind: 'likes',
      thing: null,
      person: true,
      pronoun: false,
    });
    for (const reply of repliesTo('I love him')) expect(reply).not.toMatch(/\b(?:him|her) is\b/i);
    expect(likesOf('I like italian food')).toMatchObject({ thing: 'italian food', pronoun: false });
  });

  it.each([
    'I love you',
    'I like you',
    "I'd like a coffee",
    'I feel like crying',
    'do you like cats?',
  ])('%j is not a preference of the owner', (message) => {
    expect(analyse(message).flavour).not.toBe('likes');
  });
});

describe('Rule needsANextStep: a suggestion only where there is something to decide', () => {
  it.each([
    "I can't decide what to eat",
    'I have to finish the report by Friday',
    "I'm not sure about the new flat",
    'I am stuck on this bug',
  ])('%j has something to decide', (text) => expect(needsANextStep(text)).toBe(true));

  it.each(["I'm eating lunch", "I'm on the couch", 'I went to the park with my dog'])(
    '%j has not',
    (text) => expect(needsANextStep(text)).toBe(false),
  );
});

const replies = (message: string) => repliesTo(message);

describe("the small talk of a day, answered in the day's own tense", () => {
  it.each([
    ["I'm cooking dinner", /was it good|what did you think/i],
    ["I'm watching a movie", /what did you think|was it any good|recommend/i],
    ["I'm eating lunch", /decide|what to do next|how do you feel about it/i],
  ])('%j is never asked as if it were over, nor given a decision', (message, never) => {
    for (const reply of replies(message)) expect(reply).not.toMatch(never);
  });

  it.each([
    ['I just woke up', /sleepyhead|sleep|slow/i],
    ["I'm in bed", /cozy|comfy|rest/i],
    ["I'm studying", /got this|studying|breaks/i],
    ['my dog is sleeping next to me', /pat|pets|up to/i],
    ['I played video games all evening', /game|win|switch off/i],
  ])('%j gets its own topic', (message, topic) => {
    for (const reply of replies(message)) expect(reply).toMatch(topic);
  });

  it("a plan with a name is said with it: 'gym at 6' is 'your gym session', never only 'got it: today at 6 pm'", () => {
    for (const reply of replies('gym at 6')) expect(reply).toMatch(/gym session/);
    for (const reply of replies('I have class at 9')) expect(reply).toMatch(/class/);
  });

  it.each([
    'ok my stop is coming',
    'this is my stop',
    'getting off the bus',
    "I'm at the office now",
    'just got to work',
  ])('%j ends the ride: she sees them off and asks nothing more', (message) => {
    for (const reply of replies(message)) {
      expect(reply).toMatch(/off you go|have a good one|go get 'em/i);
      expect(reply).not.toMatch(/listening|tell me more|your stop|your work/i);
    }
  });

  it('a meal named is not asked what it is; a meal that only says when is not the topic', () => {
    for (const reply of replies("I'm making pasta now")) {
      expect(reply).not.toMatch(/what are you having/i);
    }
    for (const reply of replies("I think I'll watch something after dinner")) {
      expect(reply).not.toMatch(/hungry|delicious|eat|having/i);
      expect(reply).not.toMatch(/what did you think|so far/i);
    }
  });

  it.each(['my day was good', 'today was really fun', 'work went well'])(
    '%j is a happy day',
    (message) => {
      expect(analyse(message).feeling).toBe('happy');
    },
  );
});

describe("Rule exclaimed: 'what a …' and 'how cute' exclaim, they do not ask", () => {
  it.each(['what a beautiful morning', 'how cute', 'what a nice surprise!', 'how lovely'])(
    '%j is glad, and no question',
    (message) => {
      const analysis = analyse(message);
      expect(analysis.intent).toBe('statement');
      expect(analysis.flavour).toBe('exclaim_good');
      for (const reply of replies(message))
        expect(reply).not.toMatch(/look things up|internet|not certain/i);
    },
  );

  it.each(['what a mess', 'how annoying', 'what an awful meeting'])(
    '%j is sore: she asks what happened',
    (message) => {
      const analysis = analyse(message);
      expect(analysis.intent).not.toBe('question');
      for (const reply of replies(message))
        expect(reply).toMatch(/what happened|annoy|not fair|sorry|awful/i);
    },
  );

  it.each([
    'what a day?',
    'what are you doing',
    'how are you',
    'how cute is this?',
    'what a time to be alive?',
  ])('%j is still read as before: a question, or the day (a question mark asks)', (message) => {
    expect(['exclaim_good', 'exclaim_bad']).not.toContain(analyse(message).flavour);
  });
});
