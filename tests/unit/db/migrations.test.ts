import Dexie from 'dexie';
import { afterEach, describe, expect, it } from 'vitest';
import { newestMessages } from '@/db/messages';
import { KiriDatabase, type MessageRow } from '@/db/schema';

const name = 'kiri-migration-test';
afterEach(async () => Dexie.delete(name));

describe('each Dexie schema version opens and keeps the owner messages', () => {
  it('the current version creates every table with its indexes', async () => {
    const db = new KiriDatabase(name);
    await db.open();
    expect(db.verno).toBe(5);
    expect(db.tables.map((t) => t.name).sort()).toEqual(
      [
        'companionCopy',
        'offlineMemories',
        'photos',
        'photoFiles',
        'engineState',
        'messages',
        'outbox',
        'reminders',
        'sessionLog',
        'sessions',
        'settings',
        'tombstones',
        'uiState',
      ].sort(),
    );
    expect(db.messages.schema.indexes.map((i) => i.name)).toContain('[sessionId+timestamp]');
    expect(db.messages.schema.indexes.map((i) => i.name)).toContain('[sessionId+order]');
    db.close();
  });

  it('a database made by version 1 opens at version 2 with every message, in the order it showed', async () => {
    // Version 1's schema, as the previous release made it.
    const old = new Dexie(name);
    old.version(1).stores({
      sessions: 'id, startedAt',
      messages: 'id, [sessionId+timestamp], timestamp',
      outbox: '++seq, kind, key, messageId',
      engineState: 'key',
      uiState: 'key',
      settings: 'key',
      sessionLog: '++id, sessionId, timestamp',
      tombstones: 'id',
    });
    const row = (id: string, sender: 'user' | 'kiri', timestamp: number, extra = {}) =>
      ({
        id,
        sessionId: '2026-11-22',
        sender,
        message: `text of ${id}`,
        timestamp,
        replyToId: null,
        emotionalState: null,
        ...extra,
      }) as MessageRow;
    await old
      .table('messages')
      .bulkAdd([
        row('q1', 'user', 1_000, { status: 'answered' }),
        row('r1', 'kiri', 1_001),
        row('q2', 'user', 2_000, { status: 'waiting' }),
        row('other-day', 'user', 500, { sessionId: '2026-11-21', status: 'answered' }),
      ]);
    await old.table('outbox').add({ kind: 'chat', key: 'q2', messageId: 'q2', attempts: 1 });
    old.close();

    const db = new KiriDatabase(name);
    await db.open();
    expect(db.verno).toBe(5);
    expect(await db.messages.count()).toBe(4);
    expect(await db.outbox.count()).toBe(1);
    expect((await db.messages.get('q2'))?.status).toBe('waiting');
    expect((await newestMessages(db, '2026-11-22', 10)).map((m) => m.id)).toEqual([
      'q1',
      'r1',
      'q2',
    ]);
    expect((await newestMessages(db, '2026-11-21', 10)).map((m) => m.id)).toEqual(['other-day']);
    db.close();
  });

  it('a database made by version 2 opens at version 3 with its messages and outbox, and an empty reminders table', async () => {
    const old = new Dexie(name);
    old.version(2).stores({
      sessions: 'id, startedAt',
      messages: 'id, [sessionId+timestamp], [sessionId+order], timestamp',
      outbox: '++seq, kind, key, messageId',
      engineState: 'key',
      uiState: 'key',
      settings: 'key',
      sessionLog: '++id, sessionId, timestamp',
      tombstones: 'id',
    });
    await old.table('messages').add({
      id: 'q1',
      sessionId: '2026-11-22',
      sender: 'user',
      message: 'still waiting',
      timestamp: 1_000,
      replyToId: null,
      emotionalState: null,
      status: 'waiting',
      order: '0000001000',
    });
    await old.table('outbox').add({ kind: 'chat', key: 'q1', messageId: 'q1', attempts: 2 });
    old.close();

    const db = new KiriDatabase(name);
    await db.open();
    expect(db.verno).toBe(5);
    expect((await db.messages.get('q1'))?.message).toBe('still waiting');
    expect(await db.outbox.count()).toBe(1);
    expect(await db.reminders.count()).toBe(0);
    db.close();
  });

  it('a database made by version 3 opens at version 4 with its messages, outbox and reminders, and an empty copy of the engine context', async () => {
    const old = new Dexie(name);
    old.version(3).stores({
      sessions: 'id, startedAt',
      messages: 'id, [sessionId+timestamp], [sessionId+order], timestamp',
      outbox: '++seq, kind, key, messageId',
      engineState: 'key',
      uiState: 'key',
      settings: 'key',
      sessionLog: '++id, sessionId, timestamp',
      tombstones: 'id',
      reminders: 'id, dueAt',
    });
    await old.table('messages').bulkAdd([
      {
        id: 'q1',
        sessionId: '2026-11-22',
        sender: 'user',
        message: 'written on the train',
        timestamp: 1_000,
        replyToId: null,
        emotionalState: null,
        status: 'waiting',
        order: '0000000000001000 q1',
      },
      {
        id: 'k1',
        sessionId: '2026-11-22',
        sender: 'kiri',
        message: 'an answer from before',
        timestamp: 900,
        replyToId: null,
        emotionalState: null,
        order: '0000000000000900 k1',
      },
    ]);
    await old.table('outbox').add({ kind: 'chat', key: 'q1', messageId: 'q1', attempts: 1 });
    await old.table('reminders').add({ id: 'r1', dueAt: 5_000 });
    old.close();

    const db = new KiriDatabase(name);
    await db.open();
    expect(db.verno).toBe(5);
    expect((await db.messages.get('q1'))?.message).toBe('written on the train');
    expect((await db.messages.get('k1'))?.writtenOffline).toBeUndefined();
    expect(await db.outbox.count()).toBe(1);
    expect(await db.reminders.count()).toBe(1);
    expect(await db.companionCopy.count()).toBe(0);
    expect(await db.offlineMemories.count()).toBe(0);
    db.close();
  });

  it('a database made by version 4 opens at version 5 with its messages, outbox and engine copy, and empty photo tables', async () => {
    const old = new Dexie(name);
    old.version(4).stores({
      sessions: 'id, startedAt',
      messages: 'id, [sessionId+timestamp], [sessionId+order], timestamp',
      outbox: '++seq, kind, key, messageId',
      engineState: 'key',
      uiState: 'key',
      settings: 'key',
      sessionLog: '++id, sessionId, timestamp',
      tombstones: 'id',
      reminders: 'id, dueAt',
      companionCopy: 'key',
      offlineMemories: 'messageId, timestamp',
    });
    await old.table('messages').bulkAdd([
      {
        id: 'q1',
        sessionId: '2026-11-22',
        sender: 'user',
        message: 'on the ferry',
        timestamp: 1_000,
        replyToId: null,
        emotionalState: null,
        status: 'waiting',
        order: '0000000000001000 q1',
      },
      {
        id: 'k0',
        sessionId: '2026-11-22',
        sender: 'kiri',
        message: 'written here while offline',
        timestamp: 900,
        replyToId: null,
        emotionalState: null,
        writtenOffline: true,
        order: '0000000000000900 k0',
      },
    ]);
    await old.table('outbox').add({ kind: 'chat', key: 'q1', messageId: 'q1', attempts: 1 });
    await old.table('companionCopy').add({ key: 'context', context: {}, fetchedAt: 1 });
    old.close();

    const db = new KiriDatabase(name);
    await db.open();
    expect(db.verno).toBe(5);
    expect((await newestMessages(db, '2026-11-22', 10)).map((m) => m.message)).toEqual([
      'written here while offline',
      'on the ferry',
    ]);
    expect((await db.messages.get('k0'))?.writtenOffline).toBe(true);
    expect(await db.outbox.count()).toBe(1);
    expect(await db.companionCopy.count()).toBe(1);
    expect(await db.photos.count()).toBe(0);
    expect(await db.photoFiles.count()).toBe(0);
    db.close();
  });

  it('reopening a version 1 database keeps its messages', async () => {
    const first = new KiriDatabase(name);
    await first.messages.add({
      id: 'keep-me',
      sessionId: '2026-11-22',
      sender: 'user',
      message: 'do not lose this',
      timestamp: 1,
      replyToId: null,
      emotionalState: null,
      status: 'waiting',
    });
    first.close();
    const second = new KiriDatabase(name);
    expect((await second.messages.get('keep-me'))?.message).toBe('do not lose this');
    second.close();
  });

  it('a message written without its order key (by the release before, still open) is shown after a restart', async () => {
    const db = new KiriDatabase(name);
    await db.open();
    db.close();
    // The previous release's code on a version 2 database: no hooks, no key.
    const older = new Dexie(name);
    older
      .version(2)
      .stores({ messages: 'id, [sessionId+timestamp], [sessionId+order], timestamp' });
    await older.table('messages').add({
      id: 'typed-during-the-update',
      sessionId: '2026-11-22',
      sender: 'user',
      message: 'still here',
      timestamp: 5,
      replyToId: null,
      emotionalState: null,
      status: 'sending',
    });
    older.close();
    const reopened = new KiriDatabase(name);
    expect((await newestMessages(reopened, '2026-11-22', 10)).map((m) => m.message)).toEqual([
      'still here',
    ]);
    reopened.close();
  });
});
