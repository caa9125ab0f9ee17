// What is on Kiri's mind (spec 000 §3.6 thought map): the weighted terms of the owner's recent messages
// and the category of each. The words are read by wink-nlp (readTerms, server/language/terms.ts: part of
// speech and lemma), so adverbs, pronouns and inflected filler ('wanted', 'went', 'literally') drop out;
// a feeling word survives whatever its part of speech ('alone', 'badly'). Word lists give the
// categories; 'emotional' is any word VADER scores on its own (the one sentiment reader).
import { hardshipOf } from '../../src/engine/companion/hardship';
import { readSentiment } from '../../src/engine/language/sentiment';
import { MAX_TERMS_TEXT, readTerms } from '../../src/engine/language/terms';

export const FOCUS_CATEGORIES = [
  'emotional',
  'practical',
  'safety',
  'relationship',
  'general',
] as const;
export type FocusCategory = (typeof FOCUS_CATEGORIES)[number];

export interface FocusTerm {
  term: string;
  /** 0 to 1: the term's recency-weighted count over the top term's. */
  weight: number;
  category: FocusCategory;
}

/** A message as the rules read it: its text and when it was written (ms). */
export interface TimedText {
  text: string;
  at: number;
}

/** The focus reads the owner's messages of the last 6 hours, at most the last 20. */
export const FOCUS_WINDOW_MS = 6 * 60 * 60_000;
export const FOCUS_MAX_MESSAGES = 20;
/** A message an hour old counts half as much as one written now. */
export const FOCUS_HALF_LIFE_MS = 60 * 60_000;
/** The server names up to 8 terms; the orb's strip shows at most 5 (spec 000 §4). */
export const FOCUS_MAX_TERMS = 8;

/** English function words and chat filler: they say nothing about what is on the owner's mind. */
const STOP_WORDS = new Set(
  (
    'a about above after again against all also am an and any are aren as at be because been before ' +
    'being below between both but by can cannot could couldn did didn do does doesn doing don down ' +
    'during each even ever every few for from further get gets getting got had hadn has hasn have ' +
    'haven having he her here hers herself him himself his how however i if in into is isn it its ' +
    'itself just let like maybe me might more most much must my myself no nor not now of off on once ' +
    'only or other ought our ours ourselves out over own really same shall she should shouldn so some ' +
    'still such than that the their theirs them themselves then there these they thing things this ' +
    'those though through to too under until up upon us very was wasn way we well were weren what ' +
    'when where which while who whom why will with won would wouldn yes yet you your yours yourself ' +
    'yourselves ok okay oh ah hmm hm um uh lol haha hehe yeah yep nope hey hi hello hiya bye thanks ' +
    'thank please pls gonna wanna gotta kinda sorta know think want need going go goes went make ' +
    'made say said tell told one two lot lots something anything everything nothing someone today ' +
    'tonight tomorrow yesterday day time kiri ll ve re im ive id dont cant wont didnt doesnt isnt ' +
    'feel feels feeling felt come comes came coming next last back ' +
    // Chat shorthand: 'brb' was a thought on the orb's strip.
    'brb afk gtg lmao lmfao rofl idk btw omg wbu hbu nah yup sec ' +
    // How the owner talks to Kiri, not what is on their mind: 'my sister is called Ana', 'remind me
    // to…', 'remember that…'.
    'call called calls named remind reminds reminded reminding remember remembers forget'
  ).split(' '),
);

/**
 * Categories by word lists, checked in this order: safety first (a word like 'hurt' is both emotional
 * and a safety matter, and the safety reading is the one that must not be missed).
 */
const SAFETY_WORDS = new Set(
  (
    'help emergency danger dangerous unsafe safe safety hurt hurting injured injury bleeding blood ' +
    'accident attack attacked threat threatened threatening police ambulance hospital fire scared ' +
    'afraid panic suicide suicidal die dying kill overdose abuse abused stalker weapon ' +
    'knife gun fall fell faint fainted sick pain chest breathe'
  ).split(' '),
);

const RELATIONSHIP_WORDS = new Set(
  (
    'mom mum mother dad father parents parent sister brother sibling family friend friends ' +
    'boyfriend girlfriend partner husband wife fiance fiancee ex crush date dating wedding marriage ' +
    'married baby son daughter kids child children grandma grandpa grandmother grandfather aunt uncle ' +
    'cousin colleague coworker boss neighbour neighbor roommate relationship together breakup love ' +
    'miss missing hug cat dog pet'
  ).split(' '),
);

