// planImport's rules (docs/backup.md "Import"): only what is missing is added, nothing twice, nothing
// deleted here comes back, the days' counts stay right, and this device's settings win.
import { describe, expect, it } from 'vitest';
import type { SessionRow } from '@/db/schema';
import {
  NOT_SENT_REASON,
  NOT_UPLOADED_REASON,
  importSummaryText,
  planImport,
  type LocalState,
} from '@/features/device-history/model/merge';
import { DAY1, DAY2, sampleFile } from './sample';

function empty(): LocalState {
  return {
    sessions: new Map(),
    messageIds: new Set(),
    tombstoneIds: new Set(),
    photoIds: new Set(),
    settings: {},
  };
}

describe('planImport', () => {
  it('on a new device: adds every day, message, photo and deletion, with each day counting its messages', () => {
    const plan = planImport(sampleFile(), empty());
    expect(plan.messages.map((m) => m.id)).toEqual(['m1', 'k1', 'm2', 'k2', 'm3']);
    expect(plan.sessions.map((s) => [s.id, s.messageCount])).toEqual([
      [DAY1, 2],
      [DAY2, 3],
    ]);
    expect(plan.photos.map((p) => p.row.id)).toEqual(['p1']);
    expect(plan.tombstones.map((t) => t.id)).toEqual(['gone']);
    expect(plan.summary).toEqual({
      messagesAdded: 5,
      messagesSkipped: 0,
      sessionsAdded: 2,
      photosAdded: 1,
      settingsApplied: 2,
    });
  });

  it('messageAlreadyHereStaysOnce: a message already on the device is not added again, nor changed', () => {
    const local = empty();
    local.messageIds = new Set(['m1', 'k1']);
    const day1: SessionRow = { ...sampleFile().sessions[0]!, messageCount: 2, title: 'mine' };
    local.sessions = new Map([[DAY1, day1]]);
    const plan = planImport(sampleFile(), local);
    expect(plan.messages.map((m) => m.id)).toEqual(['m2', 'k2', 'm3']);
    expect(plan.summary.messagesSkipped).toBe(2);
    // The day already here, with nothing added to it, is not written at all.
    expect(plan.sessions.map((s) => s.id)).toEqual([DAY2]);
  });

  it('importing the same file twice adds nothing the second time', () => {
    const file = sampleFile();
    const first = planImport(file, empty());
    const after: LocalState = {
      ...empty(),
      sessions: new Map(first.sessions.map((s) => [s.id, s])),
      messageIds: new Set(first.messages.map((m) => m.id)),
      tombstoneIds: new Set(first.tombstones.map((t) => t.id)),
      photoIds: new Set(first.photos.map((p) => p.row.id)),
      settings: Object.fromEntries(first.settings),
    };
    const second = planImport(file, after);
    expect(second.messages).toEqual([]);
    expect(second.sessions).toEqual([]);
    expect(second.photos).toEqual([]);
    expect(second.tombstones).toEqual([]);
    expect(second.settings).toEqual([]);
  });

  it('sessionCountsStayRight: a day here counts its own messages plus those added, and its last activity moves on', () => {
    const local = empty();
    const mine: SessionRow = {
      id: DAY2,
      title: 'Jan 15',
      startedAt: 1,
      closedAt: null,
      messageCount: 4,
      lastActivity: 5,
    };
    local.sessions = new Map([[DAY2, mine]]);
    local.messageIds = new Set(['m2']);
    const plan = planImport(sampleFile(), local);
    const day2 = plan.sessions.find((s) => s.id === DAY2)!;
    expect(day2).toMatchObject({ messageCount: 4 + 2, startedAt: 1, title: 'Jan 15' });
    expect(day2.lastActivity).toBe(sampleFile().messages.find((m) => m.id === 'm3')!.timestamp);
  });

  it('deletedHereStaysDeleted: a message deleted on this device is not brought back', () => {
    const local = empty();
    local.tombstoneIds = new Set(['k1']);
    const plan = planImport(sampleFile(), local);
    expect(plan.messages.map((m) => m.id)).not.toContain('k1');
    expect(plan.sessions.find((s) => s.id === DAY1)!.messageCount).toBe(1);
  });

  it('undeliveredBecomesRetryable: a message still waiting there is failed here, with its request for Retry', () => {
    const m3 = planImport(sampleFile(), empty()).messages.find((m) => m.id === 'm3')!;
    expect(m3).toMatchObject({
      status: 'failed',
      statusReason: NOT_SENT_REASON,
      retryBody: '{"message":"not sent yet"}',
    });
    expect(m3.serverTrouble).toBeUndefined();
    const file = sampleFile();
    file.photos[0]!.row.status = 'queued';
    expect(planImport(file, empty()).photos[0]!.row).toMatchObject({
      status: 'failed',
      error: NOT_UPLOADED_REASON,
    });
  });

  it('a photo already on the device is not added again', () => {
    const local = empty();
    local.photoIds = new Set(['p1']);
    expect(planImport(sampleFile(), local).photos).toEqual([]);
  });

  it('thisDevicesSettingsWin: a preference is taken only where this device has none', () => {
    const local = empty();
    local.settings = { 'kiri-theme': 'light', 'kiri-font-size': null };
    expect(planImport(sampleFile(), local).settings).toEqual([['kiri-font-size', 'large']]);
  });
});

describe('importSummaryText', () => {
  it('says what was added and what was already here', () => {
    expect(
      importSummaryText({
        messagesAdded: 3,
        messagesSkipped: 2,
        sessionsAdded: 1,
        photosAdded: 1,
        settingsApplied: 0,
      }),
    ).toBe('Added 3 messages (2 already here), 1 new day, 1 photo.');
  });
});
