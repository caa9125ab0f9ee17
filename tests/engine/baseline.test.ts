// The engine keeps its own copy of Kiri's baseline personality (src/engine/companion/types.ts says why):
// it must be the personality screens' baseline, number for number.
import { describe, expect, it } from 'vitest';
import { BASELINE_DIMENSIONS } from '../../src/domain/personality';
import { BASELINE_PERSONALITY } from '../../src/engine/companion';

describe("the engine's baseline personality", () => {
  it("is the personality screens' baseline (softness 0.7, logic 0.5, humour 0.5, formality 0.3, initiative 0.6)", () => {
    expect(BASELINE_PERSONALITY).toEqual(BASELINE_DIMENSIONS);
  });
});
