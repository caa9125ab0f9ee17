// The memory dashboard's rules over the memory lattice (spec 002 "Memory dashboard", §3, §4;
// docs/memory-dashboard.md): the counts by type, the greeting behaviour in words, the last
// optimization, a dashboard memory as a lattice node, and the compiled Markdown file. Plain functions.
import {
  BAND_LABELS,
  BAND_RANGES,
  BANDS_BY_WEIGHT,
  importanceAsUnit,
  importanceBand,
  importanceOnScale,
  MEMORY_TYPES,
  type NewMemory,
} from '../../src/domain/memory-dashboard';
import { wallTimeAt } from '../../src/domain/zoned-time';
import type { NewNode } from '../chat/memories';
import { MEMORY_CONTEXT_TYPES, type MemoryNode } from '../store/memory-store';

/** The dashboard's types first (the form's five), then the lattice's others, in the store's order. */
export const TYPE_ORDER: readonly string[] = [
  ...MEMORY_TYPES,
  ...MEMORY_CONTEXT_TYPES.filter((type) => !(MEMORY_TYPES as readonly string[]).includes(type)),
];

/**
 * Rule: memoryTypesOf. The count of each type: the add form's five always (0 when none, so an added
 * memory has its row to go up in), then each other type the lattice holds, in TYPE_ORDER.
 */
export function memoryTypesOf(
  nodes: readonly Pick<MemoryNode, 'contextType'>[],
): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const type of MEMORY_TYPES) counts[type] = 0;
  for (const node of nodes) counts[node.contextType] = (counts[node.contextType] ?? 0) + 1;
  const ordered: Record<string, number> = {};
  for (const type of [...TYPE_ORDER, ...Object.keys(counts)]) {
    if (Object.hasOwn(counts, type) && !Object.hasOwn(ordered, type)) ordered[type] = counts[type]!;
  }
  return ordered;
}

/** The chat's repeated-hello rule (src/domain/greeting-filter.ts), in words. */
export const REPEATED_HELLO_TEXT =
  "A bare hello within 30 minutes of the last greeting is answered 'Mm, noted.'";

/**
 * Rule: greetingBehaviorOf. How Kiri opens a day (the day's initial greeting, once a day): with the
 * owner's greeting while one is set (self-mod update_greeting; `heard` is how this viewer hears it now),
 * else in her own words for the time of day; then the repeated-hello rule.
 */
export function greetingBehaviorOf(persona: string, heard: string | null): string {
  const daily =
    heard === null
      ? `Once a day, ${persona} greets in her own words for the time of day.`
      : `Once a day, ${persona} greets with the owner's greeting: “${heard}”`;
  return `${daily} ${REPEATED_HELLO_TEXT}`;
}

export interface SyncRunRecord {
  status: string;
  startedAt: number;
  finishedAt: number | null;
}

/**
 * Rule: lastOptimizationOf. The account's last consolidation as the lattice recorded it; for one made
 * before the lattice kept the record, a completed weekly or bloom sync (each consolidates every account
 * that then held memories: this one did if it holds a memory made before the run began). The newer of
 * the two; null when neither.
 */
export function lastOptimizationOf(
  recorded: number | null,
  runs: readonly SyncRunRecord[],
  nodes: readonly Pick<MemoryNode, 'timestamp'>[],
): number | null {
  const oldest = nodes.reduce((min, node) => Math.min(min, node.timestamp), Infinity);
  let found = recorded;
  for (const run of runs) {
    if (run.status !== 'completed' || run.finishedAt === null || oldest >= run.startedAt) continue;
    if (found === null || run.finishedAt > found) found = run.finishedAt;
  }
  return found;
}

/**
 * A dashboard memory as the lattice's node fields: its type is the node's context type, its 1 to 10
 * the node's importance as given (tenths), its tags first. Source 'user': the owner's own hand, as the
 * chat's memory panel. Shared (not owner-only): the spec's form has no such choice.
 */
export function dashboardNodeFields(memory: NewMemory): NewNode {
  return {
    content: memory.content,
    contextType: memory.type,
    source: 'user',
    ownerOnly: false,
    importance: importanceAsUnit(memory.importance),
    tags: memory.tags,
  };
}

/** 'yyyy-MM-dd HH:mm' on the wall in `timeZone`. */
export function wallText(instant: number, timeZone: string): string {
  const wall = wallTimeAt(instant, timeZone);
  const two = (value: number) => String(value).padStart(2, '0');
  return `${wall.year}-${two(wall.month)}-${two(wall.day)} ${two(wall.hour)}:${two(wall.minute)}`;
}

const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

export const COMPILED_MEMORY_NAME = 'compiled-memory.md';

export interface CompileInput {
  nodes: readonly MemoryNode[];
  persona: string;
  /** Whose memories (the viewer's name), or null. */
  owner: string | null;
  compiledAt: number;
  timeZone: string;
}

/** One memory as a list item: its words (continued lines indented), then its facts and tags. */
function memoryItem(node: MemoryNode, timeZone: string): string[] {
  const [first = '', ...rest] = node.content.split(/\r?\n/);
  const facts = [
    `importance ${importanceOnScale(node.importance)}`,
    `added ${wallText(node.timestamp, timeZone)}`,
    `recalled ${plural(node.accessCount, 'time', 'times')}`,
    ...(node.ownerOnly ? ['owner only'] : []),
  ];
  return [
    `- ${first}`,
    ...rest.map((line) => `  ${line}`),
    `  - ${capitalised(facts.join(' · '))}`,
    ...(node.semanticTags.length > 0 ? [`  - Tags: ${node.semanticTags.join(', ')}`] : []),
  ];
}

/**
 * Rule: compiledMemoryMarkdown. The viewer's memories as Markdown: a heading per type (TYPE_ORDER, only
 * the types held), under it a heading per importance band (critical first), under it each memory, most
 * important then newest first, with its importance, date in the owner's zone, recalls and tags.
 */
export function compiledMemoryMarkdown(input: CompileInput): string {
  const { nodes, timeZone } = input;
  const lines = [
    `# ${input.persona}'s compiled memory`,
    '',
    `Compiled ${wallText(input.compiledAt, timeZone)} (${timeZone}) from the memory lattice` +
      `${input.owner ? `, for ${input.owner}` : ''}: ${plural(nodes.length, 'memory', 'memories')}.`,
    `Importance is 1 to 10: ${BANDS_BY_WEIGHT.map((band) => `${BAND_LABELS[band].toLowerCase()} ${BAND_RANGES[band]}`).join(', ')}.`,
  ];
  if (nodes.length === 0) {
    lines.push('', 'No memories yet.');
    return `${lines.join('\n')}\n`;
  }
  const types = [...new Set([...TYPE_ORDER, ...nodes.map((node) => node.contextType)])];
  for (const type of types) {
    const ofType = nodes.filter((node) => node.contextType === type);
    if (ofType.length === 0) continue;
    lines.push('', `## ${capitalised(type)} (${ofType.length})`);
    for (const band of BANDS_BY_WEIGHT) {
      const inBand = ofType
        .filter((node) => importanceBand(importanceOnScale(node.importance)) === band)
        .sort((a, b) => b.importance - a.importance || b.timestamp - a.timestamp);
      if (inBand.length === 0) continue;
      lines.push('', `### ${BAND_LABELS[band]} (${BAND_RANGES[band]})`, '');
      for (const node of inBand) lines.push(...memoryItem(node, timeZone));
    }
  }
  return `${lines.join('\n')}\n`;
}
