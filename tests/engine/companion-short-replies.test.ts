// The owner's short replies (short-replies.ts and their place in analyse): each rule with the messages it
// must read and the near misses it must leave to the other rules.
import { describe, expect, it } from 'vitest';
import { analyse } from '../../src/engine/companion/intent';
import {
  affectionKindOf,
  askedHowTheyAre,
  isBack,
  isLaugh,
  isRightBack,
  openingOf,
  ownerStatusOf,
  reactionOf,
  verdictOf,
} from '../../src/engine/companion/short-replies';
import { requestOf } from '../../src/engine/companion/requests';
import { FACTS, factsIn, STORIES } from '../../src/engine/companion/stories';
import { JOKES } from '../../src/engine/companion/jokes';
import type { ChatTurn } from '../../src/engine/companion/types';
import { repliesTo } from '../support/engine-replies';

const ASKED: ChatTurn[] = [{ role: 'assistant', content: 'hey Mira ~ how is your morning going?' }];
const TOLD: ChatTurn[] = [
  { role: 'assistant', content: 'i read that rainy days are good for tea ~' },
];

describe('Rule ownerStatusOf: how the owner says they are', () => {
  it.each([
    "I'm fine",
    "i'm good",
    'im ok',
    'doing well',
    'doing good, thanks!',
    'pretty good',
    'not bad',
    'not too bad',
    'all good',
    'fine thanks',
    'good thank you',
    "I'm great",
    'never better',
    "can't complain",
  ])('%j is well, whatever she said before', (message) => {
    expect(ownerStatusOf(message, TOLD)).toEqual({ status: 'well', askedBack: false });
    expect(analyse(message, TOLD).flavour).toBe('well');
  });

  it.each(['good', 'fine', 'ok', 'great', 'alright'])(
    '%j alone is well only right after she asked how they are',
    (message) => {
      expect(analyse(message, ASKED).flavour).toBe('well');
      expect(analyse(message, TOLD).flavour).toBe('ack');
      expect(analyse(message).flavour).toBe('ack');
    },
  );

  it.each([
    'meh',
    'so so',
    'so-so',
    'could be better',
    "I've been better",
    'not great',
    "I'm not great",
    'today was meh',
    'ugh',
    'sigh',
    'okay i guess',
    'oof',
    'ugh what a day',
    'what a week',
    'man, what a day',
  ])('%j is so-so: met gently, with no feeling word to alarm the mood', (message) => {
    const analysis = analyse(message);
    expect(analysis.flavour).toBe('meh');
    expect(analysis.intent).toBe('statement');
    expect(analysis.feeling).toBeNull();
  });

  it.each([
    ["I'm good, you?", 'well', 'wellbeing'],
    ['fine thanks, and you?', 'well', 'wellbeing'],
    ["I'm fine, how are you?", 'well', 'wellbeing'],
    ['meh, wbu', 'meh', 'wellbeing'],
    ['nothing much, you?', 'doing', 'doing'],
    ['not much, what about you?', 'doing', 'doing'],
    ['and you?', 'unsaid', 'wellbeing'],
    ['hbu', 'unsaid', 'wellbeing'],
  ] as const)('%j asks her back: about her, after a word on theirs', (message, said, about) => {
    const analysis = analyse(message);
    expect(analysis.intent).toBe('about_kiri');
    expect(analysis.about).toBe(about);
    expect(analysis.askedBack).toBe(said);
  });

  it.each([
    "I'm fine, just tired",
    "I'm good at chess",
    'good morning',
    'not much to say about the movie, it was long',
    'how are you?',
    'thank you?',
    'are you?',
    'fine, I will do it myself',
  ])('%j is not a short status reply', (message) => {
    expect(ownerStatusOf(message, ASKED)?.status ?? null).not.toBe('well');
    expect(analyse(message, ASKED).flavour).not.toBe('well');
    expect(analyse(message, ASKED).askedBack).toBeNull();
  });

  it('a long message is not a short reply, even when it opens like one', () => {
    expect(ownerStatusOf(`I'm fine ${'really '.repeat(30)}`)).toBeNull();
  });
});

