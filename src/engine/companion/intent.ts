// Reading the owner's message: intent, feeling, what to remember, what to recall.
import type { Intent } from './types';
import { asSaidMidLine, normaliseApostrophes, reflect, tidy, trimEndOf } from './text';
import { NEUTRAL_BAND, readSentiment, STRONG_FEELING } from '../language/sentiment';
import { readArithmetic, type MathReading } from './arithmetic';
import { jokeMoveOf, toldAJoke, type JokeMove } from './jokes';
import { factsIn, songsIn, storiesIn } from './stories';
import { selfTopicOf } from './self-profile';
import { hardshipOf, type HardshipReading } from './hardship';
import { recommendKindOf, requestOf, type RequestReading } from './requests';
import { likesOf, type LikeReading } from './likes';
import {
  affectionKindOf,
  isBack,
  isLaugh,
  isRightBack,
  verdictOf,
  willTell,
  openingOf,
  ownerStatusOf,
  reactionOf,
  type AffectionKind,
  type OwnerStatus,
} from './short-replies';

export type AboutKind =
  'identity' | 'name' | 'wellbeing' | 'doing' | 'ai' | 'preference' | 'self' | 'general';
export type QuestionKind =
  'time' | 'date' | 'help' | 'math' | 'advice' | 'until' | 'request' | 'general';
/**
 * Finer shades of a statement the local engine answers differently: 'nudge' breaks a silence ('you
 * there?', 'say something'); the owner's short replies (short-replies.ts): 'laugh' ('lol'), 'well'
 * ("I'm fine"), 'meh' ('so-so'), 'back' ("I'm back"), 'brb' ('one sec'), 'doubt' ('really?'), 'surprise'
 * ('wow') and 'puzzled' ('huh?'); 'teaser' ('guess what'), 'may_ask' ('can I ask you
 * something?') and 'opinion' ('what do you think?'); 'likes' ('I like pizza', 'I hate mondays', likes.ts);
 * 'went_well' ('that was fun') and 'went_badly' ('that sucked'), or 'liked_hers' and 'disliked_hers'
 * when her last reply told a joke, a story, a song or a fact.
 */
export type Flavour =
  | 'wordless'
  | 'ack'
  | 'affection'
  | 'nudge'
  | 'birthday'
  | 'apology'
  | 'laugh'
  | 'well'
  | 'meh'
  | 'busy'
  | 'back'
  | 'brb'
  | 'doubt'
  | 'surprise'
  | 'puzzled'
  | 'likes'
  | 'teaser'
  | 'may_ask'
  | 'opinion'
  | 'exclaim_good'
  | 'exclaim_bad'
  | 'will_tell'
  | 'longing'
  | 'apology_sharing'
  | 'she_seems'
  | 'talk_recall'
  | 'luck'
  | 'her_answer'
  | 'went_well'
  | 'went_badly'
  | 'liked_hers'
  | 'disliked_hers'
  | null;

export interface Analysis {
  intent: Intent;
  feeling: string | null;
  /** How strongly the feeling is felt, 0 to 1 (VADER, see readFeeling); 0 without one. */
  feelingIntensity: number;
  remember: string | null;
  recallQuery: string | null;
  /** The message opened with a greeting ('hey, …'). */
  greeted: boolean;
  /** The message thanked Kiri somewhere. */
  thanked: boolean;
  about: AboutKind | null;
  /** For about 'preference': the thing asked about ('do you like cats?' → 'cats'). */
  aboutThing: string | null;
  question: QuestionKind | null;
  flavour: Flavour;
  /** For about 'self': the topic of her self-profile asked about ('lonely', 'colour'…). */
  selfTopic: string | null;
  /** The message's move in a joke (a request, a knock-knock, a riddle, a laugh at hers), or null. */
  joke: JokeMove | null;
  /** For question 'math': the sum read, answered or declined. */
  math: MathReading | null;
  /** A request she answers in her own way: a story, a song, what she can do… (requests.ts). */
  request: RequestReading | null;
  /** Hard news told without a feeling word ('my cat died'): read as sadness (hardship.ts). */
  hardship: HardshipReading | null;
  /**
   * For flavour 'birthday': whose birthday it is today, from Kiri's side ('your mom'), or null for the
   * owner's own.
   */
  birthdayOf: string | null;
  /** The message opened by asking whether she is there ('you there? …'): she says she is, first. */
  checkedIn: boolean;
  /** For flavour 'affection': love ('I love you'), missing her, or a compliment. */
  affection: AffectionKind | null;
  /**
   * How the owner said they are, when they asked her back ('I'm good, you?', 'meh, and you?'): she
   * answers about herself after a word on theirs, and does not ask again.
   */
  askedBack: OwnerStatus | 'unsaid' | null;
  /** For flavour 'likes': what the owner likes or dislikes ('I like pizza', 'I hate mondays'). */
  likes: LikeReading | null;
  /** The message without a leading greeting (nor a leading 'are you there?'). */
  rest: string;
}

export const FEELINGS = [
  'sad',
  'tired',
  'happy',
  'anxious',
  'angry',
  'lonely',
  'stressed',
  'excited',
  'bored',
  'grateful',
] as const;
export type Feeling = (typeof FEELINGS)[number];

