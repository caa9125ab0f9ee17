// Finding the owner's facts for a recall ('what's my dog's name?'), with MiniSearch 7.2 (plain ESM, no
// dependencies): fuzzy for longer words ('colour' finds 'color', 'sistr' finds 'sister'), prefix
// ('birth' finds 'birthday'). Issue 12: asked for a pet's name she was never told, the engine
// 'recalled' another memory that shared the word 'name'. So a fact is found only when it holds every
// word of what is asked about (the subject: 'dog'), and words that only say which detail is wanted
// ('name', 'called', 'favourite') never match on their own.
import MiniSearch from 'minisearch';
import { normaliseApostrophes } from './text';
import type { MemoryItem } from './types';

/** Words that say which detail is wanted, not what about: they never make a fact match. */
const DETAIL_WORDS = new Set([
  'name',
  'names',
  'called',
  'call',
  'named',
  'favourite',
  'favorite',
  'fave',
  'fav',
  'like',
  'likes',
  'love',
  'loves',
  'thing',
  'things',
  'stuff',
  'about',
  'again',
  'exactly',
  'remember',
  'recall',
  'know',
  'tell',
  'told',
  'said',
  'say',
  'mention',
  'mentioned',
  'kiri',
  'please',
  'what',
  'when',
  'where',
  'who',
  'which',
  'how',
  'whats',
  'is',
  'are',
  'was',
  'were',
  'my',
  'the',
  'a',
  'an',
  'of',
  'me',
  'i',
  'you',
  'your',
  'did',
  'do',
  'does',
  'have',
  'has',
  'had',
  'to',
  'in',
  'on',
  'at',
  'for',
  'and',
  'or',
  'that',
  'this',
  'it',
  'its',
  'be',
  'been',
  'ever',
  'still',
  'again',
  'some',
  'any',
]);

/** A word asked about and the words that count as it in a memory ('pet' is the dog or the cat). */
const KINDS_OF: Record<string, string[]> = {
  pet: [
    'pet',
    'dog',
    'cat',
    'puppy',
    'kitten',
    'hamster',
    'rabbit',
    'bunny',
    'bird',
    'parrot',
    'fish',
    'turtle',
    'guinea',
  ],
  partner: ['partner', 'boyfriend', 'girlfriend', 'husband', 'wife', 'fiance', 'fiancee', 'spouse'],
  mum: ['mum', 'mom', 'mother', 'mommy', 'mummy'],
  mom: ['mum', 'mom', 'mother', 'mommy', 'mummy'],
  mother: ['mum', 'mom', 'mother'],
  dad: ['dad', 'father', 'daddy'],
  father: ['dad', 'father'],
  job: ['job', 'work', 'works', 'career'],
  work: ['job', 'work', 'works'],
  sibling: ['brother', 'sister', 'sibling'],
};

/** The most subject words read from a question: a question names one thing or two. */
const MAX_SUBJECT_WORDS = 6;

function termOf(raw: string): string | null {
  const word = normaliseApostrophes(raw).toLowerCase().replace(/'s$/, '').replace(/'/g, '');
  return word.length === 0 ? null : word;
}

/** The words of the question that name what it is about ('my dog's name' → ['dog']). */
export function subjectOf(query: string): string[] {
  const out: string[] = [];
  for (const raw of query.slice(0, 400).split(/[^\p{L}\p{N}'’]+/u)) {
    const word = termOf(raw);
    if (!word || DETAIL_WORDS.has(word) || out.includes(word)) continue;
    out.push(word);
    if (out.length >= MAX_SUBJECT_WORDS) break;
  }
  return out;
}

/**
 * Whose the word is in a text: 'me' after 'my', the owner's 'sister' after "sister's", null when the
 * text does not say ('the birthday'). The first time the word appears decides.
 */
export function possessorOf(text: string, word: string): string | null {
  const words = normaliseApostrophes(text)
    .toLowerCase()
    .split(/[^\p{L}\p{N}']+/u);
  for (let i = 1; i < words.length; i += 1) {
    if (words[i]!.replace(/'s$/, '') !== word) continue;
    const before = words[i - 1]!;
    if (before === 'my' || before === 'our') return 'me';
    if (/'s$/.test(before)) return before.slice(0, -2);
    return null;
  }
  return null;
}

/** Rule samePossessor: 'my birthday' is not 'my sister's birthday'; a side that does not say agrees. */
function samePossessor(query: string, memory: string, subject: readonly string[]): boolean {
  for (const word of subject) {
    const asked = possessorOf(query, word);
    const told = possessorOf(memory, word);
    if (asked !== null && told !== null && asked !== told) return false;
  }
  return true;
}

export interface FoundFact {
  memory: MemoryItem;
  score: number;
}

/**
 * Rule findFacts: the memories that hold every subject word of the question (or a kind of it: a dog is
 * a pet), best first by MiniSearch's BM25+ score, ties newest first. No subject word (the question
 * names only a detail, 'what's the name?'): nothing, rather than a guess.
 */
export function findFacts(query: string, memories: readonly MemoryItem[]): FoundFact[] {
  const subject = subjectOf(query);
  if (subject.length === 0 || memories.length === 0) return [];
  const index = new MiniSearch<{ id: number; text: string }>({
    fields: ['text'],
    storeFields: [],
    processTerm: termOf,
  });
  index.addAll(memories.map((memory, id) => ({ id, text: memory.content })));
  let matching: Map<number, number> | null = null;
  for (const word of subject) {
    const scores = new Map<number, number>();
    for (const alias of KINDS_OF[word] ?? [word]) {
      const hits = index.search(alias, {
        fuzzy: alias.length >= 5 ? 0.2 : false,
        prefix: alias.length >= 4,
      });
      for (const hit of hits)
        scores.set(hit.id as number, Math.max(scores.get(hit.id as number) ?? 0, hit.score));
    }
    const next = new Map<number, number>();
    for (const [id, score] of scores) {
      if (matching === null || matching.has(id)) next.set(id, (matching?.get(id) ?? 0) + score);
    }
    matching = next;
    if (matching.size === 0) return [];
  }
  return [...(matching ?? new Map<number, number>())]
    .filter(([id]) => samePossessor(query, memories[id]!.content, subject))
    .sort((a, b) => b[1] - a[1] || a[0] - b[0])
    .map(([id, score]) => ({ memory: memories[id]!, score }));
}
