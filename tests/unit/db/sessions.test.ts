import { afterEach, describe, expect, it } from 'vitest';
import {
  ensureSessionRow,
  ensureTodaySession,
  listSessions,
  removeExpiredSessions,
} from '@/db/sessions';
import type { KiriDatabase } from '@/db/schema';
import { freshDb } from './helpers';

const TZ = 'Asia/Shanghai';
let db: KiriDatabase;
afterEach(async () => db?.delete());

describe('day rollover closes the old session and puts the new one first', () => {
  it('creates today on first use without closing anything', async () => {
    db = freshDb();
    const { session, closedId } = await ensureTodaySession(
      db,
      Date.parse('2026-11-21T10:00:00Z'),
      TZ,
    );
    expect(session.id).toBe('2026-11-21');
    expect(session.title).toBe('Saturday, November 21, 2026');
    expect(closedId).toBeNull();
  });

  it('keeps the same session within the day', async () => {
    db = freshDb();
    await ensureTodaySession(db, Date.parse('2026-11-21T10:00:00Z'), TZ);
    const again = await ensureTodaySession(db, Date.parse('2026-11-21T15:59:59Z'), TZ);
    expect(again.closedId).toBeNull();
    expect(await db.sessions.count()).toBe(1);
  });

  it('at 16:00 UTC closes yesterday and starts today', async () => {
    db = freshDb();
    await ensureTodaySession(db, Date.parse('2026-11-21T10:00:00Z'), TZ);
    const turn = Date.parse('2026-11-21T16:00:00Z');
    const { session, closedId } = await ensureTodaySession(db, turn, TZ);
    expect(session.id).toBe('2026-11-22');
    expect(closedId).toBe('2026-11-21');
    expect((await db.sessions.get('2026-11-21'))?.closedAt).toBe(turn);
    expect((await listSessions(db)).map((s) => s.id)).toEqual(['2026-11-22', '2026-11-21']);
    expect(await db.sessionLog.count()).toBe(2);
  });

  it("closes yesterday even when a pull made today's session first (another device after midnight)", async () => {
    db = freshDb();
    await ensureTodaySession(db, Date.parse('2026-11-21T10:00:00Z'), TZ);
    // The worker pulls a message written at 00:00:03 on another device and makes the day's row.
    await ensureSessionRow(db, '2026-11-22', '2026-11-22', Date.parse('2026-11-21T16:00:03Z'));
    const check = Date.parse('2026-11-21T16:00:30Z');
    const { session, closedId } = await ensureTodaySession(db, check, TZ);
    expect(session.id).toBe('2026-11-22');
    expect(closedId).toBe('2026-11-21');
    expect((await db.sessions.get('2026-11-21'))?.closedAt).toBe(check);
    expect((await db.sessions.get('2026-11-22'))?.closedAt).toBeNull();
  });
});

describe('sessions older than 30 days are removable', () => {
  it('removes old sessions and their messages, keeps recent ones', async () => {
    db = freshDb();
    await ensureTodaySession(db, Date.parse('2026-10-01T10:00:00Z'), TZ);
    await ensureTodaySession(db, Date.parse('2026-11-20T10:00:00Z'), TZ);
    await db.messages.add({
      id: 'm1',
      sessionId: '2026-10-01',
      sender: 'user',
      message: 'old',
      timestamp: Date.parse('2026-10-01T10:00:00Z'),
      replyToId: null,
      emotionalState: null,
    });
    expect(await removeExpiredSessions(db, '2026-11-22')).toBe(1);
    expect(await db.messages.count()).toBe(0);
    expect((await listSessions(db)).map((s) => s.id)).toEqual(['2026-11-20']);
  });
});
