// Requests to Kiri that are neither a question about her nor small talk: a story, what she can do, a
// song, a photo, a recommendation, a secret, whether she loves the owner, a reminder. Before these had
// their own reading, 'tell me a story' got "i can't look things up" and 'do you love me?' got "i love
// you too" (an answer to a statement nobody made). Each is answered honestly: what she can do, she
// does; what she cannot, she says, warmly, with what she can do instead.
import { reflect, tidy, trimEndOf } from './text';
import { wakeAsReminder } from './wake-request';

export type RequestKind =
  | 'story'
  | 'abilities'
  | 'sing'
  | 'send_photo'
  | 'recommend'
  | 'secret'
  | 'love_question'
  | 'reminder'
  | 'fact'
  | 'weather'
  | 'meal_idea'
  | 'nickname'
  | 'cannot';

export type RecommendKind = 'book' | 'film' | 'show' | 'music' | 'game' | 'it';
export type LoveKind = 'love' | 'like' | 'miss' | 'care';
/** What she cannot do from a chat, and says so: a call, an alarm, music, seeing or hearing, an errand. */
export type CannotKind = 'call' | 'alarm' | 'music' | 'senses' | 'later' | 'errand';

export interface RequestReading {
  kind: RequestKind;
  /**
   * 'story': what it is about, from her side ('a dragon', 'your cat'), or null; 'meal_idea':
   * 'breakfast' when that is the meal asked about; 'nickname': the name, capitalised ('Mimi').
   */
  subject: string | null;
  /** 'recommend': what kind of thing, or null when unsaid ('recommend me something'). */
  recommend: RecommendKind | null;
  /** 'love_question': what is asked ('do you miss me?' → 'miss'). */
  love: LoveKind | null;
  /** 'cannot': which thing she cannot do ('can you call me?' → 'call'). */
  cannot: CannotKind | null;
}

/** The politeness before a request: 'hey kiri, can you please …'. */
const LEAD =
  /^(?:(?:ok(?:ay)?|so|hey|hi|kiri|please|pls|um+|hmm+|and|also|oh|well)[\s,!.]+)*(?:(?:can|could|would|will)\s+(?:you|u)\s+(?:please\s+|pls\s+|maybe\s+)?)?(?:please\s+|pls\s+)?/i;

