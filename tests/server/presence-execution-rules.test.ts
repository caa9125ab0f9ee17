// The manual console's rules (issue 17 points 3 and 4): which language a snippet is, the failure texts,
// the lattice's consolidation and the autonomous tasks' sentences.
import { describe, expect, it, vi } from 'vitest';
import {
  clipUtf8,
  detectLanguage,
  EXECUTION_FAILED,
  failureText,
  MEMORY_EXCEEDED,
  OUTPUT_EXCEEDED,
  QUEUE_FULL,
  timedOutText,
} from '../../server/presence-execution/execution-rules';
import {
  answerOf,
  PresenceExecution,
  type TaskRunners,
} from '../../server/presence-execution/presence-execution-service';
import type { JsSandbox } from '../../server/presence-execution/js-sandbox';
import { PythonRunner } from '../../server/presence-execution/python-runner';
import {
  consolidate,
  DECAY_AFTER_MS,
  DECAY_FLOOR,
  decayedImportance,
  isNearDuplicate,
  shouldDecay,
} from '../../server/memory/consolidation';
import {
  consciousnessText,
  learningText,
  maintenanceText,
} from '../../server/presence-execution/autonomous-tasks';
import type { MemoryNode } from '../../server/store/memory-store';

describe('detectLanguage', () => {
  it.each([
    'print(6 * 7)',
    'def greet(name):\n    return "hi " + name\nprint(greet("Ada"))',
    'import os\nprint(os.getcwd())',
    'from math import pi\nx = pi * 2',
    'class Cat:\n    pass',
    'for i in range(3):\n    print(i)',
    '# a comment\nx = 1',
    'import numpy as np',
  ])('is Python: %j', (code) => {
    expect(detectLanguage(code)).toBe('python');
  });

  it.each([
    'const x = 6 * 7; console.log(x)',
    'let a = 1',
    'function f() { return 1 }',
    'x = 1',
    '1 + 2',
    "import fs from 'fs'",
    "import('node:child_process')",
    "require('fs')",
    'while(true){}',
    '[1, 2].map((n) => n * 2)',
    // Python-looking, but a JavaScript mark wins: the console's first language.
    'print(1); // a JS function named print',
    'if (a === b) {}',
  ])('is JavaScript: %j', (code) => {
    expect(detectLanguage(code)).toBe('javascript');
  });
});

describe('failureText', () => {
  it('names the limit that stopped the run', () => {
    expect(failureText('timeout', null)).toBe('Execution timed out after 2 s');
    expect(timedOutText(5000)).toBe('Execution timed out after 5 s');
    expect(failureText('memory', 'InternalError: out of memory')).toBe(MEMORY_EXCEEDED);
    expect(failureText('output', null)).toBe('Output limit exceeded (64 KB)');
    expect(OUTPUT_EXCEEDED).toBe('Output limit exceeded (64 KB)');
  });

  it("is the thrown error's text, else 'Execution failed'", () => {
    expect(failureText('error', 'Error: boom')).toBe('Error: boom');
    expect(failureText('error', '  ')).toBe(EXECUTION_FAILED);
    expect(failureText('crash', null)).toBe(EXECUTION_FAILED);
  });

  it('answers success with the output, failure with the reason and what was printed', () => {
    expect(answerOf({ success: true, output: '42\n', reason: null, thrown: null })).toEqual({
      success: true,
      output: '42\n',
      error: null,
    });
    expect(answerOf({ success: false, output: 'a\n', reason: 'timeout', thrown: null })).toEqual({
      success: false,
      output: 'a\n',
      error: timedOutText(),
    });
  });
});

describe('clipUtf8', () => {
  it('never cuts a character in two', () => {
    expect(clipUtf8('aé', 2)).toBe('a');
    expect(clipUtf8('aé', 3)).toBe('aé');
    expect(clipUtf8('abc', 10)).toBe('abc');
  });
});

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

describe('isNearDuplicate', () => {
  it('matches the same words whatever the case and punctuation', () => {
    expect(isNearDuplicate(node('Ada loves green tea'), node('ada LOVES green tea!'))).toBe(true);
  });

  it('matches word sets that overlap by 85% or more', () => {
    const a = node('Ada drinks green tea every single morning before work at home');
    const b = node('Ada drinks green tea every single morning before work at home too');
    expect(isNearDuplicate(a, b)).toBe(true);
  });

  it('does not match different memories, short ones sharing words, or mixed privacy', () => {
    expect(isNearDuplicate(node('Ada loves green tea'), node('Ada hates green tea'))).toBe(false);
    expect(isNearDuplicate(node('green tea'), node('tea green'))).toBe(false);
    expect(
      isNearDuplicate(
        node('Ada loves green tea'),
        node('Ada loves green tea', { ownerOnly: true }),
      ),
    ).toBe(false);
  });
});

