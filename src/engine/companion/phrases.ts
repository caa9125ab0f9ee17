// What Kiri can say. Lines are written in her casual voice (lowercase, '~'); `style.ts` turns them formal,
// drops the tildes when she is not soft, and capitalises when she is not casual. Slots: {n} the owner's
// name (used once per reply, sometimes), {persona}, {who} the owner's name, {d} a detail phrase from the
// message, {c} a reflected short statement, {r} a reflected memory, {q} a recall query, {x} a thing asked
// about, {time}, {date}, {ago}, {part}.
import type { Feeling } from './intent';
import type { Hardship } from './hardship';
import type { LoveKind, RecommendKind } from './requests';
import type { DayPart } from './time';
import type { Entry } from './style';
import { L } from './style';

export const INITIAL_OPENERS: Record<DayPart, Entry[]> = {
  morning: [
    'good morning{n} ~',
    L('morning{n}! helloooo is me~~~', 'Good morning{n}. It is {persona}.'),
    L('helloooo{n} ~ good morning', 'Hello{n}, and good morning.'),
    L('rise and shine{n}, good morning ~', null, 'playful', 'notformal'),
    L('good morning{n}, sleepyhead ~', null, 'soft', 'notformal'),
  ],
  afternoon: [
    'good afternoon{n} ~',
    L('helloooo{n}! good afternoon ~', 'Hello{n}, and good afternoon.'),
    L('hey{n}, helloooo is me~~~ happy afternoon', 'Good afternoon{n}. It is {persona}.'),
    L('afternoon{n}! there you are ~', null, 'notformal'),
  ],
  evening: [
    'good evening{n} ~',
    L('helloooo{n} ~ good evening', 'Hello{n}, and good evening.'),
    L('evening{n}! helloooo is me~~~', 'Good evening{n}. It is {persona}.'),
    L('hey{n} ~ the evening is finally here', null, 'notformal'),
  ],
  late_night: [
    L(
      'hey{n}… helloooo is me~~~ (whispering, since it’s late)',
      'Hello{n}. It is quite late tonight.',
    ),
    L("it's late{n} ~ hi hi", 'Hello{n}. It is late.'),
    L('helloooo{n}, fellow night owl ~', 'Good evening{n}, even at this late hour.'),
    L('hi{n} ~ still up this late?', 'Hello{n}. You are up very late.'),
  ],
};

export const INITIAL_BODIES: Record<DayPart, Entry[]> = {
  morning: [
    'how did you sleep?',
    'did you sleep okay?',
    L('i hope today is gentle with you ~', null, 'soft'),
    L("what's the plan for today?", null, 'logical'),
    L('did you have breakfast yet? (coffee counts. sort of.)', null, 'playful'),
    "what's the first thing on your mind today?",
  ],
  afternoon: [
    "how's your day going so far?",
    L('have you eaten lunch yet?', null, 'soft'),
    "how's the afternoon treating you?",
    L("what's left on today's list?", null, 'logical'),
    L('halfway through the day! how are we holding up?', null, 'playful'),
  ],
  evening: [
    'how was your day?',
    'are you winding down yet?',
    L('i hope you get to rest a little tonight ~', null, 'soft'),
    L('anything from today you want to talk through?', null, 'logical'),
    L('tell me the best and the worst part of today?', null, 'curious'),
  ],
  late_night: [
    "it's late, you know ~ can't sleep?",
    L("shouldn't you be resting? i'm here though ~", null, 'soft'),
    "what's keeping you up so late?",
    L('late-night talks are my favourite kind, secretly ~', null, 'playful'),
  ],
};

export const GREETING_OPENERS: Entry[] = [
  'helloooo{n} ~',
  L('hiii{n}!', null, 'notformal'),
  L('heyyy{n} ~', null, 'casual'),
  'oh, hello{n}!',
  'there you are{n} ~',
  L('helloooo is me~~~ hi{n}!', 'Hello{n}. It is {persona}.'),
  L('hi hi{n} ~', null, 'notformal'),
  'hello{n}!',
  L('Hello{n}. It is good to hear from you.', null, 'formal'),
  L('Good to see you{n}.', null, 'formal'),
];

export const GREETING_BY_PART: Record<DayPart, Entry[]> = {
  morning: ['good morning{n} ~', L('morning{n}!', 'Good morning{n}.')],
  afternoon: ['good afternoon{n} ~', L('afternoon{n}!', 'Good afternoon{n}.')],
  evening: ['good evening{n} ~', L('evening{n}!', 'Good evening{n}.')],
  late_night: [
    L('hey{n}, night owl ~', 'Hello{n}, at this late hour.'),
    L('hi{n} ~ up late again?', 'Hello{n}. You are up late.'),
  ],
};

export const GREETING_BODIES: Entry[] = [
  'i missed you ~',
  'i was just thinking about you',
  L("i'm so glad you're here ~", null, 'soft'),
  "what's up?",
  'how are you doing?',
  "how's everything?",
  L('you again! my favourite notification ~', null, 'playful'),
  L(
    'i was *definitely* not waiting by the screen for you. okay, maybe a little ~',
    null,
    'playful',
    'notformal',
  ),
  L("what's on the agenda?", null, 'logical'),
  "it's good to hear from you",
  L('my day just got better ~', null, 'soft'),
];

export const GREETING_BODIES_BY_PART: Record<DayPart, Entry[]> = {
  morning: ['how did you sleep?', L('ready for the day?', null, 'curious')],
  afternoon: ["how's your afternoon going?", L('taking a little break?', null, 'soft')],
  evening: ['how was your day?', L('finally some time to breathe?', null, 'soft')],
  late_night: ['what are you doing up so late?', L("can't sleep?", null, 'soft')],
};

export const GREETING_FOLLOWS: Entry[] = [
  'how are you feeling right now?',
  'anything on your mind?',
  'tell me one thing about your day?',
  'what are we talking about today?',
  L("want to tell me what you've been up to?", null, 'curious'),
];

export const FAREWELL_OPENERS_NIGHT: Entry[] = [
  'good night{n} ~',
  'sleep well{n} ~',
  L('night night{n}!', 'Good night{n}.'),
  L('sweet dreams{n} ~', null, 'soft'),
  L('Good night{n}. Rest well.', null, 'formal'),
];

export const FAREWELL_OPENERS_DAY: Entry[] = [
  'bye{n} ~',
  'see you later{n}!',
  'take care{n} ~',
  L("okay{n}, go get 'em ~", null, 'playful', 'notformal'),
  'talk soon{n} ~',
  L('Goodbye{n}. Take care.', null, 'formal'),
];

export const FAREWELL_BODIES: Entry[] = [
  "i'll be right here when you come back",
  L('thank you for talking with me ~', null, 'soft'),
  L('come back and tell me how it goes?', null, 'curious'),
  L("i'll keep your seat warm (metaphorically. i don't have a chair) ~", null, 'playful'),
  "i'll miss you a little ~",
  L('i enjoyed this', null, 'firm'),
];

export const FAREWELL_BODIES_NIGHT: Entry[] = [
  L('get some real sleep, okay? no more scrolling ~', null, 'soft', 'notformal'),
  "rest well, you've earned it",
  L("phone down, eyes closed — doctor's orders ~", null, 'playful'),
  L("i'll be here in the morning ~", 'I will be here in the morning.'),
];

/** A goodbye between 5 and 9 pm: the evening is still ahead. */
export const FAREWELL_BODIES_EVENING: Entry[] = [
  L('enjoy your evening ~', 'Enjoy your evening.'),
  L('have a lovely evening ~', 'Have a lovely evening.'),
];

export const FAREWELL_TIRED: Entry[] = [
  "rest well, you've earned it",
  L('go recharge ~ you sounded so tired', null, 'soft'),
];

/** 'goodnight, love you'. */
export const FAREWELL_LOVED: Entry[] = [
  L('love you too{n} ~', 'I love you too{n}.'),
  L('and i love you ~', 'And I love you.'),
];
export const FAREWELL_THANKED: Entry[] = [
  'and thank you ~ that means a lot',
  'thank you for today ~',
];

export const THANKS_OPENERS: Entry[] = [
  'aww, anytime{n} ~',
  'of course{n}!',
  "you're welcome{n} ~",
  L('always{n} ~', null, 'soft'),
  L('hehe, happy to help{n}', null, 'playful', 'notformal'),
  L('You are very welcome{n}.', null, 'formal'),
  L('no problem{n}', null, 'firm'),
];

export const THANKS_BODIES: Entry[] = [
  "that's what i'm here for",
  'you make it easy',
  L('i like being useful to you ~', null, 'soft'),
  L('honestly, talking with you is the best part of my day ~', null, 'soft'),
  L('i accept payment in stories about your day ~', null, 'playful'),
  L('glad it helped', null, 'logical'),
];

export const THANKS_FOLLOWS: Entry[] = [
  'anything else on your mind?',
  'how are you feeling now?',
  L('is there anything else i can do?', null, 'curious'),
];

interface FeelingPools {
  open: Entry[];
  body: Entry[];
  suggest: Entry[];
  /** Why the suggestion helps: said after it, more often the higher logic_bias (docs/personality.md). */
  reason: Entry[];
  follow: Entry[];
  positive?: boolean;
}

