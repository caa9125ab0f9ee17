// CHANGELOG.md into build records (docs/build-history.md, the shape at the top of CHANGELOG.md). Pure:
// text in, records and problems out. A release that cannot be read whole is skipped, and the problem
// says which line and why; the server seeds the build history with what it could read
// (server/build-rundown) and keeps the problems beside the seed.
import {
  buildProblems,
  calendarDay,
  FIELD_PROBLEMS,
  idOfVersion,
  isBuildId,
  MAX_BUILDS,
  MAX_VERSION_CHARS,
  normalizeTimestamp,
  type BuildFields,
  type BuildRecord,
} from './build-history';

export interface ChangelogProblem {
  /** 1-based line of the release heading (or of the line at fault outside a release). */
  line: number;
  message: string;
}

export interface ChangelogResult {
  /** In the file's order (newest first, as the file is written). */
  builds: BuildRecord[];
  /** Each release skipped, and why. */
  problems: ChangelogProblem[];
}

export const HEADING_SHAPE = "'## [<version>] - <YYYY-MM-DD> — <name>'";
const KEYS = ['id', 'category', 'status', 'impact', 'technologies'] as const;
type Key = (typeof KEYS)[number];
const SECTIONS = ['features', 'notes'] as const;
type Section = (typeof SECTIONS)[number];

class SkipRelease extends Error {}

interface Heading {
  version: string;
  date: string;
  name: string;
}

/** '## [0.19.0] - 2026-11-25 — Presence hub' → its parts, or why not. */
export function parseHeading(line: string): Heading | string {
  const shape = `a release heading reads ${HEADING_SHAPE}`;
  if (!line.startsWith('## [')) return shape;
  const close = line.indexOf(']', 4);
  if (close < 0) return shape;
  const version = line.slice(4, close).trim();
  if (version === '' || version.length > MAX_VERSION_CHARS) {
    return `the version must be 1 to ${MAX_VERSION_CHARS} characters`;
  }
  const rest = line.slice(close + 1);
  if (!rest.startsWith(' - ')) return shape;
  const date = rest.slice(3, 13);
  if (calendarDay(date) === null) return `'${date}' is not a date (YYYY-MM-DD)`;
  const after = rest.slice(13);
  const separator = [' — ', ' - '].find((candidate) => after.startsWith(candidate));
  if (separator === undefined) return shape;
  const name = after.slice(separator.length).trim();
  if (name === '') return 'the release has no name after the date';
  return { version, date, name };
}

/** Lines of a paragraph block: blank lines part paragraphs, lines of one paragraph join with a space. */
function paragraphs(lines: readonly string[]): string {
  const parts: string[] = [];
  let current: string[] = [];
  for (const line of lines) {
    if (line.trim() === '') {
      if (current.length) parts.push(current.join(' '));
      current = [];
    } else current.push(line.trim());
  }
  if (current.length) parts.push(current.join(' '));
  return parts.join('\n\n');
}

/** '- item' lines, an item continued on lines indented by two spaces or more. */
function listItems(lines: readonly string[], firstLine: number): string[] {
  const items: string[] = [];
  lines.forEach((line, index) => {
    if (line.trim() === '') return;
    if (line.startsWith('- ')) items.push(line.slice(2).trim());
    else if (line.startsWith('  ') && items.length > 0) {
      items[items.length - 1] = `${items.at(-1)} ${line.trim()}`;
    } else {
      throw new SkipRelease(
        `line ${firstLine + index}: a list line starts with '- ' (or continues indented by two spaces)`,
      );
    }
  });
  return items;
}

function splitList(value: string): string[] {
  return value
    .split(',')
    .map((item) => item.trim())
    .filter((item) => item !== '');
}

