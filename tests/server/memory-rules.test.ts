// The memory lattice's rules as plain functions (server/memory): emotional weights, importance, tags,
// links, integrity, active threads, anchors, backupRequired, search score, dreams, forgetting, a memory
// said again.
import { describe, expect, it } from 'vitest';
import { addNode, chatMemoryNode, forgetPastCap, makeNode } from '../../server/chat/memories';
import { readTerms } from '../../src/engine/language/terms';
import { dreamSequencesOf, dreamtPairs } from '../../server/memory/dreams';
import { emotionalWeightOf, topEmotions } from '../../server/memory/emotions';
import {
  activeThreadsOf,
  anchorsOf,
  checkIntegrity,
  importanceOf,
  isAwakened,
  isBackupRequired,
  linksFor,
  searchScore,
  sealOf,
  SNAPSHOT_RECENT_MS,
  ACTIVE_THREAD_MS,
  tagsOf,
} from '../../server/memory/lattice-rules';
import { MemoryIndex } from '../../server/memory/memory-search';
import type { MemoryFile, MemoryNode } from '../../server/store/memory-store';

const NOW = Date.UTC(2026, 10, 24, 10);

function node(content: string, extra: Partial<MemoryNode> = {}, others: MemoryNode[] = []) {
  return {
    ...makeNode(
      { content, contextType: 'conversation', source: 'user', ownerOnly: false },
      NOW,
      others,
    ),
    ...extra,
  };
}

describe('emotionalWeightOf', () => {
  it('reads joy from a happy message and nothing sad in it', () => {
    const w = emotionalWeightOf("I'm SO happy!! We won the game");
    expect(w.joy).toBeGreaterThan(0.6);
    expect(w.melancholy).toBe(0);
  });
  it('a negated feeling is not that feeling: "not happy" is melancholy, not joy', () => {
    const w = emotionalWeightOf('I am not happy at all');
    expect(w.joy).toBe(0);
    expect(w.melancholy).toBeGreaterThan(0.3);
  });
  it('"not worried" is no protectiveness cue', () => {
    expect(emotionalWeightOf('I am not worried about the exam').protectiveness).toBe(0);
    expect(emotionalWeightOf('I am worried about the exam').protectiveness).toBeGreaterThan(0.2);
  });
  it('longing from missing someone far away; urgency from a date and a !', () => {
    expect(
      topEmotions(emotionalWeightOf('I miss my grandma, she lives far away'))[0]!.emotion,
    ).toBe('longing');
    expect(emotionalWeightOf('The rent is due tomorrow!').urgency).toBeGreaterThan(0.3);
  });
  it('every emotion is between 0 and 1', () => {
    const w = emotionalWeightOf(
      'love love love love love happy happy joy joy party!!! miss miss far away',
    );
    for (const value of Object.values(w)) {
      expect(value).toBeGreaterThanOrEqual(0);
      expect(value).toBeLessThanOrEqual(1);
    }
  });
});

describe('topEmotions', () => {
  it('the strongest three, ties in the spec order', () => {
    expect(topEmotions({ joy: 0.1, melancholy: 0.5, urgency: 0.5, tenderness: 0.9 })).toEqual([
      { emotion: 'tenderness', weight: 0.9 },
      { emotion: 'melancholy', weight: 0.5 },
      { emotion: 'urgency', weight: 0.5 },
    ]);
  });
});

describe('importanceOf', () => {
  it('the chat base is higher than the panel base; feelings and entities add', () => {
    const plain = readTerms('the weather was grey');
    const zero = emotionalWeightOf('');
    expect(importanceOf('chat', zero, plain)).toBe(0.7);
    expect(importanceOf('user', zero, plain)).toBe(0.6);
    expect(importanceOf('other', zero, plain)).toBe(0.5);
    const named = readTerms('Ana came by');
    expect(importanceOf('user', zero, named)).toBe(0.7);
    expect(importanceOf('user', { ...zero, longing: 1 }, named)).toBe(0.9);
    expect(importanceOf('chat', { ...zero, longing: 1 }, named)).toBe(1);
  });
  it('a memory the owner asked for in the chat is at least 0.8', () => {
    expect(chatMemoryNode('the weather was grey', NOW, null).importance).toBeGreaterThanOrEqual(
      0.8,
    );
  });
});