describe('her own question answered in a word', () => {
  const asked = (content: string) => [{ role: 'assistant', content }];
  it.each([
    ['how did you sleep?', 'like a baby', 'well'],
    ['did you sleep okay?', 'yes', 'well'],
    ['how was your day?', 'busy', 'busy'],
    ['how was your day?', 'rough', 'meh'],
    ['are you okay?', 'not really', 'meh'],
  ] as const)('%j %j is %s', (question, answer, flavour) => {
    expect(analyse(answer, asked(question)).flavour).toBe(flavour);
  });

  it("'how was your day?' 'long' is tired; 'how did you sleep?' 'badly' is a bad night", () => {
    expect(analyse('long', asked('how was your day?'))).toMatchObject({
      intent: 'feeling',
      feeling: 'tired',
    });
    expect(analyse('exhausting', asked('how was your day?')).feeling).toBe('tired');
    const night = analyse('badly', asked('good morning ~ how did you sleep?'));
    expect(night).toMatchObject({ intent: 'feeling', feeling: 'tired' });
    // The night is behind them: no 'lying awake' lines.
    expect(night.hardship?.kind).toBe('bad_night');
  });

  it('the same words with no question of hers before them are not read so', () => {
    for (const word of ['long', 'busy', 'badly', 'yes', 'like a baby']) {
      const analysis = analyse(word, asked('i read that rainy days are good for tea ~'));
      expect(['well', 'meh', 'busy'], word).not.toContain(analysis.flavour);
      expect(analysis.hardship, word).toBeNull();
    }
  });

  it("'long, yours?' answers and asks her back", () => {
    expect(analyse('long, yours?', asked('how was your day?'))).toMatchObject({
      intent: 'about_kiri',
      about: 'wellbeing',
      askedBack: 'tired',
    });
  });
});

describe('Rule askedHowTheyAre: her last turn asked how the owner is', () => {
  it.each([
    'how are you?',
    'how was your day?',
    'did you sleep okay?',
    "how's the afternoon treating you?",
    'halfway through the day! how are we holding up?',
  ])('%j asked', (content) => {
    expect(
      askedHowTheyAre([
        { role: 'user', content: 'hi' },
        { role: 'assistant', content },
      ]),
    ).toBe(true);
  });

  it('only her last turn counts, and only when the owner has not answered it yet', () => {
    expect(askedHowTheyAre(TOLD)).toBe(false);
    expect(askedHowTheyAre([...ASKED, { role: 'user', content: 'good' }])).toBe(false);
    expect(askedHowTheyAre([])).toBe(false);
  });
});

describe('Rule isLaugh: the owner laughing', () => {
  it.each([
    'lol',
    'LOL',
    'lolol',
    'lmao',
    'hahaha',
    'hahaha that is so funny',
    "haha that's funny",
    'hehe',
    'xD',
    '😂',
    'lmao 😂😂',
    "that's hilarious",
    "you're so funny",
    'funny',
    'haha yes',
    'haha fair',
    'lol fair enough',
    'lol good one',
    'hahaha nice one',
  ])('%j is a laugh', (message) => {
    expect(isLaugh(message)).toBe(true);
    expect(analyse(message).flavour).toBe('laugh');
  });

  it.each(['aha', 'ha ha ha I failed my exam', 'lol ok', 'haha, what do you mean?', 'he'])(
    '%j is not a laugh alone',
    (message) => {
      expect(analyse(message).flavour).not.toBe('laugh');
    },
  );
});

describe('Rule backAgain and rule rightBack', () => {
  it.each(["I'm back", 'back!', 'im back again', 'back'])('%j is back', (message) => {
    expect(isBack(message)).toBe(true);
    expect(analyse(message).flavour).toBe('back');
  });
  it.each(["I'm back home", 'my back hurts', 'back to work tomorrow'])(
    '%j is not back again',
    (message) => expect(analyse(message).flavour).not.toBe('back'),
  );
  it.each(['brb', 'one sec', 'hold on', 'be right back', 'give me a minute', 'back in 5 mins'])(
    '%j is away for a moment',
    (message) => {
      expect(isRightBack(message)).toBe(true);
      expect(analyse(message).flavour).toBe('brb');
    },
  );
  it.each(['gtg', 'g2g', 'gotta run'])('%j is a goodbye', (message) => {
    expect(analyse(message).intent).toBe('farewell');
  });
});

