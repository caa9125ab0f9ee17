import { describe, expect, it } from 'vitest';
import {
  deliveryOutcome,
  nextOutboxCheck,
  outboxDueAt,
  outboxLane,
  PROBE_INTERVAL_MS,
  queuedMessageStatus,
  retryDelayAfter,
} from '@/domain/outbox-rules';

describe('an outbox entry is deleted only after a definitive answer', () => {
  it('is delivered on 2xx', () => {
    expect(deliveryOutcome(200).kind).toBe('delivered');
    expect(deliveryOutcome(201).kind).toBe('delivered');
  });
  it('is kept on a network error, 5xx, 408 and 429', () => {
    for (const status of [null, 500, 502, 503, 504, 408, 429]) {
      expect(deliveryOutcome(status).kind).toBe('retry');
    }
  });
  it('is kept on a 2xx that is not the answer asked for (not from our server)', () => {
    expect(deliveryOutcome(200, undefined, false)).toEqual({
      kind: 'retry',
      reason: 'Unexpected answer from the server',
      serverTrouble: true,
    });
  });
  it('counts as server trouble on 5xx, 408, 429 or a strange answer, not offline or logged out', () => {
    for (const status of [500, 503, 408, 429]) {
      expect(deliveryOutcome(status)).toMatchObject({ serverTrouble: true });
    }
    expect(deliveryOutcome(null)).not.toHaveProperty('serverTrouble');
    expect(deliveryOutcome(401)).not.toHaveProperty('serverTrouble');
  });
  it('waits for a new login on 401 instead of being dropped', () => {
    expect(deliveryOutcome(401)).toMatchObject({ kind: 'retry', needsLogin: true });
  });
  it('is refused for good on another 4xx, with the server reason', () => {
    expect(deliveryOutcome(422, 'Idempotency key reused with a different body')).toEqual({
      kind: 'refused',
      reason: 'Idempotency key reused with a different body',
    });
    expect(deliveryOutcome(413).kind).toBe('refused');
  });
});

describe('retry backoff doubles from 1 s up to 30 s', () => {
  it('doubles and caps', () => {
    expect([1, 2, 3, 4, 5, 6, 7].map(retryDelayAfter)).toEqual([
      1000, 2000, 4000, 8000, 16000, 30000, 30000,
    ]);
  });
});

describe('queuedMessageStatus: a new message waits when it cannot go now', () => {
  it("is 'sending' online with nothing ahead of it", () => {
    expect(queuedMessageStatus(false, [])).toEqual({ status: 'sending' });
  });
  it('waits for a connection offline', () => {
    expect(queuedMessageStatus(true, [])).toEqual({
      status: 'waiting',
      reason: 'Waiting for a connection',
    });
  });
  it('waits behind any earlier chat entry, with the reason of the first that failed', () => {
    expect(queuedMessageStatus(false, [{ attempts: 0 }])).toEqual({ status: 'waiting' });
    expect(
      queuedMessageStatus(true, [
        { attempts: 0 },
        { attempts: 2, lastError: 'Server unavailable (503)' },
      ]),
    ).toEqual({ status: 'waiting', reason: 'Server unavailable (503)' });
  });
});

describe('nextOutboxCheck: in view, the server is probed every few seconds; hidden, the backoff alone', () => {
  const now = 1_000_000;
  it('probes every few seconds while visible, online and the backoff is longer', () => {
    expect(PROBE_INTERVAL_MS).toBeLessThanOrEqual(3_000);
    expect(
      nextOutboxCheck({ now, dueAt: now + 30_000, failed: true, visible: true, online: true }),
    ).toEqual({
      replayAt: now + 30_000,
      probeAt: now + PROBE_INTERVAL_MS,
    });
  });
  it('only backs off when hidden or offline', () => {
    for (const [visible, online] of [
      [false, true],
      [true, false],
    ] as const) {
      expect(nextOutboxCheck({ now, dueAt: now + 30_000, failed: true, visible, online })).toEqual({
        replayAt: now + 30_000,
        probeAt: null,
      });
    }
  });
  it('needs no probe when the backoff is due sooner; never sooner than a second', () => {
    expect(
      nextOutboxCheck({ now, dueAt: now - 5, failed: true, visible: true, online: true }),
    ).toEqual({
      replayAt: now + 1_000,
      probeAt: null,
    });
  });
  it('does not probe while nothing has failed yet (a request on its way)', () => {
    expect(
      nextOutboxCheck({ now, dueAt: now + 30_000, failed: false, visible: true, online: true }),
    ).toEqual({ replayAt: now + 30_000, probeAt: null });
  });
  it('does nothing when nothing waits', () => {
    expect(
      nextOutboxCheck({ now, dueAt: null, failed: true, visible: true, online: true }),
    ).toBeNull();
  });
});

describe('outboxDueAt: the outbox can next make progress when the first entry of a kind is due', () => {
  it('ignores entries queued behind one in its backoff, however overdue', () => {
    expect(
      outboxDueAt([
        { kind: 'chat', seq: 1, nextAttemptAt: 50_000 },
        { kind: 'chat', seq: 2, nextAttemptAt: 10 },
        { kind: 'unsend', seq: 3, nextAttemptAt: 70_000 },
      ]),
    ).toBe(50_000);
    expect(
      outboxDueAt([
        { kind: 'chat', seq: 1, nextAttemptAt: 50_000 },
        { kind: 'unsend', seq: 3, nextAttemptAt: 20_000 },
      ]),
    ).toBe(20_000);
    expect(outboxDueAt([])).toBeNull();
  });
});

describe('outbox rule: photos wait in the chat’s line (issue 13)', () => {
  it('puts the image kind in the chat’s line and every other kind in its own', () => {
    expect(outboxLane('image')).toBe('chat');
    expect(outboxLane('chat')).toBe('chat');
    expect(outboxLane('reminder')).toBe('reminder');
  });

  it('counts a photo behind a waiting message as behind it, not as due', () => {
    expect(
      outboxDueAt([
        { kind: 'chat', seq: 1, nextAttemptAt: 30_000 },
        { kind: 'image', seq: 2, nextAttemptAt: 0 },
      ]),
    ).toBe(30_000);
  });
});