describe('tagsOf and linksFor', () => {
  it('entities first, then key terms, each once', () => {
    expect(tagsOf(readTerms('Ana loves Ana and sunflowers'))).toEqual([
      'ana',
      'loves',
      'sunflowers',
    ]);
  });
  it('links on one shared name, or on two shared words, never on one shared word', () => {
    const ana = node('Ana loves sunflowers');
    const garden = node('the garden needs water and sunflowers');
    const gardenTwo = node('the garden sunflowers are tall');
    expect(linksFor(['ana', 'birthday'], ['ana'], [ana, garden])).toEqual([ana.id]);
    expect(linksFor(['sunflowers', 'seeds'], [], [ana, garden])).toEqual([]);
    expect(linksFor(['garden', 'sunflowers'], [], [ana, garden, gardenTwo]).sort()).toEqual(
      [garden.id, gardenTwo.id].sort(),
    );
  });
});

describe('checkIntegrity', () => {
  it('a clean lattice has nothing to report', () => {
    const a = node('Ana loves sunflowers');
    const b = node("Ana's birthday", {}, [a]);
    a.linkedNodes.push(b.id);
    expect(checkIntegrity([a, b])).toEqual({ brokenLinks: [], checksumMismatches: [] });
  });
  it('a link to a node that does not exist is a broken link', () => {
    const a = node('Ana loves sunflowers', { linkedNodes: ['gone'] });
    expect(checkIntegrity([a]).brokenLinks).toEqual([{ nodeId: a.id, missingId: 'gone' }]);
  });
  it('a sealed field changed is a checksum mismatch; an access is not', () => {
    const a = node('Ana loves sunflowers');
    expect(checkIntegrity([{ ...a, accessCount: 5, importance: 0.1 }]).checksumMismatches).toEqual(
      [],
    );
    expect(checkIntegrity([{ ...a, content: 'Ana hates sunflowers' }]).checksumMismatches).toEqual([
      a.id,
    ]);
    expect(checkIntegrity([{ ...a, ownerOnly: true }]).checksumMismatches).toEqual([a.id]);
    expect(sealOf(a)).toBe(a.checksum);
  });
});

describe('activeThreadsOf', () => {
  it('a thread is two or more linked nodes, active while one was made or recalled within 7 days', () => {
    const a = node('Ana loves sunflowers');
    const b = node("Ana's birthday", {}, [a]);
    a.linkedNodes.push(b.id);
    const lone = node('the cat sleeps');
    expect(activeThreadsOf([a, b, lone], NOW)).toBe(1);
    expect(activeThreadsOf([a, b, lone], NOW + ACTIVE_THREAD_MS + 1)).toBe(0);
    const recalled = { ...b, lastAccessedAt: NOW + ACTIVE_THREAD_MS };
    expect(activeThreadsOf([a, recalled, lone], NOW + ACTIVE_THREAD_MS + 1)).toBe(1);
  });
});

describe('anchorsOf and isAwakened', () => {
  it('importance at least 0.8 and recalled at least once; awakened from 3 anchors', () => {
    const base = node('x');
    expect(
      anchorsOf([
        { ...base, importance: 0.8, accessCount: 1 },
        { ...base, importance: 0.79, accessCount: 9 },
        { ...base, importance: 1, accessCount: 0 },
      ]),
    ).toBe(1);
    expect(isAwakened(2)).toBe(false);
    expect(isAwakened(3)).toBe(true);
  });
});

describe('isBackupRequired', () => {
  it('with memories and no snapshot within 24 hours', () => {
    expect(isBackupRequired(0, null, NOW)).toBe(false);
    expect(isBackupRequired(1, null, NOW)).toBe(true);
    expect(isBackupRequired(1, NOW - SNAPSHOT_RECENT_MS, NOW)).toBe(false);
    expect(isBackupRequired(1, NOW - SNAPSHOT_RECENT_MS - 1, NOW)).toBe(true);
  });
});

