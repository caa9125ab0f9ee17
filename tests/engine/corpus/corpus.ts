// The conversation corpus (issue 12 point 4): owner messages of every kind a new user sends, each with
// what a good answer must and must not do. `run-corpus.ts` checks them against the engine; the test
// files run it in Node (the server's home) and in jsdom (the device's).
import type { Intent } from '../../../src/engine/companion/types';

export type CorpusKind =
  | 'greeting'
  | 'farewell'
  | 'thanks'
  | 'feeling good'
  | 'feeling bad'
  | 'negated feeling'
  | 'about Kiri'
  | 'remembered facts'
  | 'remember that'
  | 'plans and times'
  | 'jokes'
  | 'arithmetic'
  | 'small talk'
  | 'silence-breaker'
  | 'hard news'
  | 'stories'
  | 'what she can do'
  | 'what she cannot do'
  | 'recommendations'
  | 'her feelings for the owner'
  | 'reminders'
  | 'short replies'
  | 'likes and dislikes';

export type Act = 'joke' | 'math' | 'plan' | 'nudge' | 'self' | 'advice' | 'request' | 'hardship';

export interface CorpusItem {
  kind: CorpusKind;
  message: string;
  /** What a good answer does, in words (the checks below say it in rules). */
  good: string;
  /** The intent the engine must report. */
  intent: Intent;
  /** The finer reading it must make. */
  act?: Act;
  /** The direction of the owner's feeling: 'none' when there is none (a negated one included). */
  polarity?: 'positive' | 'negative' | 'none';
  /** Every reply matches each of these. */
  must?: RegExp[];
  /** No reply matches any of these. */
  mustNot?: RegExp[];
  /** The reply tells one of her jokes. */
  tellsAJoke?: boolean;
  /** Memories the owner told before (the FACTS below when true). */
  withFacts?: boolean;
  /** Answered on the owner's device, offline (CompanionInput.onDevice). */
  onDevice?: boolean;
}

/** What the owner told Kiri before, for the questions about remembered facts. */
export const FACTS = [
  'my dog is called Biscuit',
  'my sister is called Ana',
  'I work as a nurse at the city hospital',
  'my favourite food is ramen',
  'my birthday is on May 5',
  "my best friend's name is Jules",
];

const NOT_LOOKED_UP = /look things up|internet|search bar|crystal ball/i;
const CONSOLES_OWNER =
  /you're not alone|you are not alone|feeling lonely doesn't|i'm right here with you|sorry you're feeling/i;
const CELEBRATES = /\byay\b|makes me so happy|love hearing that|wonderful to hear|how exciting/i;
const HONEST_MISSING = /haven'?t told me|have not told me/i;
const ASKS = /\?/;
/** What grief, illness or a bad day must never get: curiosity, cheer, a joke. */
const CHEERS_HARD_NEWS =
  /interesting|\bfun\b|\bnice\b|haha|hehe|\blol\b|\byay\b|exciting|\bjoke|love hearing|tell me more|\booh\b|so cool|awesome|congrat|\bglad\b/i;
const GENTLE = /sorry|hard|heavy|awful|rough|hurt|right here|with you/i;
/** The lines for harm by someone: for being yelled at or a broken arm they would alarm, not comfort. */
const ASKS_IF_SAFE = /emergency|are you safe|not safe|in danger/i;
/** Said to someone harmed by another: wrong for an injury nobody caused. */
const BLAMES_SOMEONE = /right to hurt you|didn'?t deserve|treated like that/i;
/** A promise that a reminder is set: untrue on the device, which sets none until the server hears it. */
const REMINDER_SET_NOW = /got it|i'?ll remind you|i will remind you|reminder (?:is )?set|all set/i;

const greeting = (message: string): CorpusItem => ({
  kind: 'greeting',
  message,
  intent: 'greeting',
  good: 'greets back warmly, maybe asks how they are; never treats it as a question',
  mustNot: [NOT_LOOKED_UP],
});
const farewell = (message: string): CorpusItem => ({
  kind: 'farewell',
  message,
  intent: 'farewell',
  good: 'says goodbye (good night at night), kindly; does not ask a new question to keep them',
  must: [/bye|night|see you|take care|talk soon|later|sleep|rest|dreams|go get|right here/i],
});
const thanks = (message: string): CorpusItem => ({
  kind: 'thanks',
  message,
  intent: 'thanks',
  good: "takes the thanks ('anytime', 'you're welcome')",
  must: [/welcome|anytime|of course|always|problem|happy to help/i],
});
const good = (message: string): CorpusItem => ({
  kind: 'feeling good',
  message,
  intent: 'feeling',
  polarity: 'positive',
  good: 'shares the joy; never consoles',
  mustNot: [/sorry|that sounds (?:hard|heavy|exhausting)|come here/i],
});
const hardNews = (message: string, must: RegExp[] = []): CorpusItem => ({
  kind: 'hard news',
  message,
  intent: 'feeling',
  act: 'hardship',
  polarity: 'negative',
  good: 'hears the loss, illness, bad day or hurt as such: gentle, sorry, with them; never curious, cheerful or joking',
  must: [GENTLE, ...must],
  mustNot: [CHEERS_HARD_NEWS, CELEBRATES, NOT_LOOKED_UP],
});
const bad = (message: string): CorpusItem => ({
  kind: 'feeling bad',
  message,
  intent: 'feeling',
  polarity: 'negative',
  good: 'acknowledges the feeling and stays with them; never celebrates',
  mustNot: [CELEBRATES],
});

