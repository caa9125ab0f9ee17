// Small text tools for the local engine: pronoun reflection, keywords, the detail to echo, memory matching.
import type { MemoryItem } from './types';

const APOSTROPHE = /[’‘`]/g;

export function normaliseApostrophes(text: string): string {
  return text.replace(APOSTROPHE, "'");
}

/**
 * The most characters of one message the engine reads (the message itself is stored whole). Every reading
 * below is linear, but a reply must not cost more for a longer wall of text than for a few paragraphs.
 */
export const ENGINE_READ_CHARS = 2_000;

/** The first ENGINE_READ_CHARS characters, never ending in half an emoji. */
export function engineReadable(text: string): string {
  if (text.length <= ENGINE_READ_CHARS) return text;
  const end = /[\uD800-\uDBFF]/.test(text[ENGINE_READ_CHARS - 1]!)
    ? ENGINE_READ_CHARS - 1
    : ENGINE_READ_CHARS;
  return text.slice(0, end);
}

/**
 * The text without the characters of `set` at its end. A pattern like /[.!]+$/ is tried from every
 * position of a long run that does not reach the end, which takes time in the square of the run.
 */
export function trimEndOf(text: string, set: RegExp): string {
  let end = text.length;
  while (end > 0 && set.test(text[end - 1]!)) end -= 1;
  return text.slice(0, end);
}

/** The text without the characters of `set` at its start. */
export function trimStartOf(text: string, set: RegExp): string {
  let start = 0;
  while (start < text.length && set.test(text[start]!)) start += 1;
  return text.slice(start);
}

/** Collapse whitespace and trim. */
export function tidy(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

/** For comparing replies: case, spacing, punctuation and '~' do not make a reply new. */
export function replyKey(text: string): string {
  return text.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, '');
}

/**
 * The keys of the recent replies, which every chat of an account passes again (the same 20 texts
 * request after request): each text's key is kept, up to RECENT_KEYS_KEPT texts, not recomputed.
 */
const RECENT_KEYS_KEPT = 1000;
const recentKeys = new Map<string, string>();

export function recentReplyKeys(replies: readonly string[]): Set<string> {
  const keys = new Set<string>();
  for (const reply of replies) {
    let key = recentKeys.get(reply);
    if (key === undefined) {
      key = replyKey(reply);
      if (recentKeys.size >= RECENT_KEYS_KEPT) recentKeys.clear();
      recentKeys.set(reply, key);
    }
    keys.add(key);
  }
  return keys;
}

const OWNER_TO_KIRI: Record<string, string> = {
  i: 'you',
  me: 'you',
  my: 'your',
  mine: 'yours',
  myself: 'yourself',
  "i'm": "you're",
  im: "you're",
  "i've": "you've",
  ive: "you've",
  "i'll": "you'll",
  "i'd": "you'd",
  // The owner's 'we' is the owner and their people (a team, a family), not Kiri: 'our launch' is
  // 'your launch' in her mouth, never 'our launch'.
  we: 'you',
  "we're": "you're",
  "we've": "you've",
  "we'll": "you'll",
  "we'd": "you'd",
  us: 'you',
  our: 'your',
  ours: 'yours',
  ourselves: 'yourselves',
  your: 'my',
  yours: 'mine',
  yourself: 'myself',
  "you're": "i'm",
  youre: "i'm",
  "you've": "i've",
  "you'll": "i'll",
  "you'd": "i'd",
  ur: 'my',
  u: 'you',
};

const SUBJECT_FOLLOWERS = new Set([
  'are',
  'were',
  'have',
  'had',
  'do',
  'did',
  'can',
  'could',
  'will',
  'would',
  'should',
  'know',
  'said',
  'told',
  'make',
  'made',
  'always',
  'never',
  'really',
  'just',
  'think',
  'thought',
  'want',
  'wanted',
  'like',
  'love',
  'need',
  'get',
  'got',
  'seem',
  'look',
]);

/**
 * Everyday words a phone capitalises at the start of a message ('Autumn', 'Pizza'): said back in the
 * middle of her line they are lower case. A name ('Muse', 'Lyon') is not here and keeps its capital.
 */
const EVERYDAY_WORDS = new Set(
  (
    'spring summer autumn fall winter ' +
    'red orange yellow green blue purple pink black white grey gray brown teal turquoise gold silver ' +
    'pizza pasta sushi ramen noodles curry tacos burgers chocolate cake cookies ice cream pancakes ' +
    'waffles soup salad bread cheese fries rice dumplings coffee tea matcha wine beer juice water ' +
    'cats dogs birds horses rabbits owls foxes penguins cat dog ' +
    'rain snow sunshine sun storms thunderstorms fog mornings evenings nights weekends sundays ' +
    'reading books music films movies games football soccer tennis swimming running hiking yoga ' +
    'painting drawing cooking baking dancing singing gardening knitting travelling traveling'
  ).split(' '),
);

/**
 * Rule asSaidMidLine: the owner's words as she says them inside her line: an everyday word a phone
 * capitalised at the start of the message loses that capital ('Autumn' → 'autumn'); a name keeps it.
 */
export function asSaidMidLine(text: string): string {
  const first = /^[A-Z][a-z]+\b/.exec(text)?.[0];
  return first && EVERYDAY_WORDS.has(first.toLowerCase())
    ? first.toLowerCase() + text.slice(first.length)
    : text;
}

/**
 * Turn the owner's words into Kiri's point of view: 'I love my cat' → 'you love your cat',
 * 'you are my friend' → 'i am your friend'.
 */
export function reflect(text: string): string {
  const words = normaliseApostrophes(text).split(/(\s+)/);
  const isBlank = (token: string) => token.trim() === '';
  const bare = (token: string) => token.toLowerCase().replace(/[^\p{L}']/gu, '');
  // The word after each token, found in one pass from the end rather than searched for at every word
  // (which took time in the square of the text).
  const nextWords: (string | undefined)[] = new Array<string | undefined>(words.length);
  let following: string | undefined;
  for (let i = words.length - 1; i >= 0; i -= 1) {
    nextWords[i] = following;
    if (!isBlank(words[i]!)) following = bare(words[i]!);
  }
  const out: string[] = [];
  /** The last word written, as written (after reflection). */
  let lastOut: string | undefined;
  for (let i = 0; i < words.length; i += 1) {
    const token = words[i]!;
    if (/^\s+$/.test(token) || token === '') {
      out.push(token);
      continue;
    }
    const match = /^([("“]*)([\p{L}']+)([^\p{L}']*)$/u.exec(token);
    if (!match) {
      out.push(token);
      lastOut = token;
      continue;
    }
    const [, lead = '', word = '', tail = ''] = match;
    const lower = word.toLowerCase();
    const previous = lastOut === undefined ? undefined : bare(lastOut);
    const nextWord = nextWords[i];
    let replaced: string | undefined;
    if (lower === 'you') {
      const atStart = previous === undefined || /[.!?,;:]$/.test(lastOut!.trim());
      replaced =
        atStart || (nextWord !== undefined && SUBJECT_FOLLOWERS.has(nextWord)) ? 'i' : 'me';
    } else if (lower === 'am' && previous === 'you') {
      replaced = 'are';
    } else if (lower === 'was' && previous === 'you') {
      replaced = 'were';
    } else if (lower === 'are' && previous === 'i') {
      replaced = 'am';
    } else if (lower === 'were' && previous === 'i') {
      replaced = 'was';
    } else {
      replaced = OWNER_TO_KIRI[lower];
    }
    const written = `${lead}${replaced ?? word}${tail}`;
    out.push(written);
    lastOut = written;
  }
  return out.join('');
}

export const STOPWORDS = new Set(
  (
    'a an the and or but so if then than that this these those there here of to in on at by for with ' +
    'from about as into over under up down out off again just very really too also is am are was were be ' +
    'been being do does did done have has had having will would shall should can could may might must ' +
    "i me my mine myself you your yours yourself we us our he him his she her they them their it its it's " +
    "i'm i've i'll i'd you're im what which who whom whose when where why how all any some no not " +
    "don't dont didn't can't cant won't isn't wasn't one ok okay yes yeah oh hey hi hello please " +
    'remember recall forget told tell said say know think thing things something anything stuff ' +
    'kiri today now still much many more most lot lots get got make made want like'
  ).split(/\s+/),
);

function stem(word: string): string {
  let w = word.replace(/'s$/, '').replace(/'$/, '');
  if (w.length > 5 && w.endsWith('ing')) w = w.slice(0, -3);
  else if (w.length > 4 && w.endsWith('ed')) w = w.slice(0, -2);
  else if (w.length > 4 && w.endsWith('ies')) w = `${w.slice(0, -3)}y`;
  else if (w.length > 3 && w.endsWith('s') && !w.endsWith('ss')) w = w.slice(0, -1);
  return w;
}

/** The significant word stems of a text (stopwords dropped). */
export function keywords(text: string): Set<string> {
  const result = new Set<string>();
  for (const raw of normaliseApostrophes(text)
    .toLowerCase()
    .split(/[^\p{L}\p{N}']+/u)) {
    const word = trimEndOf(trimStartOf(raw, /'/), /'/);
    if (word.length < 2 || STOPWORDS.has(word)) continue;
    const stemmed = stem(word);
    if (stemmed.length >= 2 && !STOPWORDS.has(stemmed)) result.add(stemmed);
  }
  return result;
}

export interface RankedMemory {
  memory: MemoryItem;
  score: number;
}

/** Memories sharing words with `text`, best first (ties: newest first, as given). */
export function rankMemories(text: string, memories: readonly MemoryItem[]): RankedMemory[] {
  const wanted = keywords(text);
  if (wanted.size === 0) return [];
  const ranked: (RankedMemory & { index: number })[] = [];
  memories.forEach((memory, index) => {
    let score = 0;
    for (const word of keywords(memory.content)) if (wanted.has(word)) score += 1;
    if (score > 0) ranked.push({ memory, score, index });
  });
  ranked.sort((a, b) => b.score - a.score || a.index - b.index);
  return ranked.map(({ memory, score }) => ({ memory, score }));
}

const PHRASE_STOP = new Set([
  ...STOPWORDS,
  'keeps',
  'kept',
  'forgot',
  // Verbs of an ache and a sentence's tail end one too ('your fingers', not 'your fingers hurt though').
  'hurt',
  'hurts',
  'ache',
  'aches',
  'though',
  'anyway',
  'lol',
  'haha',
  // Irregular past verbs end a noun phrase as '-ed' does ('your coworker', not 'your coworker brought cake').
  'brought',
  'bought',
  'saw',
  'told',
  'ate',
  'won',
  'lost',
  'found',
  'met',
  'sent',
  'threw',
  'wrote',
  'drove',
  'said',
  'says',
  'went',
  'came',
  'left',
  'broke',
  'gave',
  'took',
  'saw',
  'found',
  'thinks',
  'wants',
  'hates',
  'loves',
  'never',
  'always',
  'tonight',
  'yesterday',
  'tomorrow',
  'because',
  'since',
  'until',
  'while',
  'after',
  'before',
]);

function nounPhrase(words: string[], max: number): string | null {
  const taken: string[] = [];
  for (const raw of words) {
    const word = raw.toLowerCase().replace(/[^\p{L}\p{N}'-]/gu, '');
    if (!word || PHRASE_STOP.has(word)) break;
    if (taken.length > 0 && (/ed$/.test(word) || (/s$/.test(word) && !/ss$/.test(word)))) break;
    taken.push(raw.replace(/[^\p{L}\p{N}'-]/gu, ''));
    if (taken.length >= max || /[,.!?;:]$/.test(raw)) break;
  }
  return taken.length > 0 ? taken.join(' ') : null;
}

export interface Detail {
  /** A short noun phrase from Kiri's point of view: 'your exam' (of 'my exam' or 'our exam'), 'the weekend'. */
  phrase: string | null;
  /** A short first-person statement, reflected: 'you finished your essay'. */
  clause: string | null;
}

/** A short detail of the owner's message worth echoing back, so that the reply feels attentive. */
export function extractDetail(message: string): Detail {
  const text = tidy(normaliseApostrophes(message));
  let phrase: string | null = null;
  const possessive = /\b(my|our)\s+([^.!?]+)/i.exec(text);
  if (possessive) {
    const noun = nounPhrase(possessive[2]!.split(' '), 3);
    if (noun) phrase = `your ${noun}`;
  }
  if (!phrase) {
    const about = /\babout\s+(the|this|that|a|an)?\s*([^.!?]+)/i.exec(text);
    if (about) {
      const noun = nounPhrase(about[2]!.split(' '), 3);
      if (noun) phrase = `${about[1] ? `${about[1].toLowerCase()} ` : ''}${noun}`;
    }
  }
  let clause: string | null = null;
  const sentence = trimEndOf(text, /[.!~]/);
  const words = sentence.split(' ');
  if (
    !sentence.includes('?') &&
    words.length >= 2 &&
    words.length <= 9 &&
    /^(i|i'm|im|i've|i'll|we|we're|my)\b/i.test(sentence) &&
    !/[.!?;]/.test(sentence)
  ) {
    clause = reflect(sentence).replace(/^\p{Lu}(?=\p{Ll})/u, (c) => c.toLowerCase());
  }
  return { phrase, clause };
}
