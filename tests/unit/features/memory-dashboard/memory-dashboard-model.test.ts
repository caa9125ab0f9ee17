// The memory dashboard's model: answers read into checked shapes, the last optimization in the owner's
// zone ('Never' when null), the importance with its band, the form's kept draft.
import { describe, expect, it } from 'vitest';
import {
  EMPTY_DRAFT,
  draftImportance,
  importanceText,
  isDraftEmpty,
  lastOptimizationText,
  parseDraft,
  parseMemoryContext,
  parseMemoryStats,
  typeLabel,
} from '@/features/memory-dashboard/model/memory-dashboard';

const STATS = {
  totalMemories: 3,
  threadsCount: 1,
  userCount: 2,
  greetingBehavior: 'Once a day, Kiri greets in her own words for the time of day.',
  memoryTypes: { conversation: 1, preference: 2, personality: 0, context: 0, relationship: 0 },
  lastOptimization: null,
};

describe('parseMemoryStats', () => {
  it('reads the spec’s six fields, the types in the order the server gave them', () => {
    expect(parseMemoryStats(STATS)).toEqual({
      ...STATS,
      memoryTypes: [
        { type: 'conversation', count: 1 },
        { type: 'preference', count: 2 },
        { type: 'personality', count: 0 },
        { type: 'context', count: 0 },
        { type: 'relationship', count: 0 },
      ],
    });
  });

  it('refuses a field missing or of another kind rather than guess', () => {
    expect(parseMemoryStats(null)).toBeNull();
    expect(parseMemoryStats({ ...STATS, totalMemories: '3' })).toBeNull();
    expect(parseMemoryStats({ ...STATS, threadsCount: -1 })).toBeNull();
    expect(parseMemoryStats({ ...STATS, memoryTypes: { conversation: 'many' } })).toBeNull();
    expect(parseMemoryStats({ ...STATS, lastOptimization: 5 })).toBeNull();
    const { greetingBehavior: _, ...noGreeting } = STATS;
    expect(parseMemoryStats(noGreeting)).toBeNull();
  });
});

describe('parseMemoryContext', () => {
  it('reads the context text and what it was ranked for', () => {
    expect(parseMemoryContext({ context: 'x', recalledFor: 'hi' })).toEqual({
      context: 'x',
      recalledFor: 'hi',
    });
    expect(parseMemoryContext({ context: 'x' })).toEqual({ context: 'x', recalledFor: null });
    expect(parseMemoryContext({ context: 3 })).toBeNull();
  });
});

describe('lastOptimizationText', () => {
  it("'Never' when the memories were never optimized", () => {
    expect(lastOptimizationText(null, 'Asia/Shanghai', 'Never')).toBe('Never');
    expect(lastOptimizationText('not a time', 'Asia/Shanghai', 'Never')).toBe('Never');
  });

  it("the time in the owner's zone, not the device's", () => {
    const iso = '2026-01-15T08:00:00.000Z';
    expect(lastOptimizationText(iso, 'Asia/Shanghai', 'Never')).toBe('Thu, Jan 15, 2026, 16:00');
    expect(lastOptimizationText(iso, 'America/New_York', 'Never')).toBe('Thu, Jan 15, 2026, 03:00');
  });
});

describe('the importance shown beside the slider', () => {
  it('names its band, 6 in medium', () => {
    expect(importanceText(3)).toBe('3 · Low (1-3)');
    expect(importanceText(6)).toBe('6 · Medium (4-6)');
    expect(importanceText(7)).toBe('7 · High (7-8)');
    expect(importanceText(10)).toBe('10 · Critical (9-10)');
  });

  it('reads the slider’s text, 5 when it cannot', () => {
    expect(draftImportance({ ...EMPTY_DRAFT, importance: '8' })).toBe(8);
    expect(draftImportance({ ...EMPTY_DRAFT, importance: 'x' })).toBe(5);
    expect(draftImportance({ ...EMPTY_DRAFT, importance: '40' })).toBe(5);
  });
});

describe('the kept draft', () => {
  it('is read back field by field; what cannot be read is the empty form’s', () => {
    const kept = { content: 'Ana', type: 'relationship', importance: '9', tags: 'family' };
    expect(parseDraft(JSON.stringify(kept))).toEqual(kept);
    expect(parseDraft(null)).toEqual(EMPTY_DRAFT);
    expect(parseDraft('{')).toEqual(EMPTY_DRAFT);
    expect(parseDraft(JSON.stringify({ content: 'Ana', type: 'secret', importance: 'x' }))).toEqual(
      {
        ...EMPTY_DRAFT,
        content: 'Ana',
      },
    );
  });

  it('an untouched form is empty; anything typed or chosen is not', () => {
    expect(isDraftEmpty(EMPTY_DRAFT)).toBe(true);
    expect(isDraftEmpty({ ...EMPTY_DRAFT, tags: 'a' })).toBe(false);
    expect(isDraftEmpty({ ...EMPTY_DRAFT, importance: '9' })).toBe(false);
  });

  it('types read as labels', () => {
    expect(typeLabel('preference')).toBe('Preference');
  });
});
