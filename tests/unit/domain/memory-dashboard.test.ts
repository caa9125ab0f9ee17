// Spec 002 §4 (importance bands) and §5 (add memory): the rules the dashboard's form and POST
// /api/memory/add share (src/domain/memory-dashboard.ts).
import { describe, expect, it } from 'vitest';
import {
  IMPORTANCE_INVALID,
  importanceBand,
  importanceOnScale,
  MEMORY_CONTENT_REQUIRED,
  MEMORY_CONTENT_TOO_LONG,
  MEMORY_TYPE_INVALID,
  MEMORY_TYPES,
  newMemoryOf,
  readImportance,
  splitTags,
  TAG_TOO_LONG,
  TOO_MANY_TAGS,
} from '@/domain/memory-dashboard';

describe('importance bands', () => {
  it('importance band: 6 is medium (the 4-6 reading, so every value has one band)', () => {
    expect(importanceBand(6)).toBe('medium');
  });

  it('1-3 low, 4-6 medium, 7-8 high, 9-10 critical', () => {
    const bands = Array.from({ length: 10 }, (_, i) => importanceBand(i + 1));
    expect(bands).toEqual([
      'low',
      'low',
      'low',
      'medium',
      'medium',
      'medium',
      'high',
      'high',
      'critical',
      'critical',
    ]);
  });
});

describe('importance defaults to 5 when not a number', () => {
  it.each([['x'], [''], ['   '], [undefined], [null], [true], [{}], [[]], [Number.NaN]])(
    '%j is 5',
    (value) => {
      expect(readImportance(value)).toBe(5);
    },
  );

  it('a number, or text that reads as one, is kept', () => {
    expect(readImportance(1)).toBe(1);
    expect(readImportance(10)).toBe(10);
    expect(readImportance('7')).toBe(7);
    expect(readImportance(' 3 ')).toBe(3);
  });

  it('a number outside 1 to 10, or with a fraction, is refused rather than hidden by the default', () => {
    for (const value of [0, 11, -3, 6.5, '12', '2.5'])
      expect(readImportance(value), String(value)).toBeNull();
  });
});

describe('tags are split on commas, trimmed, and empties dropped', () => {
  it('from the form’s text', () => {
    expect(splitTags(' coffee, morning ,, tea ,')).toEqual(['coffee', 'morning', 'tea']);
    expect(splitTags('')).toEqual([]);
    expect(splitTags(' , ')).toEqual([]);
  });

  it('from a list, item by item', () => {
    expect(splitTags(['a, b', ' c ', '', 7])).toEqual(['a', 'b', 'c']);
    expect(splitTags(undefined)).toEqual([]);
  });
});

describe('a new memory', () => {
  it("memory content is required: empty after trimming is 'Memory content is required'", () => {
    for (const content of ['', '  \n ', undefined, 5]) {
      expect(newMemoryOf({ content, type: 'context' })).toEqual({
        ok: false,
        error: MEMORY_CONTENT_REQUIRED,
      });
    }
  });

  it('type is one of the five; absent it is conversation', () => {
    expect(MEMORY_TYPES).toEqual([
      'conversation',
      'preference',
      'personality',
      'context',
      'relationship',
    ]);
    for (const type of MEMORY_TYPES) {
      expect(newMemoryOf({ content: 'x', type })).toMatchObject({ ok: true, memory: { type } });
    }
    expect(newMemoryOf({ content: 'x' })).toMatchObject({ memory: { type: 'conversation' } });
    for (const type of ['', 'secret', 'Preference', 3]) {
      expect(newMemoryOf({ content: 'x', type })).toEqual({
        ok: false,
        error: MEMORY_TYPE_INVALID,
      });
    }
  });

  it('reads the whole form: trimmed content, importance, tags', () => {
    expect(
      newMemoryOf({
        content: '  Mei likes rain ',
        type: 'preference',
        importance: 'x',
        tags: 'rain, ',
      }),
    ).toEqual({
      ok: true,
      memory: { content: 'Mei likes rain', type: 'preference', importance: 5, tags: ['rain'] },
    });
    expect(newMemoryOf({ content: 'x', importance: 11 })).toEqual({
      ok: false,
      error: IMPORTANCE_INVALID,
    });
  });

  it('caps the sizes: one message of text, 12 tags of 40 characters', () => {
    expect(newMemoryOf({ content: 'x'.repeat(10_000) }).ok).toBe(true);
    expect(newMemoryOf({ content: 'x'.repeat(10_001) })).toEqual({
      ok: false,
      error: MEMORY_CONTENT_TOO_LONG,
    });
    const twelve = Array.from({ length: 12 }, (_, i) => `t${i}`).join(',');
    expect(newMemoryOf({ content: 'x', tags: twelve }).ok).toBe(true);
    expect(newMemoryOf({ content: 'x', tags: `${twelve},t12` })).toEqual({
      ok: false,
      error: TOO_MANY_TAGS,
    });
    expect(newMemoryOf({ content: 'x', tags: 'y'.repeat(41) })).toEqual({
      ok: false,
      error: TAG_TOO_LONG,
    });
  });
});

describe("the lattice's importance on the 1 to 10 scale", () => {
  it('is tenths, rounded, never below 1 or above 10', () => {
    expect(importanceOnScale(0.5)).toBe(5);
    expect(importanceOnScale(0.84)).toBe(8);
    expect(importanceOnScale(0.65)).toBe(7);
    expect(importanceOnScale(0.1)).toBe(1);
    expect(importanceOnScale(0)).toBe(1);
    expect(importanceOnScale(1)).toBe(10);
  });
});