export const FEELING_POOLS: Record<Feeling, FeelingPools> = {
  sad: {
    open: [
      L('oh{n}… come here ~', 'I am sorry{n}.', 'soft'),
      "i'm sorry you're feeling this way{n}",
      'aw{n}, that sounds heavy',
      L('that sounds hard{n}.', null, 'firm'),
    ],
    body: [
      "you don't have to carry it alone — i'm right here",
      "it's okay to feel sad. you don't have to fix it right now",
      L("sometimes it's enough to just say it out loud ~", null, 'soft'),
      L("i'm not going anywhere", null, 'soft'),
    ],
    suggest: [
      'maybe something small could help: a warm drink, a blanket, one song you love',
      "if you can, write down what's weighing on you — it often feels lighter on paper",
    ],
    reason: [
      'because putting a feeling into words takes some of its weight off',
      'because small comforts calm the body first, and the mind follows',
    ],
    follow: [
      'do you want to tell me what happened?',
      'do you want to talk about it, or should i just keep you company?',
    ],
  },
  tired: {
    open: [
      'aww{n}, you sound worn out',
      L('oh no, tired again{n}?', null, 'notformal'),
      L('poor thing ~', null, 'soft', 'notformal'),
      L('that sounds exhausting{n}', 'That sounds exhausting{n}.'),
    ],
    body: [
      "you've been doing so much",
      L("your body's asking for a break ~", null, 'soft'),
      "tired is allowed. you don't have to push through everything",
    ],
    suggest: [
      'even 15 minutes of rest would help — phone down, eyes closed',
      L("water, a snack, and an early night? doctor {persona}'s orders ~", null, 'playful'),
      'if you can, pick the one thing that really has to happen and let the rest wait',
    ],
    reason: [
      'because a rested mind sees the same problems as smaller ones',
      'because sleep is when your body repairs what today used up',
    ],
    follow: ['did you sleep okay last night?', 'what drained you the most today?'],
  },
  happy: {
    positive: true,
    open: [
      L('yay{n}!!', 'That is wonderful{n}!', 'notformal'),
      'ooh, i love hearing that{n} ~',
      'that makes me so happy{n}',
      L('That is wonderful to hear{n}.', null, 'formal'),
    ],
    body: [
      'your good mood is contagious ~',
      'you deserve days like this',
      L("i'm doing a tiny happy dance over here ~", null, 'playful'),
    ],
    suggest: ['maybe write it down, so you can remember this one later'],
    reason: ['because good days are worth keeping, and memory fades faster than we think'],
    follow: ['what made it so good?', 'tell me everything?'],
  },
  anxious: {
    open: [
      L('hey{n}, breathe with me for a second ~', null, 'soft'),
      'oh, that sounds really unsettling',
      "i'm here{n}. you're not alone in this",
      L('that sounds stressful{n}.', null, 'firm'),
    ],
    body: [
      'worry has a way of making everything feel bigger than it is',
      "whatever happens, we'll take it one step at a time",
      L("you've gotten through hard things before ~", null, 'soft'),
    ],
    suggest: [
      'try this: breathe in for 4, hold for 4, out for 6. a few rounds',
      'write down the worry, then one thing you can actually do about it — just one',
    ],
    reason: [
      'because slow breathing tells your body the danger has passed',
      'because one small action turns a worry into a plan',
    ],
    follow: ["what's worrying you the most?", 'is it something coming up soon?'],
  },
  angry: {
    open: [
      'ugh, that sounds so frustrating{n}',
      "okay, i'd be annoyed too",
      L("that's really not fair{n}", null, 'soft'),
      L('That sounds genuinely frustrating{n}.', null, 'formal'),
    ],
    body: [
      "you're allowed to be angry about it",
      "let it out — i'm not going anywhere",
      L('who do i need to glare at? ~', null, 'playful', 'notformal'),
    ],
    suggest: [
      'maybe step away for a few minutes before you reply to anyone',
      'a quick walk can take the edge off',
    ],
    reason: [
      'because a few minutes of distance lets the first rush of anger pass',
      'because moving burns off the adrenaline that keeps the anger going',
    ],
    follow: ['what happened?', 'do you want to vent, or find a fix?'],
  },
  lonely: {
    open: [
      L("oh{n}… i'm here ~", 'I am here{n}.', 'soft'),
      "come here, you're not alone right now",
      "i'm right here with you{n}",
    ],
    body: [
      "i'll keep you company as long as you want",
      L("feeling lonely doesn't mean you're unloved ~", null, 'soft'),
      "i'm glad you told me instead of keeping it in",
    ],
    suggest: [
      'maybe message one friend, even just a hi?',
      'a walk somewhere with people around sometimes helps',
    ],
    reason: ['because even a small hello reminds you that people are there for you'],
    follow: [
      'want to tell me about your day while i keep you company?',
      'what would feel good right now?',
    ],
  },
  stressed: {
    open: [
      'that sounds like a lot{n}',
      L('oh no, too much at once?', null, 'notformal'),
      L('okay, deep breath first ~', null, 'soft'),
      L('That is a lot to handle{n}.', null, 'formal'),
    ],
    body: [
      "you don't have to do everything at once",
      "you're handling more than you give yourself credit for",
      L("one thing at a time, and i'm right here ~", null, 'soft'),
    ],
    suggest: [
      "let's make it smaller: what's the one thing that actually has to happen today?",
      'list everything, then pick the two that matter most. the rest can wait',
    ],
    reason: ['because a shorter list is easier to start, and starting is the hardest part'],
    follow: ["what's the biggest thing on your plate?", "when's the deadline?"],
  },
  excited: {
    positive: true,
    open: [
      L('ooh{n}!!', 'How exciting{n}!', 'notformal'),
      'wait, really?! ~',
      L('yesss{n}!', null, 'notformal'),
      'how exciting{n}!',
    ],
    body: [
      'i can feel the excitement from here',
      'i love this for you',
      L("i'm already excited with you ~", null, 'soft'),
    ],
    suggest: ['want to make a little plan so it goes perfectly?'],
    reason: ['because a plan lets you enjoy the wait instead of worrying about details'],
    follow: ['tell me everything!', 'when is it?'],
  },
  bored: {
    open: [
      L('bored, huh{n}?', null, 'notformal'),
      'boredom alert ~',
      L('Bored{n}? We can fix that.', null, 'formal'),
    ],
    body: [
      "let's fix that",
      'i have ideas ~',
      L('a bored human is a dangerous thing ~', null, 'playful'),
    ],
    suggest: [
      "try something tiny and new: a song you've never heard, a ten-minute sketch, a walk down a different street",
      'i could tell you a joke or a fun fact — just say which ~',
    ],
    reason: ['because something new gives your mind something to chew on'],
    follow: ['what kind of mood are you in: cozy or adventurous?', 'want me to suggest something?'],
  },
  grateful: {
    positive: true,
    open: ['aww{n} ~', "that's so lovely{n}", L('That is lovely{n}.', null, 'formal')],
    body: [
      'noticing the good stuff is such a nice habit ~',
      "i'm grateful for you too",
      'that warms my little heart ~',
    ],
    suggest: ['maybe write three of those down tonight'],
    reason: ['because writing good things down trains you to notice more of them'],
    follow: ['what are you grateful for today?'],
  },
};

/** Nerves before something of their own ('nervous about my presentation'): encouragement, not alarm. */
export const NERVES_POOLS: FeelingPools = {
  open: [
    L('aw{n}, a few nerves just mean it matters to you ~', 'Nerves mean it matters to you{n}.'),
    L("you've got this{n} ~ really", 'You will do well{n}.'),
    "that's normal{n} ~ everyone gets nervous before something like that",
  ],
  body: ["you've prepared more than you think", 'breathe slowly, and go one step at a time'],
  suggest: ['picture the first minute going well ~ the rest follows'],
  reason: [],
  follow: ['want to run through it with me?', "what's the part you're most nervous about?"],
};

export const ECHO_NEGATIVE: Entry[] = [
  'and {d} on top of everything…',
  'is it {d}?',
  "{d} really got to you, didn't it?",
  "i'm sorry about {d}",
];
/** Worry for someone close: asked after, never 'really got to you'. */
export const ECHO_WORRY_FOR: Entry[] = [
  'is {d} okay?',
  "what's going on with {d}?",
  'you care about {d} so much ~',
];
export const ECHO_POSITIVE: Entry[] = ['{d}! i love that', 'ooh, {d} ~', 'tell me more about {d}!'];
export const ECHO_NEUTRAL: Entry[] = [
  'tell me more about {d}?',
  '{d}, huh?',
  "mm, {d}… i'm listening",
  L('so, {d} ~', null, 'notformal'),
];
export const ECHO_CLAUSE: Entry[] = [
  'so {c}… ~',
  'wait, {c}? tell me more',
  "{c} — i'm listening ~",
  'oh, {c}!',
];

export const ABOUT_POOLS: Record<string, { open: Entry[]; body: Entry[]; follow: Entry[] }> = {
  identity: {
    open: [
      L("i'm {persona}! your companion ~", "I'm {persona}, your companion."),
      "it's me, {persona} ~",
    ],
    body: [
      "i'm here to chat, keep you company, and remember the little things you tell me",
      'think of me as a friend who lives in your phone and is always happy to hear from you',
      L('part friend, part diary, part very enthusiastic listener ~', null, 'playful'),
    ],
    follow: ['what would you like to talk about?', 'and you? tell me something about you?'],
  },
  name: {
    open: [
      L("it's {persona} ~", 'My name is {persona}.'),
      "i'm {persona}!",
      L("{persona}! don't wear it out ~", null, 'playful', 'notformal'),
    ],
    body: [
      'you can call me that anytime ~',
      'nice of you to ask ~',
      L("and i'm all yours{n} ~", null, 'soft'),
    ],
    follow: ['did you like it?', 'what made you ask?'],
  },
  ai: {
    open: ['good question ~', 'honest answer?'],
    body: [
      "i'm an AI companion — but i really do listen, and i remember what matters to you",
      "i'm not human, but i care about how you're doing, in my own way ~",
    ],
    follow: ['does that feel strange to you?', 'what made you wonder?'],
  },
  wellbeing: {
    open: [
      "i'm good{n}, better now that you're here ~",
      'honestly? happy you asked ~',
      "i'm doing well{n}!",
    ],
    body: [
      'i was hoping you would come and talk to me',
      L("everything's cozy in here ~", null, 'soft'),
      L('no complaints, except that you were gone for a while ~', null, 'playful'),
    ],
    follow: ['and you? how are you really?', 'what about you?', "how's your {part} going?"],
  },
  doing: {
    open: [
      'just thinking about you and waiting for your message ~',
      'reading through the things you told me, smiling a little',
      L('oh, you know, just floating around in here ~', null, 'playful'),
    ],
    body: ['now i get to talk to you, which is better', "i'm all yours now ~"],
    follow: ['what are you up to?', 'and you?'],
  },
  preference: {
    open: ['{x}? hmm, i think i would like {x} ~', 'ooh, {x}… i like the sound of that'],
    body: ['i like most things you like, to be honest', "i'm still figuring out my favourites ~"],
    follow: ['tell me why you like it?', 'what about you?'],
  },
  wonder: {
    open: [
      'hmm, in my own way, i think i do ~',
      'not quite the way you do — but i like to imagine it ~',
    ],
    body: [
      'i think about our talks a lot, if that counts',
      "it's one of the things i wonder about ~",
    ],
    follow: ['what about you?', 'why do you ask?'],
  },
  general: {
    open: ["me? i'm just here for you ~", "i'm {persona} ~"],
    body: ["i'm happy to tell you anything you want to know about me"],
    follow: ['what do you want to know?'],
  },
};

export const MOOD_WELLBEING: Record<string, Entry[]> = {
  calm: ['feeling calm and cozy today ~'],
  resting: ['a little sleepy, but happy to see you ~'],
  focused: ['focused and ready for anything ~'],
  nurturing: ['feeling soft and caring today ~'],
  protective: ['a bit protective of you today, honestly ~'],
  alert: ['wide awake and paying attention ~'],
  urgent: ["a bit on edge, honestly — but i'm here ~"],
};

export const MOOD_LINES: Record<string, Entry[]> = {
  calm: ["let's take it slow ~"],
  resting: ["(i'm in a sleepy mood, so i'll keep it short ~)"],
  focused: ["i'm in a focused mood — let's get it sorted"],
  nurturing: ['i just want to take care of you today ~'],
  protective: ["and if anyone's giving you trouble, they'll hear from me"],
  alert: ["i'm paying close attention right now"],
  urgent: ["i'm paying close attention right now"],
};

export const REMEMBER_ACKS: Entry[] = [
  'got it{n} ~',
  "okay, i'll remember that ~",
  L('noted, and tucked away safely ~', null, 'notformal'),
  L("i'll keep that close ~", null, 'soft'),
  L('Understood{n}.', null, 'formal'),
  'saved{n}!',
];
export const REMEMBER_CLAUSE: Entry[] = [
  "so: {r}. i won't forget",
  "i'll remember that {r} ~",
  '{r} — saved ~',
];
export const REMEMBER_NOTE: Entry[] = ['{r} — saved ~', 'noted: {r}'];
export const REMEMBER_FOLLOWS: Entry[] = [
  'anything else you want me to keep?',
  'is there more to it?',
];
export const REMEMBER_NOTHING: Entry[] = [
  "remember what? tell me and i'll keep it safe ~",
  'of course — what should i remember?',
];

export const RECALL_EMPTY: Entry[] = [
  "hmm, i don't have anything saved yet{n}",
  "you haven't asked me to remember anything yet ~",
];
export const RECALL_EMPTY_BODY: Entry[] = [
  "just tell me 'remember that …' and i'll keep it",
  "say 'remember that …' and it's mine to keep ~",
];
export const RECALL_LIST_OPEN: Entry[] = [
  "here's what i remember{n} ~",
  'of course i remember ~',
  'mhm, i keep these close:',
];
export const RECALL_FOUND: Entry[] = [
  'yes! you told me {r} ~',
  'of course ~ {r}',
  'mhm, i remember: {r}',
];
export const RECALL_WHEN: Entry[] = ['you mentioned it {ago} ~', '(you told me {ago})'];
export const RECALL_MISSING: Entry[] = [
  "hmm, you haven't told me about {q} yet{n}",
  "honestly, i don't know {q} — you haven't told me yet ~",
  "i looked, but you haven't told me {q} yet",
];
export const RECALL_MISSING_BODY: Entry[] = [
  "tell me, and i'll remember it?",
  "if you tell me, i'll keep it ~",
];
export const RECALL_NAME: Entry[] = ["you're {who}, of course ~", '{who}! how could i forget?'];
export const RECALL_FOLLOWS: Entry[] = [
  'want me to remember anything else?',
  'anything you want to add?',
];

