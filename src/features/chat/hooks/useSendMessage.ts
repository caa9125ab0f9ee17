// Sending (spec 000 §4, §5, §7 variant B): into today's session always; a bare hello within 30
// minutes of the last greeting is answered here; anything else goes into the outbox with the message,
// in one transaction, and a replay is asked for. Delivery is the outbox's business from then on.
import { useCallback, useRef } from 'react';
import { db } from '@/db/db';
import { readLastGreeting, recordGreeting } from '@/db/engine-state';
import { addLocalExchange, newestMessages, queueUserMessage } from '@/db/messages';
import { uuidv7 } from '@/domain/uuidv7';
import { requestReplay } from '@/lib/outbox-sync';
import { NOTED_REPLY, planSend } from '../model/greeting';
import { chatHistory, HISTORY_LIMIT } from '../model/history';

export interface SendInput {
  text: string;
  replyToId: string | null;
}

export interface SendResult {
  sessionId: string;
  /** False when the greeting filter answered it here. */
  queued: boolean;
}

function browserOffline(): boolean {
  return typeof navigator !== 'undefined' && navigator.onLine === false;
}

export function useSendMessage(ensureToday: () => Promise<string>, userName: string | null) {
  // Sends are stored one after another, in the order of the presses: a quick second Enter while the
  // first is still being stored must not get an earlier time, nor read a history without it.
  const previous = useRef<Promise<unknown>>(Promise.resolve());
  // Two sends in one millisecond would otherwise be ordered by the random part of their ids.
  const lastAt = useRef(0);
  return useCallback(
    ({ text, replyToId }: SendInput): Promise<SendResult | null> => {
      const store = async (): Promise<SendResult | null> => {
        const message = text.trim();
        if (!message) return null;
        const sessionId = await ensureToday();
        const now = Math.max(Date.now(), lastAt.current + 1);
        lastAt.current = now;
        const plan = planSend(message, await readLastGreeting(db), now);
        if (plan.kind === 'noted') {
          await addLocalExchange(
            db,
            { id: uuidv7(now), sessionId, text: message, now },
            { id: uuidv7(now), text: NOTED_REPLY },
          );
          return { sessionId, queued: false };
        }
        const history = chatHistory(await newestMessages(db, sessionId, HISTORY_LIMIT));
        await queueUserMessage(db, {
          id: uuidv7(now),
          sessionId,
          text: message,
          replyToId,
          userName,
          history,
          now,
          offline: browserOffline(),
        });
        if (plan.greeting) await recordGreeting(db, now);
        requestReplay();
        return { sessionId, queued: true };
      };
      const result = previous.current.then(store);
      previous.current = result.catch(() => undefined);
      return result;
    },
    [ensureToday, userName],
  );
}
