// The chat export formats the mirror bridge reads (JSON, TXT, Markdown; docs/mirror-bridge.md shows one of
// each) and the Markdown it writes into the git mirror, which is the same Markdown format, so a mirrored
// day file dropped into the watch folder imports as nothing new. Pure functions; every line is read in
// linear time (indexOf and anchored patterns without nested repeats: an export is text from outside).
import { MAX_MESSAGE_LENGTH } from '../../src/domain/chat-limits';
import { instantOfWallTime, wallTimeAt } from '../../src/domain/zoned-time';

/** One message as an export gives it, before the bridge reads its emotion and side. */
export interface ExportedMessage {
  author: string;
  /** ms since the epoch. */
  timestamp: number;
  message: string;
  /** Given by a JSON export; otherwise read from the text (message-rules.ts). */
  emotion?: string;
  /** Given by a JSON export ('user' or 'kiri'); otherwise decided by the author. */
  type?: 'user' | 'kiri';
}

export interface ParsedExport {
  messages: ExportedMessage[];
  /** Lines or entries that were not messages, with why (shown in the bridge's problems, never guessed). */
  skipped: string[];
}

export type ExportFormat = 'json' | 'txt' | 'md';

export const MAX_AUTHOR_LENGTH = 64;
export const MAX_EMOTION_LENGTH = 32;

/** The format by the file's extension; null: not an export (the bridge leaves the file alone). */
export function exportFormatOf(fileName: string): ExportFormat | null {
  const lower = fileName.toLowerCase();
  if (lower.endsWith('.json')) return 'json';
  if (lower.endsWith('.txt')) return 'txt';
  if (lower.endsWith('.md') || lower.endsWith('.markdown')) return 'md';
  return null;
}

export function parseExport(format: ExportFormat, text: string, timeZone: string): ParsedExport {
  if (format === 'json') return parseJsonExport(text, timeZone);
  if (format === 'txt') return parseTextExport(text, timeZone);
  return parseMarkdownExport(text, timeZone);
}

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const CLOCK = /^(\d{1,2}):(\d{2})(?::(\d{2}))?$/;
const LOCAL_DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{1,2}):(\d{2})(?::(\d{2}))?$/;
/** An ISO 8601 time with its own offset: read as it says, whatever TIME_ZONE is. */
const ZONED_ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,3})?)?(?:Z|[+-]\d{2}:\d{2})$/;

function wallInstant(
  date: { year: number; month: number; day: number },
  hour: number,
  minute: number,
  second: number,
  timeZone: string,
): number | null {
  if (hour > 23 || minute > 59 || second > 59 || date.month < 1 || date.month > 12) return null;
  if (date.day < 1 || date.day > 31) return null;
  return instantOfWallTime({ ...date, hour, minute }, timeZone) + second * 1000;
}

/**
 * A timestamp as exports write it: ms since the epoch, an ISO 8601 time with an offset, or a wall time
 * `yyyy-MM-dd HH:mm[:ss]` read in the owner's zone (TIME_ZONE). Anything else is null.
 */
export function readTimestamp(value: unknown, timeZone: string): number | null {
  if (typeof value === 'number') {
    return Number.isInteger(value) && value > 0 && value < 8.64e15 ? value : null;
  }
  if (typeof value !== 'string') return null;
  const text = value.trim();
  if (ZONED_ISO.test(text)) {
    const at = Date.parse(text);
    return Number.isFinite(at) ? at : null;
  }
  const local = LOCAL_DATE_TIME.exec(text);
  if (!local) return null;
  const [, y, mo, d, h, mi, s] = local;
  return wallInstant(
    { year: Number(y), month: Number(mo), day: Number(d) },
    Number(h),
    Number(mi),
    Number(s ?? 0),
    timeZone,
  );
}

function cleanAuthor(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const author = value.trim();
  return author.length > 0 && author.length <= MAX_AUTHOR_LENGTH ? author : null;
}

