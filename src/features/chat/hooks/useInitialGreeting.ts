// The initial greeting (spec 000 §4): once per browser session, when today's session is empty here and
// on the server (after a pull) and the greeted flag is unset, Kiri is asked to say hello. Sent directly
// (not through the outbox): a greeting that could not be had offline is simply skipped, and asked for
// again when the connection returns. The server logs it, so the owner's other devices pull it.
import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { useLiveQuery } from 'dexie-react-hooks';
import { db } from '@/db/db';
import { sessionMessageCount, storeGreetingAnswer } from '@/db/messages';
import { readAuthFlags } from '@/lib/auth-session';
import { onOutboxReplayed, requestReplay, successfulPulls } from '@/lib/outbox-sync';
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
 * True once a replay has pulled the conversation of this device's account. A device that registers or
 * pairs on this page pulled, until then, the log of the account it had while the registration dialog
 * was open: only a pull after that counts.
 */
function useSynced(registered: boolean | undefined): boolean {
  const pulls = useSyncExternalStore(onOutboxReplayed, successfulPulls, () => 0);
  const [pullsWhilePending, setPullsWhilePending] = useState(0);
  // Kept during render (React's "adjust state when a prop changes"), so no greeting can start in between.
  if (registered === false && pullsWhilePending !== pulls) setPullsWhilePending(pulls);
  return registered !== false && pulls > pullsWhilePending;
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

  const synced = useSynced(registered);
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
      synced,
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
  }, [todayId, todayMessageCount, online, registered, synced, clientId, attempt, retry]);
}
