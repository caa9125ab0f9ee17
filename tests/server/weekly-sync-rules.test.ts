// The sync control's rules (server/weekly-sync/weekly-sync-rules.ts) and the consolidation's additions
// for it (server/memory/consolidation.ts), one block per rule.
import { describe, expect, it } from 'vitest';
import {
  consolidate,
  keepCoreMemories,
  MAX_CORE_MEMORIES,
} from '../../server/memory/consolidation';
import type { MemoryNode } from '../../server/store/memory-store';
import {
  bloomDurationRange,
  isBloomSyncPhrase,
  manualSyncAllowedIn,
  nextWeeklySyncAfter,
  weeklyDurationMinutes,
  weeklyRunsIn,
  wholeMinutes,
} from '../../server/weekly-sync/weekly-sync-rules';
import type { SyncRun } from '../../server/weekly-sync/weekly-sync-store';

const MINUTE = 60_000;
const DAY = 86_400_000;

let nextId = 0;
function node(content: string, fields: Partial<MemoryNode> = {}): MemoryNode {
  nextId += 1;
  return {
    id: `n${nextId}`,
    content,
    contextType: 'conversation',
    source: 'user',
    ownerOnly: false,
    timestamp: nextId * 1000,
    accessCount: 0,
    importance: 0.6,
    emotionalWeight: {},
    semanticTags: [],
    linkedNodes: [],
    sourceMessageId: null,
    lastAccessedAt: null,
    ...fields,
  };
}

function run(
  kind: SyncRun['kind'],
  durationMs: number | null,
  status: SyncRun['status'] = 'completed',
): SyncRun {
  return {
    id: `r${(nextId += 1)}`,
    kind,
    trigger: 'manual',
    startedAt: 0,
    finishedAt: durationMs,
    durationMs,
    status,
    steps: [],
    error: null,
  };
}

describe('nextWeeklySyncAfter', () => {
  it('is the next Sunday 03:00 in the zone (UTC+8 for Asia/Shanghai)', () => {
    // Thursday 2026-01-15 16:00 in Shanghai.
    const thursday = Date.UTC(2026, 0, 15, 8, 0);
    const sunday = Date.UTC(2026, 0, 17, 19, 0);
    expect(nextWeeklySyncAfter(thursday, 'Asia/Shanghai')).toBe(sunday);
    // Strictly after: at Sunday 03:00 itself, the next is a week on.
    expect(nextWeeklySyncAfter(sunday, 'Asia/Shanghai')).toBe(sunday + 7 * DAY);
  });

  it('follows the zone: 03:00 in New York is 08:00 UTC in winter', () => {
    expect(nextWeeklySyncAfter(Date.UTC(2026, 0, 15), 'America/New_York')).toBe(
      Date.UTC(2026, 0, 18, 8, 0),
    );
  });
});

describe('wholeMinutes', () => {
  it('rounds a measured duration up, a short run reading as one minute', () => {
    expect(wholeMinutes(40)).toBe(1);
    expect(wholeMinutes(MINUTE)).toBe(1);
    expect(wholeMinutes(MINUTE + 1)).toBe(2);
  });
});

describe('weeklyDurationMinutes', () => {
  it('is the newest completed weekly run, and null before any', () => {
    expect(weeklyDurationMinutes([])).toBeNull();
    expect(weeklyDurationMinutes([run('bloom', 10)])).toBeNull();
    expect(
      weeklyDurationMinutes([
        run('weekly', 3 * MINUTE),
        run('weekly', 90_000),
        run('weekly', null, 'interrupted'),
      ]),
    ).toBe(2);
  });
});

describe('bloomDurationRange', () => {
  it('is the shortest and longest of the completed bloom runs, and null before any', () => {
    expect(bloomDurationRange([run('weekly', 10)])).toBeNull();
    expect(
      bloomDurationRange([
        run('bloom', 10),
        run('bloom', 3 * MINUTE),
        run('bloom', 9 * MINUTE, 'failed'),
      ]),
    ).toEqual([1, 3]);
  });
});

describe('weeklyRunsIn and manualSyncAllowedIn', () => {
  it('the scheduled run waits for Kiri awake; a manual one is refused only in deep pause', () => {
    expect(weeklyRunsIn('awake')).toBe(true);
    expect(weeklyRunsIn('sleeping')).toBe(false);
    expect(weeklyRunsIn('deep-pause')).toBe(false);
    expect(manualSyncAllowedIn('sleeping')).toBe(true);
    expect(manualSyncAllowedIn('deep-pause')).toBe(false);
  });
});

describe('isBloomSyncPhrase', () => {
  it('is the whole message, in any case, end punctuation and spaces ignored', () => {
    for (const text of ['bloom sync', 'Bloom Sync!', '  BLOOM   sync. ', 'bloom sync?!']) {
      expect(isBloomSyncPhrase(text)).toBe(true);
    }
  });

  it('is not a sentence that mentions it', () => {
    for (const text of [
      'what is bloom sync',
      'bloom sync later please',
      'bloom',
      'sync bloom',
      '',
    ]) {
      expect(isBloomSyncPhrase(text)).toBe(false);
    }
  });
});

describe('keepCoreMemories', () => {
  it(`keeps at most ${MAX_CORE_MEMORIES}: the least important go, and no link points at one gone`, () => {
    const nodes = Array.from({ length: MAX_CORE_MEMORIES + 2 }, (_, i) =>
      node(`memory number ${i}`, { importance: i < 2 ? 0.1 : 0.7 }),
    );
    const [weakest, weaker] = nodes;
    nodes[5]!.linkedNodes = [weakest!.id];
    const gone = keepCoreMemories(nodes);
    expect(gone.sort()).toEqual([weakest!.id, weaker!.id].sort());
    expect(nodes).toHaveLength(MAX_CORE_MEMORIES);
    expect(nodes[3]!.linkedNodes).toEqual([]);
  });

  it('changes nothing at or under the cap', () => {
    const nodes = [node('a b c'), node('d e f')];
    expect(keepCoreMemories(nodes)).toEqual([]);
    expect(nodes).toHaveLength(2);
  });
});

describe('consolidate with since and decay (the bloom sync)', () => {
  it('merges only what was made since, and fades nothing', () => {
    const now = 100 * DAY;
    const old = node('Ada walks the dog by the river', { timestamp: 0 });
    const oldCopy = node('Ada walks the dog by the river.', { timestamp: 1000 });
    const recent = node('Mei bought a kite for the beach', { timestamp: now - DAY });
    const recentCopy = node('mei bought a kite for the beach', { timestamp: now - 1000 });
    const nodes = [old, oldCopy, recent, recentCopy];
    const report = consolidate(nodes, now, { since: now - DAY, decay: false });
    expect(report.merged).toEqual([[recent.id, recentCopy.id]]);
    expect(report.decayed).toEqual([]);
    expect(nodes.map((n) => n.id)).toEqual([old.id, oldCopy.id, recent.id]);
    expect(old.importance).toBe(0.6);
  });
});