function cleanMessage(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const message = value.trim();
  return message.length > 0 && message.length <= MAX_MESSAGE_LENGTH ? message : null;
}

/**
 * JSON: `{ "messages": [...] }` or a bare array; each entry `{ author, timestamp, message }` with an
 * optional `emotion` (a word) and `type` ('user' or 'kiri').
 */
export function parseJsonExport(text: string, timeZone: string): ParsedExport {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return { messages: [], skipped: ['the file is not valid JSON'] };
  }
  const list = Array.isArray(parsed)
    ? parsed
    : typeof parsed === 'object' &&
        parsed !== null &&
        Array.isArray((parsed as { messages?: unknown }).messages)
      ? (parsed as { messages: unknown[] }).messages
      : null;
  if (list === null) {
    return { messages: [], skipped: ['the JSON holds no "messages" list'] };
  }
  const messages: ExportedMessage[] = [];
  const skipped: string[] = [];
  list.forEach((entry, index) => {
    const record =
      typeof entry === 'object' && entry !== null ? (entry as Record<string, unknown>) : {};
    const author = cleanAuthor(record.author);
    const timestamp = readTimestamp(record.timestamp, timeZone);
    const message = cleanMessage(record.message);
    if (author === null || timestamp === null || message === null) {
      skipped.push(`entry ${index + 1}: needs an author, a timestamp and a message`);
      return;
    }
    const out: ExportedMessage = { author, timestamp, message };
    if (typeof record.emotion === 'string') {
      const emotion = record.emotion.trim().toLowerCase();
      if (emotion.length > 0 && emotion.length <= MAX_EMOTION_LENGTH) out.emotion = emotion;
    }
    if (record.type === 'user' || record.type === 'kiri') out.type = record.type;
    messages.push(out);
  });
  return { messages, skipped };
}

function lines(text: string): string[] {
  return text.replace(/^\uFEFF/, '').split(/\r?\n/);
}

/** Adds a continuation line to the message before it (multi-line messages). */
function continueLast(messages: { message: string }[], line: string): boolean {
  const last = messages[messages.length - 1];
  if (!last) return false;
  last.message = last.message.length === 0 ? line : `${last.message}\n${line}`;
  return true;
}

/** Trims each message and drops those left empty or too long, saying so. */
function finish(drafts: (ExportedMessage & { where: string })[], skipped: string[]): ParsedExport {
  const messages: ExportedMessage[] = [];
  for (const { where, ...draft } of drafts) {
    const message = cleanMessage(draft.message);
    if (message === null) skipped.push(`${where}: the message is empty or too long`);
    else messages.push({ ...draft, message });
  }
  return { messages, skipped };
}

/**
 * TXT: one message per line, `[yyyy-MM-dd HH:mm] Author: text` (seconds optional, or an ISO time with
 * its offset inside the brackets); a line that does not start with `[` continues the message above.
 */
export function parseTextExport(text: string, timeZone: string): ParsedExport {
  const drafts: (ExportedMessage & { where: string })[] = [];
  const skipped: string[] = [];
  lines(text).forEach((raw, index) => {
    const line = raw.trimEnd();
    if (line.startsWith('[')) {
      const close = line.indexOf(']');
      const colon = close === -1 ? -1 : line.indexOf(':', close);
      const timestamp = close === -1 ? null : readTimestamp(line.slice(1, close), timeZone);
      const author = colon === -1 ? null : cleanAuthor(line.slice(close + 1, colon));
      if (timestamp === null || author === null) {
        skipped.push(`line ${index + 1}: expected "[yyyy-MM-dd HH:mm] Author: text"`);
        return;
      }
      drafts.push({
        author,
        timestamp,
        message: line.slice(colon + 1).trim(),
        where: `line ${index + 1}`,
      });
      return;
    }
    if (line.trim() === '') return;
    if (!continueLast(drafts, line))
      skipped.push(`line ${index + 1}: text before the first message`);
  });
  return finish(drafts, skipped);
}

