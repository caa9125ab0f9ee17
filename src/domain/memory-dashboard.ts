// The memory dashboard's rules (spec 002 §4 importance bands, §5 add memory, §9), shared by the server's
// POST /api/memory/add and the dashboard's form, so both read a new memory the same way
// (docs/memory-dashboard.md).
import { MAX_MESSAGE_LENGTH } from './chat-limits';

/** Spec 002 §5: the five types a memory is added as. 'conversation' is also one of the lattice's own. */
export const MEMORY_TYPES = [
  'conversation',
  'preference',
  'personality',
  'context',
  'relationship',
] as const;
export type MemoryType = (typeof MEMORY_TYPES)[number];

/** Spec 002 §9: importance 1 to 10; §5: 5 when it is not a number. */
export const MIN_IMPORTANCE = 1;
export const MAX_IMPORTANCE = 10;
export const DEFAULT_IMPORTANCE = 5;
/** A memory is at most one chat message long (the lattice's own limit). */
export const MAX_MEMORY_CONTENT = MAX_MESSAGE_LENGTH;
/** The lattice keeps at most 12 tags a memory (server/memory/lattice-rules.ts MAX_TAGS). */
export const MAX_MEMORY_TAGS = 12;
export const MAX_TAG_LENGTH = 40;

/** Spec 002 §8, in its words. */
export const MEMORY_CONTENT_REQUIRED = 'Memory content is required';
export const MEMORY_CONTENT_TOO_LONG = `A memory is at most ${MAX_MEMORY_CONTENT.toLocaleString('en-US')} characters`;
export const MEMORY_TYPE_INVALID = `Memory type must be one of ${MEMORY_TYPES.join(', ')}`;
export const IMPORTANCE_INVALID = `Importance must be a whole number from ${MIN_IMPORTANCE} to ${MAX_IMPORTANCE}`;
export const TOO_MANY_TAGS = `At most ${MAX_MEMORY_TAGS} tags`;
export const TAG_TOO_LONG = `A tag is at most ${MAX_TAG_LENGTH} characters`;

export function isMemoryType(value: unknown): value is MemoryType {
  return typeof value === 'string' && (MEMORY_TYPES as readonly string[]).includes(value);
}

/**
 * Rule: importance defaults to 5 when not a number. A number, or text that reads as one ('7'), is the
 * importance; anything else (missing, blank, 'x', true) is 5. A number outside 1 to 10 or with a
 * fraction is refused (null): it is a number, so the default would hide a mistake.
 */
export function readImportance(value: unknown): number | null {
  let number: number;
  if (typeof value === 'number') number = value;
  else if (typeof value === 'string' && value.trim() !== '') number = Number(value.trim());
  else return DEFAULT_IMPORTANCE;
  if (!Number.isFinite(number)) return DEFAULT_IMPORTANCE;
  if (!Number.isInteger(number) || number < MIN_IMPORTANCE || number > MAX_IMPORTANCE) return null;
  return number;
}

/**
 * Rule: tags are split on commas, trimmed, and empties dropped. A list (the API's) is read the same
 * way, item by item; anything else holds no tag.
 */
export function splitTags(value: unknown): string[] {
  const pieces = typeof value === 'string' ? [value] : Array.isArray(value) ? value : [];
  return pieces
    .filter((piece): piece is string => typeof piece === 'string')
    .flatMap((piece) => piece.split(','))
    .map((tag) => tag.trim())
    .filter((tag) => tag !== '');
}

export type ImportanceBand = 'low' | 'medium' | 'high' | 'critical';

/**
 * Rule: importance bands, 6 is medium. Spec 002 §4 gives 1-3 low, 4-5 medium (another reading 4-6),
 * 7-8 high, 9-10 critical. Read as 4-5, 6 would fall in no band; the 4-6 reading gives every value
 * one band without moving any other (docs/memory-dashboard.md).
 */
export function importanceBand(importance: number): ImportanceBand {
  if (importance >= 9) return 'critical';
  if (importance >= 7) return 'high';
  if (importance >= 4) return 'medium';
  return 'low';
}

export const BAND_LABELS: Record<ImportanceBand, string> = {
  low: 'Low',
  medium: 'Medium',
  high: 'High',
  critical: 'Critical',
};

/** Each band's values, as the compiled file and the form name them. */
export const BAND_RANGES: Record<ImportanceBand, string> = {
  low: '1-3',
  medium: '4-6',
  high: '7-8',
  critical: '9-10',
};

/** Most important first: how the compiled file orders the bands. */
export const BANDS_BY_WEIGHT: readonly ImportanceBand[] = ['critical', 'high', 'medium', 'low'];

/**
 * Rule: the lattice's importance (0 to 1, hundredths) on the dashboard's 1 to 10 scale: tenths,
 * rounded, never below 1 (a memory faded to the lattice's floor of 0.1 is still a 1).
 */
export function importanceOnScale(unit: number): number {
  if (!Number.isFinite(unit)) return MIN_IMPORTANCE;
  return Math.min(MAX_IMPORTANCE, Math.max(MIN_IMPORTANCE, Math.round(unit * 10)));
}

/** The dashboard's 1 to 10 as the lattice keeps it (0.1 to 1). */
export function importanceAsUnit(importance: number): number {
  return importance / 10;
}

export interface NewMemory {
  content: string;
  type: MemoryType;
  importance: number;
  tags: string[];
}

export type NewMemoryResult = { ok: true; memory: NewMemory } | { ok: false; error: string };

/**
 * Rule: a new memory (spec 002 §5). Content non-empty after trimming ('Memory content is required') and
 * at most one message long; the type one of the five (absent: conversation); importance by
 * readImportance; tags by splitTags, at most MAX_MEMORY_TAGS of at most MAX_TAG_LENGTH characters.
 * The first problem found is the answer.
 */
export function newMemoryOf(input: {
  content?: unknown;
  type?: unknown;
  importance?: unknown;
  tags?: unknown;
}): NewMemoryResult {
  const content = typeof input.content === 'string' ? input.content.trim() : '';
  if (content === '') return { ok: false, error: MEMORY_CONTENT_REQUIRED };
  if (content.length > MAX_MEMORY_CONTENT) return { ok: false, error: MEMORY_CONTENT_TOO_LONG };
  const type = input.type === undefined || input.type === null ? 'conversation' : input.type;
  if (!isMemoryType(type)) return { ok: false, error: MEMORY_TYPE_INVALID };
  const importance = readImportance(input.importance);
  if (importance === null) return { ok: false, error: IMPORTANCE_INVALID };
  const tags = splitTags(input.tags);
  if (tags.length > MAX_MEMORY_TAGS) return { ok: false, error: TOO_MANY_TAGS };
  if (tags.some((tag) => tag.length > MAX_TAG_LENGTH)) return { ok: false, error: TAG_TOO_LONG };
  return { ok: true, memory: { content, type, importance, tags } };
}
