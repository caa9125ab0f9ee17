// The unified memory panel's rules (src/features/memory-sync/model), one test per rule of spec 001.
import { describe, expect, it } from 'vitest';
import { NetworkFailure } from '@/lib/api';
import {
  RECENT_TEXT_CHARS,
  SEARCH_TEXT_CHARS,
  canSearchMemory,
  importanceColour,
  listViewOf,
  parseMemoryList,
  parseMemoryStats,
  truncateMemoryText,
  type SyncedMemory,
} from '@/features/memory-sync/model/memory-sync';

const MEMORY: SyncedMemory = {
  id: 'm1',
  content: 'my cat is called Miso',
  timestamp: 1,
  importance: 0.8,
  emotion: 'tenderness',
  synced: true,
  context: { source: 'console', interactionType: 'console_conversation' },
};

describe('importanceColour', () => {
  it('0.8 or more red, 0.6 or more yellow, else green', () => {
    expect(importanceColour(1)).toBe('red');
    expect(importanceColour(0.8)).toBe('red');
    expect(importanceColour(0.79)).toBe('yellow');
    expect(importanceColour(0.6)).toBe('yellow');
    expect(importanceColour(0.59)).toBe('green');
    expect(importanceColour(0)).toBe('green');
  });
});

describe('truncateMemoryText', () => {
  it('cuts at 200 characters in search results and 300 in the recent list, with an ellipsis', () => {
    expect(SEARCH_TEXT_CHARS).toBe(200);
    expect(RECENT_TEXT_CHARS).toBe(300);
    const long = 'a'.repeat(250);
    expect(truncateMemoryText(long, SEARCH_TEXT_CHARS)).toBe(`${'a'.repeat(200)}...`);
    expect(truncateMemoryText(long, RECENT_TEXT_CHARS)).toBe(long);
    expect(truncateMemoryText('a'.repeat(200), SEARCH_TEXT_CHARS)).toBe('a'.repeat(200));
  });

  it('never splits a character made of two code units', () => {
    const cut = truncateMemoryText('🐱'.repeat(201), SEARCH_TEXT_CHARS);
    expect(cut).toBe(`${'🐱'.repeat(200)}...`);
  });
});

describe('canSearchMemory', () => {
  it('needs a non-empty query after trimming', () => {
    expect(canSearchMemory('')).toBe(false);
    expect(canSearchMemory('   ')).toBe(false);
    expect(canSearchMemory(' a ')).toBe(true);
  });
});

describe('listViewOf', () => {
  const base = { data: undefined, error: null, online: true, pending: false };

  it('the memories, marked last known when the newest read failed', () => {
    expect(listViewOf({ ...base, data: [MEMORY] })).toEqual({
      kind: 'memories',
      memories: [MEMORY],
      lastKnown: false,
    });
    expect(listViewOf({ ...base, data: [MEMORY], error: new NetworkFailure('x') })).toEqual({
      kind: 'memories',
      memories: [MEMORY],
      lastKnown: true,
    });
  });

  it('an empty answer is the empty state', () => {
    expect(listViewOf({ ...base, data: [] })).toEqual({ kind: 'empty' });
  });

  it('offline with nothing known says so, never the empty state', () => {
    expect(listViewOf({ ...base, error: new NetworkFailure('Failed to fetch') })).toEqual({
      kind: 'offline',
    });
    expect(listViewOf({ ...base, online: false, pending: true })).toEqual({ kind: 'offline' });
    expect(listViewOf({ ...base, data: [], error: new TypeError('Load failed') })).toEqual({
      kind: 'offline',
    });
  });

  it('a server failure shows empty results (spec 001 §8: only logged)', () => {
    expect(listViewOf({ ...base, error: new Error('500: boom') })).toEqual({ kind: 'empty' });
  });

  it('loading while the first read runs', () => {
    expect(listViewOf({ ...base, pending: true })).toEqual({ kind: 'loading' });
  });
});

describe('parsing the answers', () => {
  it('reads {success, memories} and {success, results}; refuses what is not one', () => {
    expect(parseMemoryList({ success: true, memories: [MEMORY] }, 'memories')).toEqual([MEMORY]);
    expect(parseMemoryList({ success: true, results: [] }, 'results')).toEqual([]);
    expect(parseMemoryList({ success: true, memories: [{ id: 1 }] }, 'memories')).toBeNull();
    expect(parseMemoryList({ success: false, memories: [] }, 'memories')).toBeNull();
    expect(parseMemoryList(null, 'results')).toBeNull();
  });

  it('reads the stats; a missing number is refused', () => {
    const stats = {
      totalMemories: 3,
      consoleMemories: 1,
      mainChatMemories: 2,
      syncedMemories: 3,
      averageImportance: 0.7,
    };
    expect(parseMemoryStats({ success: true, stats })).toEqual(stats);
    expect(
      parseMemoryStats({ success: true, stats: { ...stats, syncedMemories: '3' } }),
    ).toBeNull();
  });
});