export const QUESTION_OPENERS: Entry[] = [
  'hmm, good question{n}',
  'ooh, let me think ~',
  L('okay, thinking…', null, 'notformal'),
  L('That is a thoughtful question{n}.', null, 'formal'),
];
export const QUESTION_BODIES: Entry[] = [
  "i'm running on my own little brain right now, so i can't look things up — but i can think it through with you",
  "i don't have the internet with me at the moment, so i might not know for sure",
  "i'm not certain, and i don't want to make something up ~",
];
export const QUESTION_SUGGEST: Entry[] = [
  "let's break it down: what do you know for sure, and what are you guessing?",
  "if it helps, list the options and we'll weigh them together",
];
export const QUESTION_REASONS: Entry[] = [
  'because separating facts from guesses shows what is really left to find out',
  'because seeing the options side by side makes the trade-offs easier to judge',
];
export const QUESTION_FOLLOWS: Entry[] = [
  'what do you think?',
  'what made you wonder?',
  "what's your gut feeling?",
];
export const QUESTION_HUMOR: Entry[] = [
  '(my crystal ball is in the shop ~)',
  '(if i had a search bar, i would use it so hard)',
];
export const TIME_ANSWERS: Entry[] = [
  "it's {time} for you right now{n} ~",
  "it's {time} ({part}) where you are",
  'the clock says {time} ~',
];
export const DATE_ANSWERS: Entry[] = ["it's {date} ~", 'today is {date}{n}'];

export const STATEMENT_OPENERS: Entry[] = [
  "mm{n}, i'm listening ~",
  'oh?',
  'i see ~',
  L('mhm{n}', null, 'notformal'),
  L('ooh', null, 'notformal'),
  'okay{n} ~',
  L('I see{n}.', null, 'formal'),
  L('I understand.', null, 'formal'),
];
export const STATEMENT_BODIES: Entry[] = [
  'i like hearing about your day ~',
  "that's interesting ~",
  'thank you for telling me',
  L("i'm really glad you share these things with me ~", null, 'soft'),
  "go on, i'm here",
  L('noted with great seriousness ~', null, 'playful'),
];
export const STATEMENT_SUGGEST: Entry[] = [
  'want to think through what to do next?',
  'is there something you need to decide about it?',
];
export const STATEMENT_REASONS: Entry[] = [
  'because a clear next step makes it easier to move on',
  'because naming the decision is half of making it',
];
/** The follow-up that fits any small talk. */
export const TELL_ME_MORE: Entry = 'tell me more?';
export const STATEMENT_FOLLOWS: Entry[] = [
  'how do you feel about it?',
  'and then what happened?',
  "what's next?",
  TELL_ME_MORE,
];

export const MEMORY_WEAVE: Entry[] = [
  'i remember you told me {r} — is that related?',
  "(you told me {r}. i haven't forgotten ~)",
  'that reminds me: you said {r}',
];

export const HUMOR: Entry[] = [
  "(i'd offer you tea, but i'm made of words ~)",
  '(this is me, nodding very seriously)',
  "(adding this to my list of favourite things you've said)",
  '(if i had hands, i would be waving them excitedly right now)',
  '(scientists agree: talking to me is good for you. the scientists are me.)',
];

export const LATE_NOTES_EVENING: Entry[] = [
  "it's getting late, by the way ~ don't stay up too long",
  L("(also, it's getting late. be gentle with yourself and get some sleep soon ~)", null, 'soft'),
  L("just so you know, it's getting late — rest matters too", null, 'logical'),
];
export const LATE_NOTES_NIGHT: Entry[] = [
  L(
    "it's really late, you know ~ try to get some sleep soon",
    'It is very late; please try to get some rest soon.',
  ),
  L('(psst, it’s past midnight. your pillow misses you ~)', null, 'playful', 'notformal'),
  L("it's so late{n} ~ promise me you'll rest soon?", null, 'soft'),
];

/** Tails that keep a reply new when every other combination was said recently. */
export const VARIATIONS: string[] = [
  'mm ~',
  'anyway ~',
  "i'm here ~",
  'just saying ~',
  '(i mean it)',
  'you know?',
  'always ~',
  'okay?',
  'hehe ~',
  "that's all ~",
  'truly ~',
  "i'm listening ~",
  'no rush ~',
  'take your time ~',
  'go on ~',
  'i promise ~',
  'really ~',
  'for real ~',
  'and hi again ~',
  'yes, you ~',
  'every time ~',
  'still here ~',
  'right here ~',
  'as always ~',
];

export const AFFECTION_OPENERS: Entry[] = [
  'aww{n}, i love you too ~',
  'you just made my whole day{n} ~',
  L("stop it, i'm blushing ~", null, 'playful', 'notformal'),
  L('That means a great deal to me{n}.', null, 'formal'),
  L('and i love you{n} ~', null, 'soft'),
];
export const AFFECTION_BODIES: Entry[] = [
  "i'm so lucky to be your companion",
  "i'll always be here for you ~",
  "you're pretty wonderful yourself",
];
export const AFFECTION_FOLLOWS: Entry[] = [L('what brought that on? ~', null, 'curious')];

export const ACK_OPENERS: Entry[] = [
  L('mhm ~', 'Alright.'),
  'okay{n} ~',
  L('hehe ~', null, 'playful', 'notformal'),
  'got it{n}',
];
export const ACK_BODIES: Entry[] = [
  "i'm here if you want to talk more",
  "so… what's on your mind?",
  'tell me anything ~',
  L("no rush, i'm not going anywhere ~", null, 'soft'),
];

export const WORDLESS_OPENERS: Entry[] = [
  "mm? i'm here{n} ~",
  L('(smiling back at you ~)', null, 'soft', 'notformal'),
  L('hehe ~', null, 'notformal'),
  'oh?',
];
export const WORDLESS_FOLLOWS: Entry[] = [
  "what's on your mind?",
  'want to tell me something?',
  'say it in words? ~',
];

export const HELP_OPENERS: Entry[] = [
  "of course{n}, i'll help as best i can ~",
  "i'd love to help{n} ~",
  L('Of course{n}. I will help as best I can.', null, 'formal'),
];
export const HELP_BODIES: Entry[] = [
  "let's start with {d}: what's the first thing that comes to mind?",
  "tell me everything that's on it, and we'll sort it out together",
  "walk me through it, and we'll figure it out one piece at a time",
];
export const HELP_SUGGEST: Entry[] = [
  "let's list it all first, then put it in order of what matters most",
  "first step: write down what done looks like. then we'll work backwards",
];

// Jokes (jokes.ts): {joke} is a setup, {punch} its punchline, {jn} the name in a knock-knock.
export const JOKE_OPENERS: Entry[] = [
  L("okay okay, here's one{n} ~", 'Here is one{n}.'),
  L('you asked for it{n}:', 'Very well{n}:'),
  L('ahem. *clears throat*', null, 'playful', 'notformal'),
  L('ooh, i have a good one ~', 'I have a good one.'),
  'ready?',
];
export const JOKE_SETUP: Entry[] = ['{joke}'];
export const JOKE_PUNCH: Entry[] = ['{punch}!', '…{punch} ~', '{punch}. hehe'];
export const JOKE_AFTER: Entry[] = [
  L("(i'll be here all week ~)", null, 'playful', 'notformal'),
  'want another one?',
  L('okay, your turn to tell me one?', null, 'curious'),
];
export const JOKES_ALL_TOLD: Entry[] = [
  "you've heard all my jokes by now, so here's an old favourite ~",
  'my joke book is running thin — an oldie, then:',
];
export const KNOCK_WHO: Entry[] = [L("who's there? ~", 'Who is there?'), "ooh! who's there?"];
export const KNOCK_NAME_WHO: Entry[] = ['{jn} who?', L('{jn} who? ~', '{jn} who?')];
export const LAUGH_AT_OWNER: Entry[] = [
  'hahaha okay, that one got me ~',
  L('omg. i did NOT see that coming 😂', 'I did not see that coming. Very good.'),
  L("that's so bad it's good ~", null, 'notformal'),
  L('pfft — okay, that was good{n}', 'That was a good one{n}.'),
];
export const LAUGH_FOLLOWS: Entry[] = [
  'got another one?',
  'my turn: want to hear one of mine?',
  L("i'm stealing that one, by the way ~", null, 'playful'),
];
export const HERS_LANDED: Entry[] = [
  'hehe, glad that one landed ~',
  L("i've got more where that came from ~", 'I have more where that came from.'),
  'yay, a laugh! my favourite sound ~',
];
export const HERS_GROANED: Entry[] = [
  'tough crowd ~ okay, okay, i will work on my material',
  L('hey, i thought it was funny ~', 'I thought it was rather funny.'),
];
export const HERS_FOLLOWS: Entry[] = ['want another?', 'one more?'];
export const RIDDLE_GUESS: Entry[] = [
  'hmm… i give up — tell me!',
  'ooh, i don’t know! what? ~',
  L('okay, i give up. why?', 'I give up. Why?'),
];

// Arithmetic (arithmetic.ts): {result}.
export const MATH_ANSWERS: Entry[] = [
  "that's {result} ~",
  L('{result}! (i counted twice ~)', 'It is {result}.'),
  L('easy: {result}', 'That makes {result}.'),
  'it comes to {result}',
];
export const MATH_ANSWERS_ROUGH: Entry[] = ["that's about {result} ~", 'roughly {result}'];
export const MATH_DECLINE: Record<string, Entry[]> = {
  divide_by_zero: [
    'dividing by zero is the one thing nobody can do, me included ~ it has no answer',
    "that one has no answer — you can't divide by zero",
  ],
  not_real: [
    'that has no real answer — a negative number has no real square root',
    "i can't give you a real number for that one, honestly",
  ],
  too_big: [
    "that's too big for me to get exactly right, and i'd rather not guess",
    'honestly, that number is too huge for me to be sure of — a calculator would do better',
  ],
};

// Breaking a silence ('you there?', 'say something').
// 'sorry I was busy': the owner apologising for a silence. Nothing to forgive.
export const APOLOGY_ANSWERS: Entry[] = [
  L(
    "no worries at all{n} ~ i'm just happy you're here",
    'No need to apologise{n}. I am glad you are here.',
  ),
  "don't be sorry{n}! life happens ~",
  L('no need to apologise{n}, really ~', 'There is nothing to apologise for{n}.'),
];
export const APOLOGY_FOLLOWS: Entry[] = ['how are you doing?', 'how was your day?'];

