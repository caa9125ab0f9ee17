// The initial greeting (spec 000 §4): once per browser session, when today's session is empty here and
// on the server (after a pull) and the greeted flag is unset, Kiri is asked to say hello. Sent directly
// (not through the outbox): a greeting that could not be had offline is simply skipped, and asked for
// again when the connection returns. The server logs it, so the owner's other devices pull it.
import { useCallback, useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { useLiveQuery } from 'dexie-react-hooks';
import { db } from '@/db/db';
import { sessionMessageCount, storeGreetingAnswer } from '@/db/messages';
import { readAuthFlags } from '@/lib/auth-session';
import { newestPullStartedAt, onOutboxReplayed, requestReplay } from '@/lib/outbox-sync';
import {
  GREETING_RETRY_MS,
  greetingIdempotencyKey,
  INITIAL_GREETING_BODY,
  isGreetingForBegunDay,
  isGreetingWorthRetrying,
  shouldRequestInitialGreeting,
} from '../model/greeting';
import { GREETED_KEY } from '../model/latest-reply';
import { readSessionFlag, removeSessionFlag, writeSessionFlag } from './session-flags';

/**
 * True once a pull of this device's account's conversation has succeeded. A device that registers or
 * pairs on this page pulled, until then, the log of the account it had while the registration dialog was
 * open: only a pull BEGUN after the registration ended counts. (Counting one that merely ended after it
 * let a pull in flight across the registration stand for the new account: its day looked empty, the
 * welcome the server had just written was not in it, and the greeting was refused with a 409.)
 */
function useSynced(registered: boolean | undefined): () => boolean {
  const pullStart = useSyncExternalStore(onOutboxReplayed, newestPullStartedAt, () => null);
  const [wasPending, setWasPending] = useState(false);
  // Kept during render (React's "adjust state when a prop changes"), so no greeting can start in between.
  if (registered === false && !wasPending) setWasPending(true);
  // When this page saw the registration end (null while pending, or if it never was).
  const registeredAt = useRef<number | null>(null);
  useEffect(() => {
    if (registered === false) {
      registeredAt.current = null;
    } else if (registered === true && wasPending && registeredAt.current === null) {
      // The registration's answer has come: pulls from now on see its day, and one is asked for (the
      // one the registration asked for may have begun before this moment).
      registeredAt.current = Date.now();
      requestReplay({ force: true });
    }
  }, [registered, wasPending]);
  // Read in the greeting's effect, which runs after the one above in the same commit.
  return useCallback(() => {
    if (registered !== true || pullStart === null) return false;
    if (!wasPending) return true;
    return registeredAt.current !== null && pullStart >= registeredAt.current;
  }, [registered, pullStart, wasPending]);
}

export function useInitialGreeting(
  todayId: string | null,
  online: boolean,
  clientId: string | null,
  /** Changes when 'New Session' cleared the greeted flag: look again. */
  attempt = 0,
  /**
   * The device is registered (or paired): false while the registration dialog is open, undefined while
   * not known. Until then its account is not the one whose conversation it will show.
   */
  registered?: boolean,
) {
  const todayMessageCount = useLiveQuery(
    () => (todayId ? sessionMessageCount(db, todayId) : undefined),
    [todayId],
  );

  const isSynced = useSynced(registered);
  // Bumped when a greeting the server failed to give should be asked for again.
  const [retry, setRetry] = useState(0);
  const retryTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(retryTimer.current), []);

  useEffect(() => {
    if (!todayId) return;
    const greeted = readSessionFlag(GREETED_KEY) !== null;
    const ask = shouldRequestInitialGreeting({
      todayMessageCount,
      greeted,
      online,
      registered: registered === true,
      synced: isSynced(),
    });
    if (!ask) return;
    // Set before the request, so that a second render (or a second tab's effect) does not ask twice.
    writeSessionFlag(GREETED_KEY, 'true');
    const key = greetingIdempotencyKey(todayId, clientId ?? readAuthFlags().clientId);
    void (async () => {
      // The live count may be a moment behind a pull that just ended: ask the store itself.
      if ((await sessionMessageCount(db, todayId)) > 0) {
        removeSessionFlag(GREETED_KEY);
        return;
      }
      let response: Response;
      try {
        response = await fetch('/api/chat', {
          method: 'POST',
          credentials: 'same-origin',
          headers: { 'Content-Type': 'application/json', 'Idempotency-Key': key },
          body: JSON.stringify({ ...INITIAL_GREETING_BODY, sessionId: todayId }),
        });
      } catch {
        // No answer at all: try again when the browser is back online.
        removeSessionFlag(GREETED_KEY);
        return;
      }
      if (isGreetingForBegunDay(response.status)) {
        // The day has begun on the server: its messages are pulled, and no greeting is asked for again.
        requestReplay();
        return;
      }
      if (!response.ok) {
        // The server's trouble, not the greeting's: ask again in a while (an empty day stays empty
        // otherwise until the browser session ends).
        if (isGreetingWorthRetrying(response.status)) {
          removeSessionFlag(GREETED_KEY);
          clearTimeout(retryTimer.current);
          retryTimer.current = setTimeout(() => setRetry((n) => n + 1), GREETING_RETRY_MS);
        }
        return;
      }
      try {
        await storeGreetingAnswer(db, todayId, await response.json(), Date.now());
      } catch (error) {
        console.warn('The greeting could not be stored', error);
      }
    })();
  }, [todayId, todayMessageCount, online, registered, isSynced, clientId, attempt, retry]);
}
