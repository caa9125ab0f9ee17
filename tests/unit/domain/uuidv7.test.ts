import { describe, expect, it } from 'vitest';
import { UUID_V7_PATTERN, uuidv7, uuidv7Time } from '@/domain/uuidv7';

describe('message ids are UUIDv7: a newer id is greater', () => {
  it('has the version 7 and variant bits', () => {
    expect(uuidv7()).toMatch(UUID_V7_PATTERN);
  });
  // The generator never goes back in time (a newer id is greater), so these times lie in the future:
  // a fixed time in the past would be overtaken by the clock (it was, on the day it was written).
  it('carries its creation time', () => {
    const at = Date.UTC(2100, 0, 1, 8, 30);
    expect(uuidv7Time(uuidv7(at))).toBe(at);
  });
  it('sorts in creation order, also within one millisecond', () => {
    const at = Date.UTC(2100, 0, 2, 9);
    const ids = [uuidv7(at), uuidv7(at), uuidv7(at), uuidv7(at + 1), uuidv7(at + 1000)];
    expect([...ids].sort()).toEqual(ids);
    expect(new Set(ids).size).toBe(ids.length);
  });
});
