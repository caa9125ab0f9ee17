import Dexie from 'dexie';
import { afterEach, describe, expect, it } from 'vitest';
import { KiriDatabase } from '@/db/schema';

const name = 'kiri-migration-test';
afterEach(async () => Dexie.delete(name));

describe('each Dexie schema version opens and keeps the owner messages', () => {
  it('version 1 creates every table with its indexes', async () => {
    const db = new KiriDatabase(name);
    await db.open();
    expect(db.verno).toBe(1);
    expect(db.tables.map((t) => t.name).sort()).toEqual(
      [
        'engineState',
        'messages',
        'outbox',
        'sessionLog',
        'sessions',
        'settings',
        'tombstones',
        'uiState',
      ].sort(),
    );
    expect(db.messages.schema.indexes.map((i) => i.name)).toContain('[sessionId+timestamp]');
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
});
