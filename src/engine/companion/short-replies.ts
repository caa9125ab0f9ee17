// The owner's short replies (issue 21, from a walk of the owner's conversation): 'lol', "I'm fine",
// 'meh', "I'm back", 'brb', 'really?', 'and you?', 'guess what', a word that answers her question. Each
// is read on the whole message (its end marks
// cut), so a longer message keeps the rules that read more ('I'm fine, just tired' is tired). Every
// pattern here is linear: anchored, with no two quantified parts that can take the same characters.
import { normaliseApostrophes, tidy, trimEndOf } from './text';

/**
 * How the owner says they are: well ('I'm good'), so-so ('meh'), what they are up to ('not much'), and
 * right after her own question: tired ('how was your day?' 'long'), busy ('busy'), or a bad night ('how
 * did you sleep?' 'badly').
 */
export type OwnerStatus = 'well' | 'meh' | 'tired' | 'busy' | 'sleepless' | 'doing';

const END_MARKS = /[\s?!.~,;:]/;
/** A short reply is short: a longer message is read by the rules that read more. */
const SHORT_REPLY_CHARS = 120;

/** The message, tidied, without its end marks, in lower case: what the rules below read. */
function plain(text: string): string {
  return trimEndOf(tidy(normaliseApostrophes(text)), END_MARKS).toLowerCase();
}

/**
 * 'I'm good', 'doing well', 'pretty good', 'fine thanks', 'not bad': well. Groups: 1 a subject, 2 a
 * hedge ('pretty'), 3 the word, 4 what follows ('thanks', 'too'). The word alone ('good', 'fine', 'ok')
 * is a status only right after she asked how they are (else it is an acknowledgement).
 */
const WELL =
  /^(?:(i'?m|i\s+am|im|am|all|doing|i'?ve\s+been|been|things\s+are|everything'?s|everything\s+is|it'?s|it\s+is|it\s+was|today\s+was)\s+)?((?:(?:really|pretty|very|so|quite|super|just|also|doing)\s+)*)(fine|good|great|well|ok(?:ay)?|alright|all\s+right|not\s+(?:too\s+|that\s+)?bad|wonderful|amazing|fantastic|awesome|excellent|good\s+good)((?:[\s,]+(?:too|as\s+well|thanks?|thank\s+you|thx|ty|today|now|overall|mostly))*)$/;
const WELL_ALWAYS =
  /^(?:never\s+been\s+better|never\s+better|(?:i\s+)?can'?t\s+complain|(?:it'?s\s+)?all\s+good(?:\s+here)?)$/;

function isWell(text: string, asked: boolean): boolean {
  if (WELL_ALWAYS.test(text)) return true;
  const well = WELL.exec(text);
  if (!well) return false;
  return asked || Boolean(well[1] || well[2] || well[4] || /\s/.test(well[3]!));
}
/**
 * 'meh', 'so-so', 'could be better', 'not great', 'ugh', 'oof', 'ugh, what a day': a so-so state, not
 * sadness ('what a day' alone may be a good one too: she asks).
 */
