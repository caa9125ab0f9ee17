// Memory search reads the query in linear time (server/memory/memory-search.ts): the chat searches the
// lattice with each message (up to 10,000 characters) and /api/memory-lattice/search with its query. The
// endpoint fuzz's budget (tests/server/fuzz-regex-budget.test.ts) found a 48 KB query of 'aaaa…' taking
// 1.9 s against 71 ms for 12 KB: the fuzzy walk of one very long word, and each repeated word searched again.
import { describe, expect, it } from 'vitest';
import { makeNode } from '../../server/chat/memories';
import {
  FUZZY_MAX_CHARS,
  MAX_QUERY_TERMS,
  MemoryIndex,
  searchQueryOf,
} from '../../server/memory/memory-search';
import type { MemoryNode } from '../../server/store/memory-store';

const NOW = Date.UTC(2026, 10, 24, 10);

function node(content: string): MemoryNode {
  return makeNode(
    { content, contextType: 'conversation', source: 'user', ownerOnly: false },
    NOW,
    [],
  );
}

const NODES = Array.from({ length: 200 }, (_, i) =>
  node(`memory ${i}: my sister Anna and the aaaa${i} garden, word${i % 17} ${'b'.repeat(i % 40)}`),
);

function msFor(index: MemoryIndex, query: string): number {
  const times: number[] = [];
  for (let i = 0; i < 3; i += 1) {
    const started = performance.now();
    index.search(query, NODES);
    times.push(performance.now() - started);
  }
  return times.sort((a, b) => a - b)[1]!;
}

const QUERIES: Record<string, (chars: number) => string> = {
  'one long word': (chars) => 'a'.repeat(chars) + '!',
  'one word repeated': (chars) => 'hey garden, '.repeat(chars / 12),
};

describe('memory search in linear time', () => {
  for (const [shape, make] of Object.entries(QUERIES)) {
    it(`a query of ${shape}: 4× its length costs about 4× the time, not 16×`, () => {
      const index = new MemoryIndex(NODES);
      msFor(index, make(1000)); // warm-up
      const small = msFor(index, make(2500));
      const large = msFor(index, make(10_000));
      expect(large).toBeLessThanOrEqual(Math.max(8 * small, 40));
    });
  }

  it('each word is searched once, and at most MAX_QUERY_TERMS of them', () => {
    expect(searchQueryOf('Garden garden GARDEN, sister')).toBe('garden sister');
    const many = Array.from({ length: MAX_QUERY_TERMS + 50 }, (_, i) => `w${i}x`).join(' ');
    expect(searchQueryOf(many).split(' ')).toHaveLength(MAX_QUERY_TERMS);
  });

  it('a long word is still found, exactly or by its start, only never fuzzily', () => {
    const word = 'supercalifragilisticexpialidocious-extra'.replace('-', '');
    expect(word.length).toBeGreaterThan(FUZZY_MAX_CHARS);
    const nodes = [node(`a ${word} day`), node('a plain day')];
    const index = new MemoryIndex(nodes);
    expect(index.search(word, nodes).map((hit) => hit.node.content)).toEqual([`a ${word} day`]);
    expect(index.search(word.slice(0, 20), nodes).map((hit) => hit.node.content)).toEqual([
      `a ${word} day`,
    ]);
    // Fuzzy still works for an ordinary word: 'sistr' finds 'sister'.
    const family = [node('my sister sings')];
    expect(new MemoryIndex(family).search('sistr', family)).toHaveLength(1);
  });
});
