// The sync control screen's rules (src/features/sync-control/model/sync-status.ts), one block per rule.
import { describe, expect, it } from 'vitest';
import {
  daemonLabel,
  durationRangeText,
  durationText,
  parseWeeklySyncStatus,
  stateLabel,
  SYNC_POLL_MS,
  triggersDisabled,
  whenText,
} from '@/features/sync-control/model/sync-status';
import { SYNC_TEXT } from '@/features/sync-control/model/texts';

const answer = {
  success: true,
  enabled: true,
  syncing: false,
  nextSyncDay: 'Sunday',
  nextSyncTime: '03:00',
  nextSyncAt: '2026-01-17T19:00:00.000Z',
  lastSync: null,
  timeZone: 'Asia/Shanghai',
  weeklyConfig: { syncType: 'Weekly deep sync', durationMinutes: null, includes: ['Snapshot'] },
  bloomConfig: { description: 'A short consolidation', durationRangeMinutes: [1, 2] },
  current: null,
  recentRuns: [
    {
      id: 'r1',
      kind: 'bloom',
      trigger: 'chat',
      status: 'completed',
      startedAt: '2026-01-15T08:00:00.000Z',
      finishedAt: '2026-01-15T08:00:01.000Z',
      durationMs: 1000,
      steps: [{ name: 'Compiled memory file', detail: '2 memories written' }],
      error: null,
    },
  ],
};

describe('parseWeeklySyncStatus', () => {
  it("reads spec 002 §3's weekly sync status and the sync log", () => {
    const status = parseWeeklySyncStatus(answer);
    expect(status).toMatchObject({
      enabled: true,
      syncing: false,
      nextSyncDay: 'Sunday',
      weeklyConfig: { durationMinutes: null, includes: ['Snapshot'] },
      bloomConfig: { durationRangeMinutes: [1, 2] },
    });
    expect(status?.recentRuns).toHaveLength(1);
  });

  it('refuses an answer missing a field or with one of another kind', () => {
    expect(parseWeeklySyncStatus({ ...answer, syncing: 'no' })).toBeNull();
    expect(parseWeeklySyncStatus({ ...answer, weeklyConfig: undefined })).toBeNull();
    expect(
      parseWeeklySyncStatus({
        ...answer,
        bloomConfig: { ...answer.bloomConfig, durationRangeMinutes: [1] },
      }),
    ).toBeNull();
    expect(parseWeeklySyncStatus(null)).toBeNull();
  });
});

describe('daemonLabel and stateLabel', () => {
  it('the daemon is Active or Inactive; the state Syncing or Idle (spec 002 §4)', () => {
    expect(daemonLabel(true)).toBe('Active');
    expect(daemonLabel(false)).toBe('Inactive');
    expect(stateLabel(true)).toBe('Syncing');
    expect(stateLabel(false)).toBe('Idle');
  });
});

describe('triggersDisabled', () => {
  it('the manual and bloom triggers are disabled while syncing (spec 002 §4)', () => {
    expect(triggersDisabled({ syncing: true, pending: false, reachable: true })).toBe(true);
    expect(triggersDisabled({ syncing: false, pending: false, reachable: true })).toBe(false);
  });

  it('and while a command is on its way, or the server cannot be reached', () => {
    expect(triggersDisabled({ syncing: false, pending: true, reachable: true })).toBe(true);
    expect(triggersDisabled({ syncing: false, pending: false, reachable: false })).toBe(true);
  });
});

describe('durationText and durationRangeText', () => {
  it('say the measured minutes, or that nothing is measured yet', () => {
    expect(durationText(null)).toBe('Not measured yet');
    expect(durationText(1)).toBe('1 minute');
    expect(durationText(4)).toBe('4 minutes');
    expect(durationRangeText(null)).toBe('Not measured yet');
    expect(durationRangeText([1, 1])).toBe('1 minute');
    expect(durationRangeText([1, 3])).toBe('1–3 minutes');
  });
});

describe('whenText', () => {
  it("reads a time in the owner's zone, or the fallback when there is none", () => {
    expect(whenText('2026-01-17T19:00:00.000Z', 'Asia/Shanghai', 'Never')).toBe(
      'Sun, Jan 18, 03:00',
    );
    expect(whenText(null, 'Asia/Shanghai', 'Never')).toBe('Never');
    expect(whenText('not a time', 'Asia/Shanghai', 'Never')).toBe('Never');
  });
});

describe('the constants and texts of spec 002', () => {
  it('polls every 3 s and words the four sync toasts as §8 does', () => {
    expect(SYNC_POLL_MS).toBe(3_000);
    expect(SYNC_TEXT.toasts).toEqual({
      start: 'Failed to start weekly sync daemon',
      stop: 'Failed to stop weekly sync daemon',
      trigger: 'Failed to trigger weekly sync',
      bloom: 'Failed to trigger bloom sync',
    });
  });
});