describe('shouldDecay', () => {
  const now = 100 * DAY;
  it('fades a memory never recalled for 30 days, down to the floor', () => {
    expect(shouldDecay(node('x', { timestamp: now - DECAY_AFTER_MS }), now)).toBe(true);
    expect(decayedImportance(0.6)).toBe(0.54);
    expect(decayedImportance(0.1)).toBe(DECAY_FLOOR);
  });

  it('leaves recalled, recent and floored memories alone', () => {
    expect(shouldDecay(node('x', { timestamp: 0, accessCount: 1 }), now)).toBe(false);
    expect(shouldDecay(node('x', { timestamp: now - DAY }), now)).toBe(false);
    expect(shouldDecay(node('x', { timestamp: 0, importance: DECAY_FLOOR }), now)).toBe(false);
  });
});

describe('consolidate', () => {
  it('merges later duplicates into the oldest and points links at it', () => {
    const first = node('Ada loves green tea', { accessCount: 1, semanticTags: ['tea'] });
    const copy = node('Ada loves green tea.', {
      accessCount: 2,
      importance: 0.9,
      semanticTags: ['ada'],
      lastAccessedAt: 50,
    });
    const other = node('The cat is called Miso', { linkedNodes: [copy.id] });
    const nodes = [first, copy, other];
    const report = consolidate(nodes, first.timestamp + DAY);
    expect(report.merged).toEqual([[first.id, copy.id]]);
    expect(nodes.map((n) => n.id)).toEqual([first.id, other.id]);
    expect(first).toMatchObject({
      importance: 0.9,
      accessCount: 3,
      lastAccessedAt: 50,
      semanticTags: ['tea', 'ada'],
    });
    expect(other.linkedNodes).toEqual([first.id]);
  });

  it('fades the old memories nobody recalled and says which', () => {
    const old = node('An old remark', { timestamp: 0 });
    const report = consolidate([old], DECAY_AFTER_MS + 1);
    expect(report).toEqual({ examined: 1, merged: [], decayed: [old.id] });
    expect(old.importance).toBe(0.54);
  });
});

describe("the tasks' sentences", () => {
  it('maintenanceText counts the files and names the ones with a problem', () => {
    const ok = { file: 'auth.json', ok: true };
    expect(maintenanceText({ files: [ok, ok] as never })).toBe('Scanned 2 files, 0 problems');
    expect(maintenanceText({ files: [ok, { file: 'memory.json', ok: false }] as never })).toBe(
      'Scanned 2 files, 1 problem: memory.json',
    );
  });

  it('learningText says what the consolidation did', () => {
    expect(learningText({ examined: 1, merged: [], decayed: ['a', 'b'] })).toBe(
      'Consolidated 1 memory: merged 0 near-duplicates, faded 2 never recalled',
    );
  });

  it('consciousnessText names the sources that added, else why none did', () => {
    const source = (id: string, added: number, reason: string | null) =>
      ({ id, type: 'cosmic', outcome: added ? 'added' : 'nothing-new', added, reason }) as const;
    expect(
      consciousnessText({ added: 2, sources: [source('cosmic', 2, null), source('news', 0, 'x')] }),
    ).toBe('Collection cycle: 2 new entries from 2 sources (cosmic)');
    expect(consciousnessText({ added: 0, sources: [source('news', 0, 'No news feed set')] })).toBe(
      'Collection cycle: 0 new entries from 1 source (news: No news feed set)',
    );
  });
});

describe('the queue', () => {
  it('runs one at a time, lets 4 wait in order, and refuses the next with 429', async () => {
    const started: string[] = [];
    const release: (() => void)[] = [];
    const sandbox = {
      run: (code: string) =>
        new Promise((resolve) => {
          started.push(code);
          release.push(() => resolve({ success: true, output: code, reason: null, thrown: null }));
        }),
    } as unknown as JsSandbox;
    const execution = new PresenceExecution({
      clock: () => 0,
      python: new PythonRunner({ enabled: false, command: 'python3', dataDir: '/nowhere' }),
      tasks: {} as TaskRunners,
      sandbox,
    });
    const runs = ['a', 'b', 'c', 'd', 'e'].map((code) => execution.execute(`${code} = 1`));
    await expect(execution.execute('f = 1')).rejects.toMatchObject({
      status: 429,
      message: QUEUE_FULL,
    });
    // Only the first is in the sandbox; each next one starts when the one before is answered.
    await vi.waitFor(() => expect(started).toEqual(['a = 1']));
    for (let i = 0; i < 5; i++) {
      await vi.waitFor(() => expect(release).toHaveLength(i + 1));
      release[i]!();
    }
    expect((await Promise.all(runs)).map((answer) => answer.output)).toEqual([
      'a = 1',
      'b = 1',
      'c = 1',
      'd = 1',
      'e = 1',
    ]);
    expect(execution.recentExecutions()).toBe(5);
  });
});
