// The page of the 'browser-replay' benchmark: the real outbox (queueUserMessage, drainOutbox) against
// the same requests sent one by one with fetch, through the real server of the page's origin.
import { db } from '@/db/db';
import { chatBody, CHAT_URL, queueUserMessage, type NewUserMessage } from '@/db/messages';
import { drainOutbox } from '@/db/outbox-delivery';

export interface BenchMessage {
  id: string;
  text: string;
  now: number;
}

export interface ReplayResult {
  ms: number;
  delivered: number;
  failures: string[];
  /** Of `ms`, the time spent waiting for the server's answers (fetch and reading the body). */
  networkMs: number;
}

let networkMs = 0;
/** fetch, with the time until the answer's body is read counted in networkMs. */
async function timedFetch(...args: Parameters<typeof fetch>): Promise<Response> {
  const started = performance.now();
  const response = await fetch(...args);
  const body = await response.arrayBuffer();
  networkMs += performance.now() - started;
  return new Response(body, {
    status: response.status,
    statusText: response.statusText,
    headers: response.headers,
  });
}

export interface ReplayBench {
  login(code: string): Promise<number>;
  /** Baseline: each message's request (the outbox's exact bytes and headers) sent with fetch, in turn. */
  sendOnline(messages: BenchMessage[], sessionId: string): Promise<ReplayResult>;
  /** The app's live path, each message in turn: queue it, then drain the outbox at once. */
  sendLive(messages: BenchMessage[], sessionId: string): Promise<ReplayResult>;
  /** Writes the messages into the outbox as the app does offline (not timed). */
  queue(messages: BenchMessage[], sessionId: string): Promise<number>;
  /** Replays the whole outbox with drainOutbox. */
  replay(expected: number): Promise<ReplayResult>;
}

const input = (message: BenchMessage, sessionId: string): NewUserMessage => ({
  id: message.id,
  sessionId,
  text: message.text,
  replyToId: null,
  userName: 'Mira',
  history: [],
  now: message.now,
});

const drain = () => drainOutbox(db, { fetch: timedFetch, now: Date.now, force: true });

async function answered(ids: readonly string[]): Promise<string[]> {
  const rows = await db.messages.bulkGet([...ids]);
  return rows.flatMap((row, i) =>
    row?.status === 'answered' ? [] : [`${ids[i]}: ${row?.status}`],
  );
}

const bench: ReplayBench = {
  async login(code) {
    const response = await fetch('/api/auth/login', {
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ password: code }),
    });
    await db.open();
    return response.status;
  },
  async sendOnline(messages, sessionId) {
    const failures: string[] = [];
    networkMs = 0;
    const started = performance.now();
    for (const message of messages) {
      const response = await timedFetch(CHAT_URL, {
        method: 'POST',
        credentials: 'same-origin',
        headers: { 'Idempotency-Key': message.id, 'Content-Type': 'application/json' },
        body: chatBody(input(message, sessionId)),
      });
      const json = (await response.json()) as { kiriMessages?: unknown[] };
      if (!response.ok || !json.kiriMessages?.length)
        failures.push(`${message.id}: ${response.status}`);
    }
    return {
      ms: performance.now() - started,
      delivered: messages.length - failures.length,
      failures,
      networkMs,
    };
  },
  async sendLive(messages, sessionId) {
    let delivered = 0;
    networkMs = 0;
    const started = performance.now();
    for (const message of messages) {
      await queueUserMessage(db, input(message, sessionId));
      delivered += (await drain()).delivered;
    }
    const ms = performance.now() - started;
    return { ms, delivered, failures: await answered(messages.map((m) => m.id)), networkMs };
  },
  async queue(messages, sessionId) {
    for (const message of messages) await queueUserMessage(db, input(message, sessionId));
    return db.outbox.count();
  },
  async replay(expected) {
    const ids = (await db.outbox.toArray()).map((entry) => entry.messageId ?? '');
    networkMs = 0;
    const started = performance.now();
    const summary = await drain();
    const ms = performance.now() - started;
    const failures = await answered(ids);
    if (summary.delivered !== expected)
      failures.push(`delivered ${summary.delivered} of ${expected}`);
    if ((await db.outbox.count()) !== 0) failures.push('the outbox is not empty');
    return { ms, delivered: summary.delivered, failures, networkMs };
  },
};

(window as unknown as { bench: ReplayBench }).bench = bench;
document.body.dataset.ready = 'true';
