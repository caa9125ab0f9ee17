// Sending (spec 000 §4, §5, §7 variant B): into today's session always; a bare hello within 30
// minutes of the last greeting is answered here; anything else goes into the outbox with the message,
// in one transaction, and a replay is asked for. Delivery is the outbox's business from then on.
import { useCallback } from 'react';
import { db } from '@/db/db';
import { readLastGreeting, recordGreeting } from '@/db/engine-state';
import {
  addLocalExchange,
  newestMessages,
  queueUserMessage,
  waitBehindEarlierEntries,
} from '@/db/messages';
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

export function useSendMessage(ensureToday: () => Promise<string>, userName: string | null) {
  return useCallback(
    async ({ text, replyToId }: SendInput): Promise<SendResult | null> => {
      const message = text.trim();
      if (!message) return null;
      const sessionId = await ensureToday();
      const now = Date.now();
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
      const id = uuidv7(now);
      // One transaction: a drain running meanwhile sees the message only with its final status.
      await db.transaction('rw', db.messages, db.outbox, db.sessions, async () => {
        await queueUserMessage(db, {
          id,
          sessionId,
          text: message,
          replyToId,
          userName,
          history,
          now,
        });
        await waitBehindEarlierEntries(db, id);
      });
      if (plan.greeting) await recordGreeting(db, now);
      requestReplay();
      return { sessionId, queued: true };
    },
    [ensureToday, userName],
  );
}