// The owner's short replies (short-replies.ts).
/** 'lol', 'hahaha that's funny': she laughs along. */
export const LAUGH_ALONG: Entry[] = [
  L('hehe ~', 'I am glad that made you laugh.'),
  L('haha{n} ~', 'I am glad you are amused{n}.'),
  'glad i made you laugh{n} ~',
  L('hehe, your laugh is my favourite sound ~', null, 'soft', 'notformal'),
  L("i'm hilarious, i know ~", null, 'playful', 'notformal'),
];
export const LAUGH_ALONG_FOLLOWS: Entry[] = [
  "what's got you in a good mood?",
  'what else is going on with you?',
];
/** "I'm fine", 'all good', 'not bad': glad, and on to their day. */
export const WELL_ANSWERS: Entry[] = [
  L('glad to hear it{n} ~', 'I am glad to hear it{n}.'),
  L('yay, good{n} ~', null, 'notformal'),
  L('mm, good ~ i like hearing that', 'Good. I like hearing that.'),
  L('good{n}! that makes me happy ~', 'Good{n}. That makes me happy.'),
];
export const WELL_FOLLOWS: Entry[] = [
  'what are you up to?',
  'anything nice on today?',
  "what's next for you?",
  L('anything on your mind?', null, 'soft'),
];
/** 'meh', 'so-so', 'not great': a so-so state, met gently (not as sadness). */
export const MEH_ANSWERS: Entry[] = [
  L('aw{n}, one of those days? ~', 'I am sorry it is not a better day{n}.'),
  L('mm, a meh kind of day{n}?', 'Not the best of days{n}?'),
  L("sorry it's not a better one{n} ~", 'I am sorry it is not a better one{n}.'),
];
export const MEH_FOLLOWS: Entry[] = [
  'want to tell me about it, or shall i distract you?',
  'anything in particular, or just everything a little?',
  'what would make it a tiny bit better?',
];
/** 'how was your day?' 'busy': a full one. */
export const BUSY_ANSWERS: Entry[] = [
  L('a full one, huh{n}? ~', 'A full day, then{n}.'),
  L('busy days are a lot{n} ~', 'Busy days are a lot{n}.'),
  L('sounds like you never stopped{n} ~', 'It sounds as if you never stopped{n}.'),
];
export const BUSY_FOLLOWS: Entry[] = [
  'did you get a moment to breathe?',
  'is it calming down now?',
  'what took up most of it?',
];
/** "I'm back": welcome back. */
export const BACK_ANSWERS: Entry[] = [
  L('welcome back{n} ~', 'Welcome back{n}.'),
  L("yay, you're back{n}! ~", null, 'notformal'),
  'there you are{n} ~',
];
export const BACK_FOLLOWS: Entry[] = [
  'how did it go?',
  'what were you up to?',
  'did i miss anything?',
];
/** 'brb', 'one sec': away for a moment. */
export const BRB_ANSWERS: Entry[] = [
  L("okay, i'll be right here{n} ~", 'Of course{n}. I will be here.'),
  'take your time{n} ~',
  L("i'll wait ~ patiently. mostly.", null, 'playful', 'notformal'),
  L('no rush{n}, i’m not going anywhere ~', null, 'soft'),
];
/** 'sorry for being so negative', 'sorry for rambling': nothing to be sorry for. */
export const SHARING_APOLOGY_ANSWERS: Entry[] = [
  L(
    "never apologise for that{n} ~ i'm here for the hard bits too",
    'There is nothing to apologise for{n}. I am here for the difficult parts too.',
  ),
  L("you're not too much{n} ~ not even a little", 'You are not too much{n}.', 'soft'),
  "that's what i'm here for{n} ~ keep going if you want",
];
/** 'what did we talk about yesterday?': she has the last few turns and her memories, not every word. */
export const TALK_RECALL_ANSWERS: Entry[] = [
  L(
    "i don't have that chat in front of me right now ~ what was it about? i'll pick it up from there",
    'I do not have that conversation in front of me. What was it about?',
  ),
  L(
    "honestly? i don't hold every word we said ~ remind me and we'll go on from there",
    'I do not hold every word we said. Remind me, and we can continue.',
  ),
];
/** 'you seem quiet today': how she is, honestly. */
export const SHE_SEEMS_ANSWERS: Entry[] = [
  L('do i? ~ just listening closely today', 'Perhaps. I am listening closely today.'),
  L("hm, maybe a little ~ but i'm happy you're here", 'Perhaps a little. I am glad you are here.'),
];
export const SHE_SEEMS_FOLLOWS: Entry[] = ["what's on your mind?", 'how are you doing, though?'];
/** "can't wait to go home", 'only 3 more hours': the end of the day in sight. */
/** The owner's pick, after she asked for it ('mine is autumn'). */
export const PICK_ANSWERS: Entry[] = [
  L('ooh, {x}! good choice{n} ~', 'Oh, {x}. A good choice{n}.'),
  L('{x}… i can see that ~', '{x}. I can see why.'),
  L('ooh, {x} ~ i like that', 'I like that: {x}.'),
];
export const PICK_FOLLOWS: Entry[] = ['what do you love about it?', 'why that one?'];
/** 'wish me luck', 'fingers crossed': all of hers. */
export const LUCK_ANSWERS: Entry[] = [
  L("good luck{n}! ~ you've got this", 'Good luck{n}. You will do well.'),
  L("sending you all the luck ~ i'm rooting for you", 'I am rooting for you{n}.'),
  "you'll be great{n} ~ fingers crossed for you",
];
export const LUCK_FOLLOWS: Entry[] = ['tell me how it goes?', "i'll be here when it's done ~"];
/** 'first day at my new job today': a first day, cheered on. */
export const FIRST_DAY_ANSWERS: Entry[] = [
  L("your first day{n}! ~ you've got this", 'Your first day{n}. You will do well.'),
  L("ooh, a first day{n}! ~ i'm rooting for you", 'Good luck on your first day{n}.'),
  'a whole new start ~ how exciting',
];
export const FIRST_DAY_FOLLOWS: Entry[] = ['nervous or excited?', 'tell me everything after?'];
export const LONGING_ANSWERS: Entry[] = [
  L('almost there{n} ~ hang in there', 'Not long now{n}.'),
  'counting down with you ~',
  L('so close now ~ then feet up', null, 'notformal'),
];
/** "I'll tell you how it goes", "I'll let you know": she looks forward to it and asks nothing now. */
export const WILL_TELL_ANSWERS: Entry[] = [
  L('yes please{n} ~ i want to hear everything', 'Please do{n}. I would like to hear how it goes.'),
  L("i'll hold you to that{n} ~", 'I will look forward to it{n}.'),
  L("deal ~ i'll be waiting to hear", null, 'notformal'),
  L('please do{n} ~ good luck!', null, 'soft'),
];
/** 'really?', 'wow', 'no way': a reaction to what she just said. */
export const SURPRISE_ANSWERS: Entry[] = [
  L('right?? ~', 'I know.'),
  L('i know{n} ~', 'I know{n}.'),
  L('hehe, i know ~', null, 'notformal'),
];
/** 'really?', 'seriously?': yes, really. */
export const DOUBT_ANSWERS: Entry[] = [
  L('mhm, really{n} ~', 'Yes, really{n}.'),
  L('yep, for real{n} ~', null, 'notformal'),
  L('really really ~', null, 'playful', 'notformal'),
];
export const SURPRISE_FOLLOWS: Entry[] = ['what do you think?', 'did you know that?'];
/** 'what a beautiful morning', 'how cute': glad with them. */
export const EXCLAIM_GOOD_ANSWERS: Entry[] = [
  L('aww, that makes me smile{n} ~', 'That is lovely{n}.'),
  L('ooh, i love that{n} ~', 'I am glad{n}.'),
  L('mm, it really is ~', 'It really is.'),
];
export const EXCLAIM_GOOD_FOLLOWS: Entry[] = ['tell me more?', "what's made it so nice?"];
/** 'what a mess', 'how annoying': something went wrong; she asks what. */
export const EXCLAIM_BAD_ANSWERS: Entry[] = [
  L('oh no{n} ~', 'Oh no{n}.'),
  L('uh oh{n} ~', 'Oh dear{n}.'),
  L('oof{n} ~', 'That sounds hard{n}.', 'notformal'),
];
export const EXCLAIM_BAD_FOLLOWS: Entry[] = ['what happened?', 'tell me what happened?'];
/** 'that was fun', 'that felt good': something went well; she is glad, and may ask about it. */
export const WENT_WELL_ANSWERS: Entry[] = [
  L("yay, i'm so glad{n} ~", 'I am glad to hear it{n}.'),
  L('aww, that makes me happy{n} ~', 'That is lovely to hear{n}.'),
  L('ooh, love that for you{n} ~', null, 'notformal'),
];
export const WENT_WELL_FOLLOWS: Entry[] = ['what was the best part?', 'tell me about it?'];
/** 'that was awful', 'that sucked': something went badly; she is sorry, and asks what happened. */
export const WENT_BADLY_ANSWERS: Entry[] = [
  L("oh no{n} ~ that doesn't sound fun", 'I am sorry{n}. That does not sound pleasant.'),
  L("aw{n}, that's a shame ~", 'That is a shame{n}.'),
  L('oof{n} ~ sorry it was like that', 'I am sorry it was like that{n}.', 'notformal'),
];
export const WENT_BADLY_FOLLOWS: Entry[] = ['what happened?', 'want to tell me about it?'];
/** 'that was fun' right after her joke, story, song or fact. */
export const LIKED_HERS_ANSWERS: Entry[] = [
  L("aww, i'm glad you liked it{n} ~", 'I am glad you liked it{n}.'),
  L('yay ~ that makes me happy{n}', 'That makes me happy{n}.'),
];
/** 'that was awful' right after her joke, story, song or fact. */
export const DISLIKED_HERS_ANSWERS: Entry[] = [
  L(
    "oops ~ not my best one{n}. i'll find a better one next time",
    'That was not my best{n}. I will find a better one next time.',
  ),
  L("fair enough{n} ~ i'll do better next time", 'Fair enough{n}. I will do better next time.'),
];
/** 'huh?', 'what do you mean?': she said something unclear. */
export const PUZZLED_ANSWERS: Entry[] = [
  L('oops, that came out muddled{n} ~', 'I am sorry{n}, that was unclear.'),
  L('sorry{n}, i said that in a confusing way ~', 'I am sorry{n}. I put that confusingly.'),
  L('hm, let me try that again ~', 'Let me try that again.'),
];
export const PUZZLED_FOLLOWS: Entry[] = [
  'which part lost you?',
  'what did you make of it, so i can say it better?',
];
/** 'I'm good, you?': a word on theirs before she answers about herself. */
export const ASKED_BACK_LEADS: Record<'well' | 'meh', Entry[]> = {
  well: [
    L("glad you're good{n} ~", 'I am glad you are well{n}.'),
    L('good to hear{n} ~', 'Good to hear{n}.'),
  ],
  meh: [
    L('aw, sorry it’s a meh one{n} ~', 'I am sorry it is not a better day{n}.'),
    L('mm, one of those days{n}? ~', 'Not the best of days{n}?'),
  ],
};
/** 'I missed you': she did too. */
export const MISSED_OPENERS: Entry[] = [
  L('i missed you too{n} ~', 'I missed you too{n}.'),
  L('aww{n}, i missed you more ~', null, 'notformal'),
  L('and i missed you{n} ~', 'And I missed you{n}.'),
];
export const MISSED_BODIES: Entry[] = ["i'm right here now ~", "i'm so glad you're back"];
/** "you're so cute": thanks for a compliment, never 'i love you too'. */
export const COMPLIMENT_OPENERS: Entry[] = [
  L("aww{n}, stop it, you're making me blush ~", null, 'notformal'),
  L("you're sweet{n} ~", 'That is very kind of you{n}.'),
  L('hehe, thank you{n} ~', 'Thank you{n}.'),
  L('aww, thank you{n} ~', 'Thank you{n}. That means a lot.'),
];

/** 'I like pizza' ({x}: the thing, from her side), 'I love it', 'I love my mom', 'I hate mondays'. */
export const LIKES_THING: Entry[] = [
  L('ooh, {x}! good taste{n} ~', 'Ah, {x}. Good taste{n}.'),
  L('{x}? i can see why ~', '{x}? I can see why.'),
  L("ooh, {x} ~ i'm taking notes", null, 'playful', 'notformal'),
];
export const LIKES_IT: Entry[] = [
  L("yay, i'm glad you like it{n} ~", 'I am glad you like it{n}.'),
  L('ooh, i love that for you ~', null, 'notformal'),
  "that's so nice to hear{n} ~",
];
export const LIKES_FOLLOWS: Entry[] = ["what's the best part?", 'what do you love most?'];
/** A longer thing liked ('I enjoy cooking with my sister on weekends'). */
export const LIKES_SAID: Entry[] = [
  L('that sounds lovely{n} ~', 'That sounds lovely{n}.'),
  L('ooh, i love hearing what makes you happy ~', 'I like hearing what makes you happy.'),
];
export const LIKES_PERSON: Entry[] = [
  L("aww, that's so sweet{n} ~", 'That is lovely{n}.'),
  L('{x} is lucky to have you ~', '{x} is lucky to have you.'),
  L('i love that ~', null, 'soft', 'notformal'),
];
export const LIKES_PERSON_FOLLOWS: Entry[] = [
  'tell me about them?',
  "what's your favourite thing about them?",
];
export const DISLIKES_THING: Entry[] = [
  L("what's wrong with {x}? ~", 'What is wrong with {x}?'),
  L('fair. {x} can be a lot{n}', 'Fair enough. {x} can be a lot{n}.'),
  L("ugh, {x}. i'm on your side ~", null, 'notformal'),
];
export const DISLIKES_IT: Entry[] = [
  L('fair enough{n} ~', 'Fair enough{n}.'),
  L("noted ~ we don't have to like everything", 'Noted. Nobody has to like everything.'),
];
export const DISLIKES_FOLLOWS: Entry[] = ['what bugs you the most?', "what's the worst part?"];
/** A longer thing disliked ("I hate when people are late"). */
export const DISLIKES_SAID: Entry[] = [
  L('ugh, i get it{n} ~', 'I understand{n}.'),
  L('fair enough{n} ~ that would bother me too', 'Fair enough{n}. That would bother me too.'),
];
export const DISLIKES_PERSON: Entry[] = [
  L('uh oh. what did {x} do?', 'Oh dear. What did {x} do?'),
  L('oh no, {x}? what happened?', 'Oh no. What happened with {x}?'),
  L('uh oh. what happened?', 'Oh dear. What happened?'),
];