describe("Rule verdictOf: the owner's word on something just done", () => {
  it.each([
    ['that was fun', 'good'],
    ['that felt good', 'good'],
    ["ok I'm back, that felt good", 'good'],
    ['back, that was a great run', 'good'],
    ['that was so much fun', 'good'],
    ['that was a lot of fun', 'good'],
    ['wow that was amazing!', 'good'],
    ['the food was so good lol', 'good'],
    ['it was a blast', 'good'],
    ['that was awful', 'bad'],
    ['that sucked', 'bad'],
    ['that was rough', 'bad'],
    ['the film was not great', 'bad'],
    ['it was a disaster', 'bad'],
    ['the bus ride home was awful', 'bad'],
    ['my first day was great', 'good'],
  ] as const)('%j is %s', (message, verdict) => {
    expect(verdictOf(message)).toBe(verdict);
  });
  it.each([
    'that was yesterday',
    'it was my mum',
    'that was nice of you',
    'that was hard',
    'I had fun',
  ])('%j is no verdict', (message) => expect(verdictOf(message)).toBeNull());
  it('a verdict on her own joke, story or song is about it; on anything else, about what went on', () => {
    const joke = JOKES[0]!;
    const afterJoke: ChatTurn[] = [
      { role: 'assistant', content: `${joke.setup} … ${joke.punchline}!` },
    ];
    const afterStory: ChatTurn[] = [{ role: 'assistant', content: STORIES[0]! }];
    expect(analyse('that was fun').flavour).toBe('went_well');
    expect(analyse('that was awful').flavour).toBe('went_badly');
    expect(analyse('that was fun', afterJoke).flavour).toBe('liked_hers');
    expect(analyse('that was nice', afterStory).flavour).toBe('liked_hers');
    expect(analyse('that was awful', afterStory).flavour).toBe('disliked_hers');
    expect(analyse('that was fun', TOLD).flavour).toBe('went_well');
    // A reply split into parts: the story, then 'did you like it?', is still her story.
    const storyInParts: ChatTurn[] = [
      { role: 'user', content: 'tell me a story' },
      { role: 'assistant', content: 'a little story, just for you ~' },
      { role: 'assistant', content: STORIES[0]! },
      { role: 'assistant', content: 'did you like it?' },
    ];
    expect(analyse('that was nice', storyInParts).flavour).toBe('liked_hers');
  });
  it("'that felt good' after a run is met with gladness, 'that sucked' with sorrow and a question", () => {
    for (const reply of repliesTo("ok I'm back, that felt good")) {
      expect(reply).toMatch(/glad|happy|love that/i);
    }
    for (const reply of repliesTo('that sucked')) {
      expect(reply).toMatch(/oh no|shame|sorry/i);
      expect(reply).toMatch(/\?$/);
    }
    const afterStory: ChatTurn[] = [{ role: 'assistant', content: STORIES[0]! }];
    for (const reply of repliesTo('that was nice', { history: afterStory })) {
      expect(reply).toMatch(/glad you liked it|makes me happy/i);
    }
  });
});

describe('Rule reactionOf: a reaction to what she said', () => {
  it.each([
    ['really?', 'doubt'],
    ['seriously?', 'doubt'],
    ['is that true?', 'doubt'],
    ['wow', 'surprise'],
    ['no way!', 'surprise'],
    ['omg', 'surprise'],
    ['huh?', 'puzzled'],
    ['what?', 'puzzled'],
    ['what do you mean?', 'puzzled'],
    ["I don't get it", 'puzzled'],
  ] as const)('%j is %s', (message, reaction) => {
    expect(reactionOf(message)).toBe(reaction);
    expect(analyse(message).flavour).toBe(reaction);
  });
  it.each(['wow, I got the job!', 'really tired today', 'what time is it?'])(
    '%j is not a reaction alone',
    (message) => expect(reactionOf(message)).toBeNull(),
  );
});

describe('Rule affectionKindOf: love, missing her, or a compliment', () => {
  it.each([
    ['I love you', 'love'],
    ['i really like you', 'love'],
    ['miss you', 'missed'],
    ['I missed you so much', 'missed'],
    ['you are cute', 'compliment'],
    ["you're so sweet", 'compliment'],
    ["you're the best", 'compliment'],
  ] as const)('%j is %s', (message, kind) => {
    expect(affectionKindOf(message)).toBe(kind);
    const analysis = analyse(message);
    expect(analysis.flavour).toBe('affection');
    expect(analysis.affection).toBe(kind);
  });

  it("'I miss my mom' is still lonely, and 'do you miss me?' still a question to her", () => {
    expect(analyse('I miss my mom').feeling).toBe('lonely');
    expect(analyse('do you miss me?').request?.kind).toBe('love_question');
  });
});

