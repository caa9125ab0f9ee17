// The memory dashboard's rules over the lattice (server/memory-dashboard/memory-dashboard-rules.ts), the
// lattice's threads (lattice-rules threadsOf) and a node's own tags (chat/memories ownTagsFirst).
import { describe, expect, it } from 'vitest';
import { MEMORY_TYPES } from '../../src/domain/memory-dashboard';
import { ownTagsFirst } from '../../server/chat/memories';
import { activeThreadsOf, threadsOf } from '../../server/memory/lattice-rules';
import {
  compiledMemoryMarkdown,
  greetingBehaviorOf,
  lastOptimizationOf,
  memoryTypesOf,
  REPEATED_HELLO_TEXT,
  wallText,
} from '../../server/memory-dashboard/memory-dashboard-rules';
import { MEMORY_CONTEXT_TYPES, type MemoryNode } from '../../server/store/memory-store';

const DAY = 86_400_000;
const NOW = Date.UTC(2026, 0, 15, 8, 0, 0);

function node(id: string, fields: Partial<MemoryNode> = {}): MemoryNode {
  return {
    id,
    content: `memory ${id}`,
    contextType: 'conversation',
    source: 'user',
    ownerOnly: false,
    timestamp: NOW,
    accessCount: 0,
    importance: 0.5,
    emotionalWeight: {},
    semanticTags: [],
    linkedNodes: [],
    sourceMessageId: null,
    lastAccessedAt: null,
    ...fields,
  };
}

describe('types', () => {
  it('every type the dashboard adds is one memory.json keeps', () => {
    for (const type of MEMORY_TYPES) expect(MEMORY_CONTEXT_TYPES).toContain(type);
  });

  it("memoryTypesOf: the form's five always, then the other types held, in order", () => {
    expect(memoryTypesOf([])).toEqual({
      conversation: 0,
      preference: 0,
      personality: 0,
      context: 0,
      relationship: 0,
    });
    const counts = memoryTypesOf([
      node('a', { contextType: 'bonding' }),
      node('b', { contextType: 'preference' }),
      node('c', { contextType: 'reflection' }),
      node('d', { contextType: 'preference' }),
    ]);
    expect(Object.entries(counts)).toEqual([
      ['conversation', 0],
      ['preference', 2],
      ['personality', 0],
      ['context', 0],
      ['relationship', 0],
      ['reflection', 1],
      ['bonding', 1],
    ]);
  });
});

describe('threadsOf', () => {
  it('a thread is two or more memories joined by links; a lone memory or a broken link is none', () => {
    const nodes = [
      node('a', { linkedNodes: ['b'] }),
      node('b', { linkedNodes: ['a', 'c'] }),
      node('c', { linkedNodes: ['b'] }),
      node('d', { linkedNodes: ['gone'] }),
      node('e', { linkedNodes: ['f'] }),
      node('f'),
    ];
    expect(threadsOf(nodes).map((members) => members.map((m) => m.id).sort())).toEqual([
      ['a', 'b', 'c'],
      ['e', 'f'],
    ]);
  });

  it('active threads are those with a memory made or recalled within 7 days', () => {
    const old = NOW - 30 * DAY;
    const nodes = [
      node('a', { timestamp: old, linkedNodes: ['b'] }),
      node('b', { timestamp: old, linkedNodes: ['a'], lastAccessedAt: NOW - DAY }),
      node('c', { timestamp: old, linkedNodes: ['d'] }),
      node('d', { timestamp: old, linkedNodes: ['c'] }),
    ];
    expect(threadsOf(nodes)).toHaveLength(2);
    expect(activeThreadsOf(nodes, NOW)).toBe(1);
  });
});

describe('ownTagsFirst', () => {
  it("puts the owner's tags first, lower case, each once, at most 12 with the lattice's", () => {
    expect(ownTagsFirst(['Coffee', 'morning'], ['coffee', 'black'])).toEqual([
      'coffee',
      'morning',
      'black',
    ]);
    const found = Array.from({ length: 12 }, (_, i) => `found${i}`);
    expect(ownTagsFirst(['mine'], found)).toHaveLength(12);
    expect(ownTagsFirst(['mine'], found)[0]).toBe('mine');
  });
});

