import { describe, expect, it } from 'vitest';
import {
  INITIAL_MESSAGE_LIMIT,
  SCROLL_TO_LATEST_THRESHOLD_PX,
  shouldLoadOlder,
  showScrollToLatest,
} from '@/features/chat/model/scroll';

describe('scrolling', () => {
  it('the scroll-to-latest button shows past 100 px', () => {
    expect(SCROLL_TO_LATEST_THRESHOLD_PX).toBe(100);
    expect(showScrollToLatest(0)).toBe(false);
    expect(showScrollToLatest(100)).toBe(false);
    expect(showScrollToLatest(101)).toBe(true);
  });

  it('older messages load near the top only when the last read filled the limit', () => {
    expect(shouldLoadOlder(100, INITIAL_MESSAGE_LIMIT, INITIAL_MESSAGE_LIMIT)).toBe(true);
    expect(shouldLoadOlder(100, 12, INITIAL_MESSAGE_LIMIT)).toBe(false);
    expect(shouldLoadOlder(5_000, INITIAL_MESSAGE_LIMIT, INITIAL_MESSAGE_LIMIT)).toBe(false);
  });
});
