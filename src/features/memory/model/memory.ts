// The memory panel's rules (spec 000 §3.1, §4 'Memory create form', §5, §9): how the server's answers are
// read, when search and create may run, and how importance and feelings read as percents.

export const MEMORY_STATUS_URL = '/api/memory-lattice/status';
export const MEMORY_SEARCH_URL = '/api/memory-lattice/search';
export const MEMORY_CREATE_URL = '/api/memory-lattice/create';
/** Spec 000 §7, §9: the status is polled every 5 seconds. */
export const MEMORY_STATUS_POLL_MS = 5_000;
/** Spec 000 §5, §9: search runs only for more than 2 characters. */
export const MIN_SEARCH_CHARS = 3;
/** Spec 000 §9: the top 3 emotions are shown. */
export const TOP_EMOTIONS = 3;

export const CONTEXT_TYPES = [
  'conversation',
  'reflection',
  'observation',
  'learning',
  'bonding',
] as const;
export type ContextType = (typeof CONTEXT_TYPES)[number];

export interface MemoryStatus {
  totalNodes: number;
  activeThreads: number;
  corruptionDetected: boolean;
  backupRequired: boolean;
}

export interface MemoryNode {
  id: string;
  content: string;
  contextType: string;
  source: string;
  ownerOnly: boolean;
  timestamp: number;
  accessCount: number;
  importance: number;
  emotionalWeight: Record<string, number>;
  semanticTags: string[];
  linkedNodes: string[];
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const count = (value: unknown) =>
  typeof value === 'number' && Number.isFinite(value) && value >= 0 ? Math.floor(value) : null;
const unit = (value: unknown) =>
  typeof value === 'number' && Number.isFinite(value) ? Math.min(1, Math.max(0, value)) : 0;

/** The status, or null when the answer is not one (a proxy's page must not read as 0 nodes). */
export function parseMemoryStatus(json: unknown): MemoryStatus | null {
  if (!isRecord(json)) return null;
  const totalNodes = count(json.totalNodes);
  const activeThreads = count(json.activeThreads);
  if (totalNodes === null || activeThreads === null) return null;
  if (typeof json.corruptionDetected !== 'boolean' || typeof json.backupRequired !== 'boolean') {
    return null;
  }
  return {
    totalNodes,
    activeThreads,
    corruptionDetected: json.corruptionDetected,
    backupRequired: json.backupRequired,
  };
}

function parseNode(value: unknown): MemoryNode | null {
  if (!isRecord(value) || typeof value.id !== 'string' || typeof value.content !== 'string') {
    return null;
  }
  const weights: Record<string, number> = {};
  if (isRecord(value.emotionalWeight)) {
    for (const [emotion, weight] of Object.entries(value.emotionalWeight)) {
      if (typeof weight === 'number' && Number.isFinite(weight)) weights[emotion] = unit(weight);
    }
  }
  const strings = (list: unknown) =>
    Array.isArray(list) ? list.filter((item): item is string => typeof item === 'string') : [];
  return {
    id: value.id,
    content: value.content,
    contextType: typeof value.contextType === 'string' ? value.contextType : 'conversation',
    source: typeof value.source === 'string' ? value.source : '',
    ownerOnly: value.ownerOnly === true,
    timestamp: typeof value.timestamp === 'number' ? value.timestamp : 0,
    accessCount: count(value.accessCount) ?? 0,
    importance: unit(value.importance),
    emotionalWeight: weights,
    semanticTags: strings(value.semanticTags),
    linkedNodes: strings(value.linkedNodes),
  };
}

/** The search answer: a list of nodes (bare, or under `results` / `nodes`). */
export function parseMemoryNodes(json: unknown): MemoryNode[] | null {
  const list = Array.isArray(json)
    ? json
    : isRecord(json) && Array.isArray(json.results)
      ? json.results
      : isRecord(json) && Array.isArray(json.nodes)
        ? json.nodes
        : null;
  if (!list) return null;
  return list.map(parseNode).filter((node): node is MemoryNode => node !== null);
}

/** Rule: canSearch. More than 2 characters, spaces aside (spec 000 §5). */
export function canSearch(text: string): boolean {
  return text.trim().length >= MIN_SEARCH_CHARS;
}

/** Rule: canCreate. Text that is not empty once trimmed (spec 000 §5), and not while saving. */
export function canCreate(text: string, saving: boolean): boolean {
  return !saving && text.trim() !== '';
}

/** Rule: asPercent. 0 to 1 as a whole percent: 0.834 → '83%'. */
export function asPercent(value: number): string {
  return `${Math.round(unit(value) * 100)}%`;
}

/** Rule: topEmotions. The strongest three, ties in the order the server gave them. */
export function topEmotions(
  weights: Record<string, number>,
  howMany = TOP_EMOTIONS,
): { emotion: string; weight: number }[] {
  return Object.entries(weights)
    .map(([emotion, weight], index) => ({ emotion, weight, index }))
    .sort((a, b) => b.weight - a.weight || a.index - b.index)
    .slice(0, howMany)
    .map(({ emotion, weight }) => ({ emotion, weight }));
}
