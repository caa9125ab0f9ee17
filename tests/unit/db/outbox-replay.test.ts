import { afterEach, describe, expect, it } from 'vitest';
import { COMPANION_CONTEXT_URL } from '@/db/companion-copy';
import { replayOutbox } from '@/db/outbox-replay';
import type { KiriDatabase } from '@/db/schema';
import { ensureTodaySession } from '@/db/sessions';
import { freshDb, jsonResponse, queueOwnerMessage, servingBatches } from './helpers';

let db: KiriDatabase;
afterEach(async () => db?.delete());

const T0 = Date.parse('2026-11-29T08:00:00Z');

/** A request on a connection that stalls: no answer ever, until its signal aborts it (as fetch does). */
function stalled(init: RequestInit | undefined): Promise<Response> {
  return new Promise((_, reject) => {
    const signal = init?.signal;
    if (!signal) return; // nothing can end it: the replay would wait for good
    if (signal.aborted) reject(signal.reason);
    signal.addEventListener('abort', () => reject(signal.reason));
  });
}

/** A replay bounded by the test's own clock: a hang fails the test instead of timing it out. */
function withinTest<T>(run: Promise<T>, ms: number): Promise<T | 'still running'> {
  return Promise.race([
    run,
    new Promise<'still running'>((resolve) => setTimeout(() => resolve('still running'), ms)),
  ]);
}

describe('a replay whose reads stall', () => {
  it('a stalled pull of the conversation is given up in time, and the replay ends as a failed pull', async () => {
    db = freshDb();
    const summary = await withinTest(
      replayOutbox(db, {
        fetch: async (_input, init) => stalled(init),
        now: () => T0,
        readsTimeoutMs: 50,
      }),
      2_000,
    );
    expect(summary).not.toBe('still running');
    expect(summary).toMatchObject({ pullFailed: true, pulled: 0, waiting: 0 });
  });

  it("a stalled read of the engine's copy is given up in time, after a pull that went through", async () => {
    db = freshDb();
    const asked: string[] = [];
    const summary = await withinTest(
      replayOutbox(db, {
        fetch: async (input, init) => {
          const url = String(input);
          asked.push(url);
          return url === COMPANION_CONTEXT_URL ? stalled(init) : jsonResponse(200, []);
        },
        now: () => T0,
        readsTimeoutMs: 50,
      }),
      2_000,
    );
    expect(summary).not.toBe('still running');
    expect(summary).toMatchObject({ pullFailed: false });
    expect(asked).toContain(COMPANION_CONTEXT_URL);
  });

  it('reads that answer in time are not cut off by the bound', async () => {
    db = freshDb();
    const summary = await replayOutbox(db, {
      fetch: async (input) =>
        String(input) === COMPANION_CONTEXT_URL
          ? jsonResponse(404, { error: 'none' })
          : jsonResponse(200, [
              {
                id: 'k1',
                sender: 'kiri',
                message: 'good morning',
                timestamp: T0,
                sessionId: '2026-11-29',
                answersId: null,
              },
            ]),
      now: () => T0,
      readsTimeoutMs: 5_000,
    });
    expect(summary).toMatchObject({ pullFailed: false, pulled: 1 });
  });
});

describe('a replay told to stop (a new version takes over)', () => {
  it('ends its stalled reads at once when its signal aborts, long before their own bound', async () => {
    db = freshDb();
    const handOver = new AbortController();
    let asked = 0;
    const run = replayOutbox(db, {
      fetch: async (_input, init) => {
        asked += 1;
        queueMicrotask(() => handOver.abort(new Error('a new version takes over')));
        return stalled(init);
      },
      now: () => T0,
      readsTimeoutMs: 60_000,
      signal: handOver.signal,
    });
    const summary = await withinTest(run, 2_000);
    expect(summary).not.toBe('still running');
    expect(summary).toMatchObject({ pullFailed: true });
    expect(asked).toBe(1);
  });

  it('a signal aborted before the replay leaves its drain alone: the message goes, only the reads fail', async () => {
    db = freshDb();
    await ensureTodaySession(db, T0, 'Asia/Shanghai');
    await queueOwnerMessage(db, {
      id: 'm1',
      text: 'on the train',
      sessionId: '2026-11-29',
      at: T0,
    });
    const handOver = new AbortController();
    handOver.abort(new Error('a new version takes over'));
    const summary = await withinTest(
      replayOutbox(db, {
        fetch: servingBatches(async (url, init) =>
          String(url) === '/api/chat'
            ? jsonResponse(200, {
                kiriMessages: [{ id: 'm1-r0', message: 'tell me more', timestamp: T0 }],
                splitMessageTimings: [0],
              })
            : stalled(init),
        ),
        now: () => T0,
        readsTimeoutMs: 60_000,
        signal: handOver.signal,
      }),
      2_000,
    );
    expect(summary).toMatchObject({ pullFailed: true, delivered: 1, waiting: 0 });
    expect((await db.messages.get('m1'))?.status).toBe('answered');
  });
});
