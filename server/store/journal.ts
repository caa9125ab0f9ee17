// <file>.journal: the changes made to a store file since it was last written whole, one JSON line each
// (docs/server.md "Journal"). A write appends its line; the file is rewritten only by compaction.
import { CorruptStoreFileError } from './atomic-json-file';
import { decodeLine } from './at-rest';

export const JOURNAL_SUFFIX = '.journal';

/**
 * A journal is folded into its file once it is larger than this and larger than the file itself, so
 * the bytes compaction writes stay in proportion to the bytes appended (each byte is rewritten about
 * once), and a store never waits on more than this much journal at start.
 */
export const COMPACT_MIN_BYTES = 1 << 20;

/** One change: an operation of the store's reducer, or (for rare whole-data writes) the data itself. */
export type JournalLine<Op> = { seq: number; op: Op } | { seq: number; replace: unknown };

export function journalLineText<Op>(line: JournalLine<Op>): string {
  return `${JSON.stringify(line)}\n`;
}

function isLine(value: unknown): value is JournalLine<unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const seq = (value as { seq?: unknown }).seq;
  return (
    typeof seq === 'number' &&
    Number.isInteger(seq) &&
    seq > 0 &&
    ('op' in value || 'replace' in value)
  );
}

/**
 * The lines of a journal whose sequence number is above `after` (the last one the file holds), checked:
 * a last line without its newline was cut short by a crash before it was acknowledged, and is ignored;
 * any other line that cannot be read, or a gap in the numbers, means the journal was damaged, and is an
 * error naming the file (never silently dropped: the changes after it would be lost).
 */
export function parseJournal<Op>(path: string, text: string, after: number): JournalLine<Op>[] {
  const lines: JournalLine<Op>[] = [];
  const end = text.lastIndexOf('\n');
  let expected = after + 1;
  let start = 0;
  let number = 0;
  while (start <= end) {
    const next = text.indexOf('\n', start);
    number += 1;
    // Either at-rest format, line by line: a journal may hold both while a migration is under way.
    const source = decodeLine(path, text.slice(start, next));
    start = next + 1;
    let parsed: unknown;
    try {
      parsed = JSON.parse(source);
    } catch (error) {
      throw new CorruptStoreFileError(
        path,
        `line ${number} is not valid JSON (${(error as Error).message})`,
      );
    }
    if (!isLine(parsed)) {
      throw new CorruptStoreFileError(path, `line ${number} is not a change Kiri wrote`);
    }
    // Already in the file: written before a compaction whose journal swap a crash cut short.
    if (parsed.seq <= after) continue;
    if (parsed.seq !== expected) {
      throw new CorruptStoreFileError(
        path,
        `line ${number} is change ${parsed.seq}, but change ${expected} is missing before it`,
      );
    }
    lines.push(parsed as JournalLine<Op>);
    expected += 1;
  }
  return lines;
}
