import { queueUserMessage } from '@/db/messages';
import { KiriDatabase } from '@/db/schema';

let counter = 0;

/** A fresh database per test (fake-indexeddb), so tests never share state. */
export function freshDb(): KiriDatabase {
  counter += 1;
  return new KiriDatabase(`kiri-test-${counter}-${Math.random().toString(36).slice(2)}`);
}

export function jsonResponse(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

/** The owner writes `text` in `sessionId` at `at`, as the composer queues it (no reply, no history). */
export function queueOwnerMessage(
  db: KiriDatabase,
  message: { id: string; text: string; sessionId: string; at: number },
) {
  return queueUserMessage(db, {
    id: message.id,
    sessionId: message.sessionId,
    text: message.text,
    replyToId: null,
    userName: 'Mei',
    history: [],
    now: message.at,
  });
}
