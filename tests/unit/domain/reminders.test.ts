import { describe, expect, it } from 'vitest';
import {
  cancelKey,
  mergeServerReminders,
  parseReminderList,
  reminderBody,
  reminderIdOfKey,
  reminderSyncNote,
  sortReminders,
  type DeviceReminder,
} from '@/domain/reminders';

const row = (over: Partial<DeviceReminder>): DeviceReminder => ({
  id: 'r1',
  text: 'call mum',
  dueAt: '2026-11-24T12:00:00.000Z',
  messageId: 'm1',
  sync: 'set',
  createdAt: 1,
  settledAt: 1,
  ...over,
});

describe("the server's reminder list is read bare or wrapped", () => {
  const one = { id: 'r1', text: 'call mum', dueAt: '2026-11-24T12:00:00.000Z', messageId: 'm1' };
  it('reads a bare array and a {success, reminders} answer alike', () => {
    expect(parseReminderList([one])).toEqual([one]);
    expect(parseReminderList({ success: true, reminders: [one] })).toEqual([one]);
  });
  it('gives a missing messageId as null and leaves out entries that are not reminders', () => {
    expect(
      parseReminderList([{ id: 'r2', text: 'x', dueAt: '2026-11-24T12:00:00Z' }, { id: 3 }, null]),
    ).toEqual([{ id: 'r2', text: 'x', dueAt: '2026-11-24T12:00:00Z', messageId: null }]);
    expect(parseReminderList([{ ...one, dueAt: 'soon' }])).toEqual([]);
  });
  it('is null for an answer that is not a list', () => {
    expect(parseReminderList({ success: true })).toBeNull();
    expect(parseReminderList('<html>')).toBeNull();
  });
});

describe("merging the server's list keeps what the device has not sent", () => {
  it("lists the server's reminders as set", () => {
    const merge = mergeServerReminders(
      [],
      [{ id: 'r1', text: 'call mum', dueAt: '2026-11-24T12:00:00.000Z', messageId: 'm1' }],
      100,
    );
    expect(merge.put).toEqual([row({ createdAt: 100, settledAt: 100 })]);
    expect(merge.remove).toEqual([]);
  });
  it('removes a set reminder the server no longer lists (fired or cancelled elsewhere)', () => {
    expect(mergeServerReminders([row({ settledAt: 50 })], [], 100).remove).toEqual(['r1']);
  });
  it('keeps a set reminder settled after the list was asked for', () => {
    expect(mergeServerReminders([row({ settledAt: 150 })], [], 100).remove).toEqual([]);
  });
  it('keeps queued, refused and cancelling ones', () => {
    const local = [
      row({ id: 'q', sync: 'queued' }),
      row({ id: 'x', sync: 'refused' }),
      row({ id: 'c', sync: 'cancelling' }),
    ];
    expect(mergeServerReminders(local, [], 100)).toEqual({ put: [], remove: [] });
  });
  it('a cancel waiting to be sent wins over the listed reminder', () => {
    const merge = mergeServerReminders(
      [row({ sync: 'cancelling' })],
      [{ id: 'r1', text: 'call mum', dueAt: '2026-11-24T12:00:00.000Z', messageId: 'm1' }],
      100,
    );
    expect(merge).toEqual({ put: [], remove: [] });
  });
  it('a queued reminder the server lists has arrived: it becomes set', () => {
    const merge = mergeServerReminders(
      [row({ sync: 'queued', settledAt: undefined, createdAt: 7 })],
      [{ id: 'r1', text: 'call mum', dueAt: '2026-11-24T12:00:00.000Z', messageId: 'm1' }],
      100,
    );
    expect(merge.put).toEqual([row({ createdAt: 7, settledAt: 100 })]);
  });
  it('writes nothing when the device already agrees', () => {
    const merge = mergeServerReminders(
      [row({})],
      [{ id: 'r1', text: 'call mum', dueAt: '2026-11-24T12:00:00.000Z', messageId: 'm1' }],
      100,
    );
    expect(merge).toEqual({ put: [], remove: [] });
  });
});

describe('the list shows the soonest first and says where each one stands', () => {
  it('sorts by due instant, whatever the offset written', () => {
    const rows = [
      row({ id: 'b', dueAt: '2026-11-24T20:30:00+08:00' }),
      row({ id: 'a', dueAt: '2026-11-24T13:00:00.000Z' }),
    ];
    expect(sortReminders(rows).map((r) => r.id)).toEqual(['b', 'a']);
  });
  it('notes queued, cancelling and refused ones', () => {
    expect(reminderSyncNote({ sync: 'queued' })).toMatch(/Not sent yet/);
    expect(reminderSyncNote({ sync: 'cancelling' })).toMatch(/Cancelling/);
    expect(reminderSyncNote({ sync: 'refused', reason: 'dueAt is too far.' })).toBe(
      'Not set: dueAt is too far.',
    );
    expect(reminderSyncNote({ sync: 'set' })).toBeNull();
  });
});

describe('outbox keys of a reminder', () => {
  it("the create's key is the reminder id; the cancel's is apart and leads back to it", () => {
    expect(reminderIdOfKey('r1')).toBe('r1');
    expect(cancelKey('r1')).not.toBe('r1');
    expect(reminderIdOfKey(cancelKey('r1'))).toBe('r1');
  });
  it('the body is exactly id, text, dueAt and messageId', () => {
    expect(JSON.parse(reminderBody({ id: 'r1', text: 't', dueAt: 'd' }))).toEqual({
      id: 'r1',
      text: 't',
      dueAt: 'd',
      messageId: null,
    });
  });
});
