// The system control panel's server rules (docs/system-control.md), each named after its rule.
import { describe, expect, it } from 'vitest';
import type { HydraTask } from '../../server/hydra/hydra-store';
import { exactDuplicateCount, mergeExactDuplicates } from '../../server/hydra/memory-compaction';
import {
  activeTaskList,
  boundTaskHistory,
  failInterrupted,
  hydraCounts,
  INTERRUPTED_BY_RESTART,
  progressOf,
  RECENT_FINISHED_SHOWN,
} from '../../server/hydra/task-rules';
import { photosWithoutMessage, strayUploadFiles } from '../../server/hydra/upload-pruning';
import type { ImageRecord } from '../../server/images/image-store';
import { sealOf } from '../../server/memory/lattice-rules';
import type { MemoryFile, MemoryNode } from '../../server/store/memory-store';
import { fateOf } from '../../server/version-guard/restore-lists';
import { snapshotsToPrune } from '../../server/version-guard/version-guard';

function task(id: number, status: HydraTask['status']): HydraTask {
  return {
    id: `t${String(id).padStart(3, '0')}`,
    type: 'snapshot',
    params: {},
    status,
    progress: 0,
    error: null,
    result: null,
    requestedBy: 'Ada',
    createdAt: id,
    startedAt: null,
    finishedAt: null,
  };
}

describe('activeTaskList', () => {
  it('lists queued and processing tasks first, then the newest finished ones, newest first', () => {
    const tasks = [
      ...Array.from({ length: 15 }, (_, i) => task(i, 'completed')),
      task(20, 'processing'),
      task(21, 'queued'),
      task(22, 'failed'),
    ];
    const list = activeTaskList(tasks);
    expect(list.slice(0, 2).map((t) => t.id)).toEqual(['t021', 't020']);
    expect(list[2]!.id).toBe('t022');
    expect(list).toHaveLength(2 + RECENT_FINISHED_SHOWN);
    expect(list.at(-1)!.id).toBe('t006');
  });
});

describe('hydraCounts', () => {
  it('counts processing as active, queued as queued, and the total kept apart from the history', () => {
    const tasks = [task(1, 'processing'), task(2, 'queued'), task(3, 'queued'), task(4, 'failed')];
    expect(hydraCounts(tasks, 250)).toEqual({ active_tasks: 1, queued_tasks: 2, total_tasks: 250 });
  });
});

describe('boundTaskHistory', () => {
  it('drops the oldest finished tasks past the bound, never a queued or running one', () => {
    const tasks = [
      task(1, 'queued'),
      task(2, 'completed'),
      task(3, 'failed'),
      task(4, 'completed'),
    ];
    boundTaskHistory(tasks, 2);
    expect(tasks.map((t) => t.id)).toEqual(['t001', 't004']);
  });
});

describe('failInterrupted', () => {
  it('fails a task that was processing, with the reason, and leaves queued ones to run', () => {
    const tasks = [task(1, 'processing'), task(2, 'queued'), task(3, 'completed')];
    expect(failInterrupted(tasks, 99)).toBe(1);
    expect(tasks.map((t) => [t.status, t.error])).toEqual([
      ['failed', INTERRUPTED_BY_RESTART],
      ['queued', null],
      ['completed', null],
    ]);
    expect(tasks[0]!.finishedAt).toBe(99);
  });
});

describe('progressOf', () => {
  it('is the share of steps done as a whole percent, clamped to 0-100', () => {
    expect(progressOf(1, 3)).toBe(33);
    expect(progressOf(3, 3)).toBe(100);
    expect(progressOf(5, 3)).toBe(100);
    expect(progressOf(0, 0)).toBe(100);
  });
});

function node(id: string, content: string, fields: Partial<MemoryNode> = {}): MemoryNode {
  const base = {
    id,
    content,
    contextType: 'conversation' as const,
    source: 'user',
    ownerOnly: false,
    timestamp: Number(id.slice(1)),
  };
  return {
    ...base,
    accessCount: 1,
    importance: 0.5,
    emotionalWeight: {},
    semanticTags: [],
    linkedNodes: [],
    sourceMessageId: null,
    checksum: sealOf(base),
    lastAccessedAt: null,
    ...fields,
  };
}

describe('mergeExactDuplicates', () => {
  it('keeps the oldest of exact duplicates with their accesses, importance and links; its seal still holds', () => {
    const data: MemoryFile = {
      version: 1,
      accounts: {
        owner: {
          nodes: [
            node('n1', 'The sea at Brighton', { linkedNodes: ['n3'] }),
            node('n2', 'The sea at Brighton ', { importance: 0.9, accessCount: 2 }),
            node('n3', 'A walk in Kyoto', { linkedNodes: ['n2'] }),
            node('n4', 'The sea at Brighton', { ownerOnly: true }),
          ],
        },
      },
    };
    expect(exactDuplicateCount(data)).toBe(1);
    expect(mergeExactDuplicates(data)).toBe(1);
    const nodes = data.accounts.owner!.nodes;
    expect(nodes.map((n) => n.id)).toEqual(['n1', 'n3', 'n4']);
    expect(nodes[0]).toMatchObject({ accessCount: 3, importance: 0.9, linkedNodes: ['n3'] });
    expect(nodes[1]!.linkedNodes).toEqual(['n1']);
    expect(nodes[0]!.checksum).toBe(sealOf(nodes[0]!));
    expect(exactDuplicateCount(data)).toBe(0);
  });
});

function image(id: string, fields: Partial<ImageRecord>): ImageRecord {
  return {
    id,
    account: 'owner',
    completedAt: 1,
    deletedAt: null,
    userMessageId: `m-${id}`,
    ...fields,
  } as ImageRecord;
}

describe('photosWithoutMessage', () => {
  it('finds finished photos whose message is gone, never one being finished or already deleted', () => {
    const log = new Set(['m-a']);
    const found = photosWithoutMessage(
      [
        image('a', {}),
        image('b', {}),
        image('c', { completedAt: null }),
        image('d', { deletedAt: 5 }),
      ],
      () => log,
    );
    expect(found.map((r) => r.id)).toEqual(['b']);
  });
});

describe('strayUploadFiles', () => {
  it('names files no record names, skipping hidden ones', () => {
    expect(
      strayUploadFiles(['a.jpeg', 'a.thumb.webp', 'z.png', '.incoming', '.x.tmp'], new Set(['a'])),
    ).toEqual(['z.png']);
  });
});

describe('snapshotsToPrune', () => {
  it('removes the oldest past the bound, never the one kept for a rollback', () => {
    const newestFirst = ['s5', 's4', 's3', 's2', 's1'].map((id) => ({ id }));
    expect(snapshotsToPrune(newestFirst, 3, null)).toEqual(['s2', 's1']);
    expect(snapshotsToPrune(newestFirst, 3, 's1')).toEqual(['s3', 's2']);
    expect(snapshotsToPrune(newestFirst, 10, null)).toEqual([]);
  });
});

describe('fateOf', () => {
  it('keeps the owner’s log, photos, access and push; restores memory, personality and mood', () => {
    for (const kept of ['conversations.json', 'images.json', 'auth.json', 'push.json']) {
      expect(fateOf(kept)).toBe('kept');
    }
    for (const restored of ['memory.json', 'personality.json', 'mood.json']) {
      expect(fateOf(restored)).toBe('restored');
    }
    expect(fateOf('someone-elses.json')).toBe('unclassified');
  });
});