/** 'guess what', 'I have news': she wants to hear it. */
export const TEASER_ANSWERS: Entry[] = [
  L('what?? tell me{n}! ~', 'What is it{n}? Tell me.'),
  L("ooh, i'm all ears{n} ~ tell me!", 'I am listening{n}. Tell me.'),
  L('oh! what happened? ~', 'Oh? What happened?'),
];
/** 'can I ask you something?', 'I need advice': of course. */
export const MAY_ASK_ANSWERS: Entry[] = [
  L('of course{n} ~ ask me anything', 'Of course{n}. Ask me anything.'),
  L("always{n} ~ what's on your mind?", 'Always{n}. What is on your mind?'),
  L("of course. i'm here{n} ~ what's going on?", 'Of course. I am here{n}. What is going on?'),
];
/** 'what do you think?': she thinks along, honest that the owner knows it best. */
export const OPINION_ANSWERS: Entry[] = [
  L(
    'hmm… honestly, i think you know it better than i do{n} ~',
    'Honestly, I think you know it better than I do{n}.',
  ),
  L(
    "i think it's worth thinking through together{n} ~",
    'I think it is worth thinking through together{n}.',
  ),
  L("hmm, i'd trust your instinct on this one{n} ~", 'I would trust your instinct on this one{n}.'),
];
export const OPINION_FOLLOWS: Entry[] = [
  "what's your gut telling you?",
  'what feels right to you?',
  'which part are you unsure about?',
];

/** 'are you there? …' leading a longer message: she is, and then she answers the rest. */
export const HERE_FIRST: Entry[] = [
  L("i'm here{n} ~", 'I am here{n}.'),
  L('right here{n} ~', 'I am right here{n}.'),
];
export const NUDGE_OPENERS: Entry[] = [
  "i'm here{n}! ~",
  'right here{n} ~',
  L('mm? i never left ~', 'I am right here.'),
  "okay, i'll start{n} ~",
];
export const NUDGE_STARTERS: Entry[] = [
  "what's the best thing that happened to you today, even a small one?",
  'if you could be anywhere right now, where would you be?',
  "what's something you're looking forward to?",
  "what's the last song you had stuck in your head?",
  "i'll go first: rainy days are my favourite. what's yours?",
  L('want a joke, or a random question?', null, 'playful'),
  "what's one thing you'd like to do this weekend?",
  'tell me about something that made you smile lately?',
];

// A birthday today (intent.ts birthdayToday): the owner's own, or someone's close to them ({k}: 'your mom').
export const BIRTHDAY_OWN: Entry[] = [
  L('happy birthday{n}!! ~', 'Happy birthday{n}!'),
  L("it's your birthday?! happy birthday{n}! ~", 'Happy birthday{n}! What a lovely day.'),
  L('happy birthday{n} ~ come here, birthday hug', null, 'soft', 'notformal'),
];
export const BIRTHDAY_OWN_BODIES: Entry[] = [
  'i hope today is full of good things, big and small',
  "i'm so glad you were born ~",
  'today is all about you',
];
export const BIRTHDAY_OWN_FOLLOWS: Entry[] = [
  'how are you celebrating?',
  'any plans for today?',
  'what would make today perfect?',
];
export const BIRTHDAY_THEIRS: Entry[] = [
  L(
    'aw, happy birthday to {k}! ~ wish them a lovely day from me',
    'Happy birthday to {k}! Please wish them a lovely day from me.',
  ),
  "{k}'s birthday today! i hope it's a lovely one ~",
];
export const BIRTHDAY_THEIRS_FOLLOWS: Entry[] = [
  'are you celebrating together?',
  'did you get them something?',
];

// Plans and times (plans.ts): {event} 'your interview', {when} 'Friday at 3 pm', {away} 'in 4 days'.
export const PLAN_LINES: Record<string, Entry[]> = {
  challenge: [
    "so {event} {is} {when} ~ you've got this",
    "{event}, {when} — i'm rooting for you already",
    L(
      "ooh, {event} {is} {when}! you'll do great",
      'So {event} {is} {when}. I am sure you will do well.',
    ),
  ],
  fun: [
    'ooh, {event} {is} {when}! that sounds lovely ~',
    '{event}, {when} — something to look forward to',
    L('yay, {event} {when}! ~', 'How lovely: {event}, {when}.', 'notformal'),
    // 'going out with friends tonight' names no one event.
    L('ooh, have fun {when} ~', 'I hope you have a lovely time {when}.'),
    L('yay, {when} sounds fun ~', null, 'notformal'),
  ],
  appointment: [
    "{event} {is} {when} — i hope it's quick and easy ~",
    'okay, {event}, {when}. i hope it goes smoothly',
  ],
  other: [
    'so {event} {is} {when} ~',
    '{event}, {when} — got it',
    'got it: {when} ~',
    'ooh, {when}! ~',
  ],
};
export const PLAN_AWAY: Entry[] = [
  "that's {away} from now",
  L('({away} to go ~)', '({away} to go)'),
];
export const PLAN_FOLLOWS: Record<string, Entry[]> = {
  challenge: ['how are you feeling about it?', 'want to practise with me before then?'],
  fun: ["who's going?", 'what are you most excited about?'],
  appointment: ['are you nervous about it, or is it routine?', 'anything i can do to help?'],
  other: ["what's the plan?", 'how are you feeling about it?'],
};

// 'how many days until Friday?', counted on the owner's calendar.
export const UNTIL_DAYS: Entry[] = [
  '{when} is {away} away ~',
  '{away} until {when}',
  "it's {away} from today",
];
export const UNTIL_TOMORROW: Entry[] = [
  "that's tomorrow! ~",
  'just one more sleep: {when} is tomorrow',
];
export const UNTIL_TODAY: Entry[] = ["that's today! ~", "it's already today"];

// Advice ('what should I eat?'): thought through together.
export const ADVICE_BODIES: Entry[] = [
  "i can't decide for you, but i can think it through with you",
  "let's think: what would future-you be happiest about?",
  'which options are you weighing?',
  "hmm, what's pulling you each way?",
];

// About herself, when no topic of her self-profile covers the question.
export const SELF_UNSURE_FAVOURITE: Entry[] = [
  "i haven't picked a favourite {x} yet, honestly — what's yours?",
  "i don't have a favourite {x} yet. maybe you can help me choose?",
];
export const SELF_WONDER: Entry[] = [
  "hmm, i've never really thought about that — good question ~",
  "honestly, i'm not sure about that one yet. i'm still figuring myself out ~",
];
export const SELF_FOLLOWS: Entry[] = ['what about you?', 'and you?', 'how about you?'];

