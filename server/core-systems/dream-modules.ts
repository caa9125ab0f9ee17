// The dream consciousness group's cards (spec 001 §2): the dream cycle of the memory lattice
// (server/memory/dreams.ts) and Kiri's sleep and waking (server/power), as plain builders.
import { DREAM_INTERVAL_MS, SEQUENCES_PER_DREAM } from '../memory/dreams';
import type { Dream } from '../memory/lattice-store';
import type { PowerState } from '../power/power-rules';
import type { PowerTransition } from '../power/power-store';
import { WAKE_WORDS } from '../power/power-rules';
import type { MemoryNode } from '../store/memory-store';

const iso = (ms: number | null | undefined) => (ms == null ? null : new Date(ms).toISOString());

/**
 * Rule 'dream trigger': Kiri dreams only while sleeping, at most once an hour (the lattice's tick). Armed
 * when she sleeps; the next dream is due an hour after the last (or at the next tick when none yet).
 */
export function dreamTriggerOf(input: {
  power: PowerState;
  lastDreamAt: number | null;
  dreams: number;
  shareableMemories: number;
  now: number;
}) {
  const dueAt = input.lastDreamAt === null ? null : input.lastDreamAt + DREAM_INTERVAL_MS;
  const status =
    input.power === 'sleeping'
      ? dueAt === null || dueAt <= input.now
        ? ('armed' as const)
        : ('resting' as const)
      : ('awake' as const);
  return {
    status,
    powerState: input.power,
    lastDreamAt: iso(input.lastDreamAt),
    nextDreamPossibleAt: input.power === 'sleeping' ? iso(dueAt ?? input.now) : null,
    dreamsRecorded: input.dreams,
    shareableMemories: input.shareableMemories,
    intervalMinutes: DREAM_INTERVAL_MS / 60_000,
    sequencesPerDream: SEQUENCES_PER_DREAM,
  };
}

/** Rule 'imagination': what the dreams made: their themes, moods and the memories they recombined. */
export function imaginationOf(input: { dreams: readonly Dream[]; nodes: readonly MemoryNode[] }) {
  const recombined = new Set(input.dreams.flatMap((dream) => dream.nodeIds));
  const moods: Record<string, number> = {};
  for (const dream of input.dreams) moods[dream.mood] = (moods[dream.mood] ?? 0) + 1;
  const newest = input.dreams[0] ?? null;
  return {
    sequences: input.dreams.length,
    memoriesRecombined: recombined.size,
    share:
      input.nodes.length === 0
        ? null
        : Math.round((recombined.size / input.nodes.length) * 100) / 100,
    moods,
    latest: newest && {
      at: iso(newest.createdAt),
      theme: newest.theme,
      mood: newest.mood,
      fragments: newest.fragments.slice(0, 3),
    },
  };
}

/**
 * Rule 'lumora': Kiri's light, her waking state. Lumora is one of her wake words (spec 002 §9): the card
 * says whether she is lit (awake), since when, and when and how she was last woken.
 */
export function lumoraOf(input: {
  power: PowerState;
  since: number | null;
  history: readonly PowerTransition[];
}) {
  const wakes = input.history.filter((change) => change.to === 'awake');
  const last = wakes.at(-1) ?? null;
  return {
    lit: input.power === 'awake',
    powerState: input.power,
    since: iso(input.since),
    lastWokenAt: iso(last?.at),
    lastWokenBy: last?.action ?? null,
    voiceWakes: wakes.filter((change) => change.action === 'voice-wake').length,
    wakeWords: [...WAKE_WORDS],
  };
}