/** Separators between author and time in a Markdown message heading, the last one wins. */
const HEADING_SEPARATORS = [' · ', ' - ', ' | '];

function splitHeading(heading: string): { author: string; when: string } | null {
  let best = -1;
  let width = 0;
  for (const separator of HEADING_SEPARATORS) {
    const at = heading.lastIndexOf(separator);
    if (at > best) {
      best = at;
      width = separator.length;
    }
  }
  if (best <= 0) return null;
  return { author: heading.slice(0, best), when: heading.slice(best + width).trim() };
}

function dateOf(text: string): { year: number; month: number; day: number } | null {
  const match = DATE.exec(text);
  return match ? { year: Number(match[1]), month: Number(match[2]), day: Number(match[3]) } : null;
}

/**
 * Markdown: a level-1 or level-2 heading ending in a date (`# Conversation of 2026-01-15`) sets the day;
 * each message is a level-3 heading `### Author · HH:mm[:ss]` (or `· <ISO time with offset>`, no day
 * needed) followed by its text up to the next heading.
 */
export function parseMarkdownExport(text: string, timeZone: string): ParsedExport {
  const drafts: (ExportedMessage & { where: string })[] = [];
  const skipped: string[] = [];
  let day: { year: number; month: number; day: number } | null = null;
  let inMessage = false;
  lines(text).forEach((raw, index) => {
    const line = raw.trimEnd();
    if (line.startsWith('### ')) {
      inMessage = false;
      const parts = splitHeading(line.slice(4).trim());
      const author = parts ? cleanAuthor(parts.author) : null;
      let timestamp: number | null = null;
      if (parts) {
        const clock = CLOCK.exec(parts.when);
        if (clock && day) {
          timestamp = wallInstant(
            day,
            Number(clock[1]),
            Number(clock[2]),
            Number(clock[3] ?? 0),
            timeZone,
          );
        } else if (!clock) {
          timestamp = readTimestamp(parts.when, timeZone);
        }
      }
      if (author === null || timestamp === null) {
        skipped.push(`line ${index + 1}: expected "### Author · HH:mm" under a dated heading`);
        return;
      }
      drafts.push({ author, timestamp, message: '', where: `line ${index + 1}` });
      inMessage = true;
      return;
    }
    if (line.startsWith('# ') || line.startsWith('## ')) {
      inMessage = false;
      const words = line.trim().split(' ');
      day = dateOf(words[words.length - 1] ?? '') ?? day;
      return;
    }
    if (!inMessage) return;
    // Blank lines inside a message are kept as paragraph breaks, but not at its start or end (trimmed).
    // A body line the mirror escaped (renderDayMarkdown) loses its one added space.
    continueLast(drafts, line.startsWith(' #') || line.startsWith('  #') ? line.slice(1) : line);
  });
  return finish(drafts, skipped);
}

function pad(value: number): string {
  return String(value).padStart(2, '0');
}

/** `HH:mm:ss` of an instant in the owner's zone. */
export function clockOf(instant: number, timeZone: string): string {
  const wall = wallTimeAt(instant, timeZone);
  return `${pad(wall.hour)}:${pad(wall.minute)}:${pad(Math.floor((((instant % 60_000) + 60_000) % 60_000) / 1000))}`;
}

/**
 * One day of the conversation as the git mirror writes it (the Markdown export format): a heading with
 * the day, then each message oldest first. A message line that starts with `#` is indented by a space
 * so that it cannot be read back as a heading.
 */
export function renderDayMarkdown(
  dayId: string,
  messages: readonly { author: string; timestamp: number; message: string }[],
  timeZone: string,
): string {
  const out = [`# Conversation of ${dayId}`, ''];
  for (const message of messages) {
    out.push(`### ${message.author} · ${clockOf(message.timestamp, timeZone)}`, '');
    for (const line of message.message.split('\n')) {
      out.push(line.startsWith('#') || line.startsWith(' #') ? ` ${line}` : line);
    }
    out.push('');
  }
  return `${out.join('\n').trimEnd()}\n`;
}
