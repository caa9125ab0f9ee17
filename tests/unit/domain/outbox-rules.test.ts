import { describe, expect, it } from 'vitest';
import { deliveryOutcome, retryDelayAfter } from '@/domain/outbox-rules';

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