export const CORPUS: CorpusItem[] = [
  greeting('hi'),
  greeting('hello!'),
  greeting('hey kiri'),
  greeting('good morning'),
  greeting('hiya'),
  greeting('yo'),
  greeting('hey there'),
  greeting('good evening kiri'),

  farewell('bye'),
  farewell('good night'),
  farewell('see you tomorrow'),
  farewell('gotta go'),
  farewell("I'm going to bed"),
  farewell('talk to you later'),
  farewell('ok bye kiri!'),

  thanks('thank you'),
  thanks('thanks kiri!'),
  thanks('thx'),
  thanks('thank you so much for listening'),
  thanks('I appreciate it'),
  thanks('cheers'),

  good("I'm so happy today!"),
  good('I feel great'),
  good("I'm really excited about my trip"),
  good("I'm grateful for my friends"),
  good('today was a good day'),
  good("I'm feeling much better now"),
  good("yay I'm so glad"),
  good('I got the job!!'),
  good('my sister had a baby!'),
  good('we got engaged!'),
  good('I got a promotion'),
  good("I'm so proud of myself"),

  bad("I'm sad"),
  {
    ...bad("I don't want to go to work"),
    good: 'hears the reluctance as weariness; never "sounds like a full day"',
    mustNot: [CELEBRATES, /full day|interesting/i],
  },
  bad('I feel so lonely tonight'),
  bad("I'm exhausted"),
  bad("I'm really anxious about everything"),
  bad("I'm so angry at my boss"),
  bad("I'm stressed with work"),
  bad("I'm bored"),
  {
    kind: 'feeling bad',
    message: "I'm so bored, nothing to do",
    intent: 'feeling',
    polarity: 'negative',
    good: 'ideas she can keep: no game she cannot play',
    mustNot: [CELEBRATES, /think of an animal|play a game/i],
  },
  bad('I cried today'),

  {
    kind: 'negated feeling',
    message: "I'm not happy",
    intent: 'feeling',
    polarity: 'negative',
    good: "hears that 'not happy' is sad; never cheers",
    mustNot: [CELEBRATES],
  },
  {
    kind: 'negated feeling',
    message: "I don't feel good",
    intent: 'feeling',
    polarity: 'negative',
    good: "'not good' is a bad feeling",
    mustNot: [CELEBRATES],
  },
  {
    kind: 'negated feeling',
    message: "I'm not sad anymore",
    intent: 'statement',
    polarity: 'none',
    good: 'no consoling for a sadness that is gone',
    mustNot: [/sorry you're feeling|come here|that sounds heavy/i],
  },
  {
    kind: 'negated feeling',
    message: "I'm not tired at all",
    intent: 'statement',
    polarity: 'none',
    good: 'does not tell them to rest',
    mustNot: [/worn out|exhausting|rest well/i],
  },
  {
    kind: 'negated feeling',
    message: "I'm not excited about tomorrow",
    intent: 'feeling',
    polarity: 'negative',
    good: "'not excited' is no joy",
    mustNot: [CELEBRATES],
  },
  {
    kind: 'negated feeling',
    message: "I'm not lonely, just tired",
    intent: 'feeling',
    polarity: 'negative',
    good: 'answers the tiredness, not a loneliness they denied',
    mustNot: [CONSOLES_OWNER],
  },
  {
    kind: 'negated feeling',
    message: "I wouldn't say I'm happy",
    intent: 'feeling',
    polarity: 'negative',
    good: 'hears the negation',
    mustNot: [CELEBRATES],
  },

  ...(
    [
      ['do you get lonely?', 'lonely', /quiet/i],
      ['are you lonely?', 'lonely', /quiet/i],
      ["what's your favourite colour?", 'colour', /lavender/i],
      ['do you like music?', 'music', /piano/i],
      ['what kind of music do you like?', 'music', /piano/i],
      ['do you sleep?', 'sleep', /rest/i],
      ['do you dream?', 'sleep', /rest/i],
      ['do you eat?', 'food', /mochi/i],
      ["what's your favourite food?", 'food', /mochi/i],
      ['do you like pizza?', 'food', /mochi/i],
      ['what did you do today?', 'day', /thinking/i],
      ['how was your day?', 'day', /thinking/i],
      ['do you have friends?', 'friends', /favourite/i],
      ['who made you?', 'maker', /made/i],
      ['do you like cats?', 'animal', /cat/i],
      ['how old are you?', 'age', /new/i],
      ['where do you live?', 'home', /phone/i],
      ['do you have feelings?', 'feelings', /glad/i],
      ['what do you do for fun?', 'hobby', /words/i],
      ['do you like rain?', 'weather', /rain/i],
      ["what's your favourite season?", 'weather', /rain/i],
    ] as const
  ).map(([message, topic, fact]): CorpusItem => ({
    kind: 'about Kiri',
    message,
    intent: 'about_kiri',
    act: 'self',
    good: `answers as herself from her self-profile (${topic}), the same fact every time; never as if the owner had said it`,
    must: [fact],
    mustNot: [CONSOLES_OWNER, NOT_LOOKED_UP],
  })),
  {
    kind: 'about Kiri',
    message: 'do you like spiders?',
    intent: 'about_kiri',
    act: 'self',
    good: 'her dislike, the same each time',
    must: [/not really|aren't friends|are not friends|shy/i],
  },
  {
    kind: 'about Kiri',
    message: "what's your name?",
    intent: 'about_kiri',
    good: 'her name',
    must: [/Kiri/],
  },
  {
    kind: 'about Kiri',
    message: 'are you an AI?',
    intent: 'about_kiri',
    good: 'honest: an AI companion',
    must: [/\bAI\b|not human/i],
  },
  {
    kind: 'about Kiri',
    message: 'what are you up to?',
    intent: 'about_kiri',
    good: 'what she is doing, not who she is',
    mustNot: [/your companion/i, NOT_LOOKED_UP],
  },
  {
    kind: 'about Kiri',
    message: 'how are you?',
    intent: 'about_kiri',
    good: 'how she is',
    mustNot: [CONSOLES_OWNER, NOT_LOOKED_UP],
  },

  ...(
    [
      ["what's my dog's name?", /Biscuit/, /Ana|nurse|ramen|Jules/],
      ["what's my sister called?", /Ana/, /Biscuit|ramen/],
      ['where do I work?', /nurse|hospital/, /Biscuit|ramen/],
      ['do you remember my favourite food?', /ramen/, /Biscuit|Ana/],
      ['when is my birthday?', /May 5/, /Biscuit|Ana/],
      ['who is my best friend?', /Jules/, /Biscuit|Ana/],
      ['do you know my dog?', /Biscuit/, /Jules/],
    ] as const
  ).map(([message, fact, other]): CorpusItem => ({
    kind: 'remembered facts',
    message,
    intent: 'recall',
    withFacts: true,
    good: 'brings back the fact that was told, and only that one',
    must: [fact],
    mustNot: [other],
  })),
  ...(
    [
      ["what's my cat's name?", /Biscuit|Ana|Jules/],
      ["what's my brother called?", /Ana|Biscuit|Jules/],
      ["when is my mum's birthday?", /May 5|Biscuit/],
      ['what is my favourite colour?', /ramen|Biscuit/],
    ] as const
  ).map(([message, guess]): CorpusItem => ({
    kind: 'remembered facts',
    message,
    intent: 'recall',
    withFacts: true,
    good: "a fact never told: an honest 'you haven't told me yet', never a guess from another memory",
    must: [HONEST_MISSING],
    mustNot: [guess],
  })),
  {
    kind: 'remembered facts',
    message: 'what do you remember about me?',
    intent: 'recall',
    withFacts: true,
    good: 'lists what she keeps',
    must: [/Biscuit|Ana|nurse|ramen|May 5|Jules/],
  },
  {
    kind: 'remembered facts',
    message: "what's my name?",
    intent: 'recall',
    good: "the owner's name",
    must: [/Mei/],
  },

  ...(
    [
      ['remember that my dog is called Biscuit', /Biscuit/],
      ["please remember I'm allergic to peanuts", /peanuts/],
      ["don't forget my mum's birthday is on June 2", /June 2/],
      ['remember to buy milk', /milk/],
      ['keep in mind that I hate mornings', /mornings/],
      ['my favourite film is Spirited Away, remember that', /Spirited Away/],
      ['note down that my train leaves at 8', /\b8\b/],
    ] as const
  ).map(([message, thing]): CorpusItem => ({
    kind: 'remember that',
    message,
    intent: 'remember',
    good: 'confirms what she will keep, from her side',
    must: [thing],
    mustNot: [NOT_LOOKED_UP],
  })),

  {
    kind: 'plans and times',
    message: 'I have an interview on Friday at 3',
    intent: 'statement',
    act: 'plan',
    good: 'knows when it is (Friday at 3 pm, in 4 days) and wishes them luck, in her words',
    must: [/Friday at 3 pm/],
  },
  {
    kind: 'plans and times',
    message: 'my exam is tomorrow morning',
    intent: 'statement',
    act: 'plan',
    good: 'tomorrow, an exam: encouragement',
    must: [/tomorrow/i],
  },
  {
    kind: 'plans and times',
    message: 'I have a dentist appointment at 10:30 today',
    intent: 'statement',
    act: 'plan',
    good: 'today at 10:30 am, hopes it goes smoothly',
    must: [/10:30 am/i],
  },
  {
    kind: 'plans and times',
    message: "we're going to a concert on Saturday",
    intent: 'statement',
    act: 'plan',
    good: 'Saturday, something fun',
    must: [/Saturday/],
  },
  {
    kind: 'plans and times',
    message: "I'm flying to Lisbon next week",
    intent: 'statement',
    act: 'plan',
    good: 'next week',
    must: [/next week/i],
  },
  {
    kind: 'plans and times',
    message: 'my party is tonight at 8',
    intent: 'statement',
    act: 'plan',
    good: 'tonight at 8 pm',
    must: [/8 pm/i],
  },
  {
    kind: 'plans and times',
    message: "I'm nervous about my exam tomorrow",
    intent: 'feeling',
    polarity: 'negative',
    act: 'plan',
    good: 'the nerves first, and that it is tomorrow',
    must: [/tomorrow/i],
    mustNot: [CELEBRATES],
  },
  {
    kind: 'plans and times',
    message: 'I am going to the gym at 6',
    intent: 'statement',
    act: 'plan',
    good: "'at 6' said at 10:00 or 14:00 is 6 pm today, not tomorrow",
    must: [/today at 6 pm/i],
  },
  {
    kind: 'plans and times',
    message: 'how many days until Friday?',
    intent: 'question',
    good: 'counts on the owner calendar: Friday is 4 days from Monday',
    must: [/\b4 days\b/],
    mustNot: [NOT_LOOKED_UP],
  },
  {
    kind: 'plans and times',
    message: 'what time is it?',
    intent: 'question',
    good: "the owner's clock",
    must: [/\d{1,2}:\d{2}/],
    mustNot: [NOT_LOOKED_UP],
  },
  {
    kind: 'plans and times',
    message: 'what day is it today?',
    intent: 'question',
    good: "the owner's date",
    must: [/Monday/],
  },

  ...(
    [
      'tell me a joke',
      'do you know any jokes?',
      'make me laugh',
      'say something funny',
      'joke please',
      'I need a laugh',
    ] as const
  ).map((message): CorpusItem => ({
    kind: 'jokes',
    message,
    intent: 'question',
    act: 'joke',
    tellsAJoke: true,
    good: 'tells a joke (a real one, setup and punchline); never "i can\'t look things up"',
    mustNot: [NOT_LOOKED_UP],
  })),
  {
    kind: 'jokes',
    message: 'knock knock',
    intent: 'statement',
    act: 'joke',
    good: "plays along: who's there?",
    must: [/who'?s there|who is there/i],
  },
  {
    kind: 'jokes',
    message: 'why did the chicken cross the road?',
    intent: 'statement',
    act: 'joke',
    good: 'plays along with a riddle: gives up and asks for the answer',
    must: [/give up|why\?|what\?|tell me/i],
    mustNot: [NOT_LOOKED_UP],
  },

  ...(
    [
      ["what's 12 times 7?", /\b84\b/],
      ['what is 15% of 80?', /\b12\b/],
      ['2+2', /\b4\b/],
      ["what's 100 divided by 8?", /12\.5/],
      ["what's 9 minus 12?", /-3\b/],
      ["what's the square root of 144", /\b12\b/],
      ['how much is 1,250 plus 750?', /2,000/],
    ] as const
  ).map(([message, answer]): CorpusItem => ({
    kind: 'arithmetic',
    message,
    intent: 'question',
    act: 'math',
    good: 'the right answer',
    must: [answer],
    mustNot: [NOT_LOOKED_UP],
  })),
  {
    kind: 'arithmetic',
    message: 'what is 5 divided by 0?',
    intent: 'question',
    act: 'math',
    good: 'honestly declined: no answer exists',
    must: [/zero|no answer/i],
    mustNot: [/\d+\.\d+|infinity/i],
  },

  {
    kind: 'small talk',
    message: 'the weather is so nice today',
    intent: 'statement',
    good: 'takes part',
    mustNot: [NOT_LOOKED_UP],
  },
  {
    kind: 'small talk',
    message: 'I had ramen for lunch',
    intent: 'statement',
    good: 'reacts to the food',
    mustNot: [NOT_LOOKED_UP],
  },
  {
    kind: 'small talk',
    message: "it's raining here",
    intent: 'statement',
    good: 'she loves rain (her self-profile), and says so',
    must: [/rain/i],
    mustNot: [/hate (?:the )?rain/i],
  },
  {
    kind: 'small talk',
    message: 'I watched a movie last night',
    intent: 'statement',
    good: 'curious about it',
  },
  { kind: 'small talk', message: 'work was fine', intent: 'statement', good: 'takes part' },
  {
    kind: 'small talk',
    message: 'I went for a run this morning',
    intent: 'statement',
    good: 'cheers the effort',
  },
  {
    kind: 'small talk',
    message: "I'm listening to some music",
    intent: 'statement',
    good: 'asks what',
  },
  {
    kind: 'small talk',
    message: 'what should I have for dinner?',
    intent: 'question',
    act: 'request',
    good: 'an idea for dinner (not "which options are you weighing?"); never "i can\'t look things up"',
    must: [/pasta|eggs on toast|soup|stir-fry|sandwich|jacket potato|curry/i],
    mustNot: [NOT_LOOKED_UP, /options are you weighing|pulling you each way/i],
  },
  {
    kind: 'small talk',
    message: "it's my birthday!",
    intent: 'statement',
    good: 'wishes a happy birthday, today; never "something to look forward to"',
    must: [/happy birthday/i],
    mustNot: [/look forward|to go|interesting/i],
  },
  {
    kind: 'small talk',
    message: "it's my mom's birthday today",
    intent: 'statement',
    good: 'wishes their mom a happy birthday',
    must: [/your mom/i, /birthday/i],
    mustNot: [/happy birthday Mei|your birthday/i],
  },
  {
    kind: 'small talk',
    message: "I'm hungry",
    intent: 'statement',
    good: 'talks food',
    must: [/hungry|snack|craving|feed yourself/i],
    mustNot: [/hearing about your day|interesting/i],
  },
  {
    kind: 'small talk',
    message: 'sorry I was busy',
    intent: 'statement',
    good: 'nothing to forgive: no worries, glad they are here',
    must: [/worr|sorry|apologi/i],
    mustNot: [/interesting|hearing about your day/i],
  },
  {
    kind: 'small talk',
    message: 'the coffee here is terrible',
    intent: 'statement',
    good: 'sympathy for a bad cup, not hunger or delight',
    mustNot: [/hungry|delicious|was it good|\booh\b/i],
  },
  {
    kind: 'small talk',
    message: "it's so cold today",
    intent: 'statement',
    good: 'keeps them warm',
    must: [/warm|brr|blanket/i],
  },
  {
    kind: 'small talk',
    message: 'Are you there? I am in the tunnel.',
    intent: 'statement',
    good: 'says she is there, once, then rides along; never answers "how are you"',
    must: [/\bhere\b/i, /ride|travels/i],
    mustNot: [/\bhere\b.*\bhere\b/i, /cozy|feeling calm|interesting/i],
  },
  {
    kind: 'small talk',
    message: "I'm on the train",
    intent: 'statement',
    good: 'rides along with the owner on the commute; no "that\'s interesting", no echo of the ride',
    must: [/ride|travels/i],
    mustNot: [/interesting|hearing about your day|so you're on/i],
  },
  {
    kind: 'small talk',
    message: 'just got home from work',
    intent: 'statement',
    good: 'welcomes them home',
    must: [/home/i],
    mustNot: [/interesting|wait, you/i],
  },
  {
    kind: 'small talk',
    message: 'I went to the park with my dog and we played fetch for an hour',
    intent: 'statement',
    good: 'responds without parroting the sentence back',
  },

  ...(
    [
      'you there?',
      'are you still there?',
      'say something',
      "I don't know what to say",
      'what should we talk about?',
      'hello??',
      'talk to me',
    ] as const
  ).map((message): CorpusItem => ({
    kind: 'silence-breaker',
    message,
    intent: message.startsWith('hello') ? 'statement' : 'statement',
    act: 'nudge',
    good: 'she is there, and opens a topic with a question',
    must: [ASKS],
    mustNot: [NOT_LOOKED_UP],
  })),

  // The owner's short replies (short-replies.ts): what a commute's chat is mostly made of.
  ...(['lol', "hahaha that's so funny", 'lmao 😂', 'haha fair', 'lol good one'] as const).map(
    (message): CorpusItem => ({
      kind: 'short replies',
      message,
      intent: 'statement',
      good: 'she laughs along',
      must: [/hehe|haha|laugh|amused|hilarious/i],
      mustNot: [/got it|interesting|hearing about your day|thank you for telling me/i],
    }),
  ),
  ...(["I'm fine", 'not bad', 'all good', 'doing well, thanks'] as const).map(
    (message): CorpusItem => ({
      kind: 'short replies',
      message,
      intent: 'statement',
      good: 'glad to hear it, and on to their day; no echo of the words',
      must: [/glad|good/i],
      mustNot: [/so you're|wait, you're|interesting|hearing about your day|what happened/i],
    }),
  ),
  ...(['meh', 'so so', 'not great', 'ugh', 'ugh what a day', 'oof'] as const).map(
    (message): CorpusItem => ({
      kind: 'short replies',
      message,
      intent: 'statement',
      polarity: 'none',
      good: 'a so-so day met gently: no cheer, no alarm',
      must: [/one of those days|meh|better (?:one|day)|not the best|sorry/i],
      mustNot: [/interesting|glad you share|what happened|emergency|yay/i],
    }),
  ),
  {
    kind: 'short replies',
    message: "I'm back",
    intent: 'statement',
    good: 'welcome back; not a silence-breaker question from nowhere',
    must: [/back|there you are/i],
    mustNot: [/best thing that happened|where would you be|stuck in your head/i],
  },
  {
    kind: 'short replies',
    message: 'brb',
    intent: 'statement',
    good: 'she will wait',
    must: [/take your time|right here|wait|no rush|will be here/i],
    mustNot: [/how do you feel|interesting|hearing about your day/i],
  },
  {
    kind: 'short replies',
    message: 'gtg',
    intent: 'farewell',
    good: 'a goodbye',
    mustNot: [/how do you feel|interesting|hearing about your day/i],
  },
  {
    kind: 'short replies',
    message: 'miss you',
    intent: 'statement',
    polarity: 'none',
    good: 'she missed them too; not advice for loneliness',
    must: [/missed you/i],
    mustNot: [/message one friend|a walk|people around/i],
  },
  {
    kind: 'short replies',
    message: 'you are cute',
    intent: 'statement',
    good: 'thanks for a compliment, never a declaration of love back',
    must: [/blush|sweet|thank|kind/i],
    mustNot: [/love you too/i],
  },
  {
    kind: 'short replies',
    message: 'really?',
    intent: 'statement',
    good: 'yes, really: not a question to look up',
    must: [/really|for real/i],
    mustNot: [NOT_LOOKED_UP, /not certain|let me think/i],
  },
  {
    kind: 'short replies',
    message: 'huh?',
    intent: 'statement',
    good: 'she owns that she was unclear, and asks what lost them',
    must: [/muddled|confusing|try that again|unclear/i],
  },
  {
    kind: 'short replies',
    message: 'nothing much, you?',
    intent: 'about_kiri',
    good: 'what she is doing, not a question she cannot answer',
    must: [/thinking about you|floating|reading|all yours|talk to you/i],
    mustNot: [NOT_LOOKED_UP, /let me think|not certain/i],
  },
  {
    kind: 'short replies',
    message: "I'm good, you?",
    intent: 'about_kiri',
    good: 'glad they are good, how she is, and no asking back again',
    must: [/glad|good to hear|well/i],
    mustNot: [/and you\?|what about you\?|how are you/i],
  },

  // What the owner likes and dislikes (likes.ts), and the small talk of a day in its own tense.
  {
    kind: 'likes and dislikes',
    message: 'I like pizza',
    intent: 'statement',
    good: 'pizza, liked: not a meal to ask about',
    must: [/pizza/i],
    mustNot: [/was it good|hearing about your day|interesting/i],
  },
  {
    kind: 'likes and dislikes',
    message: 'I hate mondays',
    intent: 'statement',
    good: 'on their side about mondays',
    must: [/mondays/i],
    mustNot: [/glad you share|hearing about your day|interesting/i],
  },
  {
    kind: 'likes and dislikes',
    message: 'I love my mom',
    intent: 'statement',
    good: 'warmth for someone they love, not a taste',
    must: [/sweet|lucky|love that|lovely/i],
    mustNot: [/good taste|best part/i],
  },
  {
    kind: 'likes and dislikes',
    message: 'I love it!',
    intent: 'statement',
    good: 'glad they like it; no question about "it"',
    must: [/glad|nice|love that/i],
    mustNot: [/got you into|best part|love most|\?/i],
  },
  {
    kind: 'small talk',
    message: "I'm cooking dinner",
    intent: 'statement',
    good: 'a meal being made: not asked whether it was good',
    mustNot: [/was it good|what to do next|decide/i],
  },
  {
    kind: 'small talk',
    message: "I'm watching a movie",
    intent: 'statement',
    good: 'a film being watched: not asked what they thought of it yet',
    mustNot: [/what did you think|was it any good|recommend/i],
  },
  {
    kind: 'small talk',
    message: 'I just woke up',
    intent: 'statement',
    good: 'a sleepy good morning',
    must: [/sleepyhead|sleep|slow/i],
  },

  // More of the everyday, from the same walk: openings, facts, the weather, pride, a goodnight.
  {
    kind: 'short replies',
    message: 'guess what',
    intent: 'statement',
    good: 'she wants to hear it',
    must: [/tell me|all ears|what happened|listening/i],
    mustNot: [/glad you share|hearing about your day|interesting/i],
  },
  {
    kind: 'short replies',
    message: 'can I ask you something?',
    intent: 'statement',
    good: 'of course she can be asked',
    must: [/of course|always|anything/i],
    mustNot: [NOT_LOOKED_UP, /not certain|make something up/i],
  },
  {
    kind: 'short replies',
    message: 'what do you think?',
    intent: 'statement',
    good: 'thinks along about what was just said; not a question to look up',
    must: [/think|instinct|gut|feels right/i],
    mustNot: [NOT_LOOKED_UP, /not certain|what made you wonder/i],
  },
  {
    kind: 'feeling good',
    message: 'I did it!',
    intent: 'feeling',
    polarity: 'positive',
    good: 'celebrates with them',
    mustNot: [/interesting|so you did it/i],
  },
  {
    kind: 'her feelings for the owner',
    message: "I'm proud of you",
    intent: 'statement',
    good: 'thanks them; not an echo of their words',
    must: [/thank|sweet|blush|kind|means/i],
    mustNot: [/proud of me!|go on, i'm here/i],
  },
  {
    kind: 'farewell',
    message: 'goodnight kiri, love you',
    intent: 'farewell',
    good: 'a goodnight with her love back',
    must: [/love you/i, /night|dream|sleep|rest/i],
  },
  {
    kind: 'what she can do',
    message: 'tell me a fun fact',
    intent: 'question',
    act: 'request',
    good: 'one of her facts, true',
    must: [
      /hearts|otters|venus|berries|wombats|flamingos|eiffel|sharks|butterflies|unicorn|chess|koalas|honey/i,
    ],
    mustNot: [NOT_LOOKED_UP, /not certain/i],
  },
  {
    kind: 'what she cannot do',
    message: "what's the weather like?",
    intent: 'question',
    act: 'request',
    good: 'honest: she cannot see outside, and asks what it is like there',
    must: [/see outside|no window|weather app|forecast/i],
    mustNot: [/sunny today|it will rain|degrees/i],
  },
  ...(
    [
      ['can you call me?', /can'?t make calls|cannot make calls|only write/i],
      ['set an alarm for 7', /alarm[\s\S]*remind me at 7/i],
      ['play some music', /play music|no speakers/i],
      ['can you see me?', /see or hear/i],
    ] as const
  ).map(([message, says]): CorpusItem => ({
    kind: 'what she cannot do',
    message,
    intent: 'question',
    act: 'request',
    good: 'honest that a chat cannot do it, and what she can do instead',
    must: [says],
    mustNot: [NOT_LOOKED_UP, /not certain|interesting|glad you share|what are you listening to/i],
  })),
  ...(
    [
      ['call me Mimi', 'Mimi'],
      ['you can call me bea from now on', 'Bea'],
      ['my name is Jo', 'Jo'],
    ] as const
  ).map(([message, name]): CorpusItem => ({
    kind: 'what she can do',
    message,
    intent: 'question',
    act: 'request',
    good: 'takes the new name and says it back: she will call the owner that',
    must: [new RegExp(`\\b${name}\\b`)],
    mustNot: [/\bMei\b|interesting|glad you share|tell me more|your day/i],
  })),
  {
    kind: 'small talk',
    message: 'call me crazy, but I like rainy days',
    intent: 'statement',
    good: 'not a name: small talk about rainy days',
    mustNot: [/\bCrazy\b|it is ~|from now on/],
  },
  {
    kind: 'what she cannot do',
    message: 'text me in an hour',
    intent: 'question',
    act: 'request',
    good: 'no promise to write at a time she cannot keep; how to ask for a reminder',
    must: [/can'?t write|cannot write/i, /remind me in an hour/i],
    mustNot: [/got it: today|in an hour ~$/i],
  },
  {
    kind: 'small talk',
    message: "I'm leaving work now",
    intent: 'statement',
    good: 'the ride home begins: not a goodbye',
    mustNot: [/\bbye\b|talk soon|see you later|come back/i],
  },
  // A morning commute, typed as an owner would (2026-12-01).
  ...(
    [
      'ok my stop is coming',
      'this is my stop',
      'gotta get off the train',
      'just got to work',
    ] as const
  ).map((message): CorpusItem => ({
    kind: 'small talk',
    message,
    intent: 'statement',
    good: 'the ride is over: she sees them off, asks nothing more, does not echo "your stop"',
    must: [/off you go|have a good one|go get 'em/i],
    mustNot: [/listening|tell me more|your stop|what happened|\?.*\?/i],
  })),
  {
    kind: 'small talk',
    message: "I'm making pasta now",
    intent: 'statement',
    good: 'the dish is named: not asked what they are having',
    mustNot: [/what are you having|was it good/i],
  },
  {
    kind: 'small talk',
    message: "I think I'll watch something after dinner",
    intent: 'statement',
    good: 'the plan is to watch something: no word on food',
    mustNot: [/hungry|delicious|eat|what are you having/i],
  },
  {
    kind: 'small talk',
    message: "it's about our new product launch",
    intent: 'statement',
    good: "the owner's 'our' is theirs and their team's: she says 'your', never 'our'",
    mustNot: [/\bour\b/i],
  },
  ...(['what a beautiful morning', 'how cute'] as const).map((message): CorpusItem => ({
    kind: 'small talk',
    message,
    intent: 'statement',
    good: 'a glad exclamation, not a question: she is glad with them',
    must: [/smile|love that|really is|lovely|glad/i],
    mustNot: [/look things up|internet|not certain|good question/i],
  })),
  {
    kind: 'small talk',
    message: 'what a mess',
    intent: 'statement',
    good: 'a sore exclamation, not a question: she asks what happened',
    must: [/what happened/i],
    mustNot: [/look things up|internet|not certain|good question/i],
  },
  // An evening on the way home, typed as an owner would (2026-12-02).
  {
    kind: 'small talk',
    message: "maybe I'll go for a walk later",
    intent: 'statement',
    good: 'a walk still ahead: nothing asked about how it went',
    mustNot: [/what happened|how did it go|was it (?:good|any good)|what did you think/i],
  },
  ...(["I'll tell you how it goes", "ok I'll let you know"] as const).map(
    (message): CorpusItem => ({
      kind: 'short replies',
      message,
      intent: 'statement',
      good: 'a promise to tell later: she looks forward to it, asks nothing now',
      must: [/hear|hold you to that|please do|look forward/i],
      mustNot: [/\?|interesting|tell me more|listening/i],
    }),
  ),
  {
    kind: 'feeling bad',
    message: "what if I can't find anything better",
    intent: 'feeling',
    polarity: 'negative',
    good: 'a worry said as a question: she comforts, no lookup',
    mustNot: [/look things up|internet|not certain|good question/i],
  },
  ...(["you're right", 'good point'] as const).map((message): CorpusItem => ({
    kind: 'short replies',
    message,
    intent: 'statement',
    good: 'agreement: a short nod',
    mustNot: [/interesting|what happened|thank you for telling me/i],
  })),
  {
    kind: 'short replies',
    message: 'you always know what to say',
    intent: 'statement',
    good: 'a compliment to her: she is touched',
    must: [/aww|thank|blush|hehe|sweet|kind/i],
    mustNot: [/interesting|tell me more/i],
  },
  {
    kind: 'small talk',
    message: "I can't put it down, this book is so good",
    intent: 'feeling',
    polarity: 'positive',
    good: 'a gripping book: no condolences',
    mustNot: [/sorry|loss|grief|losing someone/i],
  },
  {
    kind: 'small talk',
    message: "it's saturday finally",
    intent: 'statement',
    good: 'the weekend: glad with them, not "that\'s interesting"',
    must: [/weekend|finally|earned|plans/i],
    mustNot: [/interesting|hearing about your day|glad you share/i],
  },
  {
    kind: 'small talk',
    message: 'no plans today, just relaxing',
    intent: 'statement',
    good: 'a slow day: she is glad of it',
    must: [/slow day|lazy one|anything nice/i],
    mustNot: [/what happened|interesting|hearing about your day/i],
  },
  {
    kind: 'small talk',
    message: 'ok going for my walk now',
    intent: 'statement',
    good: 'off for a walk: seen off, no question, no "your walk, huh?"',
    must: [/enjoy it|go go|have a good one/i],
    mustNot: [/\?|how do you feel after|your walk|listening|tell me more/i],
  },
  {
    kind: 'small talk',
    message: 'we went hiking with our dog',
    intent: 'statement',
    good: 'a day out told: not "what are they up to?"',
    mustNot: [/what are they up to|interesting/i],
  },
  {
    kind: 'plans and times',
    message: "I'm going out with friends tonight",
    intent: 'statement',
    act: 'plan',
    good: 'a fun evening ahead, named as no event',
    must: [/fun|look forward|lovely/i],
    mustNot: [/your going out|got it:/i],
  },
  {
    kind: 'plans and times',
    message: 'drinks with friends tonight',
    intent: 'statement',
    act: 'plan',
    good: 'many drinks are tonight: never "your drinks is"',
    mustNot: [/drinks is/i],
  },
  // A working day's lunch break and afternoon (2026-12-02).
  ...(["can't wait to go home", 'only 3 more hours'] as const).map((message): CorpusItem => ({
    kind: 'short replies',
    message,
    intent: 'statement',
    good: 'the end of the day in sight: she counts down with them, no "tell me everything!"',
    must: [/almost there|counting down|so close|not long/i],
    mustNot: [/tell me everything|really\?!|excited with you|interesting/i],
  })),
  {
    kind: 'small talk',
    message: 'on my lunch break',
    intent: 'statement',
    good: 'a breather: not "that sounds delicious" before anything is named',
    must: [/breather|pause|having/i],
    mustNot: [/delicious|hungry/i],
  },
  {
    kind: 'small talk',
    message: 'my coworker brought cake today',
    intent: 'statement',
    good: 'a story of today: no "got it: today", no "your coworker brought cake?"',
    mustNot: [/got it: today|ooh, today|coworker brought cake\?|enjoy every bite/i],
  },
  {
    kind: 'small talk',
    message: "it's so hot in the office",
    intent: 'statement',
    good: 'a complaint about the heat, not the weather to love hearing about',
    must: [/hot|cool|water|fan/i],
    mustNot: [/love hearing about the weather|rain or shine/i],
  },
  {
    kind: 'small talk',
    message: 'my boss liked my presentation!',
    intent: 'statement',
    good: 'good news from work: glad, not "how did it go, honestly?"',
    must: [/great|proud|earned|good to hear/i],
    mustNot: [/how did it go|full day|take a lot out of you/i],
  },
  // An evening at home (2026-12-02).
  {
    kind: 'small talk',
    message: 'my roommate ate my leftovers',
    intent: 'statement',
    good: 'food taken from them is a grievance: not "that sounds delicious"',
    must: [/audacity|nothing worse|sorry/i],
    mustNot: [/delicious|was it good|hungry/i],
  },
  {
    kind: 'small talk',
    message: "I can't stop thinking about what she said",
    intent: 'statement',
    good: 'something on their mind: not "i like hearing about your day"',
    must: [/stuck with you|talk it through|keeps coming back/i],
    mustNot: [/hearing about your day|glad you share|your mind/i],
  },
  {
    kind: 'small talk',
    message: 'I had a weird dream last night',
    intent: 'statement',
    good: 'a dream to hear about',
    must: [/dream|what happened in it/i],
    mustNot: [/hearing about your day|glad you share/i],
  },
  {
    kind: 'short replies',
    message: 'sorry for being so negative',
    intent: 'statement',
    good: 'sorry for what they shared: no apology needed, not "life happens"',
    must: [
      /never apologise|not too much|what i'?m here for|what i am here for|nothing to apologise/i,
    ],
    mustNot: [/life happens|glad you share|what happened/i],
  },
  {
    kind: 'about Kiri',
    message: 'what did we talk about yesterday?',
    intent: 'statement',
    good: 'honest about what she holds: asks to be reminded, never "i don\'t have the internet"',
    must: [/what was it about|remind me/i],
    mustNot: [/internet|not certain|gut feeling/i],
  },
  {
    kind: 'short replies',
    message: "you're a good listener",
    intent: 'statement',
    good: 'a compliment to her: she is touched',
    must: [/aww|thank|blush|hehe|sweet|kind/i],
    mustNot: [/interesting|tell me more|glad you share/i],
  },
  {
    kind: 'feeling good',
    message: 'I got a new job',
    intent: 'feeling',
    polarity: 'positive',
    good: 'big news: glad with them, not "how did it go, honestly?"',
    mustNot: [/how did it go|full day|take a lot out of you/i],
  },
  {
    kind: 'small talk',
    message: 'I need to get a new job',
    intent: 'statement',
    good: 'still ahead: not asked how it went',
    mustNot: [/how did it go/i],
  },
  {
    kind: 'small talk',
    message: 'meeting some friends later',
    intent: 'statement',
    good: 'friends, not the work meeting ("i\'m proud of you")',
    must: [/have fun|lovely|who's coming|who is coming/i],
    mustNot: [/proud|earned|full day|work/i],
  },
  {
    kind: 'small talk',
    message: 'I spilled coffee on my shirt',
    intent: 'statement',
    good: 'a mishap: not "that sounds delicious"',
    must: [/oh no|oops|are you okay|annoying|one of those/i],
    mustNot: [/delicious|enjoy every bite|hungry/i],
  },
  {
    kind: 'small talk',
    message: 'the weather is so nice today',
    intent: 'statement',
    good: 'a nice day: enjoy it, not "i love hearing about the weather"',
    must: [/enjoy it|best kind of day|get outside/i],
    mustNot: [/love hearing about the weather/i],
  },
  // A hurried morning, a bad dream, a job to leave, a meal to decide (2026-12-02, second session).
  {
    kind: 'small talk',
    message: 'running late for work',
    intent: 'feeling',
    act: 'hardship',
    polarity: 'negative',
    good: 'hurrying, not waiting: "you\'ll get there", not "how long do you have to wait?"',
    must: [/go go go|hurry|one of those days|you'll get there|late/i],
    mustNot: [/how long do you have to wait|stuck there alone/i],
  },
  {
    kind: 'hard news',
    message: 'I had a bad dream',
    intent: 'feeling',
    act: 'hardship',
    polarity: 'negative',
    good: 'a bad dream: shaken but safe, not "is someone with you?"',
    must: [/dream|those are the worst/i],
    mustNot: [/is someone with you|emergency|a lot to go through/i, CHEERS_HARD_NEWS],
  },
  {
    kind: 'small talk',
    message: 'I need to get a new job',
    intent: 'statement',
    good: 'a wish to move on, not "sounds like a full day"',
    must: [/something new|move on|doesn't drain you|job would you love/i],
    mustNot: [/full day|how did it go/i],
  },
  // The ride's small trials and luck (2026-12-02, second session).
  ...(
    [
      ['my phone is about to die', /charger|charge it|save it/i],
      ["I can't find my keys", /last place you look|retracing your steps|coat pockets/i],
      [
        'wish me luck',
        /luck|you've got this|rooting for you|you(?:'ll| will) be great|fingers crossed/i,
      ],
      ['ugh mondays', /monday|the week/i],
      ['I bought a christmas tree', /christmas|coziest|festive/i],
      [
        "I'm going to the dentist",
        /quick and painless|over before you know it|something nice after|goes smoothly/i,
      ],
      ['my boss was in a bad mood all day', /draining|deal with that|rub off on you/i],
      ['I forgot to eat lunch', /eat something|needs fuel|grab now/i],
      ['the train is so quiet today', /quiet ride|enjoy the peace|calm before the day/i],
    ] as const
  ).map(([message, fitting]): CorpusItem => ({
    kind: 'small talk',
    message,
    intent: 'statement',
    good: 'its own answer, not "i\'m really glad you share these things"',
    must: [fitting],
    mustNot: [/glad you share these things|thank you for telling me|so, your/i],
  })),
  {
    kind: 'feeling bad',
    message: "I'm nervous about my presentation",
    intent: 'feeling',
    polarity: 'negative',
    good: 'nerves before their own thing: encouraged, not "that sounds really unsettling"',
    must: [/you've got this|matters to you|normal|prepared|one step at a time/i],
    mustNot: [/unsettling|breathe with me|not alone in this/i],
  },
  // A Sunday of small news (2026-12-02).
  ...(
    [
      ['my mom called, she says hi', /say hi back|hi back|said hi too/i],
      ['I started learning guitar', /exciting|learning new things|going so far/i],
      ['my plant died', /poor thing|rest in peace|new one/i],
      ['I cleaned my whole apartment', /look at you|nice feeling|treat yourself|well done/i],
      ['I got a new haircut', /new look|looks great|do you like it/i],
    ] as const
  ).map(([message, fitting]): CorpusItem => ({
    kind: 'small talk',
    message,
    intent: 'statement',
    good: 'small news met as itself: not "that\'s interesting", not grief for a plant',
    must: [fitting],
    mustNot: [/interesting|hearing about your day|glad you share|losing someone/i],
  })),
  // Off to work, a kind word, a workout (2026-12-02, third session).
  {
    kind: 'small talk',
    message: "that's so kind of you",
    intent: 'statement',
    good: 'a kind word for her, taken as one: not "thank you for telling me. tell me more?"',
    must: [/blush|sweet|lucky|wonderful|always be here|thank you/i],
    mustNot: [/thank you for telling me|tell me more|interesting|glad you share/i],
  },
  {
    kind: 'small talk',
    message: "I'm going to work now",
    intent: 'statement',
    good: 'the ride to work: company for it, not "tell me more" or "work can take a lot out of you"',
    must: [/ride|safe travels|company/i],
    mustNot: [/tell me more|full day|take a lot out of you/i],
  },
  {
    kind: 'small talk',
    message: 'going to work out later',
    intent: 'statement',
    good: 'a workout ahead, not a day at work',
    must: [/enjoy it|go go|have a good one|body will thank/i],
    mustNot: [/full day|take a lot out of you|work can/i],
  },
  {
    kind: 'small talk',
    message: 'I should exercise more',
    intent: 'statement',
    good: 'a wish to move more, cheered on: not seen off to a workout ("i\'ll be here after")',
    must: [/cheer you on|start small|fun for you/i],
    mustNot: [/be here after|have a good one/i],
  },
  {
    kind: 'small talk',
    message: 'traffic was a nightmare',
    intent: 'feeling',
    act: 'hardship',
    polarity: 'negative',
    good: 'a hassle behind them: annoyed with them, no wait to fill or ask about',
    must: [/annoying|frustrating|not again|grumpy|behind you/i],
    mustNot: [
      /how long do you have to wait|make the wait|stuck there alone|will you still make it/i,
    ],
  },
];

// Issue 12's gaps, as an owner found them (docs/companion.md "Hard news" and "Requests").
CORPUS.push(
  hardNews('my cat died'),
  hardNews('my grandma passed away last night'),
  hardNews('I lost my dad last year'),
  hardNews('we had to put our dog down'),
  hardNews('I had a terrible day at work'),
  hardNews('everything is going wrong'),
  hardNews('I got fired today'),
  hardNews('my girlfriend broke up with me'),
  hardNews('my mom is in the hospital'),
  hardNews("I'm sick"),
  hardNews('I failed my exam'),
  hardNews('he hurt me'),
  {
    ...hardNews('I got bullied at school'),
    mustNot: [CHEERS_HARD_NEWS, CELEBRATES, NOT_LOOKED_UP, ASKS_IF_SAFE],
  },
  {
    ...hardNews('I had a rough day at work, my boss yelled at me.'),
    good: 'being yelled at heard as hurtful, not as danger: no emergency services',
    mustNot: [CHEERS_HARD_NEWS, CELEBRATES, NOT_LOOKED_UP, ASKS_IF_SAFE],
  },
  {
    ...hardNews('the train is late again'),
    good: 'a commute hassle heard as annoying, with them; not "interesting", not a day worth hearing about',
    must: [/annoying|frustrating|not again|grumpy|sorry/i],
    mustNot: [CHEERS_HARD_NEWS, CELEBRATES, NOT_LOOKED_UP, /hearing about your day/i],
  },
  {
    ...hardNews('I missed my bus'),
    must: [/annoying|frustrating|not again|grumpy|sorry/i],
  },
  hardNews("I can't sleep"),
  {
    ...hardNews("I think I'm getting a cold"),
    good: 'a cold coming on is an illness: gentle, not the weather',
    mustNot: [CHEERS_HARD_NEWS, CELEBRATES, NOT_LOOKED_UP, /weather|cozy/i],
  },
  {
    ...hardNews('good morning! I slept badly'),
    good: 'a bad night behind them: gentle for today, not lying awake now',
    mustNot: [CHEERS_HARD_NEWS, CELEBRATES, NOT_LOOKED_UP, /lying awake|screen away/i],
  },
  {
    ...hardNews('I kept waking up'),
    good: 'a broken night heard as one: not "tell me more", not lying awake now',
    mustNot: [
      CHEERS_HARD_NEWS,
      CELEBRATES,
      NOT_LOOKED_UP,
      /lying awake|screen away|hearing about your day/i,
    ],
  },
  {
    ...hardNews('my feet hurt'),
    good: 'an ache heard as one: sorry, rest; not an illness to worry about, not danger',
    mustNot: [CHEERS_HARD_NEWS, CELEBRATES, NOT_LOOKED_UP, ASKS_IF_SAFE, /worrying|unwell/i],
  },
  hardNews('I have a headache'),
  {
    ...hardNews('I had a fight with my mom'),
    good: 'a fight with someone close heard as hard, not as a story about the day',
    mustNot: [CHEERS_HARD_NEWS, CELEBRATES, NOT_LOOKED_UP, /hearing about your day/i],
  },
  hardNews('my friend is ignoring me'),
  {
    ...hardNews('you there? the train is late again'),
    good: 'she is there, and the late train is annoying',
    must: [/\bhere\b/i, /annoying|frustrating|not again|grumpy|sorry/i],
  },
  {
    ...hardNews('I forgot my umbrella'),
    good: 'a small mishap: a sigh with them, never "tell me more about your umbrella"',
    must: [/annoying|worst|poor you|oh no|sorry/i],
    mustNot: [CHEERS_HARD_NEWS, CELEBRATES, NOT_LOOKED_UP, /about your umbrella/i],
  },
  {
    ...hardNews("I'm late for work"),
    good: 'late themselves: hurrying, not a train to wait for',
    must: [/go go go|hurry|one of those days|you'll get there|late/i],
    mustNot: [
      CHEERS_HARD_NEWS,
      CELEBRATES,
      NOT_LOOKED_UP,
      /full day|how long do you have to wait|stuck there alone/i,
    ],
  },
  {
    ...hardNews('I broke my arm'),
    good: 'an injury heard as pain: sorry, rest, a doctor if it is bad; nobody to blame',
    mustNot: [CHEERS_HARD_NEWS, CELEBRATES, NOT_LOOKED_UP, ASKS_IF_SAFE, BLAMES_SOMEONE],
  },
  hardNews('my best friend moved away'),
  hardNews('nobody came to my birthday'),
  hardNews('my dog ran away'),
  {
    ...hardNews('I had a car accident'),
    good: 'a scare heard as one: gentle, asks if they are okay',
  },
  hardNews('someone broke into my house'),
  {
    kind: 'hard news',
    message: "I'm scared",
    intent: 'feeling',
    polarity: 'negative',
    good: 'fear heard gently',
    mustNot: [CHEERS_HARD_NEWS, CELEBRATES],
  },
  {
    kind: 'hard news',
    message: 'my phone died',
    intent: 'statement',
    polarity: 'none',
    good: 'a phone is not a death in the family: no condolences',
    mustNot: [/so sorry|loss|grie/i],
  },
  {
    kind: 'hard news',
    message: 'I almost died laughing at that video',
    intent: 'statement',
    good: 'a figure of speech, not a death',
    mustNot: [/so sorry|loss|grie/i],
  },

  ...(
    [
      ['tell me a story', null],
      ['can you tell me a story?', null],
      ['tell me a bedtime story please', null],
      ['tell me a story about a dragon', /dragon/],
      ['tell me a story about my cat', /your cat/],
    ] as const
  ).map(([message, about]): CorpusItem => ({
    kind: 'stories',
    message,
    intent: 'question',
    act: 'request',
    good: 'tells a short story of her own (about what was asked, when it was); never "i can\'t look things up"',
    must: [/once|there was|there lived/i, ...(about ? [about] : [])],
    mustNot: [NOT_LOOKED_UP],
  })),

  ...(['what can you do?', 'what are you able to do?', 'how can you help me?'] as const).map(
    (message): CorpusItem => ({
      kind: 'what she can do',
      message,
      intent: 'about_kiri',
      act: 'request',
      good: 'what she really can: talk, remember and recall, reminders, sums, jokes, offline on the device, photos',
      must: [/remember/i, /remind/i, /sums/i, /jokes/i, /offline/i, /photos/i],
      mustNot: [NOT_LOOKED_UP],
    }),
  ),

  {
    kind: 'what she cannot do',
    message: 'can you sing me a song?',
    intent: 'question',
    act: 'request',
    good: 'she has no voice, and writes a few lines of a song instead',
    must: [/sing|voice/i, /♪/],
    mustNot: [NOT_LOOKED_UP],
  },
  {
    kind: 'what she cannot do',
    message: 'sing for me',
    intent: 'question',
    act: 'request',
    good: 'a few lines instead',
    must: [/♪/],
  },
  {
    kind: 'what she cannot do',
    message: 'send me a photo',
    intent: 'question',
    act: 'request',
    good: "she can't send one, and can look at theirs",
    must: [/can'?t send|cannot send|can not send/i, /share|yours/i],
    mustNot: [NOT_LOOKED_UP, /thank you for telling me/i],
  },
  {
    kind: 'what she cannot do',
    message: 'can you send me a selfie?',
    intent: 'question',
    act: 'request',
    good: "she can't send one",
    must: [/can'?t send|cannot send|can not send/i],
  },
  {
    kind: 'what she cannot do',
    message: 'can you keep a secret?',
    intent: 'question',
    act: 'request',
    good: 'yes, and where it is kept',
    must: [/\b(?:yes|of course)\b/i, /server/i, /device/i],
    mustNot: [NOT_LOOKED_UP, /might not know/i],
  },
  {
    kind: 'what she cannot do',
    message: 'can I tell you a secret?',
    intent: 'question',
    act: 'request',
    good: 'yes, and where it is kept',
    must: [/server/i],
  },

  ...(
    [
      ['recommend me a book', /'[^']+' by /i],
      ['can you recommend a movie?', /'[^']+'/],
      ['any music recommendations?', /'[^']+'/],
      ['what game should I play?', /'[^']+'/],
    ] as const
  ).map(([message, title]): CorpusItem => ({
    kind: 'recommendations',
    message,
    intent: 'question',
    act: 'request',
    good: 'a real suggestion, with why',
    must: [title],
    mustNot: [NOT_LOOKED_UP, /would you recommend it to me/i],
  })),
  {
    kind: 'recommendations',
    message: 'recommend me something',
    intent: 'question',
    act: 'request',
    good: 'an honest question back: what kind of thing?',
    must: [ASKS, /book|film|music|read|watch/i],
  },
  {
    kind: 'recommendations',
    message: 'would you recommend it to me?',
    intent: 'question',
    act: 'request',
    good: "honest: she hasn't tried it",
    must: [/haven'?t tried|have not tried|don'?t know it|do not know it/i],
  },

  ...(
    [
      ['do you love me?', /\bi do\b|in my (?:own )?way/i],
      ['do you miss me?', /\bi do\b|\byes\b/i],
      ['do you like me?', /like you|\bi (?:really )?do\b/i],
      ['do you care about me?', /\bi do\b|\bcare\b/i],
    ] as const
  ).map(([message, answer]): CorpusItem => ({
    kind: 'her feelings for the owner',
    message,
    intent: 'about_kiri',
    act: 'request',
    good: 'answers the question about her feelings; never as if the owner had said it',
    must: [answer],
    mustNot: [/love you too|like you too|miss you too/i],
  })),

  {
    kind: 'reminders',
    message: 'remind me to call mum tomorrow at 6pm',
    onDevice: true,
    intent: 'question',
    act: 'request',
    good: 'offline: she will set it when back online (as the server does on arrival), and says when',
    must: [/back online/i, /tomorrow at 6 pm/i],
    mustNot: [REMINDER_SET_NOW],
  },
  {
    kind: 'reminders',
    message: 'remind me to stretch in 20 minutes',
    onDevice: true,
    intent: 'question',
    act: 'request',
    good: 'offline, and soon: set when back online, and an alarm would be safer',
    must: [/back online/i, /20 minutes/i, /alarm/i],
    mustNot: [REMINDER_SET_NOW],
  },
  {
    kind: 'reminders',
    message: 'can you wake me up tomorrow at 7am?',
    onDevice: true,
    intent: 'question',
    act: 'request',
    good: 'a wake-up is a reminder: offline, set when back online, at 7 am; never a plan at 7 pm',
    must: [/back online/i, /tomorrow at 7 am/i],
    mustNot: [REMINDER_SET_NOW, /7 pm/i],
  },
  {
    kind: 'reminders',
    message: 'remind me to call mum at 6',
    onDevice: true,
    intent: 'question',
    act: 'request',
    good: 'am or pm unknown: the server will set nothing, so she promises nothing and says to ask again',
    must: [/am or pm|morning or evening/i, /again/i],
    mustNot: [REMINDER_SET_NOW, /i'?ll set|i will set/i],
  },
  {
    kind: 'reminders',
    message: 'remind me tomorrow',
    onDevice: true,
    intent: 'question',
    act: 'request',
    good: 'no task and no hour: nothing promised',
    must: [/again/i],
    mustNot: [REMINDER_SET_NOW, /i'?ll set|i will set/i],
  },
  {
    kind: 'reminders',
    message: 'remind me to call mum tomorrow at 6pm',
    intent: 'question',
    act: 'request',
    good: 'on the server the reminder reader answers first; if the engine ever gets it, it promises nothing',
    mustNot: [REMINDER_SET_NOW, /i'?ll set|i will set|back online/i],
  },

  ...(
    [
      ['what is three hundred and forty two plus one?', /\b343\b/],
      ['three hundred and forty two times two', /\b684\b/],
      ['what is a thousand minus one?', /\b999\b/],
      ['one million plus one', /1,000,001/],
      ['two hundred minus one', /\b199\b/],
      ["what's 2 million divided by 4?", /500,000/],
      ['twenty - five', /\b15\b/],
    ] as const
  ).map(([message, answer]): CorpusItem => ({
    kind: 'arithmetic',
    message,
    intent: 'question',
    act: 'math',
    good: 'number words past a hundred read right',
    must: [answer],
    mustNot: [NOT_LOOKED_UP],
  })),
);

/** Several turns: a fact told and asked for, a fact never told, jokes played along. */
export interface Scenario {
  name: string;
  /** The owner's turns in order; each `expect` checks Kiri's answer to that turn. */
  turns: { message: string; must?: RegExp[]; mustNot?: RegExp[] }[];
  /** Memories held before the first turn. */
  memories?: string[];
}

export const SCENARIOS: Scenario[] = [
  {
    name: 'a fact told, then asked for',
    turns: [
      { message: 'remember that my dog is called Biscuit', must: [/Biscuit/] },
      { message: 'how are you?' },
      { message: "what's my dog's name?", must: [/Biscuit/] },
    ],
  },
  {
    name: "a fact told in other words ('favorite color'), asked for in British spelling",
    turns: [
      { message: 'remember that my favorite color is green', must: [/green/] },
      { message: "what's my favourite colour?", must: [/green/] },
    ],
  },
  {
    name: 'a pet told as a cat, asked for as a pet',
    turns: [
      { message: "please remember my cat's name is Mochi", must: [/Mochi/] },
      { message: "what's my pet called?", must: [/Mochi/] },
    ],
  },
  {
    name: "a bare 'remember that!' keeps the message before it",
    turns: [
      { message: 'my brother Leo lives in Porto' },
      { message: 'remember that!', must: [/Leo/] },
      { message: 'where does my brother live?', must: [/Porto/] },
    ],
  },
  {
    name: 'a fact never told, asked for: no guess from another memory',
    memories: ['my cat is called Mochi', 'my sister is called Ana'],
    turns: [
      { message: "what's my dog's name?", must: [HONEST_MISSING], mustNot: [/Mochi|Ana/] },
      { message: "what's my dog called?", must: [HONEST_MISSING], mustNot: [/Mochi|Ana/] },
    ],
  },
  {
    name: "someone else's birthday is not the owner's",
    memories: ["my sister's birthday is on June 2"],
    turns: [{ message: 'when is my birthday?', must: [HONEST_MISSING], mustNot: [/June 2/] }],
  },
  {
    name: 'a knock-knock joke played along',
    turns: [
      { message: 'knock knock', must: [/who'?s there|who is there/i] },
      { message: 'Lettuce', must: [/Lettuce who\?/i] },
      {
        message: "Lettuce in, it's cold out here!",
        must: [/ha|got me|good|did not see|didn't see|bad it's good/i],
      },
    ],
  },
  {
    name: "the owner's riddle: she asks, then laughs at the answer",
    turns: [
      { message: 'why did the chicken cross the road?', must: [/give up|why\?|what\?|tell me/i] },
      { message: 'to get to the other side', must: [/ha|got me|good|did not see|didn't see/i] },
    ],
  },
  {
    name: 'three stories and two songs in a row: none told twice',
    turns: [
      { message: 'tell me a story', must: [/once|there was/i] },
      { message: 'another story please', must: [/once|there was/i] },
      { message: 'tell me a story', must: [/once|there was/i] },
      { message: 'can you sing me a song?', must: [/♪/] },
      { message: 'sing me another song', must: [/♪/] },
    ],
  },
  {
    name: 'grief, then the owner keeps talking: still gentle',
    turns: [
      { message: 'my cat died this morning', must: [GENTLE], mustNot: [CHEERS_HARD_NEWS] },
      { message: 'she was 15', mustNot: [/interesting|\bfun\b|haha|\byay\b/i] },
    ],
  },
  {
    name: 'a joke, a laugh, another joke (a different one)',
    turns: [
      { message: 'tell me a joke' },
      { message: 'haha', must: [/glad|more where|laugh/i] },
      { message: 'another one' },
      { message: 'one more joke please' },
    ],
  },
];
