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

/**
 * A server that takes POST /api/chat/batch as the real one does (server/chat/chat-batch.ts) in front of
 * a fake that answers one message at a time: each item goes to `single` with its Idempotency-Key and
 * body text, in order, and the batch stops after the first answer that is not a 2xx. A failed fetch of
 * an item fails the batch (no answer at all). Every other request goes to `single` as it is.
 */
export function servingBatches(
  single: (url: RequestInfo | URL, init?: RequestInit) => Promise<Response>,
): (url: RequestInfo | URL, init?: RequestInit) => Promise<Response> {
  return async (url, init) => {
    if (String(url) !== '/api/chat/batch') return single(url, init);
    const { messages } = JSON.parse(String(init?.body)) as {
      messages: { key: string; body: string }[];
    };
    const results: { key: string; status: number; answer: unknown; replayed: boolean }[] = [];
    for (const { key, body } of messages) {
      const response = await single('/api/chat', {
        method: 'POST',
        headers: { 'Idempotency-Key': key, 'Content-Type': 'application/json' },
        body,
      });
      results.push({
        key,
        status: response.status,
        answer: await response.json(),
        replayed: false,
      });
      if (response.status < 200 || response.status >= 300) break;
    }
    return jsonResponse(200, { results });
  };
}