const FEELING_PATTERNS: Record<Feeling, RegExp> = {
  sad: /\b(sad+|unhappy|depressed|heartbroken|miserable|upset|gloomy|crying|cried|cry|tears|feel(?:ing)?\s+(?:so\s+|really\s+|a\s+bit\s+|kinda\s+)?(?:down|low|blue|awful|terrible|bad|empty)|hurts?|devastated|broke up|dumped)\b/,
  tired:
    /\b(tired|(?:such\s+a\s+|a\s+)?long\s+day|(?:don'?t|do\s+not)\s+want\s+to\s+(?:go\s+to\s+(?:work|school|class|uni|the\s+office)|get\s+up)|exhausted|sleepy|drained|worn out|wiped out|knackered|fatigued|burn(?:t|ed) out|no energy|can'?t keep my eyes open)\b/,
  happy:
    /\b(happy|glad|joyful|cheerful|delighted|got\s+the\s+job|got\s+(?:a|the)\s+new\s+job|got\s+a\s+job(?:\s+offer)?|got\s+(?:an|the)\s+(?:job\s+)?offer|(?:we|i|finally)\s+bought\s+(?:a|our|my|the)\s+(?:first\s+|new\s+)?(?:house|flat|apartment|home)|got\s+accepted|got\s+into\s+(?:uni|university|college|grad\s+school)|got\s+promoted|nailed\s+it|i\s+did\s+it(?!\s+(?:again|wrong|badly|by\s+mistake))|we\s+did\s+it|i\s+made\s+it(?!\s+(?:worse|up))|passed\s+(?:my|the)\s+(?:exam|test|driving\s+test|interview)|i\s+passed(?!\s+(?:out|away|by|on|it|the\s+\w+\s+to))|had\s+(?:a|her|his|their|the)\s+baby|got\s+(?:a|the)\s+(?:promotion|raise|pay\s+rise)|proud\s+of\s+myself|(?:finally\s+)?finished\s+my\s+(?:project|thesis|dissertation|essay|exams?|assignment|homework|book|novel|degree)|finally\s+(?:finished|submitted|sent\s+off|handed\s+in)\s+(?:that|the|my)\s+(?:report|presentation|project|paper|essay|thesis|application|proposal|slides|assignment)|(?:got|is|are|we'?re|we\s+are|i'?m|i\s+am|just\s+got)\s+engaged|got\s+married|(?:i'?m|i\s+am|we'?re|we\s+are)\s+getting\s+married|is\s+pregnant|(?:i'?m|we'?re)\s+pregnant|great day|good day|amazing day|best day|(?:my\s+day|today|work|school|the\s+(?:party|trip|date|weekend))\s+(?:was|went|is\s+going)\s+(?:really\s+|so\s+|pretty\s+|very\s+|super\s+)?(?:good|great|amazing|nice|fun|lovely|awesome|well|fantastic)|feel(?:ing)?\s+(?:so\s+|really\s+|much\s+|a\s+lot\s+|so\s+much\s+)?(?:good|great|amazing|wonderful|better)|yay+|so good|over the moon)\b/,
  anxious:
    /\b(anxious|anxiety|nervous|worried|worrying|worry|scared|afraid|panic(?:king|ked)?|uneasy|on edge|freaking out|terrified|dread(?:ing)?)\b/,
  angry:
    /\b(angry|mad|furious|pissed|annoyed|annoying|irritated|frustrated|frustrating|fed up|sick of|sick and tired|hate (?:this|it|that|him|her|them))\b/,
  lonely:
    /\b(lonely|lonesome|isolated|(?:feel|feeling|so|all)\s+alone|no ?one to talk to|nobody (?:cares|to talk to)|miss(?:ing)? (?:home|my))\b/,
  stressed:
    /\b(stress(?:ed|ful)?|overwhelmed|swamped|too much (?:work|to do)|so much (?:work|to do)|under pressure|deadlines?)\b/,
  excited: /\b(excited|exciting|can'?t wait|cant wait|thrilled|pumped|hyped|stoked)\b/,
  bored: /\b(bored|boring|nothing to do)\b/,
  grateful: /\b(grateful|thankful|blessed)\b/,
};

const NEGATION =
  /\b(not|never|no longer|isn't|wasn't|aren't|don't|didn't|doesn't|not really|hardly)\s+(?:\w+\s+)?$/;

/** The feelings whose words are glad ones: when VADER reads the message as negative, they were negated. */
const POSITIVE_FEELINGS: ReadonlySet<Feeling> = new Set(['happy', 'excited', 'grateful']);

/** Searching forms, made once: matchAll copies them, so no search leaves a lastIndex behind. */
const FEELING_SEARCHES = FEELINGS.map(
  (feeling) => [feeling, new RegExp(FEELING_PATTERNS[feeling].source, 'g')] as const,
);

export interface FeelingReading {
  feeling: Feeling;
  /** How strongly it is felt, 0 to 1: VADER's |compound| when it agrees with the feeling, else 0. */
  intensity: number;
  /** Strongly felt (intensity at least STRONG_FEELING): 'I'm SO happy!!' is very happy. */
  strong: boolean;
}

/**
 * The owner's feeling (docs/language.md). The word lists name the kind of feeling the replies need
 * (sad, tired, anxious…); VADER decides its direction and strength, negation, intensifiers, capitals,
 * '!' and emoticons included. The earliest feeling word VADER's reading agrees with wins:
 * - a glad word in a message VADER reads as negative was negated ('I am not happy at all'): sad;
 * - a sore word in a message VADER reads as positive, right after a negation ('I'm not sad'), is no
 *   feeling; in VADER's neutral band the negation before the word decides, as before.
 */
export function readFeeling(text: string): FeelingReading | null {
  const lower = normaliseApostrophes(text).toLowerCase();
  const hits: { feeling: Feeling; index: number }[] = [];
  for (const [feeling, pattern] of FEELING_SEARCHES) {
    for (const match of lower.matchAll(pattern)) hits.push({ feeling, index: match.index });
  }
  if (hits.length === 0) return null;
  hits.sort((a, b) => a.index - b.index);
  const { compound } = readSentiment(text);
  const negative = compound <= -NEUTRAL_BAND;
  for (const hit of hits) {
    const negated = NEGATION.test(lower.slice(Math.max(0, hit.index - 24), hit.index));
    let feeling: Feeling | null = hit.feeling;
    if (POSITIVE_FEELINGS.has(hit.feeling)) {
      if (negative) feeling = 'sad';
      else if (negated) feeling = null;
    } else {
      if (hit.feeling === 'stressed' && /\bno stress\b/.test(lower)) feeling = null;
      else if (negated && !negative) feeling = null;
      // 'I'm not lonely, just tired': a negated sore word gives way to a later feeling word.
      else if (negated && hit !== hits[hits.length - 1]) feeling = null;
    }
    if (!feeling) continue;
    const agrees = POSITIVE_FEELINGS.has(feeling) ? compound > 0 : compound < 0;
    const intensity = agrees ? Math.abs(compound) : 0;
    return { feeling, intensity, strong: intensity >= STRONG_FEELING };
  }
  return null;
}

/** The owner's feeling, or null (see {@link readFeeling}). */
export function detectFeeling(text: string): Feeling | null {
  return readFeeling(text)?.feeling ?? null;
}

const LEAD_FILLER =
  /^(?:(?:ok(?:ay)?|so|and|also|o+h+|a+h+|hmm+|well|btw|hey|hi|pls|please|kiri|listen|um+|uh+)[\s,!.:~-]+)+/i;

const GREETING =
  /^(?:(?:hi+|hello+|hey+|heya|hiya|helo+|hallo+|howdy|hola|yo+|sup|wa?ss?up|what'?s up|greetings|good (?:morning|afternoon|evening|day)|g'?morning)(?=$|[\s,!.~?:;)])|(?:morning|evening|afternoon)(?=\s*(?:$|[,!.~?:;)]|(?:kiri|there|you|all|everyone)\b)))/i;
const GREETING_TAIL =
  /^(?:\s*(?:there|you|again|kiri|babe|friend|bestie|love|dear|again|all|:\)|:d|<3)\b)*[\s,!.~?]*/i;

const REMEMBER_VERB =
  "(?:remember|don'?t\\s+forget|do\\s+not\\s+forget|never\\s+forget|keep\\s+in\\s+mind|make\\s+a\\s+note|take\\s+(?:a\\s+)?note|note\\s+down|save\\s+this|memori[sz]e)";
const REMEMBER_LEAD = new RegExp(
  `^(?:(?:please|pls|can\\s+you|could\\s+you|would\\s+you|will\\s+you|i\\s+want\\s+you\\s+to|i\\s+need\\s+you\\s+to|try\\s+to)\\s+)*${REMEMBER_VERB}\\b(?:\\s+(?:that|this|about))?\\s*[:,-]?\\s*(.*)$`,
  'i',
);
/** The asking at the end of 'my birthday is May 5, remember that!' (after the end marks are cut). */
const REMEMBER_TRAIL_ASK = new RegExp(`${REMEMBER_VERB}\\s+(?:that|this|it)$`, 'i');
const REMEMBER_TRAIL_POLITE = /(?:please|pls|ok(?:ay)?|and)\s+$/i;
const REMEMBER_TRAIL_THEN = /(?:please|ok(?:ay)?)$/i;
const REMEMBER_TRAIL_END_MARKS = /[\s.!~?]/;
const REMEMBER_TRAIL_SEPARATOR = /[\s,.!;:~-]/;
/** Enough of the end of a tidied message to hold the longest asking ('do not forget that'). */
const TAIL_WINDOW = 48;