describe('greetingBehaviorOf', () => {
  it("says how the day opens: Kiri's own words, or the owner's greeting as heard; then the repeated hello", () => {
    expect(greetingBehaviorOf('Kiri', null)).toBe(
      `Once a day, Kiri greets in her own words for the time of day. ${REPEATED_HELLO_TEXT}`,
    );
    expect(greetingBehaviorOf('Kiri', 'Good morning, Mei!')).toBe(
      `Once a day, Kiri greets with the owner's greeting: “Good morning, Mei!” ${REPEATED_HELLO_TEXT}`,
    );
  });
});

describe('lastOptimizationOf', () => {
  const run = (startedAt: number, status = 'completed') => ({
    status,
    startedAt,
    finishedAt: status === 'completed' ? startedAt + 1000 : null,
  });

  it('is null when the memories were never consolidated', () => {
    expect(lastOptimizationOf(null, [], [node('a')])).toBeNull();
  });

  it("is the lattice's record of the account's last consolidation", () => {
    expect(lastOptimizationOf(NOW - DAY, [], [node('a')])).toBe(NOW - DAY);
  });

  it('counts a completed sync run from before the record when the account then held memories', () => {
    const nodes = [node('a', { timestamp: NOW - 10 * DAY })];
    expect(lastOptimizationOf(null, [run(NOW - 3 * DAY)], nodes)).toBe(NOW - 3 * DAY + 1000);
    // Newer of the two.
    expect(lastOptimizationOf(NOW - DAY, [run(NOW - 3 * DAY)], nodes)).toBe(NOW - DAY);
    // A failed run, or one before the account's first memory, consolidated nothing of it.
    expect(lastOptimizationOf(null, [run(NOW - 3 * DAY, 'failed')], nodes)).toBeNull();
    expect(lastOptimizationOf(null, [run(NOW - 20 * DAY)], nodes)).toBeNull();
    expect(lastOptimizationOf(null, [run(NOW - 3 * DAY)], [])).toBeNull();
  });
});

describe('compiledMemoryMarkdown', () => {
  it('groups by type, then band (critical first), most important then newest first, in the owner’s zone', () => {
    const text = compiledMemoryMarkdown({
      nodes: [
        node('a', { content: 'low one', importance: 0.2, contextType: 'preference' }),
        node('b', { content: 'critical one', importance: 0.9, contextType: 'preference' }),
        node('c', {
          content: 'six\nsecond line',
          importance: 0.6,
          contextType: 'preference',
          semanticTags: ['x', 'y'],
          ownerOnly: true,
          accessCount: 1,
        }),
        node('d', { content: 'a reflection', importance: 0.7, contextType: 'reflection' }),
      ],
      persona: 'Kiri',
      owner: 'Mei',
      compiledAt: NOW,
      timeZone: 'Asia/Shanghai',
    });
    expect(text).toBe(
      [
        "# Kiri's compiled memory",
        '',
        'Compiled 2026-01-15 16:00 (Asia/Shanghai) from the memory lattice, for Mei: 4 memories.',
        'Importance is 1 to 10: critical 9-10, high 7-8, medium 4-6, low 1-3.',
        '',
        '## Preference (3)',
        '',
        '### Critical (9-10)',
        '',
        '- critical one',
        '  - Importance 9 · added 2026-01-15 16:00 · recalled 0 times',
        '',
        '### Medium (4-6)',
        '',
        '- six',
        '  second line',
        '  - Importance 6 · added 2026-01-15 16:00 · recalled 1 time · owner only',
        '  - Tags: x, y',
        '',
        '### Low (1-3)',
        '',
        '- low one',
        '  - Importance 2 · added 2026-01-15 16:00 · recalled 0 times',
        '',
        '## Reflection (1)',
        '',
        '### High (7-8)',
        '',
        '- a reflection',
        '  - Importance 7 · added 2026-01-15 16:00 · recalled 0 times',
        '',
      ].join('\n'),
    );
  });

  it('says so when there is no memory', () => {
    const text = compiledMemoryMarkdown({
      nodes: [],
      persona: 'Kiri',
      owner: null,
      compiledAt: NOW,
      timeZone: 'UTC',
    });
    expect(text).toContain('from the memory lattice: 0 memories.');
    expect(text.trimEnd().endsWith('No memories yet.')).toBe(true);
  });

  it('wallText is the wall clock in the zone', () => {
    expect(wallText(NOW, 'Asia/Shanghai')).toBe('2026-01-15 16:00');
    expect(wallText(NOW, 'UTC')).toBe('2026-01-15 08:00');
  });
});
