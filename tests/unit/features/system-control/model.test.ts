// The system control panel's rules (spec 001 §2, §5, §8, §9), each named after its rule.
import { describe, expect, it } from 'vitest';
import {
  failureToastText,
  GUARD_POLL_MS,
  HYDRA_STATUS_POLL_MS,
  HYDRA_TASKS_POLL_MS,
  parseHydraStatus,
  parseSnapshots,
  parseTasks,
  readFailure,
  rollbackUrl,
  shownSnapshots,
  showsProgressBar,
  SYSTEM_TEXT,
  TASK_STATUS_COLOURS,
  validateExecuteForm,
} from '@/features/system-control/model/system-control';

describe('validateExecuteForm', () => {
  it("refuses an empty command: 'Command Required' / 'Please enter a system modification command'", () => {
    expect(validateExecuteForm('   ', '{}')).toEqual({
      ok: false,
      title: 'Command Required',
      description: 'Please enter a system modification command',
    });
  });
  it("refuses parameters that are not JSON: 'Invalid JSON' / 'Parameters must be valid JSON'", () => {
    expect(validateExecuteForm('snapshot', '{description: x}')).toEqual({
      ok: false,
      title: 'Invalid JSON',
      description: 'Parameters must be valid JSON',
    });
  });
  it('trims the command, parses the parameters, and sends {} for empty parameters', () => {
    expect(validateExecuteForm('  snapshot ', ' {"description":"a"} ')).toEqual({
      ok: true,
      command: 'snapshot',
      params: { description: 'a' },
    });
    expect(validateExecuteForm('reindex-memory', '  ')).toEqual({
      ok: true,
      command: 'reindex-memory',
      params: {},
    });
  });
});

describe('taskStatusColour and showsProgressBar', () => {
  it('gives each of the four statuses its own colour', () => {
    const colours = Object.values(TASK_STATUS_COLOURS);
    expect(Object.keys(TASK_STATUS_COLOURS)).toEqual([
      'queued',
      'processing',
      'completed',
      'failed',
    ]);
    expect(new Set(colours).size).toBe(4);
  });
  it('shows a progress bar only while processing', () => {
    expect(showsProgressBar({ status: 'processing' })).toBe(true);
    for (const status of ['queued', 'completed', 'failed'] as const) {
      expect(showsProgressBar({ status })).toBe(false);
    }
  });
});

describe('shownSnapshots', () => {
  it('shows the first 10', () => {
    const list = Array.from({ length: 14 }, (_, i) => i);
    expect(shownSnapshots(list)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
  });
});

describe('polling constants', () => {
  it('polls hydra status every 3 s, tasks every 2 s, the version guard every 5 s', () => {
    expect([HYDRA_STATUS_POLL_MS, HYDRA_TASKS_POLL_MS, GUARD_POLL_MS]).toEqual([3000, 2000, 5000]);
  });
});

describe('failureToastText', () => {
  it("uses the server's message, else the spec's fallback", () => {
    expect(failureToastText('Snapshot x not found', SYSTEM_TEXT.rollbackFailedText)).toBe(
      'Snapshot x not found',
    );
    expect(failureToastText(null, SYSTEM_TEXT.rollbackFailedText)).toBe(
      'Rollback operation failed',
    );
    expect(failureToastText('  ', SYSTEM_TEXT.failedText)).toBe('System modification failed');
  });
});

describe('answers', () => {
  it('reads the hydra status, tasks and snapshots, and refuses what is not one', () => {
    expect(
      parseHydraStatus({
        active_tasks: 1,
        queued_tasks: 0,
        total_tasks: 3,
        commands: [{ name: 'snapshot', summary: 's' }],
      }),
    ).toEqual({
      activeTasks: 1,
      queuedTasks: 0,
      totalTasks: 3,
      commands: [{ name: 'snapshot', summary: 's' }],
    });
    expect(parseHydraStatus({ active_tasks: 'one' })).toBeNull();
    expect(
      parseTasks({
        tasks: [
          { id: 'a', type: 'snapshot', status: 'processing', progress: 40, error: null },
          { id: 'b', type: 'x', status: 'exploded', progress: 0 },
        ],
      }),
    ).toEqual([
      { id: 'a', type: 'snapshot', status: 'processing', progress: 40, error: null, result: null },
    ]);
    expect(
      parseSnapshots({
        snapshots: [
          {
            id: 's',
            description: 'd',
            timestamp: '2026-01-15T08:00:00.000Z',
            files: ['memory.json'],
            metadata: { triggeredBy: 'hydra-task', sameKey: true },
          },
        ],
      }),
    ).toEqual([
      {
        id: 's',
        description: 'd',
        timestamp: '2026-01-15T08:00:00.000Z',
        files: ['memory.json'],
        triggeredBy: 'hydra-task',
        sameKey: true,
      },
    ]);
    expect(rollbackUrl('a/b')).toBe('/api/version-guard/rollback/a%2Fb');
  });
  it('a 401 or 403 means the panel is not for this account; anything else, out of reach', () => {
    expect(readFailure(403)).toBe('denied');
    expect(readFailure(401)).toBe('denied');
    expect(readFailure(500)).toBe('unreachable');
    expect(readFailure(null)).toBe('unreachable');
  });
});