/**
 * What comes before a trailing 'remember that' ('…, please remember it!'), or null. Scanned from the end
 * with a few bounded steps: as one pattern ('(.+?)[separators]+…$') it tried every separator run from
 * every position, which took time in the square of a message like 'a, , , , …'.
 */
function rememberTrail(body: string): string | null {
  let rest = trimEndOf(body, REMEMBER_TRAIL_END_MARKS);
  if (!REMEMBER_TRAIL_ASK.test(rest.slice(-TAIL_WINDOW))) {
    // '… remember that, please': the asking ends before a last 'please' or 'ok', with a word break.
    const then = REMEMBER_TRAIL_THEN.exec(rest.slice(-TAIL_WINDOW));
    if (!then) return null;
    const before = rest.slice(0, rest.length - then[0].length);
    rest = trimEndOf(before, REMEMBER_TRAIL_END_MARKS);
    if (rest.length === before.length) return null;
  }
  const windowStart = Math.max(0, rest.length - TAIL_WINDOW);
  const ask = REMEMBER_TRAIL_ASK.exec(rest.slice(windowStart));
  if (!ask) return null;
  const askStart = windowStart + ask.index;
  /** Where the thing ends when separators (at least one) run up to `at`; the thing keeps a character. */
  const thingEnd = (at: number): number | null => {
    let start = at;
    while (start > 0 && REMEMBER_TRAIL_SEPARATOR.test(rest[start - 1]!)) start -= 1;
    if (start === at) return null;
    const end = Math.max(start, 1);
    return end < at ? end : null;
  };
  const ends: number[] = [];
  const plain = thingEnd(askStart);
  if (plain !== null) ends.push(plain);
  const politeFrom = Math.max(0, askStart - 16);
  const polite = REMEMBER_TRAIL_POLITE.exec(rest.slice(politeFrom, askStart));
  if (polite) {
    const end = thingEnd(politeFrom + polite.index);
    if (end !== null) ends.push(end);
  }
  return ends.length > 0 ? rest.slice(0, Math.min(...ends)) : null;
}

const REMEMBER_LATER_SENTENCE = new RegExp(
  `^(.+?[.!~;])\\s+(?:(?:and|also|oh|so|btw)[\\s,]+)*((?:(?:please|pls)[\\s,]+)*${REMEMBER_VERB}\\b.*)$`,
  'i',
);

const MEMORY_POLITE_END = /(?:please|pls|for me|ok(?:ay)?|kiri|alright)$/i;

/** The thing to store, cleaned: no trailing 'please', no end punctuation, 'to X' → 'I need to X'. */
export function cleanMemory(raw: string): string | null {
  let text = tidy(raw).replace(/^(?:that|about)\s+/i, '');
  // '…, please!': the word goes with the spaces or commas before it and the marks after it. Found from
  // the end: as a pattern ('[\s,]+please…$') it took time in the square of a run of ', , , …'.
  const ended = trimEndOf(text, /[\s.!~?]/);
  const windowStart = Math.max(0, ended.length - 8);
  const polite = MEMORY_POLITE_END.exec(ended.slice(windowStart));
  if (polite) {
    const wordStart = windowStart + polite.index;
    let start = wordStart;
    while (start > 0 && /[\s,]/.test(ended[start - 1]!)) start -= 1;
    if (start < wordStart) text = ended.slice(0, start);
  }
  text = trimEndOf(text, /[\s.!~,;:]/).trim();
  if (/^to\s+\S/i.test(text)) text = `I need ${text}`;
  if (text.length < 2 || !/[\p{L}\p{N}]/u.test(text)) return null;
  return text.length > 500 ? `${text.slice(0, 497)}…` : text;
}

// The asked-about thing runs to the end and its end marks are cut afterwards (cleanQuery): a lazy group
// before '[\s?.!~]*$' is tried at every position of a long run of marks, in time the square of the run.
const RECALL_PATTERNS: RegExp[] = [
  /^(?:what|which things?|what all)\s+(?:else\s+)?(?:do|did|can|could)\s+you\s+(?:remember|recall|know)(?:\s+(?:about|of|regarding)\s+(.+))?[\s?.!~]*$/i,
  /^(?:what|which)\s+(?:did|have)\s+i\s+(?:tell|told|say|said|mention(?:ed)?)\s+(?:to\s+)?(?:you\s+)?(?:about|regarding|of)?\s*(.*)$/i,
  /^(?:do|can|did)\s+you\s+(?:still\s+)?(?:remember|recall)\s+(?:that\s+|when\s+|what\s+|about\s+)?(.*)$/i,
  /^(?:do|did)\s+you\s+know\s+(?:what\s+|who\s+|when\s+|where\s+)?(my\s+.+)$/i,
  /^(?:where|when|what|who|how)\s+(?:does|did|do|was)\s+(my\s+.+)$/i,
  /^(?:where|when|who|what)\s+(?:do|did|am|was)\s+i\s+((?:work|live|study|grow\s+up|born|come\s+from|go\s+to\s+school)\b.*)$/i,
  /^(?:did|have)\s+i\s+(?:ever\s+)?(?:tell|told|mention(?:ed)?)\s+(?:to\s+)?you\s+(?:about\s+|that\s+)?(.*)$/i,
  /^(?:tell me\s+)?what\s+you\s+(?:remember|know)(?:\s+about\s+(.+))?[\s?.!~]*$/i,
  /^(?:what'?s|what\s+is|what\s+was|what\s+are|when'?s|when\s+is|where'?s|where\s+is|who'?s|who\s+is)\s+(my\s+.+)$/i,
];

