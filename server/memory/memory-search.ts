// Memory search with MiniSearch 7.2 (BM25+, fuzzy and prefix matching; no dependencies, 0.9 MB unpacked):
// one in-memory index per account, built from memory.json on first use and kept up to date as nodes are
// added and forgotten. Results are ranked by relevance scaled by importance (lattice-rules searchScore).
import MiniSearch from 'minisearch';
import type { MemoryNode } from '../store/memory-store';
import { MAX_SEARCH_RESULTS, searchScore } from './lattice-rules';

interface IndexedNode {
  id: string;
  content: string;
  tags: string;
}

export interface SearchHit {
  node: MemoryNode;
  /** Relevance scaled by importance. */
  score: number;
}

/**
 * Fuzzy matching allows one edit in five characters ('sistr' finds 'sister'), prefix matching finds
 * 'birth' in 'birthday'; tags (entities and key terms) count twice as much as the running text, and an
 * exact match counts more than a fuzzy or prefix one (MiniSearch's own weights: fuzzy 0.45, prefix 0.375).
 */
export const SEARCH_OPTIONS = {
  boost: { tags: 2 },
  fuzzy: 0.2,
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

function newIndex(): MiniSearch<IndexedNode> {
  return new MiniSearch<IndexedNode>({
    fields: ['content', 'tags'],
    storeFields: [],
    processTerm: searchTermOf,
    searchOptions: SEARCH_OPTIONS,
  });
}

function indexed(node: MemoryNode): IndexedNode {
  return { id: node.id, content: node.content, tags: node.semanticTags.join(' ') };
}

/** One account's index. `nodes` is read on every search, so a node forgotten meanwhile is never returned. */
export class MemoryIndex {
  private readonly index = newIndex();
  private readonly ids = new Set<string>();

  constructor(nodes: readonly MemoryNode[] = []) {
    this.sync(nodes);
  }

  /** Adds what is new and removes what is gone (a node forgotten past the cap). */
  sync(nodes: readonly MemoryNode[]): void {
    const present = new Set<string>();
    for (const node of nodes) {
      present.add(node.id);
      if (!this.ids.has(node.id)) {
        this.index.add(indexed(node));
        this.ids.add(node.id);
      }
    }
    for (const id of this.ids) {
      if (present.has(id)) continue;
      this.index.discard(id);
      this.ids.delete(id);
    }
  }

  get size(): number {
    return this.ids.size;
  }

  /** Best first; at most `limit`. */
  search(query: string, nodes: readonly MemoryNode[], limit = MAX_SEARCH_RESULTS): SearchHit[] {
    if (nodes.length !== this.ids.size) this.sync(nodes);
    const byId = new Map(nodes.map((node) => [node.id, node]));
    const hits: SearchHit[] = [];
    for (const result of this.index.search(query)) {
      const node = byId.get(result.id as string);
      if (node) hits.push({ node, score: searchScore(result.score, node.importance) });
    }
    return hits
      .sort((a, b) => b.score - a.score || b.node.timestamp - a.node.timestamp)
      .slice(0, limit);
  }
}
