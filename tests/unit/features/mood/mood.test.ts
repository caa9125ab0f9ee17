// The mood strip's rules: pulse duration, orb size, mode colour, at most 5 bubbles, bubble timing,
// and how the server's answers are read.
import { describe, expect, it } from 'vitest';
import { MOOD_COLORS, MOOD_MODES, moodColorOf } from '@/domain/mood-modes';
import {
  BUBBLE_CLEAR_MS,
  BUBBLE_HIDE_MS,
  NO_BUBBLES,
  bubblePhaseAt,
  bubblesOf,
  modeColor,
  nextBubbles,
  orbSizePx,
  parseMoodState,
  parseThoughtMap,
  pulseDurationSeconds,
  type FocusTerm,
} from '@/features/mood/model/mood';

const term = (name: string, weight: number): FocusTerm => ({
  term: name,
  weight,
  category: 'general',
});

describe('pulse duration', () => {
  it('is 2 + (1 - pulseSpeed) * 3 seconds: 5 s at 0, 2 s at 1, 3.5 s at 0.5', () => {
    expect(pulseDurationSeconds(0)).toBe(5);
    expect(pulseDurationSeconds(1)).toBe(2);
    expect(pulseDurationSeconds(0.5)).toBe(3.5);
  });

  it('keeps pulseSpeed within 0 to 1', () => {
    expect(pulseDurationSeconds(3)).toBe(2);
    expect(pulseDurationSeconds(-1)).toBe(5);
  });
});

describe('orb size by intensity', () => {
  it('grows with intensity from 24 to 48 px', () => {
    expect(orbSizePx(0)).toBe(24);
    expect(orbSizePx(1)).toBe(48);
    expect(orbSizePx(0.5)).toBe(36);
  });
});

describe('mode colour', () => {
  it('each of the seven modes has its own colour; the server’s colour wins; unknown is calm', () => {
    expect(new Set(MOOD_MODES.map((mode) => MOOD_COLORS[mode])).size).toBe(7);
    expect(modeColor({ mode: 'urgent' })).toBe(MOOD_COLORS.urgent);
    expect(modeColor({ mode: 'urgent', color: '#123456' })).toBe('#123456');
    expect(moodColorOf('sleepy')).toBe(MOOD_COLORS.calm);
  });
});

describe('at most 5 bubbles', () => {
  it('keeps the 5 heaviest terms, the server’s order among equals', () => {
    const focus = [
      term('a', 0.2),
      term('b', 1),
      term('c', 0.5),
      term('d', 0.5),
      term('e', 0.9),
      term('f', 0.1),
      term('g', 0.3),
    ];
    expect(bubblesOf(focus).map((t) => t.term)).toEqual(['b', 'e', 'c', 'd', 'g']);
  });
});

describe('bubble timing', () => {
  it('shown while thinking; hidden 3 s after thinking stops; cleared 0.5 s after that', () => {
    expect(bubblePhaseAt(null, 99_999)).toBe('shown');
    expect(bubblePhaseAt(1000, 1000 + BUBBLE_HIDE_MS - 1)).toBe('shown');
    expect(bubblePhaseAt(1000, 1000 + BUBBLE_HIDE_MS)).toBe('hidden');
    expect(bubblePhaseAt(1000, 1000 + BUBBLE_HIDE_MS + BUBBLE_CLEAR_MS - 1)).toBe('hidden');
    expect(bubblePhaseAt(1000, 1000 + BUBBLE_HIDE_MS + BUBBLE_CLEAR_MS)).toBe('cleared');
    expect([BUBBLE_HIDE_MS, BUBBLE_CLEAR_MS]).toEqual([3000, 500]);
  });

  it('thinking holds the bubbles; the answer that stops it starts the countdown', () => {
    const focus = [term('exam', 1)];
    const thinking = nextBubbles(NO_BUBBLES, { isThinking: true, focus, contextSummary: '' }, 10);
    expect(thinking).toMatchObject({ thinking: true, stoppedAt: null });
    const stopped = nextBubbles(thinking, { isThinking: false, focus, contextSummary: '' }, 20);
    expect(stopped).toMatchObject({ thinking: false, stoppedAt: 20 });
    expect(stopped.bubbles.map((b) => b.term)).toEqual(['exam']);
  });

  it('focus without thinking shows once; the same focus on the next poll does not restart it', () => {
    const map = { isThinking: false, focus: [term('exam', 1)], contextSummary: '' };
    const first = nextBubbles(NO_BUBBLES, map, 10);
    expect(first.stoppedAt).toBe(10);
    expect(nextBubbles(first, map, 10_010).stoppedAt).toBe(10);
    const other = { ...map, focus: [term('rain', 1)] };
    expect(nextBubbles(first, other, 20_010).stoppedAt).toBe(20_010);
  });
});

describe("reading the server's answers", () => {
  it('a mood needs one of the seven modes; numbers are kept within 0 to 1', () => {
    expect(parseMoodState({ mode: 'joyful', intensity: 1 })).toBeNull();
    expect(parseMoodState('<html>')).toBeNull();
    expect(parseMoodState({ mode: 'nurturing', intensity: 7, pulseSpeed: -1 })).toEqual({
      mode: 'nurturing',
      intensity: 1,
      pulseSpeed: 0,
      color: MOOD_COLORS.nurturing,
    });
  });

  it('a thought map needs isThinking; odd focus items are dropped', () => {
    expect(parseThoughtMap({ focus: [] })).toBeNull();
    expect(
      parseThoughtMap({
        isThinking: false,
        focus: [{ term: 'exam', weight: 2, category: 'practical' }, { weight: 1 }, 'x'],
        contextSummary: 'about exam',
      }),
    ).toEqual({
      isThinking: false,
      focus: [{ term: 'exam', weight: 1, category: 'practical' }],
      contextSummary: 'about exam',
    });
  });
});
