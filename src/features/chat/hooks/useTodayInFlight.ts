// Whether the owner's newest message of today is still on its way (Send waits for it).
import { useLiveQuery } from 'dexie-react-hooks';
import { db } from '@/db/db';
import { isSendInFlight } from '../model/message-view';
import { useRevealClock } from './useSessionMessages';

const NONE: never[] = [];

export function useTodayInFlight(todayId: string | null): boolean {
  const newest = useLiveQuery(async () => {
    if (!todayId) return null;
    const row = await db.messages
      .where('[sessionId+timestamp]')
      .between([todayId, -Infinity], [todayId, Infinity])
      .reverse()
      .filter((m) => m.sender === 'user')
      .first();
    return { rows: row ? [row] : NONE, readAt: Date.now() };
  }, [todayId]);
  const rows = newest?.rows ?? NONE;
  const now = useRevealClock(rows, newest?.readAt ?? 0);
  return isSendInFlight(rows, now);
}