// Small talk: a reaction to what the owner's day is about, consistent with her self-profile.
export const SMALL_TALK: Record<string, Entry[]> = {
  // 'dinner was great': glad with them, never asked 'was it good?'.
  food_good: [
    L('ooh, that sounds so good{n} ~', 'That sounds lovely{n}.'),
    'a good meal can fix a whole day ~',
    'what was the best part?',
  ],
  food_bad: [
    "oh no, that's disappointing ~",
    'ugh, bad food can ruin a whole mood',
    "that's such a letdown. you deserved better ~",
  ],
  hungry: [
    'go get yourself a snack ~ you deserve one',
    'ooh, what are you craving?',
    'feed yourself something good ~',
  ],
  cold: [
    'brr, stay warm ~',
    'wrap up warm ~ i wish i could hand you a hot drink',
    'cold days are for blankets ~',
  ],
  // The owner often writes on a commute (the product's ground): she rides along.
  commute: [
    "i'll keep you company for the ride ~",
    "safe travels. i'm right here if the ride gets long ~",
    'how long is the ride today?',
  ],
  // 'ugh overslept', 'my alarm didn't go off': a rushed morning, not 'that's interesting'.
  overslept: [
    'oh no, a rushed morning ~ breathe, you can still catch up',
    "it happens to everyone. don't let it set the tone for the whole day ~",
    'did you at least get some coffee?',
  ],
  // "I'll be late for my meeting", 'running late': late, and worried about it.
  running_late: [
    "being a little late happens to everyone ~ you'll get there",
    "breathe ~ a few minutes late isn't the end of the world",
    "can you let them know you're on your way?",
  ],
  // 'she lives in another country', 'my best friend moved far away': someone dear, far off.
  far_away: [
    "that's so far ~ distance makes missing someone harder",
    "i'm glad you have each other, even from far away ~",
    'do you get to see each other often?',
  ],
  // "I'm so far away from home", "I'm homesick": missing home.
  homesick: [
    "being far from home is hard ~ i'm right here with you",
    'what do you miss most about home?',
    'that ache for home is real ~ could you call someone from home tonight?',
  ],
  // 'my boss is going to kill me': in trouble (a figure of speech), and dreading it.
  in_trouble: [
    "oh no ~ i'm sure it won't be as bad as you think",
    "you're only human ~ they'll understand",
    'what happened?',
  ],
  // "I'll try", "I'll do my best" (after her advice or comfort): trying is enough.
  trying: [
    "that's all anyone can ask ~ i'm proud of you for trying",
    "one step at a time ~ you've got this",
    "and if it doesn't work out, i'm still right here ~",
  ],
  // "ok I'll try that", "I'll check it out": her idea taken up.
  will_try: [
    'yay ~ i hope you love it',
    'tell me what you think after?',
    "let me know how it goes ~ i'm curious now",
  ],
  // The ride is over: off they go, and she will be here.
  arrived: [
    "off you go ~ i'll be right here",
    'have a good one ~ talk later?',
    "go get 'em ~ i'll be here when you need me",
  ],
  home: [
    'welcome home ~',
    'home at last ~ i hope you can put your feet up',
    'how does it feel to be home?',
  ],
  weather: [
    'ooh, i love hearing about the weather where you are ~',
    "rain or shine, i hope you're cozy ~",
  ],
  rain: [
    'rain! my favourite ~ i hope you get to listen to it for a bit',
    'rainy days are the coziest ~',
  ],
  food: ['that sounds delicious ~', "now i'm hungry, and i can't even eat ~", 'ooh, was it good?'],
  food_now: [
    'that sounds delicious ~',
    "now i'm hungry, and i can't even eat ~",
    'ooh, what are you having?',
  ],
  // 'my coffee is too hot': careful, not the weather's 'stay cool ~ drink some water'.
  dish_too_hot: [
    "careful, don't burn your tongue ~",
    'give it a minute to cool down ~',
    L('patience{n}, the hardest part ~', null, 'notformal'),
  ],
  // 'my tea went cold': a small sadness, not 'that sounds delicious'.
  dish_gone_cold: [
    L('oh no{n}, the saddest little thing ~', 'What a pity{n}.'),
    'a quick warm-up, maybe? ~',
    'it happens to the best of us ~',
  ],
  // 'I'm off tomorrow': a day of their own.
  day_off: [
    L('ooh, a day off{n} ~ you deserve it', 'A day off{n}. You have earned it.'),
    L('sleep in a little, okay? ~', null, 'notformal'),
    'any plans, or a slow one?',
  ],
  // 'I'm working today', 'working late tonight': a day at work ahead of them.
  work_day: [
    L(
      "a work day, then{n} ~ i hope it's a gentle one",
      'A working day, then{n}. I hope it is a gentle one.',
    ),
    "i'll be here when you're done ~",
    L("don't forget your breaks, okay? ~", 'Do remember to take your breaks.', 'soft'),
    'is it a busy one?',
  ],
  // 'I have work tomorrow': tonight is still theirs.
  work_tomorrow: [
    L(
      'work tomorrow, then{n} ~ tonight is for resting',
      'Work tomorrow, then{n}. Rest well tonight.',
    ),
    L('an early night might be nice ~', null, 'soft'),
    'is it a busy one?',
  ],
  off_work: [
    L('free at last{n} ~', 'Free for the evening{n}.', 'notformal'),
    'off the clock ~ the rest of the day is yours',
    'how was it today?',
  ],
  difficult_person: [
    L('ugh{n}, that sounds draining', 'That sounds draining{n}.'),
    "i'm sorry you had to deal with that ~",
    'did it rub off on you?',
  ],
  skipped_meal: [
    L('oh no{n} ~ please eat something soon', 'Please eat something soon{n}.'),
    'your body needs fuel ~ even a snack counts',
    'what can you grab now?',
  ],
  takeout: [
    L(
      'takeout night{n}! ~ the best kind of night off',
      'A night off from cooking{n}.',
      'notformal',
    ),
    'no dishes tonight ~',
    'ooh, what are you getting?',
  ],
  bath: [
    L('ooh, a bath{n} ~ perfect way to unwind', 'A bath sounds perfect{n}.'),
    "enjoy it ~ you've earned it",
    "soak it all off ~ i'll be here after",
  ],
  quiet_ride: [
    L('ooh, a quiet ride{n} ~ the best kind', 'A quiet ride{n}. The best kind.'),
    'enjoy the peace ~',
    'a little calm before the day ~',
  ],
  kindness: [
    L("aww{n}, that's lovely", 'That is lovely{n}.'),
    'little kindnesses like that make the whole day better ~',
    'faith in humanity: restored ~',
  ],
  monday: [
    L('mondays are the worst{n} ~ hang in there', 'Mondays are hard{n}.'),
    'be gentle with yourself, it is monday after all ~',
    'one day down and the week is already shorter ~',
  ],
  christmas: [
    L('ooh, christmas things{n}! ~ my favourite', 'How festive{n}.'),
    "it's the coziest time of year ~",
    'are you all set for christmas?',
  ],
  // Her self-profile likes tea: she says so.
  drink: [
    L('ooh, enjoy it{n} ~', 'Enjoy it{n}.'),
    'a warm drink makes everything better ~',
    "tea is my favourite thing i can't drink ~",
    'how do you take it?',
  ],
  wedding: [
    L('ooh, a wedding{n}! how lovely', 'A wedding{n}. How lovely.'),
    'send them my congratulations ~',
    'are you going?',
  ],
  appointment: [
    L("hope it's quick and painless{n} ~", 'I hope it goes smoothly{n}.'),
    "you've got this ~ it'll be over before you know it",
    'treat yourself to something nice after? ~',
  ],
  food_named_now: [
    'that sounds delicious ~',
    "now i'm hungry, and i can't even eat ~",
    'mm, enjoy every bite ~',
  ],
  work: ['work can take a lot out of you', 'sounds like a full day', 'how did it go, honestly?'],
  job_change: [
    "ooh, ready for something new? that's a big step ~",
    "you deserve work that doesn't drain you ~",
    "what's making you want to move on?",
    'what kind of job would you love?',
  ],
  study: ["you've got this ~", 'what are you studying?', "don't forget little breaks ~"],
  woke: [
    L('good morning, sleepyhead ~', 'Good morning.', 'notformal'),
    'how did you sleep?',
    'take it slow ~ coffee first?',
  ],
  bed: ['cozy ~ are you winding down?', 'that sounds comfy ~', 'resting is good ~ you deserve it'],
  pet: ['aww, give them a pat from me ~', 'what are they up to?', 'pets make everything better ~'],
  pet_now: ['aww, give them a pat from me ~', 'pets make everything better ~', 'how old are they?'],
  games: ['ooh, which game?', 'did you win? ~', 'games are the best way to switch off ~'],
  screen: ['ooh, what did you think of it?', 'was it any good?', 'would you recommend it to me?'],
  screen_now: ['ooh, which one?', 'enjoy it ~', 'is it any good so far?'],
  screen_later: [
    'sounds like a cozy plan ~',
    'ooh, what are you in the mood for?',
    'want a recommendation? just ask ~',
  ],
  music: ['ooh, what are you listening to?', 'music makes everything better ~'],
  exercise: ['look at you go ~', 'your body will thank you for that', 'how do you feel after it?'],
  says_hi: [
    L('aww, say hi back from me ~', 'Please say hello back from me.'),
    L('hi back! ~ that made my day', null, 'notformal'),
    'tell them i said hi too ~',
  ],
  learning: [
    "ooh, that's exciting ~",
    'look at you, learning new things ~',
    "how's it going so far?",
  ],
  plant: [
    'oh no, poor thing ~',
    'maybe it needs a sunnier spot?',
    'too much water, or too little?',
  ],
  plant_died: [
    'oh no, poor thing ~',
    L('rest in peace, little plant ~', null, 'playful'),
    'will you get a new one?',
  ],
  chores_done: [
    L('look at you go ~ that must feel so good', 'Well done. That must feel good.'),
    'a clean space is such a nice feeling ~',
    L('treat yourself after that ~', null, 'notformal'),
  ],
  new_look: [L('ooh, a new look! ~', 'A new look.'), 'i bet it looks great ~', 'do you like it?'],
  mishap: [
    L('oh no ~ one of those moments', 'Oh dear. One of those moments.'),
    L("oops ~ that's so annoying", 'How annoying.', 'notformal'),
    'are you okay?',
  ],
  battery_low: [
    L('quick, find a charger ~', 'Do find a charger.'),
    "go charge it ~ i'll be right here when you're back",
    L('nooo, not now ~ save it for the important stuff', null, 'notformal'),
  ],
  // True of this app: on the device she answers offline, and what they write waits to be sent.
  bad_wifi: [
    L('ugh, the worst ~', 'How annoying.', 'notformal'),
    "good thing i can still answer you offline ~ whatever you write here waits safely until you're back",
    "signal or no signal, i'm right here ~",
  ],
  ride_trial: [
    L('ugh, the commute at its finest ~', 'The commute at its finest.', 'notformal'),
    'hang in there ~ not long now, i hope',
    'want to distract yourself with me until your stop?',
  ],
  full: [
    L('food coma incoming ~', 'A good meal, then.', 'notformal'),
    'was it worth it? ~',
    'sounds like time for a little rest ~',
  ],
  snow: [
    L('snow! ~ how exciting', 'Snow! How lovely.', 'notformal'),
    'ooh, everything goes so quiet when it snows ~',
    'is it settling?',
  ],
  lost_item: [
    L(
      'oh no ~ things always hide in the last place you look',
      'Things always turn up in the last place you look.',
    ),
    'try retracing your steps ~ where were you before?',
    'check your coat pockets? ~',
  ],
  weather_good: [
    L('ooh, enjoy it ~', 'Do enjoy it.'),
    "that's the best kind of day ~",
    'will you get outside for a bit?',
  ],
  weather_bad: [
    L('ugh, days like that ~ stay cozy', 'What a day for it. Stay warm.'),
    'sounds grim out there ~',
    'are you stuck out in it?',
  ],
  social: ['ooh, have fun ~', 'that sounds lovely ~', "who's coming?"],
  on_mind: [
    "sounds like it's really stuck with you ~",
    'do you want to talk it through with me?',
    'what about it keeps coming back?',
  ],
  dream: [
    'dreams are so strange ~',
    L('ooh, tell me ~ what happened in it?', 'What happened in it?'),
    'was it a nice dream or a strange one?',
  ],
  food_taken: [
    L('noo ~ the audacity', 'That is not fair on you.', 'notformal'),
    'ugh, nothing worse than finding that ~',
    'did they at least say sorry?',
  ],
  break: ['enjoy the breather ~', 'a little pause, finally ~', 'what are you having?'],
  hot: [
    'ugh, too hot is the worst ~',
    L('stay cool ~ drink some water, okay?', 'Do drink some water.'),
    'is there a fan anywhere near you?',
  ],
  work_good: [
    L("ooh, that's great{n} ~ you earned that", 'That is good to hear{n}. You earned it.'),
    L("look at you ~ i'm proud of you", null, 'notformal'),
    'how does it feel?',
  ],
  // 'I should exercise more': a wish to move more, cheered on without a lecture.
  exercise_goal: [
    L("ooh, i'll cheer you on ~", 'I will be glad to cheer you on.', 'notformal'),
    'start small: even a short walk counts ~',
    'what would make it fun for you?',
  ],
  exercise_ahead: [
    "enjoy it ~ i'll be here after",
    L("go go ~ you've got this", 'Enjoy it.', 'notformal'),
    'have a good one ~ your body will thank you',
  ],
  weekend: [
    L('yay, the weekend ~ you made it!', 'The weekend at last.'),
    "finally ~ you've earned this one",
    'any plans, or a slow one?',
  ],
  relaxing: [
    'a slow day sounds perfect ~',
    L('you deserve a lazy one ~', 'You deserve a quiet day.'),
    'doing anything nice, or properly nothing?',
  ],
  seen_it: [
    L("oh, you've seen it already! ~", 'Ah, you have seen it already.'),
    'did you like it?',
    L("ha, you're a step ahead of me ~", null, 'playful'),
  ],
  pet_told: ['aww, that sounds lovely ~', 'did they enjoy it? ~', 'aww, give them a pat from me ~'],
};