const MEH =
  /^(?:(?:i'?m|i\s+am|im|feeling|i\s+feel|it'?s|it\s+is|it\s+was|today\s+is|today\s+was|kinda|a\s+bit|just)\s+)?(?:meh+|m+e+h+|eh+|bleh+|ugh+|sigh+|\*sigh\*|so[\s-]?so|could\s+be\s+better|(?:i'?ve\s+|i\s+have\s+)?been\s+better|not\s+(?:so\s+|too\s+|that\s+|very\s+)?(?:great|good|well|amazing)|not\s+the\s+best|(?:ok(?:ay)?|fine|alright)\s+i\s+guess|meh\s+day|a\s+meh\s+day|oo+f+)$|^(?:(?:ugh+|oo+f+|sigh+|phew|man|god|gosh|jeez|wow)[\s,]+)?what\s+an?\s+(?:day|week|morning|shift|night)$/;
/** 'nothing much', 'not much', 'the usual': what the owner is up to, said as nothing in particular. */
const NOTHING_MUCH =
  /^(?:nothing|nothing\s+much|not\s+much|nm|nmu|not\s+a\s+lot|nothing\s+really|same\s+old(?:\s+same\s+old)?|the\s+usual|just\s+(?:chilling|relaxing|resting|working|studying|lying\s+in\s+bed)|chilling|relaxing|working)$/;
/** The question put back at the end: 'you?', 'and you?', 'wbu', 'how about you?', 'and yourself?'. */
const ASKED_BACK =
  /(?:^|[\s,.!~])(?:(?:and|what\s+about|how\s+about)\s+)?(?:you|u|yourself|urself|yours|urs)\s*\?+[\s~!]*$|(?:^|[\s,.!~])(?:wbu|hbu|wby|hby|and\s+(?:you|u|yourself)|what\s+about\s+(?:you|u|yourself)|how\s+about\s+(?:you|u|yourself)|(?:and\s+)?how\s+(?:are|r)\s+(?:you|u)(?:\s+doing)?)[\s?!~.]*$/;
/** The longest question put back the pattern reads, with room around it. */
const ASKED_BACK_WINDOW = 40;

/**
 * Did her last turn ask how the owner is ('how are you?', 'how was your day?', 'did you sleep okay?')?
 * Then a bare 'good' or 'fine' answers it.
 */
const ASKED_HOW_THEY_ARE =
  /\bhow\s+(?:are|r)\s+(?:you|u|we)\b|\bhow(?:'s|\s+is|\s+was)\s+(?:your|the|today|it\s+going|everything)\b|\bhow\s+did\s+(?:you|it)\b|\bdid\s+you\s+sleep\b|\bhow\s+(?:have\s+you\s+been|are\s+things)\b|\bare\s+you\s+(?:ok(?:ay)?|alright|doing\s+okay|feeling\s+better)\b|\bhow\s+(?:do|are)\s+you\s+feel/i;

export function askedHowTheyAre(history: readonly { role: string; content: string }[]): boolean {
  return lastAsked(history, ASKED_HOW_THEY_ARE);
}

/** Her last turn asked about their night ('how did you sleep?', 'did you sleep okay?'). */
const ASKED_ABOUT_SLEEP = /\b(?:did\s+you\s+sleep|how\s+did\s+you\s+sleep|sleep\s+well\?)/i;

function lastAsked(history: readonly { role: string; content: string }[], asked: RegExp): boolean {
  for (let i = history.length - 1; i >= 0; i -= 1) {
    const turn = history[i]!;
    if (turn.role === 'user') return false;
    if (turn.role === 'assistant')
      return asked.test(normaliseApostrophes(turn.content.slice(-300)));
  }
  return false;
}

export interface StatusReading {
  /** Null for a bare question put back ('and you?'): nothing said of their own. */
  status: OwnerStatus | null;
  /** The owner asked her back ('I'm good, you?'): she answers about herself. */
  askedBack: boolean;
}

/**
 * Rule ownerStatusOf: the owner saying how they are or what they are up to, alone or asking her back.
 * "I'm fine", 'all good', 'not bad' are well; 'good' or 'fine' alone only right after she asked how
 * they are (else it is an acknowledgement); 'meh', 'so-so', 'not great' are so-so; 'not much' alone is
 * left to the silence-breaker (null), 'not much, you?' asks what she is doing.
 */
export function ownerStatusOf(
  message: string,
  history: readonly { role: string; content: string }[] = [],
): StatusReading | null {
  if (message.length > SHORT_REPLY_CHARS) return null;
  const text = plain(message);
  if (!text) return null;
  // The question mark is read here ('you?'), so this reads the message with its end marks.
  const asked = tidy(normaliseApostrophes(message)).toLowerCase();
  const windowStart = Math.max(0, asked.length - ASKED_BACK_WINDOW);
  const back = ASKED_BACK.exec(asked.slice(windowStart));
  if (back) {
    const head = plain(asked.slice(0, windowStart + back.index));
    // 'how are you?' alone is a question about her (intent.ts), not one put back.
    if (head === '') return /\bhow\b/.test(back[0]) ? null : { status: null, askedBack: true };
    const status = statusOf(head, true);
    return status ? { status, askedBack: true } : null;
  }
  const status = statusOf(text, askedHowTheyAre(history));
  // 'how did you sleep?' 'badly': a bad night, not a meh day.
  if ((status === 'meh' || status === 'tired') && lastAsked(history, ASKED_ABOUT_SLEEP)) {
    return { status: 'sleepless', askedBack: false };
  }
  return status && status !== 'doing' ? { status, askedBack: false } : null;
}

/**
 * Answers to her 'how did you sleep?' or 'how was your day?' that mean nothing on their own: 'like a
 * baby', 'badly', 'long', 'busy'. Read only right after she asked.
 */
const ANSWER_WELL =
  /^(?:(?:really|so|very|pretty|super)\s+)?(?:like\s+a\s+(?:baby|log|rock)|nice|lovely|fun|productive|relaxing|chill|perfect|brilliant|yes|yeah|yep|yup)$/;
const ANSWER_MEH =
  /^(?:(?:really|so|very|pretty|super|quite|kinda)\s+)?(?:badly|bad|not\s+well|terribly|terrible|awful|horrible|rough|hard|tough|crap|crappy|shit|the\s+worst|meh|boring|not\s+really|no|nope|nah)$/;
const ANSWER_TIRED =
  /^(?:(?:really|so|very|pretty|super|quite|kinda)\s+)?(?:long|exhausting|tiring|draining|long\s+and\s+tiring)$/;
const ANSWER_BUSY =
  /^(?:(?:really|so|very|pretty|super|quite|kinda)\s+)?(?:busy|hectic|crazy|stressful|full|a\s+lot|non[\s-]?stop)$/;

function statusOf(text: string, asked: boolean): OwnerStatus | null {
  if (isWell(text, asked) || (asked && ANSWER_WELL.test(text))) return 'well';
  if (MEH.test(text) || (asked && ANSWER_MEH.test(text))) return 'meh';
  if (asked && ANSWER_TIRED.test(text)) return 'tired';
  if (asked && ANSWER_BUSY.test(text)) return 'busy';
  if (NOTHING_MUCH.test(text)) return 'doing';
  return null;
}

/** One word of laughter: 'lol', 'lmao', 'hahaha', 'hehe', 'xD', '😂'. Each letter run is taken whole. */
const LAUGH_WORD =
  /^(?:l+o+l+(?:o+l+)*z*|l+m+f?a+o+|rofl+|a?h+a+(?:h+a+)+h*|h+a+h*|h+e+(?:h+e+)+|h+i+(?:h+i+)+|x+d+|(?:\u{1F602}|\u{1F923}|\u{1F606}|\u{1F639})+)$/iu;
/** What may follow the laughter, or stand alone: "that's funny", "you're hilarious". */
const FUNNY =
  /^(?:(?:that'?s|that\s+is|this\s+is|it'?s|so|too|you'?re|you\s+are|ur)\s+)?(?:(?:so|really|very|pretty|too|actually|kinda)\s+)*(?:funny|hilarious|lol|cute)$/i;

/** What may follow laughter to agree or grant it: 'haha yes', 'lol fair', 'haha good one'. */
const AGREED =
  /^(?:yes|yeah|yep|yup|true|so\s+true|same|right|exactly|totally|i\s+know|fair|fair\s+enough|good\s+one|nice(?:\s+one)?|you'?re\s+right|that'?s\s+true|touch[eé])$/;

/**
 * Rule isLaugh: the owner laughing ('lol', 'hahaha that's funny', 'lmao 😂', "that's hilarious"), read
 * word by word: laughter first, and at most a 'that's funny' after it. A laugh right after one of her
 * jokes is the joke's own move (jokes.ts), read before this.
 */
export function isLaugh(message: string): boolean {
  if (message.length > SHORT_REPLY_CHARS) return false;
  const text = plain(message);
  if (!text) return false;
  const words = text.split(/[\s,!.~]+/);
  let i = 0;
  while (i < words.length && LAUGH_WORD.test(words[i]!)) i += 1;
  const rest = words.slice(i).join(' ');
  if (rest === '') return i > 0;
  // 'haha yes', 'lol true': laughing along with a yes.
  if (i > 0 && AGREED.test(rest)) return true;
  return FUNNY.test(rest) && (i > 0 || /\b(?:funny|hilarious)$/.test(rest));
}

/** Rule backAgain: "I'm back", 'back!', 'back again': the owner returning after a while away. */
export function isBack(message: string): boolean {
  return /^(?:(?:i'?m|i\s+am|im|and\s+i'?m|ok(?:ay)?\s+i'?m)\s+)?back(?:\s+(?:again|now|finally|at\s+last))?$/.test(
    message.length > SHORT_REPLY_CHARS ? '' : plain(message),
  );
}

/** A verdict's words: glad ones, sore ones. 'hard' is neither: after her riddle it is about the riddle. */
const GOOD_VERDICT =
  /^(?:good|great|fun|nice|amazing|awesome|lovely|wonderful|fantastic|perfect|brilliant|relaxing|refreshing|incredible|beautiful|excellent|magical|cute|sweet|cool|worth\s+it|the\s+best|blast|much\s+needed|(?:much|lot\s+of)\s+fun)$/;
const BAD_VERDICT =
  /^(?:bad|awful|terrible|horrible|rough|boring|exhausting|miserable|stressful|brutal|draining|disappointing|painful|the\s+worst|disaster|nightmare|not\s+(?:fun|great|good|nice))$/;
/**
 * 'that was fun', 'that felt so good', "I'm back, that was a great run", 'the bus ride home was awful',
 * 'that sucked': the subject (up to three words after 'the' or 'my'), the verb, then up to three
 * words the verdicts above are read from ('a great run' is read as 'great'). Anchored; each part is a
 * list of words, so it is linear.
 */
const VERDICT =
  /^(?:(?:ok(?:ay)?|wow|omg|oh|ah|man|god|gosh|honestly|and|yeah|yes|phew|ugh|well)[\s,!]+)*(?:(?:i'?m\s+|im\s+|i\s+am\s+)?back[\s,!.~]+(?:and\s+)?)?(?:that|it|this|(?:the|my|our|that|this)(?:\s+[\p{L}]+){1,3})\s+(?:(sucked)|(?:was|felt|has\s+been)\s+(?:(?:so|really|very|super|actually|pretty|quite|absolutely|honestly|kinda|just|such)\s+)*(?:an?\s+)?([\p{L}]+(?:\s+[\p{L}]+){0,2}))$/u;

/**
 * Rule verdictOf: the owner's word on something just done, or on what she just told ('that was fun',
 * 'that felt good', "I'm back, that was a great run" are good; 'that was awful', 'that sucked' bad).
 * Null for anything else ('that was yesterday', 'it was my mum').
 */
export function verdictOf(message: string): 'good' | 'bad' | null {
  const match = VERDICT.exec(message.length > SHORT_REPLY_CHARS ? '' : plain(message));
  if (!match) return null;
  if (match[1]) return 'bad';
  const said = match[2]!;
  if (GOOD_VERDICT.test(said)) return 'good';
  if (BAD_VERDICT.test(said)) return 'bad';
  // 'a great run', 'so good lol': the verdict's first word; not 'nice of you' (thanks, not a verdict).
  if (/\s(?:of|to|for|with|about)\b/.test(said)) return null;
  const first = said.split(' ')[0]!;
  if (GOOD_VERDICT.test(first)) return 'good';
  if (BAD_VERDICT.test(first)) return 'bad';
  return null;
}

/** Rule rightBack: 'brb', 'one sec', 'hold on', 'be right back': away for a moment, not a goodbye. */
export function isRightBack(message: string): boolean {
  return /^(?:brb|b\s+r\s+b|be\s+right\s+back|afk|(?:i'?ll|i\s+will)\s+be\s+(?:right\s+)?back|back\s+in\s+(?:a\s+)?(?:bit|sec|second|minute|min|moment|few|\d+\s*(?:mins?|minutes?))|(?:just\s+)?(?:one|a)\s+(?:sec|second|moment|min(?:ute)?)|hold\s+on|hang\s+on|wait\s+a\s+(?:sec|second|moment|min(?:ute)?|bit)|give\s+me\s+a\s+(?:sec|second|moment|min(?:ute)?|bit)|gimme\s+a\s+(?:sec|second|min(?:ute)?))(?:[\s,]+(?:pls|please|ok(?:ay)?))?$/.test(
    message.length > SHORT_REPLY_CHARS ? '' : plain(message),
  );
}

/**
 * Rule willTell: the owner promises to tell her later ("I'll tell you how it goes", "I'll let you
 * know", 'will report back'): she looks forward to it, and asks nothing now.
 */
export function willTell(message: string): boolean {
  return /^(?:(?:ok(?:ay)?|alright|anyway|but|and)[\s,]+)*(?:i'?ll|i\s+will|will|gonna)\s+(?:(?:tell|update)\s+you\s+(?:how\s+it\s+(?:goes|went)|all\s+about\s+it|about\s+it|everything|later|tomorrow|tonight|after)|let\s+you\s+know(?:\s+how\s+it\s+(?:goes|went))?|report\s+back|keep\s+you\s+(?:posted|updated))(?:[\s,]+(?:later|tomorrow|tonight|after|kiri))*$/.test(
    message.length > SHORT_REPLY_CHARS ? '' : plain(message),
  );
}

export type Reaction = 'doubt' | 'surprise' | 'puzzled';

/**
 * Rule reactionOf: a reaction to what she just said: 'really?', 'seriously?', 'is that true?' doubt it;
 * 'wow', 'no way', 'omg' are surprise; 'huh?', 'what?', 'what do you mean?', "I don't get it" are
 * puzzled. Alone only: 'wow, I got the job' is news.
 */
export function reactionOf(message: string): Reaction | null {
  const text = message.length > SHORT_REPLY_CHARS ? '' : plain(message);
  if (
    /^(?:oh\s+|wow\s+|wait\s+)?(?:really|rly|seriously|for\s+real|fr|is\s+that\s+(?:so|true|right)|you\s+think\s+so|are\s+you\s+sure|you\s+sure)$/.test(
      text,
    )
  )
    return 'doubt';
  if (
    /^(?:oh\s+)?(?:no\s+way|wow+|woah+|whoa+|omg+|oh\s+my\s+(?:god|gosh)|oh\s+wow|ooh+|oo+h|interesting|damn|dang|cool\s+cool)$/.test(
      text,
    )
  )
    return 'surprise';
  if (
    /^(?:huh+|what|wut|wat|wha+t|hm+\s+what|wait\s+what|what\s+do\s+you\s+mean|what\s+does\s+that\s+mean|what\s+are\s+you\s+talking\s+about|i\s+(?:don'?t|do\s+not)\s+(?:get\s+it|understand|follow)|i'?m\s+confused|(?:that\s+)?(?:makes\s+no|doesn'?t\s+make(?:\s+any)?)\s+sense)$/.test(
      text,
    )
  )
    return 'puzzled';
  return null;
}

export type Opening = 'teaser' | 'may_ask' | 'opinion';

/**
 * Rule openingOf: a message that opens more to come: news teased ('guess what', 'I have news'), leave
 * to ask or talk ('can I ask you something?', 'I need advice', 'can we talk?'), or her view asked for
 * on what was just said ('what do you think?', 'any ideas?'). She asks for the rest; she does not
 * answer as if it had been said.
 */
export function openingOf(message: string): Opening | null {
  const text = message.length > SHORT_REPLY_CHARS ? '' : plain(message);
  if (
    /^(?:guess\s+what(?:\s+happened)?|you(?:'ll|\s+will)\s+never\s+guess(?:\s+what(?:\s+happened)?)?|i\s+have\s+(?:some\s+)?(?:big\s+|good\s+|great\s+|exciting\s+)?news|(?:i\s+have\s+)?something\s+to\s+tell\s+you|i\s+have\s+to\s+tell\s+you\s+something)$/.test(
      text,
    )
  )
    return 'teaser';
  if (
    /^(?:can|could|may)\s+i\s+ask\s+(?:you\s+)?(?:something|a\s+question|a\s+favou?r)|^i\s+(?:need|want)\s+(?:your\s+|some\s+)?advice$|^(?:can|could)\s+(?:you\s+)?give\s+me\s+(?:some\s+)?advice$|^(?:can|could)\s+we\s+talk$|^i\s+(?:need|want)\s+to\s+talk(?:\s+to\s+you)?$|^(?:do\s+)?you\s+have\s+a\s+(?:minute|moment|sec|second)$/.test(
      text,
    )
  )
    return 'may_ask';
  if (
    /^(?:so\s+|and\s+|well\s+)?(?:what\s+do\s+you\s+think(?:\s+about\s+(?:it|that|this))?|what'?s\s+your\s+(?:opinion|take)|any\s+(?:ideas|thoughts|suggestions|advice)|(?:your\s+)?thoughts|what\s+would\s+you\s+do)$/.test(
      text,
    )
  )
    return 'opinion';
  return null;
}

export type AffectionKind = 'love' | 'missed' | 'compliment';

const LOVE = /\b(?:love|luv|adore)\s+(?:you|u|ya)\b|\b(?:really\s+)?like\s+you\b/i;
const MISSED = /\bmiss(?:ed)?\s+(?:you|u|ya)\b/i;

/**
 * Rule affectionKindOf: what a warm message to her says: love ('I love you': 'i love you too'), missing
 * her ('I missed you': 'i missed you too'), or a compliment ("you're so cute": never 'i love you too').
 */
export function affectionKindOf(message: string): AffectionKind {
  const text = normaliseApostrophes(message.slice(0, 200));
  if (MISSED.test(text)) return 'missed';
  if (LOVE.test(text)) return 'love';
  return 'compliment';
}
