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

/** Contiguous groups of `units`, `count` of them, as even in length as possible (the longest is minimal). */
export function balance<T extends string>(units: readonly T[], count: number): T[][] {
  const n = units.length;
  const k = Math.max(1, Math.min(Math.floor(count), n));
  if (n === 0) return [];
  const prefix = [0];
  for (const unit of units) prefix.push(prefix[prefix.length - 1]! + unit.length + 1);
  const cost: number[][] = Array.from({ length: k + 1 }, () => Array<number>(n + 1).fill(Infinity));
  const cut: number[][] = Array.from({ length: k + 1 }, () => Array<number>(n + 1).fill(0));
  cost[0]![0] = 0;
  for (let g = 1; g <= k; g += 1) {
    for (let end = g; end <= n; end += 1) {
      for (let start = g - 1; start < end; start += 1) {
        const value = Math.max(cost[g - 1]![start]!, prefix[end]! - prefix[start]!);
        if (value < cost[g]![end]!) {
          cost[g]![end] = value;
          cut[g]![end] = start;
        }
      }
    }
  }
  const groups: T[][] = [];
  let end = n;
  for (let g = k; g >= 1; g -= 1) {
    const start = cut[g]![end]!;
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

/** The sentences of one paragraph; abbreviations, initials and list numbers do not end a sentence. */
export function sentences(text: string): string[] {
  const out: string[] = [];
  const boundary = /([.!?…~]+)(["'”’)\]]*)(\s+)/g;
  let start = 0;
  for (const match of text.matchAll(boundary)) {
    const mark = match[1]!;
    if (mark === '.') {
      const word = /(\S+)$/.exec(text.slice(start, match.index))?.[1] ?? '';
      const bare = word.replace(/^[("“'‘[]+/, '').toLowerCase();
      if (ABBREVIATIONS.has(bare) || /^\p{L}$/u.test(bare) || /^\d+$/.test(bare)) continue;
    }
    const end = match.index + mark.length + match[2]!.length;
    const sentence = text.slice(start, end).trim();
    if (sentence) out.push(sentence);
    start = end + match[3]!.length;
  }
  const rest = text.slice(start).trim();
  if (rest) out.push(rest);
  return out;
}

function splittable(unit: string): boolean {
  return !unit.includes('```') && !/\n\s*(?:[-*•]|\d+[.)])\s/.test(`\n${unit}`);
}

function halve(unit: string): [string, string] | null {
  if (!splittable(unit)) return null;
  const list = sentences(unit.replace(/\s*\n\s*/g, ' '));
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