const ABOUT_PATTERNS: [AboutKind, RegExp][] = [
  [
    'name',
    /\b(?:what'?s|what\s+is|whats)\s+your\s+name\b|\byour\s+name\s*\?|\bwho\s+am\s+i\s+(?:talking|speaking)\s+(?:to|with)\b/i,
  ],
  [
    'ai',
    /\bare\s+you\s+(?:a\s+|an\s+)?(?:bot|robot|ai|a\.i\.|human|real|person|machine|program|chatbot|alive|conscious)\b/i,
  ],
  [
    'identity',
    /\b(?:who|what)\s+(?:are|r)\s+(?:you|u)\b(?!\s+(?:doing|up\s+to)\b)|\btell\s+me\s+(?:about|more about)\s+(?:yourself|you)\b|\bintroduce\s+yourself\b/i,
  ],
  [
    'wellbeing',
    /\bhow\s+(?:are|r)\s+(?:you|u|ya)\b|\bhow(?:'?s|\s+is)\s+(?:it\s+going|your\s+day|life|you)\b|\bhow\s+(?:have|'?ve)\s+you\s+been\b|\bhru\b|\bhow\s+do\s+you\s+feel\b|\bare\s+you\s+(?:ok(?:ay)?|alright|well|good|fine|happy|sad|tired|awake|there)\b|\bhow\s+you\s+doing?\b/i,
  ],
  [
    'doing',
    /\bwhat\s+(?:are|r)\s+(?:you|u)\s+(?:doing|up\s+to)\b|\bwyd\b|\bwhat\s+have\s+you\s+been\s+up\s+to\b/i,
  ],
  [
    'preference',
    /\b(?:do|would)\s+you\s+(?:like|love|enjoy|hate|prefer|dream|sleep|eat|miss|have\s+(?:a\s+)?favou?rite)\b|\bwhat'?s\s+your\s+favou?rite\b|\bwhat\s+is\s+your\s+favou?rite\b/i,
  ],
];

/**
 * A question to Kiri about herself ('do you get lonely?', "what's your favourite colour?", 'how old
 * are you?'): answered as herself, before any feeling word in it is taken as the owner's ('lonely').
 * Questions that use 'you' for the owner's sake ('do you think I should…', 'can you help…') are not.
 */
const SELF_QUESTION =
  /^(?:(?:and|so|but|also|kiri|ok(?:ay)?|wait|hmm+|um+)[\s,]+)*(?:(?:do|did|does|are|were|have|would|could|will|is)\s+(?:you|u|ya)\b(?!\s+(?:think|know|remember|recall|mind|want|need|help|tell|give|see|understand|agree|believe|hear|get\s+(?:it|me|what)|promise|remind|mean|have\s+(?:any\s+)?(?:time|a\s+(?:minute|sec|second)))\b)|(?:what'?s|what\s+is|what\s+are|whats)\s+your\b|what\s+(?:do|did|would)\s+you\s+(?:like|love|enjoy|do|eat|dream|listen|read|watch|prefer|hate)\b|what\s+(?:kind|sort|type)\s+of\s+\w+\s+do\s+you\b|how\s+(?:old\s+are\s+you|was\s+your|is\s+your|do\s+you\s+(?:feel|spend))|where\s+(?:do|are|did)\s+you\s+(?:live|from|come|stay|grow)|when'?s\s+your|when\s+is\s+your|have\s+you\s+ever|who\s+(?:made|created|built|designed)\s+you)/i;

/**
 * 'are you there?', 'u still awake': a check that she is there (alone, a silence-breaker: NUDGE;
 * leading more, answered first: PRESENCE_LEAD).
 */
const PRESENCE_CHECK = String.raw`(?:are\s+)?(?:you|u)\s+(?:still\s+)?(?:there|here|awake|around)`;
/** Breaking a silence: the owner checks she is there, or asks her to start ('say something'). */
const NUDGE = new RegExp(
  String.raw`^(?:(?:hello|hey|hi|kiri|so|um+|hmm+)[\s,.]*)*(?:${PRESENCE_CHECK}|anyone\s+(?:there|home)|say\s+something|talk\s+to\s+me|tell\s+me\s+something(?:\s+(?:interesting|new|fun|random|nice))?|entertain\s+me|i\s+(?:don'?t|dont|do\s+not)\s+know(?:\s+what\s+to\s+(?:say|talk\s+about))?|what\s+(?:should|shall|can|do)\s+we\s+talk\s+about|let'?s\s+(?:talk|chat)|so+|anyway+|nothing(?:\s+(?:much|really))?|not\s+(?:much|a\s+lot)|nm|idk|dunno|ask\s+me\s+(?:something|a\s+question|anything)|you\s+pick|your\s+turn)$`,
  'i',
);
/** 'what should I eat?', 'should I text him?': advice, thought through together, not looked up. */
const ADVICE =
  /^(?:what|which|where|when|how)\s+should\s+(?:i|we)\b|^should\s+(?:i|we)\b|^(?:do|would)\s+you\s+think\s+i\s+should\b/i;

/** 'how many days until Friday?', 'how long till the weekend?': counted on the owner's calendar. */
const DAYS_UNTIL =
  /^how\s+(?:many\s+(?:more\s+)?days|long)\s+(?:is\s+it\s+)?(?:until|till|til|to|before)\b/i;

const FAREWELL =
  /^(?:(?:ok(?:ay)?|alright|well|anyway|so)[\s,]+)?(?:bye+|bye[\s-]?bye|goodbye|good\s?bye|good\s*night|goodnight|gn|nite|night night|nighty night|nighty|see\s+(?:you|ya|u)|cya|talk\s+(?:to\s+you\s+)?(?:later|soon|tomorrow)|ttyl|later|gotta\s+go|got\s+to\s+go|have\s+to\s+go|i\s+have\s+to\s+go|i'?m\s+(?:off|leaving|heading\s+out)(?!\s+(?:work|the\s+office|school|uni|class|the\s+gym|home|for\s+home|today|tomorrow|tonight|this\s+(?:week|weekend|morning|afternoon|evening)|on\s+(?:mon|tues|wednes|thurs|fri|satur|sun)day|sick|from\s+work|until|till|all\s+(?:day|week))\b)|gtg|g2g|gotta\s+run|(?:i\s+)?(?:have|got)\s+to\s+run|(?:i'?m\s+)?(?:going|off|heading)\s+to\s+(?:bed|sleep)|time\s+for\s+bed|sleep\s+(?:well|tight)|farewell|(?:(?:i\s+)?(?:(?:have|got|need)\s+to|gotta)\s+(?:get\s+)?)?back\s+to\s+(?:work|it)(?=[\s!.~]*$))(?=$|[\s,!.~?:;)])/i;
/**
 * A farewell after something else ('cute. I have to go back, meeting in 5'): only a going that ends its
 * sentence ('I have to go now', 'have to go back,'), not 'I have to go to the dentist tomorrow' or 'I
 * have to go back to work on Monday'.
 */