/** One release: its lines from the heading up to the next heading. */
function parseRelease(lines: readonly string[], headingLine: number): BuildRecord {
  const heading = parseHeading(lines[0]!);
  if (typeof heading === 'string') throw new SkipRelease(heading);

  const meta = new Map<Key, string>();
  let index = 1;
  // Prettier puts a blank line under a heading.
  while (index < lines.length && lines[index]!.trim() === '') index += 1;
  while (index < lines.length && lines[index]!.startsWith('- ')) {
    const line = lines[index]!;
    const colon = line.indexOf(':');
    const key = (colon < 0 ? '' : line.slice(2, colon).trim().toLowerCase()) as Key;
    if (!KEYS.includes(key)) {
      throw new SkipRelease(
        `line ${headingLine + index}: '${line.slice(0, 40)}' is not one of the lines ` +
          `${KEYS.map((k) => `'- ${k[0]!.toUpperCase()}${k.slice(1)}:'`).join(', ')}`,
      );
    }
    if (meta.has(key))
      throw new SkipRelease(`line ${headingLine + index}: '${key}' is given twice`);
    meta.set(key, line.slice(colon + 1).trim());
    index += 1;
  }

  const body: string[] = [];
  const sections = new Map<Section, { lines: string[]; first: number }>();
  let open: { lines: string[]; first: number } | null = null;
  for (; index < lines.length; index += 1) {
    const line = lines[index]!;
    if (line.startsWith('### ')) {
      const title = line.slice(4).trim().toLowerCase() as Section;
      if (!SECTIONS.includes(title)) {
        throw new SkipRelease(
          `line ${headingLine + index}: '${line.trim()}' is not '### Features' or '### Notes'`,
        );
      }
      if (sections.has(title)) {
        throw new SkipRelease(`line ${headingLine + index}: '### ${title}' is given twice`);
      }
      open = { lines: [], first: headingLine + index + 1 };
      sections.set(title, open);
    } else if (open) open.lines.push(line);
    else body.push(line);
  }

  const missing = (['category', 'status', 'impact'] as const).filter((key) => !meta.get(key));
  if (missing.length) {
    throw new SkipRelease(`it has no ${missing.map((key) => `'- ${key}:' line`).join(', ')}`);
  }
  const features = sections.get('features');
  const notes = sections.get('notes');
  const fields: BuildFields = {
    name: heading.name,
    description: paragraphs(body),
    category: meta.get('category')!,
    status: meta.get('status') as BuildFields['status'],
    impact: meta.get('impact') as BuildFields['impact'],
    version: heading.version,
    timestamp: normalizeTimestamp(heading.date) ?? heading.date,
    technologies: splitList(meta.get('technologies') ?? ''),
    features: features ? listItems(features.lines, features.first) : [],
    notes: notes ? paragraphs(notes.lines) || null : null,
  };
  const problems = buildProblems(fields);
  const first = Object.entries(problems)[0];
  if (first) throw new SkipRelease(`${first[0]} ${first[1]}`);
  const id = meta.get('id') ?? idOfVersion(heading.version);
  if (!isBuildId(id)) throw new SkipRelease(`its id '${id}' ${FIELD_PROBLEMS.id}`);
  return { id, ...fields };
}

/**
 * Rule: CHANGELOG.md's releases as build records. Text before the first '## ' heading is the file's
 * introduction. A release with a problem is skipped and named in `problems` with its line; a release
 * whose id was already read is skipped too, and so is any past the MAX_BUILDS-th.
 */
export function parseChangelog(text: string): ChangelogResult {
  const lines = text.split('\n').map((line) => (line.endsWith('\r') ? line.slice(0, -1) : line));
  const starts: number[] = [];
  lines.forEach((line, index) => {
    if (line.startsWith('## ')) starts.push(index);
  });
  const builds: BuildRecord[] = [];
  const problems: ChangelogProblem[] = [];
  const ids = new Set<string>();
  starts.forEach((start, n) => {
    const end = starts[n + 1] ?? lines.length;
    const line = start + 1;
    const label = lines[start]!.slice(3).trim().slice(0, 60);
    try {
      const build = parseRelease(lines.slice(start, end), line);
      if (ids.has(build.id)) throw new SkipRelease(`its id '${build.id}' is already taken`);
      if (builds.length >= MAX_BUILDS) {
        throw new SkipRelease(`the history holds at most ${MAX_BUILDS} builds`);
      }
      ids.add(build.id);
      builds.push(build);
    } catch (error) {
      if (!(error instanceof SkipRelease)) throw error;
      problems.push({ line, message: `Skipped '${label}' (line ${line}): ${error.message}` });
    }
  });
  return { builds, problems };
}
