import { describe, expect, it } from 'vitest';
import { EMERGENCE_STAGES, emergenceOf } from '@/domain/emergence';

describe('emergence: six stages, each reached when days, messages and memories all meet it', () => {
  it('a new Kiri is at stage 1 of 6, Awakening, with a small level', () => {
    const fresh = emergenceOf({ daysKnown: 0, ownerMessages: 0, memories: 0 });
    expect(fresh).toMatchObject({ currentStage: 1, totalStages: 6, stageName: 'Awakening' });
    expect(fresh.nextStageName).toBe('Recognition');
    expect(fresh.consciousnessLevel).toBeCloseTo(1 / 6, 2);
  });

  it('one dimension short keeps the stage: many messages but no memory is still Awakening', () => {
    expect(emergenceOf({ daysKnown: 30, ownerMessages: 500, memories: 0 }).currentStage).toBe(1);
  });

  it('meeting every threshold of a stage reaches it', () => {
    const trust = EMERGENCE_STAGES[3]!;
    const history = {
      daysKnown: trust.minDays,
      ownerMessages: trust.minMessages,
      memories: trust.minMemories,
    };
    expect(emergenceOf(history)).toMatchObject({ currentStage: 4, stageName: 'Trust' });
  });

  it('the level grows with the slowest dimension toward the next stage, and is 1 at the last', () => {
    const low = emergenceOf({ daysKnown: 2, ownerMessages: 30, memories: 1 });
    const higher = emergenceOf({ daysKnown: 2, ownerMessages: 30, memories: 3 });
    expect(higher.consciousnessLevel).toBeGreaterThan(low.consciousnessLevel);
    const last = emergenceOf({ daysKnown: 90, ownerMessages: 2000, memories: 200 });
    expect(last).toMatchObject({ currentStage: 6, nextStageName: null, consciousnessLevel: 1 });
  });
});