const FAREWELL_ANYWHERE =
  /\b(?:good\s*night|goodbye|bye for now|(?:i'?m\s+)?(?:going|off|heading)\s+to\s+(?:bed|sleep)|gotta\s+go|talk\s+(?:to\s+you\s+)?tomorrow|(?:have|got|need)\s+to\s+go(?:\s+(?:back|now))?(?=\s*(?:$|[,.!~;])))\b/i;

/** A going with a later time: 'I have to go to the dentist tomorrow', 'gotta go to the store later'. */
const GOING_LATER =
  /\b(?:have|got|gotta|need)\s+(?:to\s+)?(?:go|run)\b[^.!?]{0,60}?\b(?:tomorrow|tonight|later|this\s+(?:afternoon|evening|weekend|week)|next\s+(?:week|month|year|mon|tues|wednes|thurs|fri|satur|sun)|on\s+(?:mon|tues|wednes|thurs|fri|satur|sun)day|at\s+\d|in\s+\d+\s+(?:hours?|days?|weeks?))\b/i;
/** A goodbye said in words, which a going later does not take back ('bye! I have to go tomorrow'). */
const SAID_BYE =
  /\b(?:bye+|goodbye|good\s*night|goodnight|see\s+(?:you|ya|u)|cya|ttyl|talk\s+(?:to\s+you\s+)?(?:later|soon|tomorrow))\b/i;

/**
 * Rule goingLater: a going the owner tells of for later is a plan, not a goodbye now ('I have to go to
 * the dentist tomorrow' was seen off with 'take care ~ thank you for talking with me'), unless they
 * also say bye.
 */
function goingLater(body: string): boolean {
  return GOING_LATER.test(body) && !SAID_BYE.test(body);
}

const THANKS_START =
  /^(?:(?:oh|aw+|ok(?:ay)?|well)[\s,]+)?(?:thank\s+you|thank\s+u|thanks|thanx|thx|tysm|ty|many thanks|cheers|appreciate\s+(?:it|you|that))(?!\s+to\b)(?=$|[\s,!.~?:;)])/i;
const THANKS_ANYWHERE =
  /\b(?:thank\s+you|thank\s+u|thanks(?!\s+to\b)|thx|tysm|i\s+appreciate\s+(?:it|you|that|this))\b/i;
const NO_THANKS = /\bno,?\s+thanks?\b|\bno thank you\b/i;

const QUESTION_START =
  /^(?:what|why|how|when|where|who|whom|whose|which|can|could|should|would|will|do|does|did|is|are|am|was|were|have|has|any|anyone|tell me|explain|help me|may|shall)\b/i;
/**
 * A worry said as a question ('what if I can't find anything better', 'but what if they say no?'):
 * the owner is anxious, not asking her to look something up. 'what if you …' asks her.
 */
const WORRY =
  /^(?:(?:but|and|so|ugh|hmm+|idk|honestly)[\s,]+)*what\s+if\s+(?:i|i'?m|we|they|he|she|it|my|our|nobody|no\s+one|everyone|something|things|this|that)\b/i;

/**
 * The end of the day in sight ("can't wait to go home", "can't wait for the weekend", 'only 3 more
 * hours'): she counts down with them, it is not news to be excited about ('tell me everything!').
 */
const LONGING =
  /^(?:(?:ugh|omg|man|god|so|and|just|honestly)[\s,]+)*(?:i\s+)?(?:can'?t|cannot)\s+wait\s+(?:to\s+(?:go|get|be)\s+home|to\s+(?:leave|get\s+out(?:\s+of\s+here)?|sleep|go\s+to\s+bed|lie\s+down)|for\s+(?:the\s+)?(?:weekend|friday|bed|home\s*time|this\s+(?:day|week|shift|meeting)\s+to\s+(?:end|be\s+over)|today\s+to\s+(?:end|be\s+over)))\b|^(?:(?:ugh|only|just|still)\s+)*(?:\d+|one|two|three|four|five|six|an?|half\s+an?)\s+(?:more\s+(?:hours?|minutes?|mins?|days?)(?:\s+(?:left|to\s+go))?|(?:hours?|minutes?|mins?|days?)\s+(?:left|to\s+go))(?:\s+(?:until|till|til)\s+[\w\s]{1,30})?[\s!.~]*$/i;

/**
 * An exclamation that opens like a question ('what a beautiful morning', 'what a mess', 'how cute'):
 * without a question mark it asks nothing, and she does not answer that she cannot look it up.
 */
const EXCLAIMED =
  /^(?:what\s+an?\s+[\p{L}']|how\s+(?:(?:very|so|really)\s+)?(?:cute|nice|sweet|lovely|cool|fun|awesome|sad|funny|kind|rude|weird|strange|annoying|beautiful|wonderful|amazing|exciting|interesting|adorable|embarrassing|exhausting|typical|perfect|great)\b)/iu;
const TIME_QUESTION =
  /\b(?:what\s+time\s+is\s+it|what'?s\s+the\s+time|what\s+is\s+the\s+time|time\s+is\s+it)\b/i;
const DATE_QUESTION =
  /\b(?:what\s+day\s+is\s+(?:it|today)|what'?s\s+the\s+date|what\s+is\s+the\s+date|what(?:'?s|\s+is)\s+today'?s?\s+date|what\s+date\s+is\s+it)\b/i;

const AFFECTION =
  /\b(?:that'?s|that\s+is|that\s+was|how)\s+(?:(?:so|really|very|super|too)\s+)?(?:kind|sweet|nice|thoughtful|lovely)\s+of\s+(?:you|u)\b(?!\s+know\b)|\b(?:i\s+)?(?:love|luv|adore)\s+(?:you|u|ya)\b(?!\s+(?:so\s+)?(?:much\s+)?for\b)|\byou(?:'re|\s+are|\s+r|r)\s+(?:(?:so|really|very|such\s+a|the\s+most)\s+)?(?:the\s+best|amazing|sweet|cute|adorable|kind|lovely|wonderful|awesome|a\s+sweetheart|a\s+(?:good|great)\s+(?:friend|listener)|easy\s+to\s+talk\s+to|smart|clever|helpful|the\s+sweetest|my\s+(?:best\s+)?(?:favou?rite|friend))\b|\byou\s+(?:always\s+)?know\s+(?:just\s+)?(?:what|how)\s+to\s+(?:say|make\s+me|cheer\s+me)|(?:^|[,.!~]\s*|\b(?:and|aww+|honestly|seriously|kiri|lol|haha+|omg|but)\s+)you\s+(?:always\s+|really\s+|just\s+)?(?:make|made)\s+me\s+(?:feel\s+(?:so\s+)?better|smile|laugh|happy)\b|\bi'?m\s+(?:so\s+|really\s+)?proud\s+of\s+you\b|\bi\s+(?:really\s+)?like\s+you\b|\b(?:do|will)\s+you\s+(?:like|love|miss)\s+me\b|^(?:i\s+)?(?:(?:really|so|kinda)\s+)?miss(?:ed)?\s+(?:you|u|ya)\b/i;
const ACK =
  /^(?:ok(?:ay)?|k+|kk|sure|alright|right|yeah|yea|ya|yes|yep|yup|no|nope|nah|lol|lmao|haha+|hehe+|hmm+|mm+|mhm+|uh\s+huh|oh+|ah+|aha+|(?:oh+\s+)?i see|oh+\s+ok(?:ay)?|cool|nice|true|fair|fair\s+enough|got it|makes sense|good|great|fine|awesome|perfect|whatever|same|same\s+here|me\s+too|exactly|indeed|agreed|ikr|i\s+know|(?:(?:yeah|yes|ok(?:ay)?|hmm+|mm+)[\s,]+)?(?:you'?re|you\s+are|ur)\s+(?:so\s+|totally\s+|probably\s+|absolutely\s+)?right|(?:that'?s|thats)\s+(?:so\s+)?true|(?:good|fair)\s+point)(?:[\s,]+(?:ok(?:ay)?|then|lol|haha+|hehe+))*[\s!.~]*$/i;
/**
 * 'sorry for being so negative', 'sorry for rambling': the owner apologising for what they shared, which
 * needs no apology (not the silence's 'life happens').
 */
const APOLOGY_FOR_SHARING =
  /^(?:(?:so|really|and)\s+)?(?:sorry|sry|soz)\b[^.!?]{0,30}?\b(?:negative|venting|vent|rambling|ramble|complaining|complain|dumping|whining|moaning|a\s+downer|depressing|too\s+much|so\s+much|annoying|spamming|spam|oversharing|all\s+(?:this|that))\b/i;
/** 'what did we talk about yesterday?': their talks with her, which she keeps only as memories. */
/**
 * 'wish me luck', 'fingers crossed', 'first day at my new job today': luck wished, not 'i'm really glad
 * you share these things' or a plan's 'ooh, today! ~ what's the plan?'.
 */
const LUCK =
  /^(?:(?:ok(?:ay)?|so|well|anyway|eek|omg|ahh+)[\s,!.]+)*(?:wish\s+me\s+luck|fingers\s+crossed(?:\s+for\s+me)?[\s!.~]*$|(?:it'?s\s+)?(?:my\s+)?first\s+day\s+(?:at|of|in)\s+(?:my\s+|the\s+)?(?:new\s+)?(?:job|work|school|uni|university|college|class)|(?:i'?m\s+)?starting\s+(?:my\s+|a\s+)?new\s+job\s+(?:today|tomorrow))\b/i;
/**
 * Her own questions that ask for the owner's pick ("rainy days are my favourite. what's yours?", 'if
 * you could be anywhere right now, where would you be?', "what's the last song you had stuck in your
 * head?"): a short answer to one is an answer, not news ('mine is autumn' got 'thank you for telling me').
 */
const ASKED_THEIR_PICK =
  /\bwhat'?s\s+yours\s*\?|\bwhere\s+would\s+you\s+be\s*\?|\bwhat'?s\s+the\s+last\s+song\b|\bwhat'?s\s+your\s+favou?rite\s+[\w\s]{1,30}\?|\bwhat\s+would\s+you\s+pick\s*\?/i;
/** The words before the pick itself: 'mine is', 'probably', 'i'd say'. */
const PICK_LEAD =
  /^(?:(?:oh|hmm+|um+|ooh|well|easy|definitely|probably|honestly|i'?d\s+say|i\s+think|mine'?s|mine\s+is|my\s+favou?rite\s+is|i\s+love|i'?d\s+be\s+(?:in|at|on)|i\s+would\s+be\s+(?:in|at|on))[\s,:!.~-]+)*/i;
const PICK_TAIL = /(?:[\s,]+(?:for\s+sure|definitely|probably|i\s+think|haha|lol|tbh))?[\s!.~]*$/i;
/** The owner's pick, as said back (at most four words), or null when the message is no short answer. */
export function theirPick(
  body: string,
  history: readonly { role: string; content: string }[],
): string | null {
  const last = history[history.length - 1];
  if (!last || last.role !== 'assistant' || !ASKED_THEIR_PICK.test(last.content.slice(-240)))
    return null;
  if (body.includes('?')) return null;
  const pick = tidy(body.replace(PICK_LEAD, '').replace(PICK_TAIL, ''));
  const words = pick.split(' ').filter(Boolean);
  if (words.length === 0 || words.length > 4) return null;
  if (/^(?:i|i'?m|it|that|this|you|not|no|nothing|idk|dunno)$/i.test(words[0]!)) return null;
  return asSaidMidLine(reflect(pick));
}
const NERVES =
  /\b(?:nervous|anxious|stressed|scared|worried|freaking\s+out|panicking)\s+(?:about|for|before)\s+(?:my|the|this|tomorrow'?s|today'?s|our)\s+(?:big\s+|first\s+|final\s+)?(?:presentation|interview|exam|exams|test|meeting|speech|talk|pitch|date|audition|performance|recital|game|match|race|first\s+day|driving\s+test|review|defen[cs]e)\b/i;
/**
 * Rule nervesBefore: nerves before something of their own ('I'm nervous about my presentation', 'so
 * anxious about the interview tomorrow'): stage fright, met with encouragement, not 'that sounds
 * really unsettling'.
 */
export function nervesBefore(text: string): boolean {
  return NERVES.test(text.slice(0, 400));
}
const TALK_RECALL =
  /\bwhat\s+(?:did|were|have)\s+we\s+(?:talk(?:ed|ing)?|chat(?:ted|ting)?|been\s+talking)\s+about\b|\bdo\s+you\s+remember\s+(?:what\s+we\s+(?:talked|chatted)|our\s+(?:last\s+)?(?:talk|chat|conversation))\b/i;
/** 'you seem quiet today', 'you sound tired': how she comes across, asked of her. */
const SHE_SEEMS =
  /^(?:(?:hey|kiri|hmm+|so)[\s,]+)*you\s+(?:seem|sound|look|are\s+being)\s+(?:a\s+bit\s+|kinda\s+|really\s+|so\s+|very\s+)?(?:quiet|off|sad|down|tired|distant|different|grumpy|upset|happy|cheerful|chirpy|excited|bubbly)\b/i;
/** 'sorry I was busy', 'sorry for the late reply': the owner apologising for a silence. */
const APOLOGY =
  /^(?:(?:so|really)\s+)?(?:sorry|sry|soz|my\s+bad|apologies)[\s!.~]*$|^(?:(?:so|really)\s+)?(?:sorry|sry|soz|apologies)\b[^.!?]{0,40}?\b(?:busy|late|slow|away|gone|reply|replying|answer|answering|disappear(?:ed|ing)?|vanish(?:ed|ing)?|took\s+so\s+long|ignored\s+you|missed\s+your)/i;
const HELP =
  /^(?:(?:can|could|would|will)\s+you\s+(?:please\s+)?help|please\s+help|help\s+me|i\s+need\s+(?:your\s+)?help)\b/i;

function cleanQuery(raw: string | undefined): string | null {
  if (!raw) return null;
  const marks = /[\s?.!~]/;
  const query = trimEndOf(
    tidy(trimEndOf(raw, marks)).replace(/^(?:about|that|the time|when)\s+/i, ''),
    marks,
  );
  if (!query || /^(?:me|anything|everything|stuff|things|it|that|this|us|any)$/i.test(query))
    return null;
  return query;
}

function stripGreeting(text: string): { greeted: boolean; rest: string } {
  const match = GREETING.exec(text);
  if (!match) return { greeted: false, rest: text };
  let rest = text.slice(match[0].length);
  rest = rest.replace(GREETING_TAIL, '');
  return { greeted: true, rest: rest.trim() };
}

/**
 * 'remember what I said about tea': after the remember verb, a question word asks to recall, not to
 * store. The recall query (null for everything), or undefined when it is not such a question.
 */
function recallAsked(content: string): string | null | undefined {
  if (!/^(?:what|when|where|who|how|if|whether|which)\b/i.test(content)) return undefined;
  // The first 'about' and all after it (a pattern ending in '(.+)$' re-read the rest after every 'about').
  const aboutMatch = /\babout\s+/i.exec(content);
  const about = aboutMatch
    ? content.slice(aboutMatch.index + aboutMatch[0].length) || undefined
    : undefined;
  return cleanQuery(about ?? content.replace(/^\S+\s*/, ''));
}

/**
 * Rule birthdayToday: 'it's my birthday!', 'today is my birthday', "it's my mom's birthday today": a
 * birthday that is today (nothing else named: 'my birthday is on Friday' is a plan, read by readPlan).
 * `whose` is null for the owner's own, else from Kiri's side ('your mom').
 */
export function birthdayToday(message: string): { whose: string | null } | null {
  const text = normaliseApostrophes(message.slice(0, 200)).toLowerCase();
  const hit =
    /^(?:(?:today|tonight)\s+is|it'?s|it\s+is)\s+(?:my|our)\s+(?:(\w+(?:\s+\w+)?)'s\s+)?(?:\d+(?:st|nd|rd|th)\s+)?birthday(?:\s+today)?\b(?!\s+(?:on|next|in|tomorrow|is|party\s+(?:on|next|tomorrow)))/.exec(
      text.replace(/^(?:so|and|well|guess\s+what|oh)[\s,!.]+/, ''),
    );
  if (!hit) return null;
  return { whose: hit[1] ? reflect(`my ${hit[1]}`) : null };
}

/**
 * 'are you there? I'm in the tunnel': a check that she is there, leading a message that says more. The
 * check is answered first ('i'm here ~'), the rest read as the message.
 */
const PRESENCE_LEAD = new RegExp(String.raw`^${PRESENCE_CHECK}\s*\?+[\s~]*`, 'i');

/** Everything the local engine reads from a message. */
export function analyse(
  message: string,
  history: readonly { role: string; content: string }[] = [],
): Analysis {
  const text = tidy(normaliseApostrophes(message));
  const { greeted, rest } = stripGreeting(text);
  const opened = rest.replace(LEAD_FILLER, '').trim();
  const presence = PRESENCE_LEAD.exec(opened);
  const checkedIn = presence !== null && presence[0].length < opened.length;
  const body = checkedIn ? opened.slice(presence[0].length).trim() : opened;
  const thanked = !NO_THANKS.test(text) && THANKS_ANYWHERE.test(text);
  const reading = readFeeling(text);
  const feeling = reading?.feeling ?? (thanked ? 'grateful' : null);
  const base: Analysis = {
    intent: 'statement',
    feeling,
    feelingIntensity: reading?.intensity ?? 0,
    remember: null,
    recallQuery: null,
    greeted,
    thanked,
    about: null,
    aboutThing: null,
    question: null,
    flavour: null,
    selfTopic: null,
    joke: null,
    math: null,
    request: null,
    hardship: null,
    birthdayOf: null,
    checkedIn,
    affection: null,
    askedBack: null,
    likes: null,
    rest: body,
  };
  if (!text) return base;

  // remember / recall
  const isQuestion = /\?[\s~!.]*$/.test(body);
  const lead = REMEMBER_LEAD.exec(body);
  if (lead) {
    const content = lead[1] ?? '';
    const asked = recallAsked(content);
    if (asked !== undefined) return { ...base, intent: 'recall', recallQuery: asked };
    if (content.replace(/[\s?.!~]/g, '') === '' && isQuestion) {
      return { ...base, intent: 'recall', recallQuery: null };
    }
    return { ...base, intent: 'remember', remember: cleanMemory(content) };
  }
  const trail = rememberTrail(body);
  if (trail !== null) return { ...base, intent: 'remember', remember: cleanMemory(trail) };
  // 'I got a cat today. Remember that her name is Mochi!': the asking opens a later sentence, and the
  // sentences before it are what 'her' means, so they are kept with it.
  const later = REMEMBER_LATER_SENTENCE.exec(body);
  const laterContent = later ? REMEMBER_LEAD.exec(later[2] ?? '')?.[1] : undefined;
  if (later && laterContent) {
    const asked = recallAsked(laterContent);
    if (asked !== undefined) return { ...base, intent: 'recall', recallQuery: asked };
    const thing = cleanMemory(laterContent);
    if (thing) {
      const context = cleanMemory(later[1] ?? '');
      return { ...base, intent: 'remember', remember: context ? `${context}; ${thing}` : thing };
    }
  }
  for (const pattern of RECALL_PATTERNS) {
    const match = pattern.exec(body);
    if (match) return { ...base, intent: 'recall', recallQuery: cleanQuery(match[1]) };
  }

  if (
    !goingLater(body) &&
    (FAREWELL.test(body) || (body.split(' ').length <= 14 && FAREWELL_ANYWHERE.test(body)))
  ) {
    return { ...base, intent: 'farewell' };
  }
  // 'I'm good, you?', "I'm fine", 'meh': how the owner is, before the thanks it may end with.
  // Read again with its opening filler when that says something: 'so so' and 'ok i guess' lose
  // their first word to LEAD_FILLER.
  const status =
    ownerStatusOf(body, history) ?? (rest !== body ? ownerStatusOf(rest, history) : null);
  if (status?.askedBack) {
    const about = status.status === 'doing' ? 'doing' : 'wellbeing';
    return { ...base, intent: 'about_kiri', about, askedBack: status.status ?? 'unsaid' };
  }
  if (status?.status === 'sleepless') {
    // Asked how they slept: the night is behind them.
    const hardship: HardshipReading = { kind: 'bad_night', feeling: 'tired', subject: null };
    return { ...base, intent: 'feeling', feeling: 'tired', feelingIntensity: 0.4, hardship };
  }
  if (status?.status === 'tired') {
    // 'how was your day?' 'long': tired, as 'I'm tired' is.
    return { ...base, intent: 'feeling', feeling: 'tired', feelingIntensity: 0.4 };
  }
  if (status) {
    const flavour = status.status === 'well' ? 'well' : status.status === 'busy' ? 'busy' : 'meh';
    return { ...base, flavour };
  }
  if (!NO_THANKS.test(body) && THANKS_START.test(body)) {
    return { ...base, intent: 'thanks', feeling: reading?.feeling ?? 'grateful' };
  }
  // A joke, a sum, a question to Kiri about herself and a silence-breaker come before the feeling
  // words they may hold ('do you get lonely?' is about her; 'tell me a joke, I'm bored' wants the joke).
  const joke = jokeMoveOf(body || text, history);
  if (joke) {
    return joke.move === 'tell'
      ? { ...base, intent: 'question', question: 'general', joke }
      : { ...base, joke };
  }
  const math = readArithmetic(body);
  if (math) return { ...base, intent: 'question', question: 'math', math };
  if (LONGING.test(body)) return { ...base, flavour: 'longing', feeling: null };
  if (APOLOGY_FOR_SHARING.test(body)) return { ...base, flavour: 'apology_sharing' };
  if (TALK_RECALL.test(body)) return { ...base, flavour: 'talk_recall' };
  if (LUCK.test(body)) return { ...base, flavour: 'luck', feeling: null };
  if (SHE_SEEMS.test(body)) return { ...base, flavour: 'she_seems', feeling: null };
  if (WORRY.test(body)) {
    const intensity = reading && !POSITIVE_FEELINGS.has(reading.feeling) ? reading.intensity : 0.4;
    return { ...base, intent: 'feeling', feeling: 'anxious', feelingIntensity: intensity };
  }
  const requested = requestOf(body || text);
  // 'I'll watch something after dinner' … 'any recommendations?': the kind the owner just spoke of.
  const request =
    requested?.kind === 'recommend' && requested.recommend === null
      ? { ...requested, recommend: recommendKindOf(lastOwnerTurn(history)) }
      : requested;
  if (request) {
    const about = request.kind === 'love_question' || request.kind === 'abilities';
    return about
      ? { ...base, intent: 'about_kiri', about: 'self', request, feeling: null }
      : { ...base, intent: 'question', question: 'request', request };
  }
  const bare = trimEndOf(body, /[\s?!.~]/);
  // 'hello?' (a greeting that asks) and 'so…' (all filler) are silence-breakers too.
  const asked = greeted && body === '' && /\?[\s~]*$/.test(text);
  if (asked || NUDGE.test(bare || trimEndOf(text, /[\s?!.~]/))) {
    return { ...base, flavour: 'nudge', feeling: reading?.feeling ?? null };
  }
  // 'what would you do?', 'can I ask you something?': more is to come, before the questions about her.
  const opening = openingOf(body);
  if (opening) return { ...base, flavour: opening };
  if (SELF_QUESTION.test(body) && !AFFECTION.test(body)) {
    const known = ABOUT_PATTERNS.find(([, pattern]) => pattern.test(body))?.[0];
    const topic = selfTopicOf(body);
    if (known && known !== 'preference') return { ...base, intent: 'about_kiri', about: known };
    if (topic) {
      return { ...base, intent: 'about_kiri', about: 'self', selfTopic: topic.id, feeling: null };
    }
    return {
      ...base,
      intent: 'about_kiri',
      about: 'preference',
      aboutThing: thingAsked(body),
      feeling: null,
    };
  }
  // Hard news ('my cat died', 'a terrible day at work') is sadness when no feeling word says more: a
  // sore feeling word keeps its kind ('my mum is in hospital and I'm scared' is anxious), a glad one
  // that VADER does not read as glad gives way to the news; a glad one it agrees with stays.
  const hardship = hardshipOf(body || text);
  const glad = reading !== null && POSITIVE_FEELINGS.has(reading.feeling);
  if (hardship && !(glad && reading.intensity > 0)) {
    const sore = reading && !glad ? reading : null;
    return {
      ...base,
      intent: 'feeling',
      feeling: sore?.feeling ?? hardship.feeling,
      feelingIntensity: sore?.intensity ?? Math.max(0, -readSentiment(text).compound),
      hardship,
    };
  }
  if (feeling && !(thanked && feeling === 'grateful' && !reading)) {
    return { ...base, intent: 'feeling' };
  }
  const birthday = birthdayToday(body);
  if (birthday) return { ...base, flavour: 'birthday', birthdayOf: birthday.whose };
  if (AFFECTION.test(body)) {
    return { ...base, flavour: 'affection', affection: affectionKindOf(body) };
  }
  const pick = theirPick(body, history);
  if (pick) return { ...base, flavour: 'her_answer', aboutThing: pick, feeling: null };
  const likes = likesOf(body);
  if (likes) return { ...base, flavour: 'likes', likes, aboutThing: likes.thing };
  for (const [kind, pattern] of ABOUT_PATTERNS) {
    if (!pattern.test(body)) continue;
    const thing = kind === 'preference' ? thingAsked(body) : null;
    if (kind === 'preference') {
      const topic = selfTopicOf(body);
      if (topic) return { ...base, intent: 'about_kiri', about: 'self', selfTopic: topic.id };
    }
    return { ...base, intent: 'about_kiri', about: kind, aboutThing: thing };
  }
  if (thanked) return { ...base, intent: 'thanks', feeling: 'grateful' };
  if (greeted && body === '') return { ...base, intent: 'greeting' };
  if (isLaugh(body)) return { ...base, flavour: 'laugh' };
  if (!/[\p{L}\p{N}]/u.test(body)) return { ...base, flavour: 'wordless' };
  if (isBack(body)) return { ...base, flavour: 'back' };
  if (isRightBack(body)) return { ...base, flavour: 'brb' };
  const verdict = verdictOf(body);
  if (verdict) {
    const hers = sheJustToldOne(history);
    if (verdict === 'good') return { ...base, flavour: hers ? 'liked_hers' : 'went_well' };
    return { ...base, flavour: hers ? 'disliked_hers' : 'went_badly' };
  }
  if (willTell(body)) return { ...base, flavour: 'will_tell' };
  const reaction = reactionOf(body);
  if (reaction) return { ...base, flavour: reaction };
  if (ACK.test(body)) return { ...base, flavour: 'ack' };
  if (APOLOGY.test(body)) return { ...base, flavour: 'apology' };
  if (HELP.test(body)) return { ...base, intent: 'question', question: 'help' };
  if (TIME_QUESTION.test(body)) return { ...base, intent: 'question', question: 'time' };
  if (DATE_QUESTION.test(body)) return { ...base, intent: 'question', question: 'date' };
  if (ADVICE.test(body)) return { ...base, intent: 'question', question: 'advice' };
  if (DAYS_UNTIL.test(body)) return { ...base, intent: 'question', question: 'until' };
  if (!body.includes('?') && EXCLAIMED.test(body)) {
    // 'what a beautiful morning', 'what a mess': a glad or a sore exclamation gets her reaction to
    // it; one that is neither ('what a time to be alive') is read as any statement.
    const { compound } = readSentiment(body);
    if (compound >= NEUTRAL_BAND) return { ...base, flavour: 'exclaim_good' };
    if (compound <= -NEUTRAL_BAND) return { ...base, flavour: 'exclaim_bad' };
    return base;
  }
  if (body.includes('?') || QUESTION_START.test(body)) {
    return { ...base, intent: 'question', question: 'general' };
  }
  return base;
}

/** The owner's turn before this message ('' when there is none), its first 200 characters. */
function lastOwnerTurn(history: readonly { role: string; content: string }[]): string {
  for (let i = history.length - 1; i >= 0; i -= 1) {
    if (history[i]!.role === 'user') return history[i]!.content.slice(0, 200);
  }
  return '';
}

/** Her last reply told a joke, a story, a song or a fact: 'that was fun' is about it. */
function sheJustToldOne(history: readonly { role: string; content: string }[]): boolean {
  return herLastReplies(history, 1).some(
    (part) =>
      toldAJoke(part) ||
      storiesIn(part).length > 0 ||
      songsIn(part).length > 0 ||
      factsIn(part).length > 0,
  );
}

/**
 * The parts of her last `count` replies, newest first. A reply split into parts ('a little story ~',
 * the story, 'did you like it?') is several assistant turns; a reply ends at the owner's turn before it.
 */
export function herLastReplies(
  history: readonly { role: string; content: string }[],
  count: number,
): string[] {
  const parts: string[] = [];
  let replies = 0;
  let inReply = false;
  for (let i = history.length - 1; i >= 0; i -= 1) {
    const turn = history[i]!;
    if (turn.role === 'assistant') {
      if (!inReply) replies += 1;
      if (replies > count) break;
      inReply = true;
      parts.push(turn.content.slice(0, 2_000));
    } else inReply = false;
  }
  return parts;
}

/** The thing a 'do you like …?' asks about: at most three words ('do you like cats?' → 'cats'). */
function thingAsked(body: string): string | null {
  const object =
    /\b(?:like|love|enjoy|hate|prefer|miss)\s+([^?.!,]+)/i.exec(body)?.[1] ??
    /\bfavou?rite\s+([^?.!,]+)/i.exec(body)?.[1];
  return object ? tidy(object).split(' ').slice(0, 3).join(' ') : null;
}

/** The spec'd view of {@link analyse}. */
export function detectIntent(text: string): {
  intent: Intent;
  feeling: string | null;
  remember: string | null;
  recallQuery: string | null;
} {
  const { intent, feeling, remember, recallQuery } = analyse(text);
  return { intent, feeling, remember, recallQuery };
}

/**
 * What to store for a 'remember' message. 'remember that!' on its own points at what the owner said just
 * before, so the last earlier user message is taken then.
 */
export function resolveRemember(
  analysis: Analysis,
  message: string,
  history: readonly { role: string; content: string }[],
): string | null {
  // 'call me Mimi' is kept, so that she still calls the owner Mimi when the conversation has moved on.
  if (analysis.request?.kind === 'nickname') return `call me ${analysis.request.subject}`;
  if (analysis.intent !== 'remember') return null;
  if (analysis.remember) return analysis.remember;
  const current = tidy(message);
  for (let i = history.length - 1; i >= 0; i -= 1) {
    const turn = history[i]!;
    if (turn.role !== 'user') continue;
    const text = tidy(turn.content);
    if (!text || text === current) continue;
    if (analyse(text).intent === 'remember') return null;
    return cleanMemory(text);
  }
  return null;
}
