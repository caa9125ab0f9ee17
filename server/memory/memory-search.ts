// Memory search with MiniSearch 7.2 (BM25+, fuzzy and prefix matching; no dependencies, 0.9 MB unpacked):
// one in-memory index per account, built from memory.json on first use and kept up to date as nodes are
// added and forgotten. Results are ranked by relevance scaled by importance (lattice-rules searchScore).
import MiniSearch from 'minisearch';
import type { MemoryNode } from '../store/memory-store';
import { MAX_SEARCH_RESULTS, searchScore } from './lattice-rules';

interface IndexedNode {
  id: string;
  text: string;
}

export interface SearchHit {
  node: MemoryNode;
  /** Relevance scaled by importance. */
  score: number;
}

/** Fuzzy matching only for words of this many letters or more: 'ana' one edit away is 'and', 'anna', 'an'… */
export const FUZZY_MIN_CHARS = 5;

/**
 * And only for words of at most this many: MiniSearch's edit-distance walk costs the word's length at
 * every step of the index, so one 10,000-letter "word" (a message of 'aaaa…') took seconds of the one
 * thread; no word is that long, and a longer one is still found exactly or as a prefix.
 */
export const FUZZY_MAX_CHARS = 32;

/**
 * A query is searched by its first this many distinct words: each costs a walk of the index, and a
 * 10,000-character message of different words would otherwise hold the thread for most of a second.
 */
export const MAX_QUERY_TERMS = 200;

/**
 * Fuzzy matching allows one edit in five characters for words of 5 letters or more ('sistr' finds
 * 'sister'), prefix matching finds 'birth' in 'birthday'; tags (entities and key terms) count twice as
 * much as the running text (they are indexed with it, one field: a key term that is also in the text
 * counts twice, and one field costs half the work per match of two), and an exact match counts more
 * than a fuzzy or prefix one (MiniSearch's own weights: fuzzy 0.45, prefix 0.375).
 */
export const SEARCH_OPTIONS = {
  fuzzy: (term: string) =>
    term.length >= FUZZY_MIN_CHARS && term.length <= FUZZY_MAX_CHARS ? 0.2 : false,
  prefix: true,
  combineWith: 'OR',
} as const;

/**
 * Words that match everything ('my', 'is', 'what'): left out of the index and of queries, so that 'what
 * is my sister called?' looks for 'sister' and 'called', not for every memory with 'my' in it.
 */
const STOP_WORDS = new Set(
  (
    'a an the and or but if of to in on at by for with from about as into is are was were be been am ' +
    'i me my mine you your yours he him his she her hers it its we us our they them their this that ' +
    'these those there here what which who whom whose when where why how not no do does did have has ' +
    'had will would can could should shall may might must so than then too very just also really ' +
    'remember recall know tell please kiri'
  ).split(' '),
);

/** MiniSearch's processTerm: lower case, possessive 's dropped, stop words left out. */
export function searchTermOf(term: string): string | null {
  const word = term.toLowerCase().replace(/['’]s$/, '');
  return word === '' || STOP_WORDS.has(word) ? null : word;
}

const tokenize = MiniSearch.getDefault('tokenize') as (text: string) => string[];

/**
 * The query as MiniSearch reads it, each word once and at most MAX_QUERY_TERMS of them: a word repeated
 * a thousand times was a thousand searches, merged one into the next (quadratic in the repeats).
 */
export function searchQueryOf(query: string): string {
  const terms = new Set<string>();
  for (const token of tokenize(query)) {
    const term = searchTermOf(token);
    if (term === null) continue;
    terms.add(term);
    if (terms.size === MAX_QUERY_TERMS) break;
  }
  return [...terms].join(' ');
}

function newIndex(): MiniSearch<IndexedNode> {
  return new MiniSearch<IndexedNode>({
    fields: ['text'],
    storeFields: [],
    processTerm: searchTermOf,
    searchOptions: SEARCH_OPTIONS,
  });
}

function indexed(node: MemoryNode): IndexedNode {
  return { id: node.id, text: `${node.content} ${node.semanticTags.join(' ')}` };
}

/**
 * One account's index. The lattice syncs it after every add (an add past the cap also forgets a node);
 * a search resyncs by itself when the count of `nodes` differs from what it holds.
 */
export class MemoryIndex {
  private readonly index = newIndex();
  private readonly byId = new Map<string, MemoryNode>();

  constructor(nodes: readonly MemoryNode[] = []) {
    this.sync(nodes);
  }

  /** Adds what is new and removes what is gone (a node forgotten past the cap). */
  sync(nodes: readonly MemoryNode[]): void {
    const present = new Set<string>();
    for (const node of nodes) {
      present.add(node.id);
      if (!this.byId.has(node.id)) this.index.add(indexed(node));
      // The live object: accesses are counted on it in place.
      this.byId.set(node.id, node);
    }
    for (const id of this.byId.keys()) {
      if (present.has(id)) continue;
      this.index.discard(id);
      this.byId.delete(id);
    }
  }

  get size(): number {
    return this.byId.size;
  }

  /** Best first; at most `limit`. */
  search(query: string, nodes: readonly MemoryNode[], limit = MAX_SEARCH_RESULTS): SearchHit[] {
    if (nodes.length !== this.byId.size) this.sync(nodes);
    // The best `limit` kept in order as the results stream by (not a sort of every match: a common
    // word matches thousands of nodes among 10,000).
    const best: SearchHit[] = [];
    const better = (a: SearchHit, b: SearchHit) =>
      a.score > b.score || (a.score === b.score && a.node.timestamp > b.node.timestamp);
    for (const result of this.index.search(searchQueryOf(query))) {
      const node = this.byId.get(result.id as string);
      if (!node) continue;
      const hit = { node, score: searchScore(result.score, node.importance) };
      if (best.length === limit && !better(hit, best[limit - 1]!)) continue;
      let at = best.length;
      while (at > 0 && better(hit, best[at - 1]!)) at -= 1;
      best.splice(at, 0, hit);
      if (best.length > limit) best.pop();
    }
    return best;
  }
}
