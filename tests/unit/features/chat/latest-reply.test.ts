import { describe, expect, it } from 'vitest';
import { uuidv7 } from '@/domain/uuidv7';
import {
  GREETED_KEY,
  LAST_SEEN_KEY,
  laterSeenId,
  shouldOpenLatestReply,
} from '@/features/chat/model/latest-reply';

describe('latest reply overlay', () => {
  it('the latest-reply overlay opens only for a newer Kiri message', () => {
    const older = uuidv7(1_000);
    const newer = uuidv7(2_000);
    expect(shouldOpenLatestReply(newer, older)).toBe(true);
    expect(shouldOpenLatestReply(older, newer)).toBe(false);
    expect(shouldOpenLatestReply(newer, newer)).toBe(false);
    expect(shouldOpenLatestReply(newer, null)).toBe(true);
    expect(shouldOpenLatestReply(undefined, older)).toBe(false);
  });

  it('the last seen id only moves forward', () => {
    const older = uuidv7(1_000);
    const newer = uuidv7(2_000);
    expect(laterSeenId(null, older)).toBe(older);
    expect(laterSeenId(older, newer)).toBe(newer);
    expect(laterSeenId(newer, older)).toBe(newer);
  });

  it('the greeted flag and the last seen id have their session-storage names', () => {
    expect(GREETED_KEY).toBe('kiri-greeted');
    expect(LAST_SEEN_KEY).toBe('kiri-last-seen-message-id');
  });
});
