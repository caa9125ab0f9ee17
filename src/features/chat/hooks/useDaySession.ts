// Day sessions (spec 000 §4): today's session is made sure of on mount, every 60 s and on window
// focus. When that closes yesterday's, the banner 'New day, new session: {title}' shows for 5 s and the
// window hears 'kiri:new-day'. Real timers and Date.now, so that Playwright's clock can drive it.
import { useCallback, useEffect, useRef, useState } from 'react';
import { db } from '@/db/db';
import { ensureTodaySession } from '@/db/sessions';
import { DAY_CHECK_INTERVAL_MS, DEFAULT_TIME_ZONE, NEW_DAY_BANNER_MS } from '@/domain/day-session';
import { afterNextPaint } from '@/lib/after-paint';

export const NEW_DAY_EVENT = 'kiri:new-day';

export interface NewDayBanner {
  title: string;
  sessionId: string;
}

export function useDaySession(timeZone: string | undefined) {
  const [todayId, setTodayId] = useState<string | null>(null);
  const [banner, setBanner] = useState<NewDayBanner | null>(null);
  const knownToday = useRef<string | null>(null);
  const remembered = useRef<string | null>(null);

  /** Makes sure today's session exists and returns its id (the composer writes there). */
  const ensureToday = useCallback(async (): Promise<string> => {
    const { session, closedId } = await ensureTodaySession(
      db,
      Date.now(),
      timeZone ?? DEFAULT_TIME_ZONE,
    );
    // The day changed under this page: the banner, whichever check saw the change first.
    const before = knownToday.current;
    const changed = before !== null && before !== session.id;
    knownToday.current = session.id;
    setTodayId(session.id);
    // Once per page and day, after the first paint: the next start reads today's id and the times
    // without making an Intl formatter first.
    const zone = timeZone ?? DEFAULT_TIME_ZONE;
    if (remembered.current !== `${zone} ${session.id}`) {
      remembered.current = `${zone} ${session.id}`;
      afterNextPaint(() => {
        import('@/lib/remember-start-clock')
          .then(({ rememberStartClock }) => rememberStartClock(zone))
          .catch(() => undefined); // Not kept: the next start asks Intl, as without it.
      });
    }
    if (closedId || changed) {
      setBanner({ title: session.title, sessionId: session.id });
      window.dispatchEvent(
        new CustomEvent(NEW_DAY_EVENT, {
          detail: { sessionId: session.id, closedId: closedId ?? before },
        }),
      );
    }
    return session.id;
  }, [timeZone]);

  useEffect(() => {
    if (!timeZone) return;
    const check = () => void ensureToday().catch((error: unknown) => console.warn(error));
    const first = setTimeout(check, 0);
    const timer = setInterval(check, DAY_CHECK_INTERVAL_MS);
    window.addEventListener('focus', check);
    return () => {
      clearTimeout(first);
      clearInterval(timer);
      window.removeEventListener('focus', check);
    };
  }, [timeZone, ensureToday]);

  useEffect(() => {
    if (!banner) return;
    const timer = setTimeout(() => setBanner(null), NEW_DAY_BANNER_MS);
    return () => clearTimeout(timer);
  }, [banner]);

  const dismissBanner = useCallback(() => setBanner(null), []);
  return { todayId, ensureToday, banner, dismissBanner };
}
