// The newest messages of the viewed session, live from the device store, and the clock that shows
// split-reply parts at their reveal times.
import { useEffect, useState } from 'react';
import { useLiveQuery } from 'dexie-react-hooks';
import { db } from '@/db/db';
import { newestMessages } from '@/db/messages';
import type { MessageRow } from '@/db/schema';
import { nextChangeAt } from '../model/message-view';

export interface SessionMessages {
  rows: MessageRow[];
  /** When the rows were read: parts revealed by then show at once. */
  readAt: number;
  /** The read filled the limit: older messages may exist. */
  hasMore: boolean;
}

/** One read of a session's newest messages, labelled with what was asked for. */
export interface SessionRead extends SessionMessages {
  sessionId: string;
  limit: number;
}

export async function readSessionMessages(sessionId: string, limit: number): Promise<SessionRead> {
  const rows = await newestMessages(db, sessionId, limit);
  return { sessionId, limit, rows, readAt: Date.now(), hasMore: rows.length >= limit };
}

/**
 * Undefined while the first read of this session is under way. `opening` is a read made before the
 * screen mounted (the chat's opening read): it is shown until the live query answers, if it is of the
 * same session and limit.
 */
export function useSessionMessages(
  sessionId: string | null,
  limit: number,
  opening?: SessionRead,
): SessionMessages | undefined {
  const result = useLiveQuery(
    () => (sessionId ? readSessionMessages(sessionId, limit) : null),
    [sessionId, limit],
  );
  // The hook keeps the previous answer while a new session loads: never show another day's rows.
  if (result && result.sessionId === sessionId) return result;
  if (opening && opening.sessionId === sessionId && opening.limit === limit) return opening;
  return undefined;
}

/**
 * The time the list is drawn at. A part of a split reply is stored at once with its `revealAt`; the view
 * is drawn again at the next reveal time. This is the spec's "refetch the conversation after each later
 * message's delay" (000 §7) in local-first form: the data is already here, only the clock moves.
 */
export function useRevealClock(rows: readonly MessageRow[], readAt: number): number {
  const [tick, setTick] = useState(0);
  const now = Math.max(tick, readAt);
  const next = nextChangeAt(rows, now);
  useEffect(() => {
    if (next === null) return;
    const timer = setTimeout(() => setTick(Date.now()), Math.max(0, next - Date.now()) + 5);
    return () => clearTimeout(timer);
  }, [next]);
  return now;
}
