// Dreams (GET /api/dreams/sequences): while Kiri sleeps (server/power), memories are recombined into
// short sequences: related memories (linked, or sharing a tag) dreamt together, the most important first,
// each pair only once. Plain rules; the lattice service runs them on its tick (docs/memory.md).
import type { MemoryNode } from '../store/memory-store';
import { topEmotions } from './emotions';

/** At most this many sequences per dream (one dream an hour while asleep). */
export const SEQUENCES_PER_DREAM = 3;
/** While asleep, Kiri dreams at most once in this long. */
export const DREAM_INTERVAL_MS = 60 * 60_000;
/** Sequences kept per account (oldest dropped first). */
export const MAX_DREAMS_PER_ACCOUNT = 100;

export interface DreamSequence {
  nodeIds: string[];
  theme: string[];
  mood: string;
  fragments: string[];
}

const pairKey = (a: string, b: string) => (a < b ? `${a}|${b}` : `${b}|${a}`);

/** The pairs already dreamt, from earlier sequences (each neighbouring pair in a sequence). */
export function dreamtPairs(sequences: readonly { nodeIds: string[] }[]): Set<string> {
  const pairs = new Set<string>();
  for (const { nodeIds } of sequences) {
    for (let i = 1; i < nodeIds.length; i += 1) pairs.add(pairKey(nodeIds[i - 1]!, nodeIds[i]!));
  }
  return pairs;
}

/**
 * Rule: dreamSequencesOf. Candidate pairs are nodes linked to each other or sharing a tag, not dreamt
 * before; the pair with the highest importance together goes first, and a third node joins when it is
 * related to the second and new to the dream. Each node appears in at most one sequence per dream.
 */
export function dreamSequencesOf(
  nodes: readonly MemoryNode[],
  alreadyDreamt: ReadonlySet<string>,
  max = SEQUENCES_PER_DREAM,
): DreamSequence[] {
  const related = (a: MemoryNode, b: MemoryNode) =>
    a.linkedNodes.includes(b.id) ||
    b.linkedNodes.includes(a.id) ||
    a.semanticTags.some((tag) => b.semanticTags.includes(tag));
  const pairs: { a: MemoryNode; b: MemoryNode; weight: number }[] = [];
  for (let i = 0; i < nodes.length; i += 1) {
    for (let j = i + 1; j < nodes.length; j += 1) {
      const a = nodes[i]!;
      const b = nodes[j]!;
      if (!related(a, b) || alreadyDreamt.has(pairKey(a.id, b.id))) continue;
      pairs.push({ a, b, weight: a.importance + b.importance });
    }
  }
  pairs.sort((x, y) => y.weight - x.weight || y.b.timestamp - x.b.timestamp);
  const used = new Set<string>();
  const sequences: DreamSequence[] = [];
  for (const { a, b } of pairs) {
    if (sequences.length === max) break;
    if (used.has(a.id) || used.has(b.id)) continue;
    const chain = [a, b];
    const third = nodes
      .filter((n) => !used.has(n.id) && n.id !== a.id && n.id !== b.id && related(b, n))
      .filter((n) => !alreadyDreamt.has(pairKey(b.id, n.id)))
      .sort((x, y) => y.importance - x.importance)[0];
    if (third) chain.push(third);
    for (const node of chain) used.add(node.id);
    const theme = chain[0]!.semanticTags.filter((tag) =>
      chain.slice(1).some((node) => node.semanticTags.includes(tag)),
    );
    const felt: Record<string, number> = {};
    for (const node of chain) {
      for (const [emotion, weight] of Object.entries(node.emotionalWeight)) {
        felt[emotion] = (felt[emotion] ?? 0) + weight;
      }
    }
    const strongest = topEmotions(felt, 1)[0];
    sequences.push({
      nodeIds: chain.map((node) => node.id),
      theme,
      mood: strongest && strongest.weight > 0 ? strongest.emotion : 'stillness',
      fragments: chain.map((node) => node.content),
    });
  }
  return sequences;
}