describe('Rule openingOf: a message that opens more to come', () => {
  it.each([
    ['guess what', 'teaser'],
    ['Guess what happened!', 'teaser'],
    ['I have big news', 'teaser'],
    ['can I ask you something?', 'may_ask'],
    ['I need advice', 'may_ask'],
    ['can we talk?', 'may_ask'],
    ['what do you think?', 'opinion'],
    ['any ideas?', 'opinion'],
    ['what would you do?', 'opinion'],
  ] as const)('%j is %s', (message, opening) => {
    expect(openingOf(message)).toBe(opening);
    expect(analyse(message).flavour).toBe(opening);
  });
  it.each([
    'guess what, I got the job',
    'what do you think about cats?',
    'can I ask you to remind me at 5?',
  ])('%j says more, and is read by the other rules', (message) => {
    expect(openingOf(message)).toBeNull();
  });
});

describe('a fun fact, and the weather she cannot see', () => {
  it.each([
    'tell me a fun fact',
    'random fact please',
    'do you know any cool facts?',
    'another fact',
  ])('%j asks for a fact', (message) => expect(requestOf(message)?.kind).toBe('fact'));
  it.each(["what's the weather like?", 'will it rain today?', 'how is the weather'])(
    '%j asks for the weather',
    (message) => expect(requestOf(message)?.kind).toBe('weather'),
  );
  it('a fact told lately is not told again while another is untold', () => {
    const told = FACTS.slice(0, FACTS.length - 1).map((fact) => `okay, fun fact: ${fact}`);
    for (const reply of repliesTo('tell me a fun fact', { recentReplies: told, seeds: 5 })) {
      expect(factsIn(reply)).toEqual([FACTS.length - 1]);
    }
  });
});

describe('what a chat cannot do, asked of her', () => {
  it.each([
    ['can you call me?', 'call'],
    ['call my mom', 'call'],
    ['set an alarm for 7', 'alarm'],
    ['play some music', 'music'],
    ['can you hear me?', 'senses'],
    ['text me in an hour', 'later'],
    ['order a pizza', 'errand'],
  ] as const)('%j: %s', (message, cannot) => {
    expect(requestOf(message)).toMatchObject({ kind: 'cannot', cannot });
  });
  it.each(['call me Mira', 'wake me up at 7', 'remind me to call mom at 5', 'I ordered a pizza'])(
    '%j is not',
    (message) => expect(requestOf(message)?.kind).not.toBe('cannot'),
  );
  it("'I'm leaving work now' and 'almost home' are the ride home; 'I'm heading out' is a goodbye", () => {
    expect(analyse("I'm leaving work now").intent).not.toBe('farewell');
    expect(analyse('almost home').intent).not.toBe('farewell');
    expect(analyse("I'm heading out").intent).toBe('farewell');
  });
});

const replies = (message: string, history: readonly ChatTurn[] = TOLD) =>
  repliesTo(message, { history, seeds: 6 });

describe('what she answers to them', () => {
  it("a compliment is never answered 'i love you too'", () => {
    for (const reply of replies('you are cute')) expect(reply).not.toMatch(/love you too/i);
  });
  it("'I missed you' is answered in kind", () => {
    for (const reply of replies('I missed you')) expect(reply).toMatch(/missed you/i);
  });
  it("'I'm good, you?' is not asked back 'and you?'", () => {
    for (const reply of replies("I'm good, you?")) {
      expect(reply).toMatch(/glad|good to hear/i);
      expect(reply).not.toMatch(/and you\?|what about you\?|how are you/i);
    }
  });
  it("'goodnight, love you' gets her love back with the goodnight", () => {
    for (const reply of replies('goodnight kiri, love you')) expect(reply).toMatch(/love you/i);
  });
  it("'I'm proud of you' and 'I did it!' are heard", () => {
    expect(analyse("I'm proud of you").affection).toBe('compliment');
    expect(analyse('I did it!').feeling).toBe('happy');
    expect(analyse('I did it wrong again').feeling).not.toBe('happy');
  });
  it("'I'm back' is welcomed back", () => {
    for (const reply of replies("I'm back")) expect(reply).toMatch(/back|there you are/i);
  });
});
