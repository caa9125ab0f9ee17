// @vitest-environment jsdom
// buildHistoryFile (docs/backup.md "What is in the file"), and the round trip through two devices'
// databases (fake-indexeddb): export, import on a new device, import again: nothing twice.
import { describe, expect, it } from 'vitest';
import type { MessageRow, OutboxRow } from '@/db/schema';
import { buildHistoryFile } from '@/features/device-history/model/export';
import { parseHistoryFile } from '@/features/device-history/model/history-file';
import {
  exportDeviceHistory,
  importDeviceHistory,
} from '@/features/device-history/storage/history-storage';
import { freshDb } from '../../db/helpers';
import { DAY1, DAY2, sampleFile } from './sample';

const NOW = new Date(Date.UTC(2026, 0, 15, 12));

describe('buildHistoryFile', () => {
  it('a message still in the outbox carries its request, so Retry can send it from the new device', () => {
    const waiting: MessageRow = {
      id: 'w1',
      sessionId: DAY2,
      sender: 'user',
      message: 'later',
      timestamp: 1,
      replyToId: null,
      emotionalState: null,
      status: 'waiting',
    };
    const entry: OutboxRow = {
      seq: 1,
      kind: 'chat',
      key: 'w1',
      method: 'POST',
      url: '/api/chat',
      body: '{"message":"later"}',
      messageId: 'w1',
      createdAt: 1,
      attempts: 2,
      nextAttemptAt: 3,
    };
    const file = buildHistoryFile(
      {
        sessions: [],
        messages: [waiting],
        outbox: [entry],
        photos: [],
        tombstones: [],
        settings: {},
      },
      NOW,
    );
    expect(file.messages[0]).toMatchObject({ id: 'w1', retryBody: '{"message":"later"}' });
    expect(file).toMatchObject({
      format: 'kiri-device-history',
      version: 1,
      exportedAt: NOW.toISOString(),
    });
  });
});

describe('export and import between two devices', () => {
  it('restores the history on a new device, and a second import adds nothing', async () => {
    const old = freshDb();
    const file = sampleFile();
    await old.sessions.bulkAdd(file.sessions);
    await old.messages.bulkAdd(file.messages);
    await old.tombstones.bulkAdd(file.tombstones);
    await old.photos.bulkAdd(file.photos.map((p) => p.row));
    await old.photoFiles.add({
      id: 'p1',
      file: null,
      // As WebKit keeps them (docs/webkit.md); jsdom's Blob does not survive fake-indexeddb's clone.
      thumbnail: { bytes: new Uint8Array([1, 2, 3]).buffer, type: 'image/jpeg', size: 3 },
    });
    localStorage.setItem('kiri-theme', 'dark');
    const exported = await exportDeviceHistory(old, NOW);
    localStorage.clear();
    // Through the text, as a download and an upload carry it.
    const parsed = parseHistoryFile(JSON.stringify(exported));
    if (!parsed.ok) throw new Error(parsed.error);
    expect(parsed.file.photos[0]!.thumbnail).toEqual({ type: 'image/jpeg', base64: 'AQID' });

    const fresh = freshDb();
    const first = await importDeviceHistory(fresh, parsed.file);
    expect(first).toMatchObject({
      messagesAdded: 5,
      sessionsAdded: 2,
      photosAdded: 1,
      settingsApplied: 1,
    });
    expect(localStorage.getItem('kiri-theme')).toBe('dark');
    const second = await importDeviceHistory(fresh, parsed.file);
    expect(second).toMatchObject({
      messagesAdded: 0,
      messagesSkipped: 5,
      sessionsAdded: 0,
      photosAdded: 0,
    });

    expect((await fresh.messages.toArray()).map((m) => m.id).sort()).toEqual([
      'k1',
      'k2',
      'm1',
      'm2',
      'm3',
    ]);
    const sessions = await fresh.sessions.toArray();
    expect(sessions.map((s) => [s.id, s.messageCount])).toEqual([
      [DAY1, 2],
      [DAY2, 3],
    ]);
    const thumb = (await fresh.photoFiles.get('p1'))!.thumbnail as { bytes: ArrayBuffer };
    expect([...new Uint8Array(thumb.bytes)]).toEqual([1, 2, 3]);
    expect(await fresh.tombstones.get('gone')).toBeTruthy();
  });

  it('writes nothing when part of the import fails (one transaction)', async () => {
    const fresh = freshDb();
    const file = sampleFile();
    // Past parseHistoryFile (which refuses it): a deletion twice fails its write, after the days and
    // messages were written in the same transaction.
    const broken = { ...file, tombstones: [...file.tombstones, ...file.tombstones] };
    await expect(importDeviceHistory(fresh, broken)).rejects.toBeTruthy();
    expect(await fresh.sessions.count()).toBe(0);
    expect(await fresh.messages.count()).toBe(0);
  });
});
