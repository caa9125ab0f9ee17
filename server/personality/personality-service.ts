// Reads and changes Kiri's personality. The tone stored is always the one the spec's rule derives from
// the saved dimensions (000 §4), so what GET says, what the page shows and what the prompt names agree.
import { toneLabel, type Dimensions, type Tone } from '../../src/domain/personality';
import type { PersonalityStore } from './personality-store';

export interface PersonalitySnapshot {
  current: Dimensions;
  baseline: Dimensions;
  currentTone: Tone;
  updatedAt: number | null;
}

export class PersonalityService {
  constructor(
    private readonly store: PersonalityStore,
    private readonly clock: () => number,
  ) {}

  snapshot(): PersonalitySnapshot {
    const data = this.store.data;
    return {
      current: { ...data.current },
      baseline: { ...data.baseline },
      currentTone: data.currentTone,
      updatedAt: data.updatedAt,
    };
  }

  /** What the engine and the prompt speak with on every reply. */
  current(): Dimensions {
    return { ...this.store.data.current };
  }

  /** Saves the five dimensions (already checked) and resolves once they are on disk. */
  async adjust(dimensions: Dimensions, by: string): Promise<PersonalitySnapshot> {
    const current: Dimensions = {
      softness: dimensions.softness,
      logic_bias: dimensions.logic_bias,
      humor_level: dimensions.humor_level,
      formality: dimensions.formality,
      initiative: dimensions.initiative,
    };
    await this.store.update((data) => {
      data.current = current;
      data.currentTone = toneLabel(current);
      data.updatedAt = this.clock();
      data.updatedBy = by;
    });
    return this.snapshot();
  }
}
