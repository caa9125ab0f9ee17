// The memory panel's rules (spec 000 §5, §9): search from 3 characters, create with text, percents,
// the top 3 feelings, and reading the server's answers.
import { describe, expect, it } from 'vitest';
import {
  asPercent,
  canCreate,
  canSearch,
  parseMemoryNodes,
  parseMemoryStatus,
  topEmotions,
} from '@/features/memory/model/memory';

describe('canSearch', () => {
  it('runs only for more than 2 characters, spaces aside', () => {
    expect(canSearch('te')).toBe(false);
    expect(canSearch(' te ')).toBe(false);
    expect(canSearch('tea')).toBe(true);
  });
});

describe('canCreate', () => {
  it('needs text once trimmed, and not while saving', () => {
    expect(canCreate('   ', false)).toBe(false);
    expect(canCreate('tea', false)).toBe(true);
    expect(canCreate('tea', true)).toBe(false);
  });
});

describe('asPercent', () => {
  it('a whole percent of 0 to 1', () => {
    expect(asPercent(0.834)).toBe('83%');
    expect(asPercent(0)).toBe('0%');
    expect(asPercent(1)).toBe('100%');
    expect(asPercent(1.7)).toBe('100%');
  });
});

describe('topEmotions', () => {
  it('the strongest three, ties in the given order', () => {
    expect(
      topEmotions({ joy: 0.1, melancholy: 0.5, urgency: 0.5, tenderness: 0.9, longing: 0.2 }),
    ).toEqual([
      { emotion: 'tenderness', weight: 0.9 },
      { emotion: 'melancholy', weight: 0.5 },
      { emotion: 'urgency', weight: 0.5 },
    ]);
  });
});

describe('parsing', () => {
  it('a status needs its four fields; anything else is not a status', () => {
    const status = {
      totalNodes: 4,
      activeThreads: 1,
      corruptionDetected: false,
      backupRequired: true,
    };
    expect(parseMemoryStatus({ ...status, integrity: {} })).toEqual(status);
    expect(parseMemoryStatus({ totalNodes: 4 })).toBeNull();
    expect(parseMemoryStatus('<html>')).toBeNull();
  });
  it('nodes come bare or under results; a node without id or content is dropped', () => {
    const node = { id: 'a', content: 'tea', importance: 0.5, emotionalWeight: { joy: 0.2 } };
    expect(parseMemoryNodes([node, { id: 'b' }])).toHaveLength(1);
    expect(parseMemoryNodes({ results: [node] })![0]).toMatchObject({ id: 'a', importance: 0.5 });
    expect(parseMemoryNodes({})).toBeNull();
  });
});
