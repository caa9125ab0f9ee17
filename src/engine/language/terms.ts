// What a text is about, read by wink-nlp 2.4 with wink-eng-lite-web-model 1.8 (the model, ~3.8 MB
// unpacked, ships inside its npm package; nothing is fetched at run time): its tokens with their part of
// speech, lemma and negation, its entities (names, places, dates and times) and its key terms. The memory
// lattice's semantic tags and its search read here (docs/language.md says what the library decides and
// what Kiri decides on top).
import winkNLP, { type ItemEntity, type ItsFunction, type WinkMethods } from 'wink-nlp';
import model from 'wink-eng-lite-web-model';

export interface Token {
  /** As written. */
  value: string;
  /** Lower case, the form the tags and search use. */
  normal: string;
  /** wink's lemma: 'called' → 'call', 'is' → 'be'. */
  lemma: string;
  /** Universal part of speech: NOUN, PROPN, VERB, ADJ, AUX, PRON, … */
  pos: string;
  /** Inside the scope of a 'not', 'never', "n't" (wink marks the words a negation governs). */
  negated: boolean;
  stopWord: boolean;
}

export type EntityKind = 'name' | 'place' | 'date' | 'time' | 'other';

export interface Entity {
  value: string;
  kind: EntityKind;
}

export interface Terms {
  tokens: Token[];
  /** The text holds a negation ('not', "n't", 'never'): some of its words are negated. */
  negated: boolean;
  entities: Entity[];
  /** The content words, lower case, each once, in order: nouns, names, verbs and adjectives. */
  keyTerms: string[];
}

/**
 * Words that say how to keep a memory, not what it is about ('remember that …', 'is called …'): never a
 * key term. Lemmas.
 */
const NOT_A_TERM = new Set([
  'remember',
  'forget',
  'note',
  'keep',
  'mind',
  'call',
  'name',
  'know',
  'tell',
  'say',
  'please',
  'kiri',
  'thing',
  'get',
  'have',
  'do',
  'make',
  'let',
]);

const KEY_POS = new Set(['NOUN', 'PROPN', 'VERB', 'ADJ']);
/** The prepositions before a proper noun that make it a place ('in Lisbon', 'from Porto'). */
const PLACE_PREPOSITIONS = new Set(['in', 'at', 'from', 'to', 'near', 'into', 'around', 'across']);
/** Texts past this are read in their first part only: a memory or a query is a sentence or two. */
export const MAX_TERMS_TEXT = 2000;

let nlp: WinkMethods | null = null;

/** The model is read on first use (about 0.3 s), not when the server starts. */
function reader(): WinkMethods {
  nlp ??= winkNLP(model);
  return nlp;
}

/**
 * Reads the model now (about 0.3 s, 0.9 s on a phone-speed CPU) instead of on the first message that
 * needs it: the device calls this while the app is idle, so that no reply waits longer than Kiri's
 * typing pause for it (issue 12).
 */
export function warmUpTerms(): void {
  reader();
}

function kindOfWinkEntity(type: string): EntityKind {
  if (type === 'DATE') return 'date';
  if (type === 'TIME') return 'time';
  return 'other';
}

export function readTerms(text: string): Terms {
  const source = text.slice(0, MAX_TERMS_TEXT);
  const winkReader = reader();
  const { its } = winkReader;
  const doc = winkReader.readDoc(source);
  const values = doc.tokens().out(its.value) as string[];
  const lemmas = doc.tokens().out(its.lemma as ItsFunction<string>) as string[];
  const pos = doc.tokens().out(its.pos) as string[];
  const negations = doc.tokens().out(its.negationFlag) as boolean[];
  const stops = doc.tokens().out(its.stopWordFlag) as boolean[];
  const tokens: Token[] = values.map((value, i) => ({
    value,
    normal: value.toLowerCase(),
    lemma: (lemmas[i] ?? value).toLowerCase(),
    pos: pos[i] ?? 'X',
    negated: negations[i] === true,
    stopWord: stops[i] === true,
  }));

  // wink's lite model finds dates, times, numbers, e-mails and the like; names and places are ours:
  // runs of proper nouns outside those, a place when a place preposition comes before it.
  const entities: Entity[] = [];
  const covered = new Set<number>();
  doc.entities().each((entity: ItemEntity) => {
    const detail = entity.out(its.detail) as { value: string; type: string };
    const [start, end] = entity.out(its.span) as unknown as [number, number];
    for (let i = start; i <= end; i += 1) covered.add(i);
    const kind = kindOfWinkEntity(detail.type);
    if (kind !== 'other') entities.push({ value: detail.value, kind });
  });
  for (let i = 0; i < tokens.length; i += 1) {
    if (tokens[i]!.pos !== 'PROPN' || covered.has(i) || NOT_A_TERM.has(tokens[i]!.lemma)) continue;
    let end = i;
    while (end + 1 < tokens.length && tokens[end + 1]!.pos === 'PROPN' && !covered.has(end + 1)) {
      end += 1;
    }
    const value = tokens
      .slice(i, end + 1)
      .map((token) => token.value)
      .join(' ');
    const before = tokens[i - 1]?.normal ?? '';
    entities.push({ value, kind: PLACE_PREPOSITIONS.has(before) ? 'place' : 'name' });
    i = end;
  }

  const keyTerms: string[] = [];
  for (const token of tokens) {
    if (!KEY_POS.has(token.pos) || token.stopWord || NOT_A_TERM.has(token.lemma)) continue;
    const term = token.normal.replace(/^'+|'+$/g, '');
    if (term.length < 3 && token.pos !== 'PROPN') continue;
    if (!/\p{L}/u.test(term) || keyTerms.includes(term)) continue;
    keyTerms.push(term);
  }
  return { tokens, negated: tokens.some((token) => token.negated), entities, keyTerms };
}
