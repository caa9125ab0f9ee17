// Splitting an answer into 1 to 3 chat messages: at paragraphs first, then between sentences, never inside one.

const ABBREVIATIONS = new Set([
  'mr',
  'mrs',
  'ms',
  'dr',
  'st',
  'vs',
  'etc',
  'e.g',
  'i.e',
  'eg',
  'ie',
  'approx',
  'no',
  'fig',
  'jr',
  'sr',
  'prof',
  'inc',
  'ltd',
  'co',
  'mt',
  'p.s',
  'ca',
  'cf',
]);

/**
 * Contiguous groups of `units`, `count` of them, as even in length as possible (the longest is minimal);
 * among the most even, the later groups are the longer. Each group's bound is found by a binary search with
 * a greedy check (time n log(length) per group, where the table of every split took n² per group).
 */
export function balance<T extends string>(units: readonly T[], count: number): T[][] {
  const n = units.length;
  const k = Math.max(1, Math.min(Math.floor(count), n));
  if (n === 0) return [];
  const prefix = [0];
  for (const unit of units) prefix.push(prefix[prefix.length - 1]! + unit.length + 1);
  const span = (start: number, end: number) => prefix[end]! - prefix[start]!;
  /** Whether units[0, end) fit in `groups` groups of at most `limit` each. */
  const fits = (end: number, groups: number, limit: number) => {
    let used = 1;
    let start = 0;
    for (let i = 0; i < end; i += 1) {
      if (span(i, i + 1) > limit) return false;
      if (span(start, i + 1) > limit) {
        used += 1;
        start = i;
        if (used > groups) return false;
      }
    }
    return true;
  };
  /** The least possible longest group when units[0, end) make `groups` groups. */
  const best = (end: number, groups: number) => {
    let low = 0;
    let high = span(0, end);
    while (low < high) {
      const mid = Math.floor((low + high) / 2);
      if (fits(end, groups, mid)) high = mid;
      else low = mid + 1;
    }
    return high;
  };
  const groups: T[][] = [];
  let end = n;
  for (let g = k; g >= 1; g -= 1) {
    let start = 0;
    if (g > 1) {
      // The last group starts as early as the best bound allows (the first g - 1 groups need a unit each).
      const limit = best(end, g);
      start = end - 1;
      while (start > g - 1 && span(start - 1, end) <= limit) start -= 1;
    }
    groups.unshift(units.slice(start, end));
    end = start;
  }
  return groups;
}

/** Paragraphs (blank-line separated), keeping a ``` fenced block whole. */
function paragraphs(text: string): string[] {
  const raw = text.split(/\n[ \t]*\n+/);
  const out: string[] = [];
  let open: string | null = null;
  for (const piece of raw) {
    const block = piece.trim();
    if (!block) continue;
    if (open !== null) {
      open += `\n\n${block}`;
      if (((block.match(/```/g) ?? []).length & 1) === 1) {
        out.push(open);
        open = null;
      }
      continue;
    }
    if (((block.match(/```/g) ?? []).length & 1) === 1) open = block;
    else out.push(block);
  }
  if (open !== null) out.push(open);
  return out;
}

const SPACE = /\s/;

interface Boundary {
  /** Where the run of marks starts. */
  index: number;
  mark: string;
  closers: string;
  space: string;
}

/**
 * Where sentences may end: a run of marks, closing quotes or brackets, then space. A match is tried only
 * where a run of marks starts (the greedy run is consumed whole), never again from inside it: that would
 * take time the square of the run ('!!!!…'). Written without a lookbehind, which Safari parses only
 * from 16.4: this code runs on the device too, and one such pattern fails the whole engine chunk there.
 */
function* boundariesOf(text: string): Generator<Boundary> {
  const marks = /[.!?…~]+/g;
  const after = /(["'”’)\]]*)(\s+)/y;
  for (let run = marks.exec(text); run !== null; run = marks.exec(text)) {
    after.lastIndex = marks.lastIndex;
    const tail = after.exec(text);
    if (tail) yield { index: run.index, mark: run[0], closers: tail[1]!, space: tail[2]! };
  }
}

/** The sentences of one paragraph; abbreviations, initials and list numbers do not end a sentence. */
export function sentences(text: string): string[] {
  const out: string[] = [];
  let start = 0;
  for (const match of boundariesOf(text)) {
    const mark = match.mark;
    if (mark === '.') {
      // The word before the full stop, read back to a space (never past the boundary before it): the
      // text since that boundary grows while abbreviations follow one another ('a. b. c. …').
      let wordStart = match.index;
      while (wordStart > start && !SPACE.test(text[wordStart - 1]!)) wordStart -= 1;
      const bare = text
        .slice(wordStart, match.index)
        .replace(/^[("“'‘[]+/, '')
        .toLowerCase();
      if (ABBREVIATIONS.has(bare) || /^\p{L}$/u.test(bare) || /^\d+$/.test(bare)) continue;
    }
    const end = match.index + mark.length + match.closers.length;
    const sentence = text.slice(start, end).trim();
    if (sentence) out.push(sentence);
    start = end + match.space.length;
  }
  const rest = text.slice(start).trim();
  if (rest) out.push(rest);
  return out;
}

/** Whether a unit may be cut: not a code block, and no line of it a list item. */
function splittable(unit: string): boolean {
  if (unit.includes('```')) return false;
  const lines = unit.split('\n');
  // A marker at the end of a line is followed by the line break.
  return !lines.some((line, index) =>
    /^(?:[-*•]|\d+[.)])\s/.test(`${line.trimStart()}${index < lines.length - 1 ? '\n' : ''}`),
  );
}

function halve(unit: string): [string, string] | null {
  if (!splittable(unit)) return null;
  // Each run of spaces holding a line break becomes one space, a run at a time.
  const list = sentences(unit.replace(/\s+/g, (run) => (run.includes('\n') ? ' ' : run)));
  if (list.length < 2) return null;
  const [a, b] = balance(list, 2);
  if (!a || !b) return null;
  return [a.join(' '), b.join(' ')];
}

/**
 * Split an answer into 1..`maxParts` natural chat messages: paragraphs are natural breaks; a long paragraph
 * is cut between sentences (never inside one); too many paragraphs are merged evenly. '' gives [].
 */
export function splitIntoParts(text: string, maxParts = 3): string[] {
  const max = Math.max(1, Math.floor(Number.isFinite(maxParts) ? maxParts : 3));
  const clean = String(text ?? '')
    .replace(/\r\n?/g, '\n')
    .trim();
  if (!clean) return [];
  let units = paragraphs(clean);
  const length = clean.length;
  const byLength = length <= 160 ? 1 : length <= 360 ? 2 : 3;
  const desired = Math.min(max, Math.max(byLength, units.length));
  while (units.length < desired) {
    let longest = -1;
    let pieces: [string, string] | null = null;
    units.forEach((unit, index) => {
      if (longest >= 0 && unit.length <= units[longest]!.length) return;
      const halves = halve(unit);
      if (halves) {
        longest = index;
        pieces = halves;
      }
    });
    if (longest < 0 || !pieces) break;
    units = [
      ...units.slice(0, longest),
      ...(pieces as [string, string]),
      ...units.slice(longest + 1),
    ];
  }
  if (units.length > max) units = balance(units, max).map((group) => group.join('\n\n'));
  return units.map((unit) => unit.trim()).filter((unit) => unit.length > 0);
}
