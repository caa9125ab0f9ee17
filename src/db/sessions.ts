// Day sessions on the device (spec 000 §3.9, §4): one a day; at the day's turn the old one is closed.
import { isSessionExpired, sessionIdAt, sessionTitle } from '@/domain/day-session';
import type { KiriDatabase, SessionRow } from './schema';

export interface TodaySession {
  session: SessionRow;
  /** The id of the session this call closed because the day changed, if any. */
  closedId: string | null;
}

/** Makes sure today's session exists; closes the sessions of earlier days that are still open. */
export async function ensureTodaySession(
  db: KiriDatabase,
  now: number,
  timeZone: string,
): Promise<TodaySession> {
  const todayId = sessionIdAt(now, timeZone);
  return db.transaction('rw', db.sessions, db.sessionLog, async () => {
    const existing = await db.sessions.get(todayId);
    // Closed here even when today's session exists already: a pull of a message another device
    // wrote after midnight can make it first, and yesterday's must still close.
    const open = await db.sessions.filter((s) => s.closedAt === null && s.id !== todayId).toArray();
    for (const old of open) await db.sessions.update(old.id, { closedAt: now });
    const newestClosed = open.sort((a, b) => b.startedAt - a.startedAt)[0]?.id ?? null;
    if (existing) {
      const session = existing.closedAt === null ? existing : { ...existing, closedAt: null };
      if (existing.closedAt !== null) await db.sessions.update(todayId, { closedAt: null });
      return { session, closedId: newestClosed };
    }
    const session: SessionRow = {
      id: todayId,
      title: sessionTitle(todayId),
      startedAt: now,
      closedAt: null,
      messageCount: 0,
      lastActivity: now,
    };
    await db.sessions.add(session);
    await db.sessionLog.add({ sessionId: todayId, timestamp: now });
    return { session, closedId: newestClosed };
  });
}

/** Makes sure a session row exists for a day (a message pulled from the server may be of another day). */
export async function ensureSessionRow(
  db: KiriDatabase,
  sessionId: string,
  todayId: string,
  at: number,
): Promise<void> {
  if (await db.sessions.get(sessionId)) return;
  await db.sessions.add({
    id: sessionId,
    title: sessionTitle(sessionId),
    startedAt: at,
    closedAt: sessionId === todayId ? null : at,
    messageCount: 0,
    lastActivity: at,
  });
}

/** Newest day first, as the sidebar lists them. */
export function listSessions(db: KiriDatabase): Promise<SessionRow[]> {
  return db.sessions.orderBy('id').reverse().toArray();
}

/** Removes the sessions (and their messages) of days more than 30 days before today. */
export async function removeExpiredSessions(db: KiriDatabase, todayId: string): Promise<number> {
  return db.transaction('rw', db.sessions, db.messages, async () => {
    const expired = await db.sessions.filter((s) => isSessionExpired(s.id, todayId)).toArray();
    for (const session of expired) {
      await db.messages
        .where('[sessionId+timestamp]')
        .between([session.id, -Infinity], [session.id, Infinity])
        .delete();
      await db.sessions.delete(session.id);
    }
    return expired.length;
  });
}
