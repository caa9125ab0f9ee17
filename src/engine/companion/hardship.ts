// Hard news told without a feeling word ('my cat died', 'i had a terrible day at work', 'i got fired'):
// the owner is hurting though they never said 'sad'. VADER reads some of these as neutral ('my cat
// died' is 0.0), and the feeling words alone missed them, so Kiri answered grief with curiosity
// ("that's interesting"). Each kind has its own gentle lines (phrases.ts HARDSHIP_POOLS).
import { normaliseApostrophes, reflect } from './text';

export type Hardship =
  | 'loss'
  | 'illness'
  | 'breakup'
  | 'job'
  | 'failure'
  | 'bad_day'
  | 'hurt'
  | 'mistreated'
  | 'injury'
  | 'ache'
  | 'scare'
  | 'setback'
  | 'hassle'
  | 'hassle_over'
  | 'running_late'
  | 'nightmare'
  | 'sleepless'
  | 'bad_night'
  | 'conflict'
  | 'mishap';

export interface HardshipReading {
  kind: Hardship;
  /**
   * The feeling it carries: sad ('hurt' too: the feeling lists have no 'hurt'), anxious for a scare
   * (an accident, a break-in, a nightmare, running late), angry for a hassle (a late train), tired for a sleepless
   * night, now or behind them.
   */
  feeling: 'sad' | 'anxious' | 'angry' | 'tired';
  /** Who or what it is about, from Kiri's side ('your cat', 'your grandma'), or null. */
  subject: string | null;
}

/** Only the start of a message is read: hard news is said early, and the patterns stay linear. */
const READ_CHARS = 400;

/** People and pets whose loss is grief ('i lost my dad'); 'i lost my keys' is not. */
export const BELOVED =
  '(?:(?:best|little|old|big|baby|younger|older|step|dear|sweet)\\s+)?(?:mom|mum|mother|mommy|mummy|mama|dad|father|daddy|papa|parents?|grandma|grandmother|granny|nan|nana|grandpa|grandfather|grandad|granddad|grandparents?|brother|sister|sibling|son|daughter|child|kid|baby|wife|husband|partner|boyfriend|girlfriend|fianc[eé]e?|friend|uncle|aunt|auntie|cousin|nephew|niece|dog|cat|puppy|kitten|pet|bird|hamster|rabbit|bunny|horse|fish|goldfish|guinea\\s+pig)';

/** Things that 'die' without grief: a phone, a battery, a plant is sad but not a death in the family. */
const THINGS =
  /\b(?:phone|battery|laptop|computer|pc|car|tv|console|charger|headphones|mic|wifi|internet|server|game|character|plant|plants|joke|vibe|conversation|chat)\s+(?:just\s+|has\s+|had\s+)?$/;