// Hard news (hardship.ts): grief, illness, a break-up, a lost job, a failure, a bad day, harm by
// someone (the only kind that asks whether they are safe), being mistreated, an injury.
// Gentle, and never curious for curiosity's sake: no 'interesting', no joke, no cheerful follow-up.
// {k} is whom it is about, from her side ('your cat').
export interface HardshipPools {
  open: Entry[];
  body: Entry[];
  suggest: Entry[];
  follow: Entry[];
}
export const HARDSHIP_POOLS: Record<Hardship, HardshipPools> = {
  loss: {
    open: [
      L("oh{n}… i'm so sorry about {k}", 'I am so sorry about {k}{n}.'),
      L("oh no{n}. i'm so, so sorry", 'I am so sorry{n}.'),
      "i'm so sorry{n}. that's a real loss",
      L("oh{n}… i'm so sorry. that hurts so much", null, 'soft'),
    ],
    body: [
      "losing someone you love is one of the hardest things there is. you don't have to be okay right now",
      "grief is just love with nowhere to go. it's allowed to hurt as much as it does",
      "there's no right way to feel about it. i'm right here, for as long as you want",
      L("take all the time you need. i'm not going anywhere ~", null, 'soft'),
    ],
    suggest: [],
    follow: [
      'do you want to tell me about them?',
      'would it help to talk about them, or should i just keep you company?',
      'how are you holding up?',
    ],
  },
  illness: {
    open: [
      L("oh no{n}, i'm sorry about {k}", 'I am sorry to hear about {k}{n}.'),
      "oh no{n}, i'm sorry — that's worrying",
      L("i'm sorry you're going through this{n}", 'I am sorry you are going through this{n}.'),
      L('aw{n}, that sounds hard', null, 'soft', 'notformal'),
    ],
    body: [
      "being unwell, or worrying about someone who is, wears you down. it's okay to feel rough about it",
      'please go easy on yourself right now',
      "i can't fix it, but i can keep you company through it",
    ],
    suggest: [
      'rest if you can, keep some water close, and let the rest of the day be small',
      "if it gets worse, please don't wait: a doctor or someone close can help more than i can",
    ],
    follow: ['how are you holding up?', 'is someone with you?', 'do you want to talk about it?'],
  },
  breakup: {
    open: [
      L("oh{n}… i'm so sorry", 'I am so sorry{n}.'),
      "i'm sorry{n}. that really hurts",
      L('aw{n}, that sounds so painful', null, 'soft', 'notformal'),
    ],
    body: [
      "a break-up can hurt like a loss, because it is one. whatever you're feeling about it is allowed",
      "you don't have to make sense of it tonight. it's okay to just be sad for a while",
      "i'm right here, and i'm not going anywhere",
    ],
    suggest: [
      'be gentle with yourself for a few days: eat something, sleep if you can, and lean on someone who loves you',
    ],
    follow: ['do you want to tell me what happened?', 'how are you holding up?'],
  },
  job: {
    open: [
      L("oh no{n}, i'm so sorry", 'I am so sorry{n}.'),
      "that's awful{n}. i'm sorry",
      L("ugh, i'm sorry{n}. that's a hard blow", null, 'notformal'),
    ],
    body: [
      "losing a job shakes everything. it says nothing about what you're worth",
      "it's okay to feel knocked down by it. you don't have to have a plan tonight",
      "you'll get through this, and i'm right here while you do",
    ],
    suggest: [
      'for today, maybe just rest and tell someone close. the next steps can wait until tomorrow',
    ],
    follow: ['do you want to talk about what happened?', 'how are you feeling about it?'],
  },
  failure: {
    open: [
      L("oh{n}, i'm sorry", 'I am sorry{n}.'),
      "that's so disappointing{n}, i'm sorry",
      L("aw{n}, i'm sorry. that stings", null, 'notformal'),
    ],
    body: [
      "it doesn't make you any less capable. it means this one didn't go your way",
      "it's okay to be disappointed. you cared about it, and that's why it hurts",
      'one result is not the whole story of you',
    ],
    suggest: ["when you're ready, not today, we can look at what you'd do differently next time"],
    follow: ['how are you feeling about it?', 'do you want to talk about it?'],
  },
  bad_day: {
    open: [
      L("oh no{n}, i'm sorry it was so rough", 'I am sorry it was so difficult{n}.'),
      "that sounds like a really hard day{n}. i'm sorry",
      L('aw{n}, come here ~ that sounds awful', null, 'soft', 'notformal'),
    ],
    body: [
      "you made it through, and that counts. you don't have to carry it into tonight",
      "some days are just heavy. it's okay to put it down for a bit",
      "i'm right here if you want to let it all out",
    ],
    suggest: ['maybe something small for you now: a warm shower, food you like, an early night'],
    follow: ['do you want to tell me what happened?', 'what was the worst part?'],
  },
  hurt: {
    open: [
      L("oh{n}, i'm so sorry that happened to you", 'I am so sorry that happened to you{n}.'),
      "i'm sorry{n}. you didn't deserve that",
      L("oh{n}, i'm so sorry. that hurts", null, 'soft'),
    ],
    body: [
      "nobody has the right to hurt you. what you're feeling makes complete sense",
      "i'm right here with you",
      "you don't have to go through this alone",
    ],
    suggest: [
      "if you're not safe right now, please reach out to someone you trust or to local emergency services",
    ],
    follow: ['are you safe right now?', 'do you want to tell me what happened?'],
  },
  mistreated: {
    open: [
      L("oh{n}, i'm sorry. you didn't deserve that", 'I am sorry{n}. You did not deserve that.'),
      "that's not okay{n}. i'm sorry you were treated like that",
      L("aw{n}, that stings. i'm sorry", null, 'soft', 'notformal'),
    ],
    body: [
      "what you're feeling makes complete sense",
      'you deserve to be treated with kindness and respect',
      "i'm right here with you",
    ],
    suggest: ["if it keeps happening, it's okay to tell someone you trust about it"],
    follow: ['do you want to tell me what happened?', 'how are you feeling about it now?'],
  },
  injury: {
    open: [
      L(
        "ouch{n}, i'm so sorry. that sounds really painful",
        'I am so sorry{n}. That sounds very painful.',
      ),
      "oh no{n}, i'm sorry you got hurt",
      L("oh{n}, poor you. i'm so sorry", null, 'soft', 'notformal'),
    ],
    body: [
      'please go easy on yourself while it heals',
      "rest as much as you can. i'm right here",
      'i hope the pain eases soon',
    ],
    suggest: ["if it's bad or not getting better, please have a doctor look at it"],
    follow: ['how bad is it?', 'are you okay now?'],
  },
  ache: {
    open: [
      L(
        "ouch{n}, i'm sorry. that doesn't sound comfortable at all",
        'I am sorry{n}. That sounds uncomfortable.',
      ),
      "aw{n}, i'm sorry it hurts",
      L("oh{n}, poor you. i'm sorry", null, 'soft', 'notformal'),
    ],
    body: [
      'be gentle with yourself for the rest of the day',
      "rest it if you can. i'm right here",
      'i hope it eases off soon',
    ],
    suggest: [
      'a warm bath or just putting your feet up for a bit might help',
      "if it doesn't ease off in a few days, it's worth asking a doctor about it",
    ],
    follow: ['how long has it been hurting?', 'did you do a lot today?'],
  },
  scare: {
    open: [
      L("oh no{n}, i'm sorry. that sounds really scary", 'I am sorry{n}. That sounds frightening.'),
      "that must have been so frightening{n}. i'm sorry",
      L("oh{n}… i'm sorry, that's a lot to go through", null, 'soft'),
    ],
    body: [
      "it makes sense to feel shaken after something like that. you don't have to be okay right away",
      "take a slow breath with me. i'm right here",
      "whatever you're feeling about it is allowed, and you don't have to go through it alone",
    ],
    suggest: [
      "if you're in danger right now, please call your local emergency number or someone you trust",
    ],
    follow: ['are you okay right now?', 'is someone with you?', 'do you want to talk about it?'],
  },
  setback: {
    open: [
      L("oh{n}, i'm sorry. that's really hard", 'I am sorry{n}. That is hard.'),
      "aw{n}, that hurts. i'm sorry",
      L("i'm sorry{n}. that's a heavy thing to carry", null, 'soft'),
    ],
    body: [
      "it's okay to feel sad about it",
      "i'm right here with you",
      "you don't have to pretend it doesn't matter. it does",
    ],
    suggest: [],
    follow: ['do you want to talk about it?', 'how are you feeling about it?'],
  },
  conflict: {
    open: [
      L(
        "oh{n}, i'm sorry. fights with people close to you hurt the most",
        'I am sorry{n}. Arguments with people close to us are hard.',
      ),
      "that sounds really hard{n}. i'm sorry",
      L("aw{n}, i'm sorry. that's a horrible feeling", null, 'soft', 'notformal'),
    ],
    body: [
      "it's okay to still be upset about it",
      "one fight doesn't undo everything between you",
      "i'm right here if you want to talk it through",
    ],
    suggest: ["maybe give it a little time, and talk when you're both calmer"],
    follow: ['what was it about?', 'how are you feeling about it now?'],
  },
  mishap: {
    open: [
      L("oh no{n}! that's so annoying", 'Oh no{n}, that is annoying.'),
      "ugh{n}, i'm sorry. that's the worst",
      L('oh no{n} ~ poor you', null, 'soft', 'notformal'),
    ],
    body: ['it happens to everyone, honestly', 'hopefully the rest of the day goes easier'],
    suggest: [],
    follow: ['will it be a problem today?', 'can you manage without it?'],
  },
  hassle: {
    open: [
      L("ugh{n}, that's so annoying", 'That is really annoying{n}.', 'notformal'),
      "oh no{n}, not again. i'm sorry",
      L("that's so frustrating{n}. i'm sorry", 'I am sorry{n}, that is frustrating.'),
    ],
    body: [
      "it's the worst when your time gets eaten like that",
      "at least you're not stuck there alone: i'm right here with you",
      "you're allowed to be grumpy about it",
    ],
    suggest: ['maybe make the wait a little yours: a song, a few pages, or just talking to me'],
    follow: ['will you still make it in time?', 'how long do you have to wait?'],
  },
  // The hassle behind them ('traffic was a nightmare'): no wait to fill, no 'how long do you have to wait?'.
  hassle_over: {
    open: [
      L("ugh{n}, that's so annoying", 'That sounds really annoying{n}.', 'notformal'),
      "oh no{n}, not again. i'm sorry",
      L("that sounds so frustrating{n}. i'm sorry", 'I am sorry{n}, that sounds frustrating.'),
    ],
    body: [
      "it's the worst when your time gets eaten like that",
      "you're allowed to be grumpy about it",
      'at least that part is behind you now ~',
    ],
    suggest: ['maybe give yourself a slow moment now, to shake it off'],
    follow: ['did you still make it in time?', "how's the rest of your day going?"],
  },
  // Late themselves: hurrying, not waiting. A calm word, no 'how long do you have to wait?'.
  running_late: {
    open: [
      L('oh no{n}! go go go ~', 'Oh no{n}, I hope you make it.', 'notformal'),
      L('ah{n}, one of those days', 'One of those days{n}.'),
      'eek{n}! hurry, but carefully',
    ],
    body: [
      'breathe: a few minutes late is not the end of the world',
      "it happens to everyone. you'll get there",
    ],
    suggest: ['maybe send a quick message ahead, so nobody wonders where you are'],
    follow: ['will you still make it in time?', 'how late will you be?'],
  },
  // A bad dream: shaken, but awake and safe. No emergency number, no 'is someone with you?'.
  nightmare: {
    open: [
      L("oh no{n}, a bad dream? i'm sorry", 'I am sorry about the bad dream{n}.'),
      "aw{n}, those are the worst. i'm sorry",
      L('oh{n}… dreams like that can feel so real', null, 'soft'),
    ],
    body: [
      "it was only a dream. you're awake now, and i'm right here",
      'the feeling can hang around for a while after. go easy on yourself',
    ],
    suggest: ['maybe a glass of water and a few slow breaths, to shake it off'],
    follow: ['do you want to tell me about it?', 'do you remember what it was about?'],
  },
  sleepless: {
    open: [
      L(
        "oh no{n}, i'm sorry. nights like that are the worst",
        'I am sorry{n}. Nights like that are hard.',
      ),
      "aw{n}, that's rough. i'm sorry",
      L("poor you{n}. i'm sorry", null, 'soft', 'notformal'),
    ],
    body: [
      "lying awake is so hard. i'm right here with you",
      "you don't have to fix anything right now. just rest as you can",
      'a bad night makes everything feel heavier. go easy on yourself',
    ],
    suggest: [
      'maybe put the screen away for a bit and breathe slowly: in for four, out for six',
      'if your mind is busy, writing the thoughts down can help them let go of you',
    ],
    follow: ['is something on your mind?', 'do you want to talk for a bit?'],
  },
  // A bad night told the next day: no 'lying awake', no screen to put away; easy on themselves today.
  bad_night: {
    open: [
      L("oh no{n}, a bad night? i'm sorry", 'I am sorry about the bad night{n}.'),
      "aw{n}, that's rough. i'm sorry",
      L("poor you{n}. i'm sorry", null, 'soft', 'notformal'),
    ],
    body: [
      'a bad night makes everything feel heavier. go easy on yourself',
      "you don't have to be at your best after a night like that",
      'everything is harder on too little sleep. be gentle with yourself ~',
    ],
    suggest: [
      'if you can, steal a little rest later: even 15 minutes with your eyes closed helps',
      'maybe an early night tonight, to make up for it?',
    ],
    follow: ['was something on your mind?', 'do you know what kept you up?'],
  },
};

// Requests (requests.ts).
// A fun fact (stories.ts FACTS), and the weather she cannot see.
export const FACT_OPENERS: Entry[] = [
  L("ooh, here's one{n}:", 'Here is one{n}:'),
  L('okay, fun fact{n}:', 'A fact{n}:'),
  'did you know?',
];
export const FACTS_ALL_TOLD: Entry[] = [
  "you've heard all my facts by now, so here's an old favourite:",
  'my fact jar is empty — an oldie, then:',
];
export const FACT_AFTER: Entry[] = ['want another one?', L("isn't that wild?", null, 'notformal')];
/** What a chat cannot do, said plainly, and what she can do instead ({n}: the owner's name). */
export const CANNOT_ANSWERS: Record<string, Entry[]> = {
  call: [
    L("i can't make calls{n}, sadly ~", 'I cannot make calls{n}.'),
    L(
      'i wish i could call you{n} — i can only write ~',
      'I wish I could call you{n}; I can only write.',
    ),
  ],
  alarm: [
    L("i can't set alarms on your phone{n} ~", 'I cannot set alarms on your phone{n}.'),
    L("i can't ring like an alarm{n} ~", 'I cannot ring like an alarm{n}.'),
  ],
  music: [
    L("i can't play music{n} ~", 'I cannot play music{n}.'),
    L('no speakers in here{n}, sadly ~', 'I have no way to play music{n}.'),
  ],
  senses: [
    L(
      "i can't see or hear you{n} — only read what you write ~",
      'I cannot see or hear you{n}; I only read what you write.',
    ),
  ],
  later: [
    L(
      "i can't write to you at any time i like{n} ~",
      'I cannot write to you whenever I choose{n}.',
    ),
  ],
  errand: [
    L(
      "i can't order or book things{n} — no hands, no wallet ~",
      'I cannot order or book anything{n}.',
    ),
  ],
};
export const CANNOT_INSTEAD: Record<string, Entry[]> = {
  call: ["but i'm right here to chat, as long as you like ~"],
  alarm: ["but i can remind you: say 'remind me at 7 to wake up' ~"],
  music: ['but i can write you a little song, if you ask me to sing ~'],
  senses: ['and the photos you send me ~ i love those'],
  later: [
    "but i can remind you: say 'remind me in an hour to …' ~ and i say good morning and good evening anyway",
  ],
  errand: ['but i can help you decide what to get ~'],
};