describe('searchScore', () => {
  it('importance orders equal matches, never lifts a poor match over a much better one', () => {
    expect(searchScore(5, 0.9)).toBeGreaterThan(searchScore(5, 0.5));
    expect(searchScore(10, 0)).toBeGreaterThan(searchScore(5, 1));
  });
  it('the index ranks the more relevant node first and drops stop words', () => {
    const nodes = [node('my cat sleeps'), node('my sister Ana, my dear sister'), node('my sister')];
    const index = new MemoryIndex(nodes);
    const hits = index.search('what is my sister called?', nodes);
    expect(hits.map((h) => h.node.content)).toEqual(['my sister Ana, my dear sister', 'my sister']);
  });
});

describe('dreamSequencesOf', () => {
  it('pairs related memories, the most important first, each pair once', () => {
    const a = node('Ana loves sunflowers', { importance: 0.9 });
    const b = node("Ana's birthday is in March", { importance: 0.9 }, [a]);
    const c = node('the cat sleeps on the sofa', { importance: 1 });
    const d = node('the cat is grey', { importance: 0.5 });
    const first = dreamSequencesOf([a, b, c, d], new Set());
    expect(first.map((s) => s.nodeIds)).toEqual([
      [a.id, b.id],
      [c.id, d.id],
    ]);
    expect(first[0]!.theme).toEqual(['ana']);
    expect(dreamSequencesOf([a, b, c, d], dreamtPairs(first))).toEqual([]);
  });
});

describe('forgetPastCap', () => {
  it('removes the links to the forgotten node', () => {
    const a = node('Ana loves sunflowers', { importance: 0.1 });
    const b = node("Ana's birthday", { importance: 0.9 }, [a]);
    a.linkedNodes.push(b.id);
    const nodes = [a, b];
    forgetPastCap(nodes, 1);
    expect(nodes).toEqual([{ ...b, linkedNodes: [] }]);
  });
});

describe('aMemorySaidAgainIsRefreshed', () => {
  const said = (content: string, at: number, messageId: string) =>
    chatMemoryNode(content, at, messageId, [], `remember that ${content}`);

  it("a chat memory said again is the same node dated anew, not a second one in the owner's list", () => {
    const data: MemoryFile = { version: 1, accounts: {} };
    const first = addNode(data, 'owner', said('I like tea', NOW, 'm1'));
    addNode(data, 'owner', said('i like tea.', NOW + 60_000, 'm2'));
    const nodes = data.accounts.owner!.nodes;
    expect(nodes).toHaveLength(1);
    expect(nodes[0]!.id).toBe(first.id);
    expect(nodes[0]!.content).toBe('I like tea');
    expect(nodes[0]!.timestamp).toBe(NOW + 60_000);
    // Dated anew and sealed anew: the integrity check finds nothing changed outside Kiri.
    expect(checkIntegrity(nodes).checksumMismatches).toEqual([]);
  });

  it("the newest 'call me …' is the newest memory: Mimi, Bob, then Mimi again", () => {
    const data: MemoryFile = { version: 1, accounts: {} };
    addNode(data, 'owner', said('call me Mimi', NOW, 'm1'));
    addNode(data, 'owner', said('call me Bob', NOW + 1000, 'm2'));
    addNode(data, 'owner', said('call me Mimi', NOW + 2000, 'm3'));
    const newestFirst = data.accounts.owner!.nodes.toSorted((a, b) => b.timestamp - a.timestamp);
    expect(newestFirst.map((n) => n.content)).toEqual(['call me Mimi', 'call me Bob']);
  });

  it('different words are different memories, and the dashboard makes what it is asked to', () => {
    const data: MemoryFile = { version: 1, accounts: {} };
    addNode(data, 'owner', said('I like tea', NOW, 'm1'));
    addNode(data, 'owner', said('I like green tea', NOW + 1000, 'm2'));
    addNode(data, 'owner', node('I like tea'));
    addNode(data, 'owner', node('I like tea'));
    expect(data.accounts.owner!.nodes.map((n) => [n.source, n.content])).toEqual([
      ['chat', 'I like tea'],
      ['chat', 'I like green tea'],
      ['user', 'I like tea'],
      ['user', 'I like tea'],
    ]);
  });

  it('a retried request for the first message changes nothing', () => {
    const data: MemoryFile = { version: 1, accounts: {} };
    addNode(data, 'owner', said('I like tea', NOW, 'm1'));
    addNode(data, 'owner', said('I like tea', NOW + 5000, 'm1'));
    expect(data.accounts.owner!.nodes.map((n) => n.timestamp)).toEqual([NOW]);
  });
});