const STORY =
  /^(?:tell|write|make\s+up|read|give)\s+(?:me\s+|us\s+)?(?:a|an|another|one\s+more|one|your\s+favou?rite)\s+(?:short\s+|little\s+|bedtime\s+|quick\s+|new\s+|tiny\s+|good\s+|nice\s+|cute\s+|funny\s+|sad\s+|scary\s+)*(?:story|tale|fairy\s*tale)\b|^(?:i\s+(?:want|need|would\s+like)|i'?d\s+like)\s+(?:a|another)\s+(?:short\s+|little\s+|bedtime\s+)?story\b|^(?:story\s+time|a\s+story\s+please|another\s+story)\b|^(?:do\s+you\s+)?know\s+any\s+(?:good\s+)?stories\b/i;
const STORY_ABOUT = /\b(?:story|tale|stories)\s+(?:about|of|with|where|featuring)\s+([^?.!,;~]+)/i;

const ABILITIES =
  /^(?:what\s+(?:else\s+)?can\s+(?:you|u)\s+do\b|what\s+(?:else\s+)?(?:are\s+you|r\s+u)\s+(?:able\s+to\s+do|good\s+at|capable\s+of|for)\b|what\s+do\s+you\s+do\s*$|how\s+can\s+you\s+help(?:\s+me)?\s*$|what\s+can\s+i\s+(?:ask|do\s+with|use)\s+you\b|what\s+are\s+your\s+(?:features|abilities|skills|powers)\b|what\s+(?:can|do)\s+you\s+help\s+(?:me\s+)?with\b|what\s+can\s+you\s+help\s+me\s+do\b)/i;

/** 'tell me a fun fact', 'random fact', 'know any facts?': one of hers (stories.ts FACTS). */
const FACT =
  /^(?:(?:tell|teach)\s+me\s+something\s+(?:interesting|cool|new|fun|random|i\s+(?:don'?t|do\s+not)\s+know)\b|(?:tell|give|teach)\s+me\s+(?:a|an|another|one\s+more|some|one)\s+(?:(?:fun|random|cool|interesting|weird|new|little)\s+)*(?:fact|facts|thing\s+i\s+(?:don'?t|do\s+not)\s+know)\b|(?:a\s+)?(?:fun|random|cool)\s+fact(?:\s+please)?$|(?:do\s+you\s+)?know\s+any\s+(?:(?:fun|cool|random|interesting)\s+)?facts\b|another\s+(?:fun\s+)?fact\b)/i;
/** 'what's the weather like?', 'will it rain today?': she cannot see outside, and says so. */
const WEATHER =
  /^(?:(?:what'?s|what\s+is|how'?s|how\s+is)\s+the\s+weather\b|(?:will|is)\s+it\s+(?:going\s+to\s+)?(?:rain|snow|be\s+(?:sunny|cold|hot|warm))\b|(?:what'?s|what\s+is)\s+the\s+(?:weather\s+)?forecast\b|(?:do\s+you\s+know\s+)?(?:the\s+)?weather\s+(?:today|tomorrow|forecast)\b)/i;

/**
 * 'what should I have for dinner?', 'any lunch ideas?', "I don't know what to cook": she has ideas
 * (not 'which options are you weighing?', a question back to someone who has none).
 */
const MEAL_IDEA =
  /^(?:what\s+(?:should|could|shall)\s+(?:i|we)\s+(?:have|eat|cook|make|get|order)\s+(?:for\s+)?(?:dinner|lunch|breakfast|supper|tea\s+tonight|tonight)\b|what\s+(?:should|could|shall)\s+(?:i|we)\s+(?:eat|cook)\s*(?:today|tonight|now)?\s*$|(?:any|got\s+any|give\s+me\s+(?:some|an?)?)\s*(?:good\s+|quick\s+|easy\s+)?(?:dinner|lunch|breakfast|food|meal|recipe)\s+(?:ideas?|suggestions?|inspo|inspiration)\b|i\s+(?:don'?t|do\s+not|can'?t)\s+(?:know|decide)\s+what\s+to\s+(?:eat|cook|make|have)(?:\s+for\s+(?:dinner|lunch|breakfast))?\b)/i;

/**
 * 'call me Mimi', 'you can call me Mimi from now on', 'my name is Mimi', 'i go by Mimi': the name the
 * owner wants to be called. One word, the whole message: not 'call me later' (CANNOT), not 'my name is
 * Mira, what's yours?'.
 */
const NICKNAME =
  /^(?:(?:you\s+(?:can|could|may|should)|u\s+can|just|from\s+now\s+on,?|actually,?)\s+)?(?:call\s+me|my\s+name\s+is|my\s+name'?s|i'?m\s+called|i\s+go\s+by|(?:my\s+)?(?:friends|everyone|everybody|people)\s+calls?\s+me)\s+([a-z][a-z'-]{1,19})(?:\s+(?:from\s+now\s+on|instead|please|pls|now|then|ok(?:ay)?|kiri))*[\s.!?~]*$/i;
/** Words after 'call me' that are not a name ('call me crazy', 'call me back'). */
const NOT_A_NAME =
  /^(?:later|back|now|tonight|tomorrow|today|sometime|anytime|maybe|whenever|soon|asap|again|when|if|at|in|on|please|pls|anything|whatever|something|that|this|it|what|names|up|out|over|crazy|silly|lazy|weird|stupid|dumb|naive|paranoid|picky|sentimental|biased|cynical|impatient|jealous|boring|obsessed|old-fashioned|old|nosy|nosey|dramatic|extra|mad|insane|cheesy|corny|petty|sappy|sad|lucky|tired|done|a|an|the|your|mine|yours|you)$/i;

/** Rule nicknameIn: the name a message asks to be called by ('call me mimi' → 'Mimi'), or null. */
export function nicknameIn(text: string): string | null {
  // Every history turn and memory is asked on every reply: most have none of these words.
  const head = text.slice(0, 120);
  if (!/call|name|go\s+by/i.test(head)) return null;
  const found = NICKNAME.exec(tidy(head).replace(LEAD, ''))?.[1];
  if (!found || NOT_A_NAME.test(found) || !/[a-z]$/i.test(found)) return null;
  return found.charAt(0).toUpperCase() + found.slice(1);
}

/**
 * Rule nameSheUses: the name she calls the owner: the newest asked for ('call me Mimi') in the
 * conversation's turns, else in her memories (the newest made or said again), else the account's name.
 * The chat reads it before each reply; the morning and evening messages too (server/app.ts).
 */
export function nameSheUses(
  turns: readonly { role: string; content: string }[],
  memories: readonly { content: string; timestamp: number }[],
  userName: string | null,
): string | null {
  for (let i = turns.length - 1; i >= 0; i -= 1) {
    const turn = turns[i]!;
    const asked = turn.role === 'user' ? nicknameIn(turn.content) : null;
    if (asked) return asked;
  }
  let newest: { name: string; at: number } | null = null;
  for (const memory of memories) {
    const asked = nicknameIn(memory.content);
    if (asked && (!newest || memory.timestamp > newest.at))
      newest = { name: asked, at: memory.timestamp };
  }
  if (newest) return newest.name;
  return userName ? tidy(userName) || null : null;
}

/** Things asked of her that a chat cannot do ('call me', 'set an alarm', 'play some music'). */
const CANNOT: [CannotKind, RegExp][] = [
  // Not 'call me Mira' (a name).
  [
    'call',
    /^(?:call|phone|ring)\s+me(?:\s+(?:later|back|now|tonight|tomorrow|at\b|in\b)|[\s?!.~]*$)|^(?:facetime|video\s*call)\s+me\b|^(?:call|phone|ring)\s+(?:my|the)\s+\w+/i,
  ],
  ['alarm', /^(?:set|make)\s+(?:an?\s+|my\s+|the\s+)?alarm\b/i],
  [
    'music',
    /^(?:play|put\s+on)\s+(?:some\s+|me\s+|a\s+|my\s+)?(?:music|song|songs|playlist|radio)\b/i,
  ],
  ['senses', /^(?:see|hear|smell|feel|touch)\s+me\b|^(?:do|can)\s+you\s+(?:see|hear)\s+me\b/i],
  [
    'later',
    /^(?:text|message|msg|write\s+to|ping)\s+me\s+(?:later|in\s+|at\s+|tomorrow|tonight|again)/i,
  ],
  [
    'errand',
    /^(?:order|buy|book)\s+(?:me\s+|us\s+)?(?:a|an|some|the|tickets?|pizza|food|flights?|tables?)\b/i,
  ],
];

const SING =
  /^(?:(?:sing|hum)\b(?!\s+along)|do\s+you\s+(?:sing|hum)\b|write\s+(?:me\s+)?(?:a\s+)?(?:song|lullaby)\b)/i;

const SEND_PHOTO =
  /^(?:(?:send|show|share|take)\s+(?:me\s+|us\s+)?(?:a\s+|an\s+|your\s+|some\s+|one\s+|another\s+)?(?:photo|picture|pic|selfie|image|snap)s?(?:\s+of\s+(?:you(?:rself)?|your\s+\w+))?\b|(?:send|show)\s+(?:me\s+)?what\s+you\s+look\s+like\b)/i;

const RECOMMEND =
  /^(?:(?:recommend|suggest)\s+(?:me\s+|us\s+)?(?:something|anything|a|an|some|any|one|your|\w+)|(?:do\s+you\s+have|got|have\s+you\s+got)?\s*any\s+(?:good\s+)?(?:\w+\s+)?(?:recommendations?|recs|suggestions?)\b|(?:give\s+me|i\s+need|i\s+want)\s+(?:a\s+)?(?:good\s+)?(?:\w+\s+)?(?:recommendation|rec|suggestion)\b|what\s+(?:should|could)\s+i\s+(?:read|watch|listen\s+to|play)\s*(?:next|tonight|today)?\s*$|what\s+(?:book|film|movie|show|series|song|music|album|game)\s+(?:should|could|would)\s+(?:i|you\s+recommend)\b)/i;
const RECOMMEND_IT = /^(?:recommend|suggest)\s+(?:it|that|this|them|those)\b/i;

const SECRET =
  /^(?:keep\s+(?:a\s+|my\s+)?secrets?\b|(?:can|could|may)\s+i\s+tell\s+(?:you\s+)?(?:a\s+)?secret\b|i\s+(?:have|want\s+to\s+tell\s+you)\s+a\s+secret\b|(?:do\s+you\s+|will\s+you\s+)?promise\s+(?:not\s+to|you\s+won'?t)\s+tell\b|(?:is|are)\s+(?:this|it|my\s+messages|our\s+chats?|what\s+i\s+(?:say|tell\s+you))\s+(?:private|secret|safe)\b|(?:will|would)\s+you\s+tell\s+anyone\b|do\s+you\s+keep\s+secrets\b|keep\s+(?:this|it)\s+(?:a\s+)?secret\b|(?:don'?t|do\s+not)\s+tell\s+anyone\b)/i;

const LOVE =
  /^(?:do|will|would|did)\s+(?:you|u)\s+(?:still\s+|really\s+|even\s+|ever\s+)?(love|like|miss|care\s+about)\s+me\b|^(?:are\s+you\s+in\s+love\s+with\s+me|do\s+you\s+(?:even\s+)?care(?:\s+about\s+me)?)\b|^(?:you\s+(love|like|miss)\s+me)\s*\?/i;

const REMINDER = /\bremind\s+me\b|^(?:set|make|add|create)\s+(?:me\s+)?(?:a\s+)?reminder\b/i;

/** What kind of thing a message is about: a book, a film, a show, music, a game; null when none. */
export function recommendKindOf(text: string): RecommendKind | null {
  if (/\b(?:books?|novels?|read|reading)\b/i.test(text)) return 'book';
  if (/\b(?:films?|movies?)\b/i.test(text)) return 'film';
  if (/\b(?:shows?|series|tv|anime)\b/i.test(text)) return 'show';
  if (/\b(?:songs?|music|albums?|listen|playlist|band|artist)\b/i.test(text)) return 'music';
  if (/\b(?:games?|play)\b/i.test(text)) return 'game';
  if (/\bwatch\b/i.test(text)) return 'film';
  return null;
}

/** What a story is asked to be about, from her side, at most three words ('a dragon', 'your cat'). */
function storySubject(text: string): string | null {
  const raw = STORY_ABOUT.exec(text)?.[1];
  if (!raw) return null;
  const words = tidy(trimEndOf(raw, /[\s?!.~]/))
    .replace(/\s+(?:please|pls|kiri|for\s+me|tonight|now)$/i, '')
    .split(' ')
    .filter(Boolean)
    .slice(0, 3);
  if (words.length === 0) return null;
  return reflect(words.join(' '));
}

/**
 * Rule requestOf: a request Kiri answers in her own way (a story, what she can do, a song, a photo, a
 * recommendation, a secret, whether she loves the owner, a reminder), or null. Read from the message
 * without its leading greeting; the polite lead ('can you please …') is skipped.
 */
export function requestOf(body: string): RequestReading | null {
  const text = tidy(body.slice(0, 400));
  const asked = text.replace(LEAD, '');
  const reading = (kind: RequestKind, extra: Partial<RequestReading> = {}): RequestReading => ({
    kind,
    subject: null,
    recommend: null,
    love: null,
    cannot: null,
    ...extra,
  });
  if (REMINDER.test(wakeAsReminder(text).slice(0, 80))) return reading('reminder');
  const nickname = nicknameIn(text);
  if (nickname) return reading('nickname', { subject: nickname });
  const love = LOVE.exec(text.replace(/^(?:(?:and|so|but|kiri|hey|tell\s+me)[\s,]+)*/i, ''));
  if (love) {
    const verb = (love[1] ?? love[2] ?? 'care').toLowerCase();
    const kind: LoveKind = /^care/.test(verb)
      ? 'care'
      : verb === 'miss'
        ? 'miss'
        : verb === 'like'
          ? 'like'
          : 'love';
    return reading('love_question', { love: /in\s+love/i.test(text) ? 'love' : kind });
  }
  if (STORY.test(asked)) return reading('story', { subject: storySubject(asked) });
  if (ABILITIES.test(trimEndOf(asked, /[\s?!.~]/))) return reading('abilities');
  if (SING.test(asked)) return reading('sing');
  if (FACT.test(asked)) return reading('fact');
  const cannot = CANNOT.find(([, pattern]) => pattern.test(asked));
  if (cannot) return reading('cannot', { cannot: cannot[0] });
  if (WEATHER.test(asked)) return reading('weather');
  if (MEAL_IDEA.test(trimEndOf(asked, /[\s?!.~]/))) {
    return reading('meal_idea', { subject: /\bbreakfast\b/i.test(asked) ? 'breakfast' : null });
  }
  if (SEND_PHOTO.test(asked)) return reading('send_photo');
  if (SECRET.test(asked) || SECRET.test(text)) return reading('secret');
  if (RECOMMEND_IT.test(asked)) return reading('recommend', { recommend: 'it' });
  if (RECOMMEND.test(trimEndOf(asked, /[\s?!.~]/))) {
    return reading('recommend', { recommend: recommendKindOf(asked) });
  }
  return null;
}
