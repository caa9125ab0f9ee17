// The memory dashboard's answers read into checked shapes (spec 002 §3 "Memory stats", "Memory context"),
// and what the screen decides as plain functions: labels, the last optimization in the owner's zone, the
// importance shown with its band, the form's draft kept on the device. A field missing or of another
// kind is refused, never guessed at.
import {
  BAND_LABELS,
  BAND_RANGES,
  DEFAULT_IMPORTANCE,
  importanceBand,
  isMemoryType,
  MAX_IMPORTANCE,
  MIN_IMPORTANCE,
  readImportance,
  type MemoryType,
} from '@/domain/memory-dashboard';

export const MEMORY_STATS_URL = '/api/memory/stats';
export const MEMORY_CONTEXT_URL = '/api/memory/context';
export const MEMORY_ADD_URL = '/api/memory/add';
export const COMPILED_MEMORY_URL = '/compiled-memory.md';
export const COMPILED_MEMORY_FILE_NAME = 'compiled-memory.md';
/** Spec 002 §9: memory stats every 30 s, the memory context every 60 s. */
export const STATS_POLL_MS = 30_000;
export const CONTEXT_POLL_MS = 60_000;

export interface MemoryStats {
  totalMemories: number;
  threadsCount: number;
  userCount: number;
  greetingBehavior: string;
  memoryTypes: { type: string; count: number }[];
  lastOptimization: string | null;
}

export interface MemoryContextView {
  context: string;
  recalledFor: string | null;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const isCount = (value: unknown): value is number =>
  typeof value === 'number' && Number.isInteger(value) && value >= 0;

export function parseMemoryStats(json: unknown): MemoryStats | null {
  if (!isRecord(json)) return null;
  const {
    totalMemories,
    threadsCount,
    userCount,
    greetingBehavior,
    memoryTypes,
    lastOptimization,
  } = json;
  if (!isCount(totalMemories) || !isCount(threadsCount) || !isCount(userCount)) return null;
  if (typeof greetingBehavior !== 'string' || !isRecord(memoryTypes)) return null;
  if (lastOptimization !== null && typeof lastOptimization !== 'string') return null;
  const types: { type: string; count: number }[] = [];
  for (const [type, count] of Object.entries(memoryTypes)) {
    if (!isCount(count)) return null;
    types.push({ type, count });
  }
  return {
    totalMemories,
    threadsCount,
    userCount,
    greetingBehavior,
    memoryTypes: types,
    lastOptimization,
  };
}

export function parseMemoryContext(json: unknown): MemoryContextView | null {
  if (!isRecord(json) || typeof json.context !== 'string') return null;
  const recalledFor = typeof json.recalledFor === 'string' ? json.recalledFor : null;
  return { context: json.context, recalledFor };
}

/** A type as a label: 'preference' → 'Preference'. */
export function typeLabel(type: string): string {
  return type.charAt(0).toUpperCase() + type.slice(1);
}

/**
 * Rule: lastOptimizationText. The last consolidation in the owner's zone ('Thu, Jan 15, 16:00'), or
 * 'Never' when there was none (or the time cannot be read).
 */
export function lastOptimizationText(
  iso: string | null,
  timeZone: string | undefined,
  never: string,
): string {
  if (iso === null) return never;
  const at = Date.parse(iso);
  if (Number.isNaN(at)) return never;
  return new Intl.DateTimeFormat('en-US', {
    weekday: 'short',
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    timeZone,
  }).format(at);
}

/** The importance as the form shows it beside the slider: '6 · Medium (4-6)'. */
export function importanceText(importance: number): string {
  const band = importanceBand(importance);
  return `${importance} · ${BAND_LABELS[band]} (${BAND_RANGES[band]})`;
}

/** The add form's fields as typed (the slider's value is text, as the DOM gives it). */
export interface MemoryDraft {
  content: string;
  type: MemoryType;
  importance: string;
  tags: string;
}

export const EMPTY_DRAFT: MemoryDraft = {
  content: '',
  type: 'conversation',
  importance: String(DEFAULT_IMPORTANCE),
  tags: '',
};

/** The slider's value as a number in range (the form's own, so never outside 1 to 10). */
export function draftImportance(draft: MemoryDraft): number {
  const value = readImportance(draft.importance);
  return value === null
    ? DEFAULT_IMPORTANCE
    : Math.min(MAX_IMPORTANCE, Math.max(MIN_IMPORTANCE, value));
}

/** What the slider gives: a whole number from 1 to 10, as text. */
function isSliderValue(value: unknown): value is string {
  if (typeof value !== 'string' || !/^\d{1,2}$/.test(value)) return false;
  const number = Number(value);
  return number >= MIN_IMPORTANCE && number <= MAX_IMPORTANCE;
}

/** Rule: a kept draft is read back field by field; what cannot be read is the empty form's. */
export function parseDraft(text: string | null): MemoryDraft {
  if (text === null) return EMPTY_DRAFT;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return EMPTY_DRAFT;
  }
  if (!isRecord(value)) return EMPTY_DRAFT;
  return {
    content: typeof value.content === 'string' ? value.content : '',
    type: isMemoryType(value.type) ? value.type : EMPTY_DRAFT.type,
    importance: isSliderValue(value.importance) ? value.importance : EMPTY_DRAFT.importance,
    tags: typeof value.tags === 'string' ? value.tags : '',
  };
}

/** Whether a draft holds anything the owner typed (an untouched form is not kept). */
export function isDraftEmpty(draft: MemoryDraft): boolean {
  return (
    draft.content === '' &&
    draft.tags === '' &&
    draft.type === EMPTY_DRAFT.type &&
    draft.importance === EMPTY_DRAFT.importance
  );
}
