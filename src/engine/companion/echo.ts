// How much of the owner's own sentence Kiri may say back (issue 12: she echoed whole sentences). A reply
// may share at most MAX_ECHOED_WORDS consecutive words with the owner's message: enough for 'your exam'
// or 'lettuce who?', never 'you went to the park with your dog'. The thing the owner asked her to
// remember (and a memory she quotes when asked for it) is confirmed back on purpose, so its words are
// exempt.
import { normaliseApostrophes } from './text';

/** A few words: the most consecutive words of the owner's message a reply may repeat. */
export const MAX_ECHOED_WORDS = 4;

/** The words of a text, lower case, apostrophes dropped ("I'm" and 'im' are one word). */
export function wordsOf(text: string): string[] {
  const words =
    normaliseApostrophes(text)
      .toLowerCase()
      .match(/[\p{L}\p{N}']+/gu) ?? [];
  return words.map((word) => word.replace(/'/g, '')).filter((word) => word !== '');
}

function grams(words: readonly string[], size: number): Set<string> {
  const out = new Set<string>();
  for (let i = 0; i + size <= words.length; i += 1) out.add(words.slice(i, i + size).join(' '));
  return out;
}

/**
 * Rule echoesTooMuch: the reply repeats more than `max` consecutive words of the message (outside the
 * `exempt` texts). Linear: the message's runs of max + 1 words go into a set, and the reply's are
 * looked up in it.
 */
export function echoesTooMuch(
  reply: string,
  message: string,
  exempt: readonly string[] = [],
  max = MAX_ECHOED_WORDS,
): boolean {
  const size = max + 1;
  const owner = ownerGrams(message, exempt, size);
  if (owner.size === 0) return false;
  const words = wordsOf(reply);
  for (let i = 0; i + size <= words.length; i += 1) {
    if (owner.has(words.slice(i, i + size).join(' '))) return true;
  }
  return false;
}

/**
 * The message's runs of `size` words less the exempt texts' runs. One reply asks about the same message
 * many times (each line tried, each attempt: issue 21), so the last answer is kept.
 */
let lastGrams: {
  message: string;
  exempt: string;
  size: number;
  grams: ReadonlySet<string>;
} | null = null;

function ownerGrams(message: string, exempt: readonly string[], size: number): ReadonlySet<string> {
  const exemptKey = exempt.join('\u0000');
  if (
    lastGrams &&
    lastGrams.message === message &&
    lastGrams.exempt === exemptKey &&
    lastGrams.size === size
  ) {
    return lastGrams.grams;
  }
  const said = wordsOf(message);
  const owner = said.length < size ? new Set<string>() : grams(said, size);
  for (const text of exempt) for (const gram of grams(wordsOf(text), size)) owner.delete(gram);
  lastGrams = { message, exempt: exemptKey, size, grams: owner };
  return owner;
}

/** The longest run of consecutive message words the reply repeats (for reports; not on a hot path). */
export function longestEchoedRun(reply: string, message: string): number {
  const said = wordsOf(message);
  const words = wordsOf(reply);
  let longest = 0;
  for (let size = 1; size <= Math.min(said.length, words.length); size += 1) {
    const owner = grams(said, size);
    let found = false;
    for (let i = 0; i + size <= words.length && !found; i += 1) {
      found = owner.has(words.slice(i, i + size).join(' '));
    }
    if (!found) break;
    longest = size;
  }
  return longest;
}