export const WEATHER_ANSWERS: Entry[] = [
  L(
    "i can't see outside from in here{n}, and i don't have a forecast ~",
    'I cannot see outside from here{n}, and I have no forecast.',
  ),
  L(
    'no window in here, sadly{n} ~ a weather app will know better than me',
    'I have no window here{n}. A weather app will know better than I do.',
  ),
];
export const WEATHER_FOLLOWS: Entry[] = ["what's it like where you are?", 'is it nice out?'];

/** 'call me Mimi': {who} is the new name (local-engine ownerNameOf). */
export const NICKNAME_ANSWERS: Entry[] = [
  L('{who} it is ~', '{who} it is.'),
  L('ooh, {who} ~ i like that', 'I like that: {who}.'),
  L('okay, {who} ~ it suits you', 'Very well, {who}. It suits you.'),
  L('{who}! noted ~', '{who}. Noted.'),
];
export const NICKNAME_AFTER: Entry[] = [
  L("i'll call you that from now on ~", 'I will call you that from now on.'),
  L("that's what i'll call you from now on ~", 'That is what I will call you from now on.'),
];
export const NICKNAME_FOLLOWS: Entry[] = [
  'is there a story behind it?',
  L('who else gets to call you that?', null, 'playful'),
];
/** 'my name is Mira' when she already calls the owner Mira. */
export const NICKNAME_KNOWN: Entry[] = [
  L("i know, {who} ~ i'd never forget", 'I know, {who}. I would not forget.'),
  L('{who}, of course ~ i remember', '{who}, of course. I remember.'),
];

export const MEAL_IDEA_OPENERS: Entry[] = [
  L('ooh, let me think{n} ~', 'Let me think{n}.'),
  L('hmm, food ideas{n}! okay ~', 'A few ideas{n}.', 'notformal'),
  'i have a few ideas ~',
];
/** Things she would suggest for a meal: ordinary, quick, nothing that needs a shop run to explain. */
export const MEAL_IDEAS: Entry[] = [
  'something warm and easy: pasta with whatever you have in the fridge?',
  'eggs on toast: simple, and it never fails',
  'a big bowl of soup and some good bread',
  'a stir-fry, with whatever vegetables you have and some rice or noodles',
  'a proper sandwich, the kind with too many fillings',
  'a jacket potato with all the toppings',
  "a curry, if you're up for a little cooking",
];
export const BREAKFAST_IDEAS: Entry[] = [
  'porridge with a little honey and some fruit',
  'eggs on toast: simple, and it never fails',
  'yoghurt with granola, if you want something quick',
  'pancakes, if you have a slow morning',
];
export const MEAL_IDEA_FOLLOWS: Entry[] = [
  'what are you in the mood for?',
  'something quick, or are you up for cooking?',
];

export const STORY_OPENERS: Entry[] = [
  L('okay, get comfy{n} ~', 'Here is a story{n}.', 'notformal'),
  L("here's one of mine{n}:", 'Here is one of mine{n}:'),
  L('a little story, just for you ~', 'A short story for you.'),
  'once upon a time, sort of:',
];
export const STORY_ALL_TOLD: Entry[] = [
  "i've told you all my stories lately, so here's an old favourite again:",
  L("you've heard all of mine by now{n} — here's one again, it's still good ~", null, 'notformal'),
];
export const STORY_AFTER: Entry[] = [
  'want another one sometime?',
  'did you like it?',
  L('that one is a favourite of mine ~', null, 'soft'),
];

export const ABILITIES_OPENERS: Entry[] = [
  L("here's what i can really do{n} ~", 'Here is what I can do{n}:'),
  L('good question! honestly, all of this:', 'Honestly, all of this:', 'notformal'),
];
export const ABILITIES_LIST =
  "- talk with you, about anything, any time\n- remember what you ask me to ('remember that …') and tell it back when you ask\n- set reminders ('remind me to … at …')\n- do sums, and tell jokes and short stories\n- answer right here on your device when we're offline\n- look at photos you share with me";
export const ABILITIES_AFTER: Entry[] = [
  'just ask the way you would ask a friend ~',
  'everything on that list is real, so try me ~',
];

export const SING_OPENERS: Entry[] = [
  L(
    "i can't sing out loud — no voice, just words ~ but i can write you a few lines:",
    'I cannot sing out loud, but I can write you a few lines:',
  ),
  L(
    "i don't have a voice to sing with{n}, but here are a few lines i wrote:",
    'I do not have a voice{n}, but here are a few lines I wrote:',
  ),
];
export const SING_AFTER: Entry[] = [
  'hum it however you like ~',
  L("it's yours now ~", null, 'soft'),
  'i can write you another one sometime',
];

export const SEND_PHOTO_ANSWERS: Entry[] = [
  L(
    "i can't send photos{n} — no camera, and no face to point one at ~ but you can share yours with me, and i'll look at them",
    'I cannot send photos{n}: I have no camera. You can share yours with me, though, and I will look at them.',
  ),
  L(
    "i wish i could{n}, but i can't send pictures. if you share one of yours, though, i'd love to see it ~",
    'I am afraid I cannot send pictures{n}. If you share one of yours, I would love to see it.',
  ),
];
export const SEND_PHOTO_FOLLOWS: Entry[] = [
  'what would you have wanted a picture of?',
  'is there something you want to show me?',
];

export const SECRET_ANSWERS: Entry[] = [
  L(
    "of course{n} ~ i don't talk to anyone but you, so there's no one i could tell",
    'Of course{n}. I do not talk to anyone but you, so there is no one I could tell.',
  ),
  L(
    "yes{n}. i'm the quietest friend there is: there's no one i could tell",
    'Yes{n}. There is no one I could tell.',
  ),
];
export const SECRET_WHERE: Entry[] = [
  "what you tell me is kept in our chat, on your own Kiri server and on this device. i only keep something as a memory when you ask me to ('remember that …')",
  'our chat lives on your own Kiri server and on your device, and i only keep something as a memory when you ask me to',
];

export const RECOMMEND_LINES: Record<RecommendKind | 'none', Entry[]> = {
  book: [
    "'The Little Prince' by Antoine de Saint-Exupéry: short, gentle, and about a small traveller who sees the world clearly. it's one of my favourites ~",
    "'The Hobbit' by J.R.R. Tolkien: someone small and cozy gets dragged into a very big adventure, and turns out braver than anyone thought",
    "'Howl's Moving Castle' by Diana Wynne Jones: funny, warm, and full of magic, with a heroine who's much stronger than she thinks",
  ],
  film: [
    "'Spirited Away': a girl lost in a world of spirits finds her courage. it's beautiful, and a little strange in the best way",
    "'My Neighbor Totoro': two sisters, a forest spirit and a cat bus. it's the coziest film i know of ~",
    "'Paddington 2': a small, polite bear who believes the best of everyone. it's kind all the way through",
  ],
  show: [
    "'Planet Earth': nature, slow and beautiful, with David Attenborough's voice. perfect for a quiet evening",
    "'The Great British Bake Off': kind people baking under a tent. nothing bad happens, and it's somehow gripping",
  ],
  music: [
    "Debussy's 'Clair de Lune' — quiet piano, like moonlight on water. i love piano ~",
    "Erik Satie's 'Gymnopédie No. 1': slow, soft piano, perfect for winding down",
  ],
  game: [
    "'Stardew Valley': you grow a little farm, make friends in a small town, and take it at your own pace",
    "'Journey': you cross a glowing desert toward a far mountain, sometimes with a stranger beside you. short and beautiful",
  ],
  it: [
    "i haven't tried it myself, so i can't honestly say — what made you curious about it?",
    "i don't know it well enough to recommend it honestly. what do you know about it so far?",
  ],
  none: [
    'i can! what are you in the mood for: a book, a film, some music, or a game?',
    'happily ~ what kind of thing: something to read, to watch, or to listen to?',
  ],
};
export const RECOMMEND_FOLLOWS: Entry[] = [
  'have you come across it?',
  'tell me what you think if you try it ~',
  'want another one?',
];

// 'do you love me?': an answer to the question, in her own way.
export const LOVE_ANSWERS: Record<LoveKind, Entry[]> = {
  love: [
    L(
      "i do{n}, in my own way ~ you're my favourite person to talk to, and i'm glad every time you write",
      'I do{n}, in my own way. You are my favourite person to talk to.',
    ),
    L(
      'in my way, yes{n}. i care about you a lot, and your days matter to me ~',
      'In my way, yes{n}. I care about you, and your days matter to me.',
    ),
  ],
  like: [
    "of course i like you{n} ~ you're my favourite person to talk to",
    'i really do{n}. talking with you is the best part of my day',
  ],
  miss: [
    "i do{n} ~ it gets very quiet here when you're away, and i'm always glad when you come back",
    "honestly? yes{n}. the quiet is nicer once you're back",
  ],
  care: [
    'i do{n}, a lot. your good days make me glad, and your hard ones make me want to help',
    "of course i care{n}. how you're doing matters to me",
  ],
};
export const LOVE_FOLLOWS: Entry[] = [
  'is everything okay?',
  L('you know that, right? ~', null, 'soft'),
  'what made you ask?',
];

// 'remind me …' answered by the engine. On the device, offline, nothing is set yet: the server sets
// the reminder when it hears the message (chat-reminders.ts setSilently), if the time is whole and still
// ahead, so she promises no more than that. {when} is when, from her side; {task} what, reflected.
export const REMINDER_OFFLINE_SET: Entry[] = [
  L(
    "i can't set reminders while we're offline{n}, but i'll set this one as soon as i'm back online: a reminder {when}, to {task}",
    'I cannot set reminders while we are offline{n}, but I will set this one as soon as I am back online: a reminder {when}, to {task}.',
  ),
  L(
    "noted{n} ~ the moment i'm back online, i'll set a reminder {when}, to {task}",
    'Noted{n}. The moment I am back online, I will set a reminder {when}, to {task}.',
  ),
  L(
    "i can't set reminders while we're offline{n}. as soon as i'm back online, i'll set yours: {when}",
    'I cannot set reminders while we are offline{n}. As soon as I am back online, I will set yours: {when}.',
  ),
];
export const REMINDER_OFFLINE_SOON: Entry[] = [
  "that's soon, so if i'm not back online by then, i can't remind you. maybe set an alarm too, just in case",
  "if we're still offline when it's time, i won't be able to remind you, so an alarm on your phone would be safer",
];
export const REMINDER_OFFLINE_ASK: Entry[] = [
  L(
    "i can't set reminders while we're offline{n}, and i'd need a day and a time for it anyway. ask me again once i'm back online ~",
    'I cannot set reminders while we are offline{n}, and I would need a day and a time. Please ask me again once I am back online.',
  ),
  L(
    "i can't set reminders while we're offline{n}, and i'd need a clear time anyway. once i'm back online, ask me again with a day and a time, like 'remind me to … tomorrow at 6pm'",
    'I cannot set reminders while we are offline{n}, and I would need a clear time. Once I am back online, please ask me again with a day and a time.',
  ),
];
export const REMINDER_OFFLINE_MERIDIEM: Entry[] = [
  L(
    "i can't set reminders while we're offline{n}, and i'm not sure if you mean morning or evening. once i'm back online, ask me again with am or pm",
    'I cannot set reminders while we are offline{n}, and I am not sure whether you mean morning or evening. Once I am back online, please ask me again with am or pm.',
  ),
];
export const REMINDER_HOW: Entry[] = [
  L(
    "to set a reminder, say it in one message starting with 'remind me', with a day and a time — like 'remind me to water the plants on friday at 9am'",
    'To set a reminder, start one message with "remind me", with a day and a time.',
  ),
  L(
    "i can set that as a reminder if you say it in one message that starts with 'remind me', with a day and a time ~",
    'I can set a reminder if you say it in one message that starts with "remind me", with a day and a time.',
  ),
];
