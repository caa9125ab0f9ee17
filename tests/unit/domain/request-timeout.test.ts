import { describe, expect, it } from 'vitest';
import {
  CHAT_REQUEST_TIMEOUT_MS,
  OTHER_REQUEST_TIMEOUT_MS,
  TIMEOUT_REASON,
  requestTimeoutMs,
  timeoutOutcome,
} from '@/domain/outbox-timeout';
import { SEND_IN_FLIGHT_MAX_MS } from '@/features/chat/model/message-view';

describe('requestTimeoutMs: the outbox drainer gives up on a request that takes too long', () => {
  it('a chat message gets 15 s, less than the 20 s after which a send counts as stuck', () => {
    expect(requestTimeoutMs('chat')).toBe(CHAT_REQUEST_TIMEOUT_MS);
    expect(CHAT_REQUEST_TIMEOUT_MS).toBe(15_000);
    expect(CHAT_REQUEST_TIMEOUT_MS).toBeLessThan(SEND_IN_FLIGHT_MAX_MS);
  });

  it('other writes get 30 s', () => {
    for (const kind of ['push', 'reminder', 'unsend', 'conversation']) {
      expect(requestTimeoutMs(kind)).toBe(OTHER_REQUEST_TIMEOUT_MS);
    }
  });

  it('a request that timed out is tried again, with its own reason, not as server trouble', () => {
    expect(timeoutOutcome()).toEqual({
      kind: 'retry',
      reason: TIMEOUT_REASON,
    });
  });
});
