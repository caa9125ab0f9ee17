import { describe, expect, it } from 'vitest';
import {
  CATCH_UP_AFTER_MS,
  MAX_SPLIT_DELAY_MS,
  isCatchUpReply,
  replyRevealTimes,
  revealTimes,
  splitDelayMs,
  splitTimings,
} from '@/domain/reply-timing';

describe('split delays grow with length', () => {
  it('waits longer for a longer part, up to a cap', () => {
    expect(splitDelayMs('a longer message than that')).toBeGreaterThan(splitDelayMs('short'));
    expect(splitDelayMs('x'.repeat(10_000))).toBe(MAX_SPLIT_DELAY_MS);
  });
  it('shows the first part at once and the later ones after their delays', () => {
    const timings = splitTimings(['one', 'two two', 'three three three']);
    expect(timings[0]).toBe(0);
    expect(timings[2]).toBeGreaterThan(timings[1]!);
    expect(revealTimes(1000, timings)).toEqual([
      1000,
      1000 + timings[1]!,
      1000 + timings[1]! + timings[2]!,
    ]);
  });
});

describe('isCatchUpReply: an answer to a message made more than 10 s before it arrived', () => {
  it('is a catch-up past 10 s, and a live exchange up to it', () => {
    expect(CATCH_UP_AFTER_MS).toBe(10_000);
    expect(isCatchUpReply(0, 800)).toBe(false);
    expect(isCatchUpReply(0, 10_000)).toBe(false);
    expect(isCatchUpReply(0, 10_001)).toBe(true);
    expect(isCatchUpReply(0, 3_600_000)).toBe(true);
  });
});

describe('replyRevealTimes: split parts are paced only in a live exchange; a catch-up shows at once', () => {
  const T = 1_000_000;
  const timings = [0, 1_500, 2_000];

  it('paces a live reply: each part after its delay, from when the answer arrived', () => {
    expect(
      replyRevealTimes({ askedAt: T - 2_000, arrivedAt: T, timings, firstPart: 'hi' }),
    ).toEqual([T, T + 1_500, T + 3_500]);
  });

  it('shows every part of a catch-up at once, when it arrives', () => {
    expect(
      replyRevealTimes({ askedAt: T - 60_000, arrivedAt: T, timings, firstPart: 'hi' }),
    ).toEqual([T, T, T]);
  });

  it('shows a burst of replayed replies immediately instead of stacking their delays', () => {
    // 20 two-part replies replayed 20 ms apart: all shown by the time the last one arrived.
    let previousRevealAt: number | undefined;
    for (let i = 0; i < 20; i++) {
      const arrivedAt = T + i * 20;
      const times = replyRevealTimes({
        askedAt: T - 120_000 + i * 1_000,
        arrivedAt,
        timings: [0, 4_000],
        firstPart: 'x'.repeat(200),
        previousRevealAt,
      });
      expect(times).toEqual([arrivedAt, arrivedAt]);
      previousRevealAt = times.at(-1);
    }
    expect(previousRevealAt).toBe(T + 19 * 20);
  });

  it('never shows a catch-up before the reply ahead of it has shown its last part', () => {
    const previousRevealAt = T + 3_000;
    expect(
      replyRevealTimes({
        askedAt: T - 60_000,
        arrivedAt: T,
        timings,
        firstPart: 'hi',
        previousRevealAt,
      }),
    ).toEqual([previousRevealAt, previousRevealAt, previousRevealAt]);
  });

  it('starts a live reply after the reply ahead of it, with its own typing pause', () => {
    const previousRevealAt = T + 3_000;
    const pause = splitDelayMs('hello there');
    expect(
      replyRevealTimes({
        askedAt: T - 1_000,
        arrivedAt: T,
        timings,
        firstPart: 'hello there',
        previousRevealAt,
      }),
    ).toEqual(revealTimes(previousRevealAt + pause, timings));
  });

  it('ignores a reply ahead of it that has already shown', () => {
    const times = replyRevealTimes({
      askedAt: T - 1_000,
      arrivedAt: T,
      timings,
      firstPart: 'hi',
      previousRevealAt: T - 5,
    });
    expect(times[0]).toBe(T);
    expect(
      replyRevealTimes({
        askedAt: T - 60_000,
        arrivedAt: T,
        timings,
        firstPart: 'hi',
        previousRevealAt: T - 5,
      }),
    ).toEqual([T, T, T]);
  });
});
