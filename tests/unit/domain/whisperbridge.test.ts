// The tone-sync tool's rules of spec 001 §4, §5, §9 (src/domain/whisperbridge.ts).
import { describe, expect, it } from 'vitest';
import {
  averageQuality,
  checkSyncDraft,
  EMOTION_TONES,
  mirrorInputOf,
  qualityBand,
  recentQuality,
} from '@/domain/whisperbridge';
import { TONE_NAMES } from '@/engine/companion/tone-style';

describe('sync quality icon', () => {
  it('is green from 80, yellow from 60 to 79, red below 60', () => {
    expect(qualityBand(100)).toBe('green');
    expect(qualityBand(80)).toBe('green');
    expect(qualityBand(79)).toBe('yellow');
    expect(qualityBand(60)).toBe('yellow');
    expect(qualityBand(59)).toBe('red');
    expect(qualityBand(0)).toBe('red');
  });
});

describe('recent quality', () => {
  it('is the mean of the last 10 entries, and absent with none', () => {
    expect(recentQuality([])).toBeNull();
    expect(recentQuality([50])).toBe(50);
    // The two oldest (0 and 0) fall outside the last 10.
    expect(recentQuality([0, 0, 90, 90, 90, 90, 90, 90, 90, 90, 80, 70])).toBe(87);
    expect(recentQuality([81, 82, 82])).toBe(81.7);
  });

  it('average quality is the mean over every entry', () => {
    expect(averageQuality([])).toBeNull();
    expect(averageQuality([0, 0, 90, 90, 90, 90, 90, 90, 90, 90, 80, 70])).toBe(72.5);
  });
});

describe('add sync entry needs both lines', () => {
  it('refuses a line that is empty after trimming and sends trimmed values', () => {
    expect(checkSyncDraft('  ', 'mirror', 'soft').ok).toBe(false);
    expect(checkSyncDraft('line', '\n\t', 'soft').ok).toBe(false);
    expect(checkSyncDraft('  hello ', ' hi  ', 'playful')).toEqual({
      ok: true,
      draft: { gpt_line: 'hello', gemini_mirror: 'hi', emotion_tone: 'playful' },
    });
    expect(checkSyncDraft('x'.repeat(1001), 'y', 'soft').ok).toBe(false);
  });

  it('mirror prompt needs non-empty trimmed input', () => {
    expect(mirrorInputOf('   ')).toBeNull();
    expect(mirrorInputOf('  hey there ')).toBe('hey there');
  });
});

describe('emotion tones', () => {
  it('are the six of spec 001 §4, neutral first, the same list the engine reads', () => {
    expect(EMOTION_TONES).toEqual(['neutral', 'gentle', 'playful', 'caring', 'dreamy', 'soft']);
    expect([...TONE_NAMES]).toEqual([...EMOTION_TONES]);
  });
});
