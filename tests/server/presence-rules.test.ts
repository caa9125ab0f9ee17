// The mood engine's rule (server/presence-mood/drift-rules.ts; docs/presence-mood.md): the plane, the
// step toward the target, confidence, and the nudge of the owner's feeling. Each test is named after
// the rule it checks.
import { describe, expect, it } from 'vitest';
import { PRESENCE_MOODS } from '../../src/domain/presence-mood';
import {
  feelingDirectionOf,
  neighboursOf,
  nudgedTarget,
  planeDistance,
  retarget,
  stepToward,
  tickOf,
} from '../../server/presence-mood/drift-rules';

describe("rule 'one step toward the target'", () => {
  it('every step is strictly nearer, and any mood reaches any target within two ticks', () => {
    for (const from of PRESENCE_MOODS) {
      for (const target of PRESENCE_MOODS) {
        let mood = from;
        let ticks = 0;
        while (mood !== target) {
          const next = stepToward(mood, target);
          expect(planeDistance(next, target), `${mood} → ${target}`).toBeLessThan(
            planeDistance(mood, target),
          );
          expect(neighboursOf(mood)).toContain(next);
          mood = next;
          ticks += 1;
        }
        expect(ticks, `${from} → ${target}`).toBeLessThanOrEqual(2);
      }
    }
  });

  it('goes through neutral where the plane has a gap: hopeful → calm, calm → restless', () => {
    expect(stepToward('hopeful', 'calm')).toBe('neutral');
    expect(stepToward('calm', 'restless')).toBe('neutral');
    expect(stepToward('neutral', 'calm')).toBe('calm');
  });

  it('holds at the target', () => {
    expect(stepToward('tired', 'tired')).toBe('tired');
  });
});

describe("rule 'a tick drifts one step; confidence rises while it holds'", () => {
  it('moves without changing the confidence, then raises it while the mood holds', () => {
    const moved = tickOf({ mood: 'calm', target: 'restless', confidence: 0.4 });
    expect(moved).toEqual({
      mood: 'neutral',
      target: 'restless',
      confidence: 0.4,
      outcome: 'moved',
    });
    const arrived = tickOf(moved);
    expect(arrived).toMatchObject({ mood: 'restless', confidence: 0.4, outcome: 'arrived' });
    const held = tickOf(arrived);
    expect(held).toMatchObject({ mood: 'restless', confidence: 0.52, outcome: 'held' });
    expect(tickOf(held).confidence).toBe(0.616);
  });

  it('never passes 1', () => {
    let state = { mood: 'calm' as const, target: 'calm' as const, confidence: 0.99 };
    for (let i = 0; i < 50; i += 1) state = { ...state, confidence: tickOf(state).confidence };
    expect(state.confidence).toBeLessThanOrEqual(1);
    expect(state.confidence).toBeGreaterThan(0.99);
  });
});

describe("rule 'confidence falls when the target changes'", () => {
  it('halves on a new target, not below 0.05; the same target changes nothing', () => {
    expect(retarget({ mood: 'calm', target: 'calm', confidence: 0.8 }, 'tired')).toEqual({
      mood: 'calm',
      target: 'tired',
      confidence: 0.4,
    });
    expect(retarget({ mood: 'calm', target: 'calm', confidence: 0.06 }, 'tired').confidence).toBe(
      0.05,
    );
    const same = { mood: 'calm' as const, target: 'calm' as const, confidence: 0.8 };
    expect(retarget(same, 'calm')).toBe(same);
  });
});

describe("rule 'the feeling of new messages'", () => {
  it('reads the mean compound: sad at -0.3 or below, glad at 0.3 or above, else none', () => {
    expect(feelingDirectionOf([])).toBeNull();
    expect(feelingDirectionOf([-0.7, 0.1])).toBe('sad');
    expect(feelingDirectionOf([0.6])).toBe('glad');
    expect(feelingDirectionOf([0.29, -0.1])).toBeNull();
  });
});

describe("rule 'a sad conversation nudges the target toward unpleasant, a glad one toward pleasant'", () => {
  it('moves the target one step in valence, keeping its energy where the plane allows', () => {
    expect(nudgedTarget('neutral', 'sad')).toBe('bittersweet');
    expect(nudgedTarget('hopeful', 'sad')).toBe('focused');
    expect(nudgedTarget('calm', 'sad')).toBe('neutral');
    expect(nudgedTarget('neutral', 'glad')).toBe('hopeful');
    expect(nudgedTarget('tired', 'glad')).toBe('neutral');
  });

  it('stays at the edge of the plane', () => {
    expect(nudgedTarget('tired', 'sad')).toBe('tired');
    expect(nudgedTarget('calm', 'glad')).toBe('calm');
  });

  it('every nudge lands on a mood one valence step away, or stays', () => {
    for (const mood of PRESENCE_MOODS) {
      for (const direction of ['sad', 'glad'] as const) {
        const next = nudgedTarget(mood, direction);
        expect(PRESENCE_MOODS).toContain(next);
        expect(planeDistance(mood, next)).toBeLessThanOrEqual(2);
      }
    }
  });
});
