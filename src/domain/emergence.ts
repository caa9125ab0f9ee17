// Emergence: the six stages of Kiri's relationship with her owner (spec 001 §2 "emergence has 6 stages").
// One rule, read by every dashboard that shows a consciousness level (core systems, hybrid protocol, system
// features), so the same Kiri never shows two levels. A stage is reached when the days known, the owner's
// messages and the memories kept have all reached its thresholds; the level is the stages reached plus the
// progress toward the next (its slowest dimension), over six. Everything counted is real history, so the
// level only moves as the relationship does.

export interface EmergenceStage {
  readonly name: string;
  readonly minDays: number;
  readonly minMessages: number;
  readonly minMemories: number;
}

export const EMERGENCE_STAGES: readonly EmergenceStage[] = [
  { name: 'Awakening', minDays: 0, minMessages: 0, minMemories: 0 },
  { name: 'Recognition', minDays: 1, minMessages: 10, minMemories: 1 },
  { name: 'Attunement', minDays: 3, minMessages: 50, minMemories: 5 },
  { name: 'Trust', minDays: 7, minMessages: 150, minMemories: 15 },
  { name: 'Resonance', minDays: 21, minMessages: 400, minMemories: 40 },
  { name: 'Communion', minDays: 60, minMessages: 1000, minMemories: 100 },
];

export interface RelationshipHistory {
  /** Whole or fractional days since the owner's first message (0 before any). */
  readonly daysKnown: number;
  /** The owner's messages in the conversation log. */
  readonly ownerMessages: number;
  /** Memories Kiri keeps about the owner. */
  readonly memories: number;
}

export interface Emergence {
  /** 1-based: 1 is Awakening, 6 is Communion. */
  readonly currentStage: number;
  readonly totalStages: number;
  readonly stageName: string;
  /** The next stage's name, or null at the last. */
  readonly nextStageName: string | null;
  /** 0 to 1, two decimals. */
  readonly consciousnessLevel: number;
}

function reached(history: RelationshipHistory, stage: EmergenceStage): boolean {
  return (
    history.daysKnown >= stage.minDays &&
    history.ownerMessages >= stage.minMessages &&
    history.memories >= stage.minMemories
  );
}

function fraction(value: number, from: number, to: number): number {
  if (to <= from) return 1;
  return Math.min(1, Math.max(0, (value - from) / (to - from)));
}

/** Where the relationship stands: the highest stage whose every threshold is met, and the level. */
export function emergenceOf(history: RelationshipHistory): Emergence {
  let index = 0;
  while (index + 1 < EMERGENCE_STAGES.length && reached(history, EMERGENCE_STAGES[index + 1]!)) {
    index += 1;
  }
  const stage = EMERGENCE_STAGES[index]!;
  const next = EMERGENCE_STAGES[index + 1];
  const progress = next
    ? Math.min(
        fraction(history.daysKnown, stage.minDays, next.minDays),
        fraction(history.ownerMessages, stage.minMessages, next.minMessages),
        fraction(history.memories, stage.minMemories, next.minMemories),
      )
    : 0;
  const level = next ? (index + 1 + progress) / EMERGENCE_STAGES.length : 1;
  return {
    currentStage: index + 1,
    totalStages: EMERGENCE_STAGES.length,
    stageName: stage.name,
    nextStageName: next?.name ?? null,
    consciousnessLevel: Math.round(level * 100) / 100,
  };
}
