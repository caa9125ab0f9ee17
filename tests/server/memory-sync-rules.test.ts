// The unified memory panel's server rules (server/memory-sync/memory-sync-rules.ts), one test per rule.
import { describe, expect, it } from 'vitest';
import {
  CONSOLE_EXCHANGE_WINDOW_MS,
  consoleMemoryContentOf,
  emotionOf,
  memoryStatsOf,
  originOf,
  recentCountOf,
  sameConsoleExchange,
  searchLimitOf,
  syncedMemoryOf,
} from '../../server/memory-sync/memory-sync-rules';
import type { MemoryNode } from '../../server/store/memory-store';

function node(fields: Partial<MemoryNode>): MemoryNode {
  return {
    id: 'n',
    content: 'something',
    contextType: 'conversation',
    source: 'chat',
    ownerOnly: false,
    timestamp: 0,
    accessCount: 0,
    importance: 0.5,
    emotionalWeight: {},
    semanticTags: [],
    linkedNodes: [],
    sourceMessageId: null,
    ...fields,
  };
}

describe('recentCountOf', () => {
  it('absent is 20, a positive whole number is kept up to 100, anything else is refused', () => {
    expect(recentCountOf(undefined)).toBe(20);
    expect(recentCountOf('1')).toBe(1);
    expect(recentCountOf('42')).toBe(42);
    expect(recentCountOf('101')).toBe(100);
    expect(recentCountOf('99999999999999999999999')).toBe(100);
    for (const bad of ['0', '-3', '+3', '3.0', '1e2', 'ten', ' 3', '03']) {
      expect(recentCountOf(bad), bad).toBeNull();
    }
  });
});

describe('searchLimitOf', () => {
  it('absent is 10, kept up to 20', () => {
    expect(searchLimitOf(undefined)).toBe(10);
    expect(searchLimitOf(4)).toBe(4);
    expect(searchLimitOf(21)).toBe(20);
  });
});

describe('originOf', () => {
  it('console from the console; the chat, its memory panel and its photos are the main chat; else other', () => {
    expect(originOf('console')).toBe('console');
    expect(originOf('chat')).toBe('main_chat');
    expect(originOf('user')).toBe('main_chat');
    expect(originOf('image')).toBe('main_chat');
    expect(originOf('emergence')).toBe('other');
  });
});

describe('emotionOf', () => {
  it('the strongest feeling, or neutral when none is felt', () => {
    expect(emotionOf({ joy: 0.2, longing: 0.7, tenderness: 0.4 })).toBe('longing');
    expect(emotionOf({ joy: 0, melancholy: 0 })).toBe('neutral');
    expect(emotionOf({})).toBe('neutral');
  });
});

describe('syncedMemoryOf', () => {
  it('the memory of spec 001 §3: id, content, timestamp, importance, emotion, synced, context', () => {
    expect(
      syncedMemoryOf(
        node({
          id: 'a',
          content: 'x',
          timestamp: 5,
          importance: 0.9,
          source: 'console',
          emotionalWeight: { joy: 0.3 },
        }),
      ),
    ).toEqual({
      id: 'a',
      content: 'x',
      timestamp: 5,
      importance: 0.9,
      emotion: 'joy',
      synced: true,
      context: { source: 'console', interactionType: 'console_conversation' },
    });
  });
});

describe('memoryStatsOf', () => {
  it('counts by origin, every node synced, the mean importance in hundredths, 0 when empty', () => {
    expect(memoryStatsOf([])).toEqual({
      totalMemories: 0,
      consoleMemories: 0,
      mainChatMemories: 0,
      syncedMemories: 0,
      averageImportance: 0,
    });
    const nodes = [
      node({ source: 'console', importance: 0.8 }),
      node({ source: 'chat', importance: 0.9 }),
      node({ source: 'user', importance: 0.6 }),
      node({ source: 'emergence', importance: 0.5 }),
    ];
    expect(memoryStatsOf(nodes)).toEqual({
      totalMemories: 4,
      consoleMemories: 1,
      mainChatMemories: 2,
      syncedMemories: 4,
      averageImportance: 0.7,
    });
  });
});

describe('consoleMemoryContentOf', () => {
  it('what the owner asked Kiri to remember, by the chat’s rule; plain talk and questions leave nothing', () => {
    expect(consoleMemoryContentOf('remember that my cat is called Miso')).toBe(
      'my cat is called Miso',
    );
    expect(consoleMemoryContentOf('how is the server today?')).toBeNull();
    expect(consoleMemoryContentOf('run the maintenance scan')).toBeNull();
  });
});

describe('sameConsoleExchange', () => {
  it('the console node with the same content made within the window; not a chat node, not an old one', () => {
    const now = 1_000_000_000;
    const recent = node({ id: 'r', source: 'console', content: 'a fact', timestamp: now - 2000 });
    const chat = node({ id: 'c', source: 'chat', content: 'a fact', timestamp: now - 1000 });
    const old = node({
      id: 'o',
      source: 'console',
      content: 'a fact',
      timestamp: now - CONSOLE_EXCHANGE_WINDOW_MS - 1,
    });
    expect(sameConsoleExchange([old, recent, chat], 'a fact', now)?.id).toBe('r');
    expect(sameConsoleExchange([old, chat], 'a fact', now)).toBeNull();
    expect(sameConsoleExchange([recent], 'another fact', now)).toBeNull();
  });
});