const LOSS_DIED =
  /\b(?:died|passed\s+away|passed\s+on|is\s+dead|was\s+put\s+down|had\s+to\s+be\s+put\s+down|didn'?t\s+make\s+it)\b/;
const LOSS_WORDS = /\b(?:funeral|grieving|grief|mourning)\b/;
const PETS =
  '(?:(?:old|little|sweet|baby|beloved)\\s+)?(?:dog|cat|puppy|kitten|pet|bird|hamster|rabbit|bunny|horse|guinea\\s+pig)';
/**
 * A pet put to sleep ('we had to put our dog down', 'the vet put him down'); not 'I can't put it
 * down' (a book), 'put my phone down' or 'put the baby down for a nap'.
 */
const LOSS_PUT_DOWN = new RegExp(
  `\\b(?:(?:had\\s+to|we|they|vet)\\s+put\\s+(?:him|her|them|(?:my|our|the)\\s+${PETS})\\s+down(?!\\s+for\\b)|put\\s+(?:my|our)\\s+${PETS}\\s+down)\\b`,
);
const LOSS_LOST = new RegExp(`\\b(?:lost|losing)\\s+(?:my|our)\\s+(${BELOVED})\\b`);
const LOSS_SUBJECT = new RegExp(
  `\\b(?:my|our)\\s+(${BELOVED}|\\w+)\\s+(?:just\\s+|has\\s+|had\\s+)?$`,
);
const FICTION =
  /\b(?:movie|film|book|novel|show|series|episode|anime|manga|game|story|season|finale|character)s?\b/;
const JOKING_DEATH = /\bdied\s+(?:laughing|of\s+laughter|inside)\b|\b(?:almost|nearly)\s+died\b/;

const BREAKUP =
  /\b(?:broke\s+up|breaking\s+up|break\s*up|dumped\s+me|got\s+dumped|left\s+me|cheated\s+on\s+me|divorc(?:e|ed|ing))\b/;
const JOB =
  /\b(?:got\s+fired|was\s+fired|been\s+fired|fired\s+me|lost\s+my\s+job|laid\s+off|got\s+sacked|was\s+sacked|let\s+go\s+from)\b/;
const FAILURE =
  /\b(?:failed\s+(?:my|the|an?|all|every|again)\b|didn'?t\s+pass|flunked|got\s+rejected|was\s+rejected|rejected\s+me|didn'?t\s+get\s+(?:the|that|in)\b|messed\s+up\s+(?:my|the)\s+(?:exam|test|interview|presentation))/;
const ILLNESS =
  /\b(?:i'?m|i\s+am|i\s+feel|i'?ve\s+been|feeling|got|getting|is|are|was)\s+(?:so\s+|really\s+|very\s+|a\s+bit\s+|kinda\s+|quite\s+)?(?:sick|ill|unwell|poorly)\b(?!\s+of\b)|\b(?:have|has|got|caught|getting|catching|coming\s+down\s+with)\s+(?:(?:a|the)\s+(?:cold|flu|fever|covid|migraine|infection)|flu|fever|covid|a\s+migraine|migraines|an\s+infection|cancer)\b|\bcaught\s+cold\b|\bcoming\s+down\s+with\s+something\b|\b(?:in|to|at)\s+(?:the\s+)?(?:hospital|er|emergency\s+room|a&e)\b|\b(?:i|i'?ve|i\s+just)\s+(?:passed\s+out|fainted|blacked\s+out)\b|\bdiagnosed\b|\bcancer\b|\bmy\s+(?:head|back|stomach|tooth|chest)\s+(?:hurts|aches)\b/;
const ILLNESS_SUBJECT = new RegExp(`\\b(?:my|our)\\s+(${BELOVED})\\s+(?:is|was|has|got|went)\\b`);
const BAD_DAY =
  /\b(?:terrible|awful|horrible|bad|rough|crappy|crap|shitty|shit|horrendous|tough|hard|miserable|the\s+worst)\s+(?:day|week|night|morning|shift|year|time)\b|\b(?:day|week|night|morning|shift|year)\s+(?:has\s+been|was|is|went)\s+(?:so\s+|really\s+|just\s+)?(?:terrible|awful|horrible|bad|rough|crappy|tough|hard|miserable|the\s+worst|a\s+disaster|a\s+mess|(?:a|an\s+absolute|such\s+a)\s+nightmare|(?:pure\s+|absolute\s+)?hell)\b|\b(?:today|work|school|uni|class|my\s+shift)\s+(?:has\s+been|was)\s+(?:so\s+|really\s+|just\s+)?(?:terrible|awful|horrible|rough|miserable|the\s+worst|a\s+disaster|(?:a|an\s+absolute|such\s+a)\s+nightmare|(?:pure\s+|absolute\s+)?hell)\b|\beverything\s+(?:is\s+going|went|goes)\s+wrong\b|\bnothing\s+(?:is\s+going|goes|went)\s+right\b/;
/**
 * Harm by someone (violence, abuse): the one kind whose lines ask whether they are safe. Being yelled
 * at or laughed at is MISTREATED, a broken arm is an INJURY: 'my boss yelled at me' does not get
 * emergency services, and 'I broke my arm' is not told 'nobody has the right to hurt you'.
 */
const HURT =
  /\b(?:hurt\s+me|hurts\s+me|hit\s+me|hits\s+me|beat\s+me(?:\s+up)?|beats\s+me|punched\s+me|kicked\s+me|slapped\s+me|choked\s+me|abused|assaulted|attacked\s+me|threatened\s+(?:me|to\s+(?:hurt|kill)\s+me))\b/;
const MISTREATED =
  /\b(?:(?:is|are|keeps?|been|has\s+been|have\s+been)\s+ignoring\s+me|ghosted\s+me|bull(?:y|ied|ies|ying)\s+me|(?:i'?m|got|was|been|being|are|were)\s+(?:being\s+)?bullied|yelled\s+at\s+me|screamed\s+at\s+me|shouted\s+at\s+me|laughed\s+at\s+me|made\s+fun\s+of\s+me|(?:was|is|were|are|been)\s+(?:so\s+|really\s+)?mean\s+to\s+me|insulted\s+me|humiliated\s+me|called\s+me\s+names|i'?m\s+(?:so\s+|really\s+)?hurt|i\s+was\s+(?:so\s+|really\s+)?hurt)\b/;
const INJURY =
  /\b(?:(?:i|i'?ve|i\s+have)\s+got\s+hurt|i\s+got\s+hurt|(?:i'?m|i\s+am|i\s+was|i\s+got)\s+(?:badly\s+)?injured|broke\s+my\s+(?:arm|leg|wrist|ankle|foot|hand|nose|finger|toe|rib|collarbone)|(?:sprained|twisted)\s+my\s+(?:ankle|wrist|knee|back)|(?:cut|burned|burnt)\s+my\s+(?:finger|hand|arm|leg|foot))\b/;
/** A part of the body that aches ('my feet hurt', 'my back is killing me'): not an illness, not an injury. */
const ACHE =
  /\b(?:(?:i\s+have|i'?ve\s+got|i\s+got|got|with)\s+(?:a\s+|an\s+|this\s+)?(?:(?:bad|terrible|awful|splitting|horrible)\s+)?(?:headache|stomach\s?ache|toothache|backache|earache|sore\s+throat|cramps)|my\s+(?:feet|foot|legs?|knees?|back|neck|shoulders?|arms?|hands?|fingers?|thumbs?|toes?|wrists?|hips?|head|eyes?|ears?|throat|teeth|tooth|stomach|tummy|body|muscles)\s+(?:hurts?|aches?|(?:is|are)\s+(?:so\s+|really\s+|very\s+)?(?:sore|aching|killing\s+me)))\b/;
/**
 * The everyday hassles of a commute (the owner writes on one): a late or cancelled train, a missed bus,
 * traffic. Not hard news, but not 'interesting' either: she says it is annoying.
 */
const HASSLE =
  /\b(?:(?:train|bus|tram|metro|subway|tube|flight|plane|ferry)\s+(?:is|was|got|has\s+been|had\s+been|'s)\s+(?:running\s+|really\s+|so\s+|very\s+|super\s+|\d+\s+(?:mins?|minutes?|hours?)\s+)?(?:late|delayed|cancel+ed)|missed\s+(?:my|the)\s+(?:train|bus|tram|flight|plane|ferry|connection)|stuck\s+in\s+(?:traffic|a\s+(?:traffic\s+)?jam)|(?:traffic|commute|the\s+drive|the\s+ride)\s+(?:is|was|has\s+been)\s+(?:so\s+|really\s+|just\s+)?(?:a\s+|an\s+absolute\s+|such\s+a\s+)?(?:nightmare|hell|awful|terrible|horrible|chaos|insane)|(?:train|bus|tram)\s+(?:never\s+came|didn'?t\s+come|never\s+showed))\b/;
/**
 * The hassle told as over ('traffic was a nightmare', 'the train was late this morning'): nothing is
 * waited for any more, so nobody asks how long the wait is; with 'still', 'now' or 'waiting' it is not.
 */
const HASSLE_PAST =
  /\b(?:was|were|had\s+been|got\s+stuck|this\s+morning|yesterday|earlier|last\s+night)\b/;
const HASSLE_NOW =
  /\b(?:is|are|am|i'?m|still|now|currently|waiting|wait|has\s+been|have\s+been|keeps?)\b|'s\b/;
/**
 * Late themselves ('running late for work', "I'm so late for class", 'overslept'): hurrying, not
 * waiting. Not the commute's hassle: nobody asks them how long they have to wait.
 */
const RUNNING_LATE =
  /\b(?:(?:i'?m|i\s+am|i\s+was|running)\s+(?:so\s+|really\s+|super\s+|a\s+bit\s+|a\s+little\s+)?late\s+(?:for|to)\s+(?:work|school|class|uni|my|the|a)\b|i\s+overslept|(?:i'?m|i\s+am)\s+(?:running\s+)?(?:so\s+|really\s+|super\s+)?late\s+(?:again|today)\b)/;
/**
 * A bad dream ('I had a nightmare', 'a bad dream woke me'): shaken, not in danger. Not a day that was
 * 'a nightmare' or 'a nightmare of a commute'.
 */
const NIGHTMARE =
  /\b(?:(?:had|have|having|get|getting|keep\s+having|woke\s+up\s+from)\s+(?:a\s+|another\s+|such\s+a\s+|the\s+worst\s+|this\s+|these\s+)?(?:(?:bad|awful|horrible|terrible|scary|weird\s+and\s+scary)\s+)?nightmares?(?!\s+of\b)|(?:bad|scary|horrible|awful|terrible|creepy)\s+dreams?)\b/;
/** Something left behind ('I forgot my umbrella'): a small mishap, said with a sigh. */
const MISHAP =
  /\b(?:forgot|left)\s+my\s+(?:umbrella|keys|wallet|phone|lunch|charger|badge|headphones|earphones|laptop|coat|jacket|id|pass|ticket|card|glasses)\b(?!\s+(?:with|at)\s+(?:you|a\s+friend))/;
/** Awake now, at night: 'I can't sleep', "I can't fall asleep", 'still awake'. */
const SLEEPLESS =
  /\b(?:(?:can'?t|cannot)\s+(?:sleep(?!\s+(?:in|over|with)\b)|fall\s+asleep)|(?:still|wide)\s+awake)\b/;
/**
 * A bad night behind them, told the next day: 'I slept badly', 'I barely slept', 'I kept waking up',
 * "I couldn't sleep", 'tossed and turned'. Not lying awake now: she does not tell them to put the screen
 * away and breathe, but to go easy on themselves today.
 */
const BAD_NIGHT =
  /\b(?:(?:couldn'?t|could\s+not)\s+(?:sleep(?!\s+(?:in|over|with)\b)|fall\s+asleep)|slept\s+(?:so\s+|really\s+|very\s+)?(?:badly|terribly|awfully|poorly|awful|like\s+(?:crap|shit))|didn'?t\s+sleep(?:\s+(?:well|much|at\s+all)|(?!\s+(?:in|over|with)\b))|barely\s+slept|hardly\s+slept|sleepless\s+night|no\s+sleep\s+(?:last|at\s+all)|kept\s+(?:waking|wakin)\s+up|woke\s+up\s+(?:like\s+|about\s+|maybe\s+)?(?:so\s+many\s+times|every\s+(?:hour|\d+\s+hours?)|(?:a\s+)?(?:lot|bunch)|several\s+times|multiple\s+times|(?:three|four|five|\d+)\s+times|all\s+night)|toss(?:ed|ing)\s+and\s+turn(?:ed|ing)|(?:had\s+)?(?:a\s+)?(?:bad|rough|terrible|awful|horrible|restless)\s+night(?!\s+out\b))\b/;
/** A fight with someone close: 'I had a fight with my mom', 'we argued again'. */
const CONFLICT =
  /\b(?:(?:had|got\s+into|have|having)\s+(?:a|an|another|this|a\s+big|a\s+huge)\s+(?:fight|argument|row)\s+with|(?:fought|argued|arguing|fighting)\s+with\s+(?:my|our|him|her|them)|we\s+(?:fought|argued|had\s+(?:a|a\s+big|another)\s+fight(?!\s+(?:scene|club|sequence))|had\s+an\s+argument|are\s+fighting|keep\s+fighting))\b/;
const SCARE =
  /\b(?:(?:had|was\s+in|got\s+into|been\s+in|were\s+in)\s+(?:a|an)\s+(?:\w+\s+)?(?:accident|crash)|broke\s+into\s+(?:my|our)|(?:got|was|been|were)\s+(?:robbed|mugged|burgled)|someone\s+(?:is\s+)?following\s+me)\b/;
const SETBACK =
  /\b(?:moved\s+away|(?:nobody|no\s+one)\s+(?:came|showed\s+up|remembered)|(?:was|got)\s+(?:left\s+out|not\s+invited)|wasn'?t\s+invited|(?:left|forgot)\s+me\s+out)\b/;
/** A pet or someone dear gone missing ('my dog ran away'); 'we ran away from the rain' is not. */
const MISSING = new RegExp(
  `\\b(?:my|our)\\s+${BELOVED}\\s+(?:ran\\s+away|is\\s+missing|went\\s+missing|is\\s+lost)\\b`,
);
const NEGATED =
  /\b(?:not|never|no|isn't|wasn't|aren't|don't|didn't|doesn't|hardly|wasnt|didnt)\s+(?:\w+\s+)?$/;

/** 'not a bad day', "wasn't the worst day": the words before a hit deny it. */
function deniedAt(text: string, index: number): boolean {
  return NEGATED.test(text.slice(Math.max(0, index - 24), index));
}

function found(pattern: RegExp, text: string): RegExpExecArray | null {
  const hit = pattern.exec(text);
  return hit && !deniedAt(text, hit.index) ? hit : null;
}

/** 'cat' → 'your cat'. */
function theirs(word: string | undefined): string | null {
  return word ? reflect(`my ${word.replace(/\s+/g, ' ')}`) : null;
}

/**
 * Rule hardshipOf: hard news in a message (a death, an illness, a break-up, a lost job, a failure, a
 * bad day, harm by someone, being mistreated, an injury, an ache, a fight; a scare, a sleepless night
 * (now, or behind them: a bad night),
 * a commute's hassle, running late, a bad dream, a thing left behind), read with the kind of news, the feeling it carries and whom
 * it is about; null when there is none. A death of a thing ('my phone died'), a joke ('I died laughing') and a denial ('not a bad
 * day') are none.
 */
export function hardshipOf(message: string): HardshipReading | null {
  const text = normaliseApostrophes(message.slice(0, READ_CHARS)).toLowerCase();
  const sad = (kind: Hardship, subject: string | null = null): HardshipReading => ({
    kind,
    feeling: 'sad',
    subject,
  });
  if (!JOKING_DEATH.test(text)) {
    const died = found(LOSS_DIED, text);
    if (died) {
      const before = text.slice(Math.max(0, died.index - 40), died.index);
      const subject = LOSS_SUBJECT.exec(before)?.[1];
      // 'the dog died at the end of the movie' is a story told, not a loss (a 'my dog' in it is one).
      const fiction = !subject && FICTION.test(text);
      if (!THINGS.test(before) && !fiction) return sad('loss', theirs(subject));
    }
    const lost = found(LOSS_LOST, text);
    if (lost) return sad('loss', theirs(lost[1]));
    if (found(LOSS_WORDS, text) || found(LOSS_PUT_DOWN, text)) return sad('loss');
  }
  if (found(BREAKUP, text)) return sad('breakup');
  if (found(JOB, text)) return sad('job');
  const ill = found(ILLNESS, text);
  if (ill) return sad('illness', theirs(ILLNESS_SUBJECT.exec(text)?.[1]));
  if (found(HURT, text)) return sad('hurt');
  if (found(INJURY, text)) return sad('injury');
  if (found(ACHE, text)) return sad('ache');
  if (found(MISTREATED, text)) return sad('mistreated');
  if (found(CONFLICT, text)) return sad('conflict');
  if (found(SCARE, text)) return { kind: 'scare', feeling: 'anxious', subject: null };
  if (found(NIGHTMARE, text)) return { kind: 'nightmare', feeling: 'anxious', subject: null };
  if (found(FAILURE, text)) return sad('failure');
  // 'a rough night' is a night's sleep, not a day gone wrong.
  if (found(BAD_NIGHT, text)) return { kind: 'bad_night', feeling: 'tired', subject: null };
  if (found(BAD_DAY, text)) return sad('bad_day');
  if (found(SETBACK, text) || found(MISSING, text)) return sad('setback');
  if (found(SLEEPLESS, text)) return { kind: 'sleepless', feeling: 'tired', subject: null };
  if (found(HASSLE, text)) {
    const over = HASSLE_PAST.test(text) && !HASSLE_NOW.test(text);
    return { kind: over ? 'hassle_over' : 'hassle', feeling: 'angry', subject: null };
  }
  if (found(RUNNING_LATE, text)) return { kind: 'running_late', feeling: 'anxious', subject: null };
  if (found(MISHAP, text)) return { kind: 'mishap', feeling: 'angry', subject: null };
  return null;
}
