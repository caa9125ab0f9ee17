// The hybrid protocol's server rules: the evolution bars read from the maintenance monitor's metrics
// (docs/hybrid-protocol.md). The relationship history behind the consciousness level is one rule for every
// dashboard, tested in core-systems-rules.test.ts.
import { describe, expect, it } from 'vitest';
import { hybridEvolutionOf } from '../../server/hybrid/evolution';
import type { ConversationEntry } from '../../server/store/conversation-store';

function entry(sender: 'user' | 'kiri', timestamp: number, n: number): ConversationEntry {
  return {
    id: `e${n}`,
    sender,
    message: `message ${n}`,
    timestamp,
    answersId: sender === 'kiri' ? `e${n - 1}` : null,
  } as ConversationEntry;
}

describe('evolution bars: the maintenance monitor’s metrics as shares', () => {
  it('maps resonance, adaptation and satisfaction; nothing measured stays null', () => {
    const log = [entry('user', 1000, 1), entry('kiri', 2000, 2)];
    expect(
      hybridEvolutionOf(
        {
          conversationAccuracy: 100,
          emotionalResonance: 75,
          responseQuality: 100,
          userSatisfaction: null,
          adaptationSuccess: 50,
        },
        log,
      ),
    ).toEqual({
      emotionalComplexityScore: 0.75,
      conversationalAdaptation: 0.5,
      culturalUnderstanding: null,
      lastEvolutionTimestamp: 2000,
    });
  });

  it('has no last evolution before any conversation', () => {
    const none = {
      conversationAccuracy: null,
      emotionalResonance: null,
      responseQuality: null,
      userSatisfaction: null,
      adaptationSuccess: null,
    };
    expect(hybridEvolutionOf(none, []).lastEvolutionTimestamp).toBeNull();
  });
});