const PRACTICAL_WORDS = new Set(
  (
    'work job office meeting meetings deadline project projects task tasks email emails report ' +
    'study studying exam exams test homework assignment class school university college lecture ' +
    'code coding bug bugs program computer laptop phone app money rent bill bills bank budget pay ' +
    'salary shopping groceries buy cook cooking dinner lunch breakfast recipe clean cleaning laundry ' +
    'plan plans schedule appointment doctor dentist train bus car drive driving flight trip travel ' +
    'ticket booking interview resume application form visa move moving house apartment fix repair ' +
    'gym workout exercise run running sleep schedule reminder list'
  ).split(' '),
);

/** A word as the focus keeps it: lower case, without a final 's and apostrophes. */
function cleanWord(raw: string): string {
  return raw
    .toLowerCase()
    .replace(/['’]s$/u, '')
    .replace(/['’]/gu, '');
}

const keptWord = (word: string) => word.length >= 3 && !STOP_WORDS.has(word);

/**
 * The plain reading: the words of a text, lower-cased, without punctuation, numbers, stop words and
 * words shorter than 3 letters. Linear: one pass of a non-overlapping pattern. Used past the part of a
 * long message that wink-nlp reads.
 */
export function plainWords(text: string): string[] {
  const words = text.toLowerCase().match(/\p{L}[\p{L}'’]*/gu) ?? [];
  return words.map(cleanWord).filter(keptWord);
}

/** The parts of speech that carry what a message is about (wink-nlp's universal tags). */
const CONTENT_POS = new Set(['NOUN', 'PROPN', 'VERB', 'ADJ']);

/** Each text is read by wink-nlp once: the strip polls every 10 s over the same recent messages. */
const WORDS_CACHE_SIZE = 500;
const wordsCache = new Map<string, string[]>();

/**
 * Rule 'focus words': the words of a message that say what it is about. Its first MAX_TERMS_TEXT
 * characters are read by wink-nlp: a word is kept when it is a noun, name, verb or adjective, or a
 * feeling word (VADER scores it), and neither it nor its lemma is a stop word ('wanted' → 'want'); the
 * rest of a longer message is read plainly (plainWords). Both are linear in the text's length.
 */
export function tokenize(text: string): string[] {
  const cached = wordsCache.get(text);
  if (cached) return cached;
  const words = readFocusWords(text);
  if (wordsCache.size >= WORDS_CACHE_SIZE) {
    // The oldest entry (a Map keeps insertion order): the recent messages stay cached.
    wordsCache.delete(wordsCache.keys().next().value!);
  }
  wordsCache.set(text, words);
  return words;
}

/** tokenize() without its cache: what reading a new message costs. */
export function readFocusWords(text: string): string[] {
  const head = text.slice(0, MAX_TERMS_TEXT);
  const words: string[] = [];
  for (const token of readTerms(head).tokens) {
    const word = cleanWord(token.normal);
    if (!/^\p{L}+$/u.test(word) || !keptWord(word) || STOP_WORDS.has(cleanWord(token.lemma)))
      continue;
    if (CONTENT_POS.has(token.pos) || isEmotionalWord(word)) words.push(word);
  }
  if (text.length > MAX_TERMS_TEXT) words.push(...plainWords(text.slice(MAX_TERMS_TEXT)));
  return words;
}

/** Emotional when VADER scores the word on its own (its lexicon holds some 7,500 such words). */
function isEmotionalWord(word: string): boolean {
  return readSentiment(word).intensity >= 0.05;
}

/** Rule 'focus category': safety, then relationship, then practical word lists, then VADER, else general. */
export function categoryOf(term: string): FocusCategory {
  if (SAFETY_WORDS.has(term)) return 'safety';
  if (RELATIONSHIP_WORDS.has(term)) return 'relationship';
  if (PRACTICAL_WORDS.has(term)) return 'practical';
  if (isEmotionalWord(term)) return 'emotional';
  return 'general';
}

/** How much a message written at `at` counts at `now`: halves every `halfLife` (1 for one from the future). */
export function recencyWeight(at: number, now: number, halfLife: number): number {
  const age = Math.max(0, now - at);
  return Math.pow(0.5, age / halfLife);
}

/** The messages a window reads: within `windowMs` of now, newest last, at most `max`. */
export function recentTexts(
  messages: readonly TimedText[],
  now: number,
  windowMs: number,
  max: number,
): TimedText[] {
  const inWindow = messages.filter((m) => m.at <= now && now - m.at <= windowMs);
  return inWindow.slice(-max);
}

const round2 = (value: number) => Math.round(value * 100) / 100;

/**
 * Rule 'focus terms': each term's weight is the sum, over the recent messages that hold it, of the
 * message's recency weight (a word twice in one message counts twice, at most); the list is sorted by
 * weight (ties: the term seen most recently, then alphabetically, so the answer never shuffles), cut
 * to FOCUS_MAX_TERMS, and weights are divided by the top one.
 */
export function focusTerms(messages: readonly TimedText[], now: number): FocusTerm[] {
  const recent = recentTexts(messages, now, FOCUS_WINDOW_MS, FOCUS_MAX_MESSAGES);
  const scores = new Map<string, { score: number; lastAt: number }>();
  for (const message of recent) {
    const weight = recencyWeight(message.at, now, FOCUS_HALF_LIFE_MS);
    const counts = new Map<string, number>();
    for (const word of tokenize(message.text)) counts.set(word, (counts.get(word) ?? 0) + 1);
    for (const [word, count] of counts) {
      const seen = scores.get(word) ?? { score: 0, lastAt: 0 };
      seen.score += weight * Math.min(count, 2);
      seen.lastAt = Math.max(seen.lastAt, message.at);
      scores.set(word, seen);
    }
  }
  const ranked = [...scores.entries()]
    .sort(
      ([a, x], [b, y]) => y.score - x.score || y.lastAt - x.lastAt || (a < b ? -1 : a > b ? 1 : 0),
    )
    .slice(0, FOCUS_MAX_TERMS);
  const top = ranked[0]?.[1].score ?? 0;
  return ranked.map(([term, { score }]) => ({
    term,
    weight: top > 0 ? Math.max(0.01, round2(score / top)) : 0,
    category: categoryOf(term),
  }));
}

/** The share (0 to 1) of the focus's weight that falls on one category. */
export function categoryShare(focus: readonly FocusTerm[], category: FocusCategory): number {
  const total = focus.reduce((sum, term) => sum + term.weight, 0);
  if (total === 0) return 0;
  const part = focus
    .filter((term) => term.category === category)
    .reduce((sum, term) => sum + term.weight, 0);
  return part / total;
}

/** Danger words that make a message urgent on their own ('help' is handled apart: see isUrgentText). */
const DANGER_WORDS = new Set(
  (
    'emergency danger dangerous unsafe hurt hurting injured bleeding accident attack attacked ' +
    'threatened threatening police ambulance fire panic suicide suicidal dying kill overdose abused ' +
    'stalker weapon knife gun fainted breathe sos'
  ).split(' '),
);

/** Danger words that an ache uses too ('my feet hurt'). */
const ACHE_WORDS = new Set(['hurt', 'hurting']);

/**
 * Rule 'urgent message': a danger word, or 'help' outside a practical request ('please help me' is
 * urgent, 'help me with my homework' is not). Negation is not read ('I am not hurt' still counts): for
 * the orb a false alarm costs less than a missed one. Rule 'an ache is not an emergency': 'my feet
 * hurt', read by the chat as an ache (hardship.ts: a part of the body that aches, not harm
 * by someone nor an injury), is not urgent when 'hurt' is its only danger word.
 */
export function isUrgentText(text: string): boolean {
  const words: string[] = text.toLowerCase().match(/\p{L}+/gu) ?? [];
  const danger = words.filter((word) => DANGER_WORDS.has(word));
  const onlyAche =
    danger.length > 0 &&
    danger.every((word) => ACHE_WORDS.has(word)) &&
    hardshipOf(text)?.kind === 'ache';
  if (danger.length > 0 && !onlyAche) return true;
  if (!words.includes('help')) return false;
  return !words.some((word) => PRACTICAL_WORDS.has(word));
}
