// What the build history screens decide (docs/build-history.md): reading the API's answers into checked
// shapes, the category tabs, sorting and filtering the detailed list, the labels, and the inline code
// of the changelog's text. Plain functions, tested in tests/unit/features/build-history/.
import {
  BUILD_IMPACTS,
  BUILD_STATUSES,
  isBuildImpact,
  isBuildStatus,
  type BuildImpact,
  type BuildRecord,
  type BuildStats,
  type BuildStatus,
} from '@/domain/build-history';

export const BUILD_RUNDOWN_BASE = '/api/build-rundown';
export const BUILDS_URL = `${BUILD_RUNDOWN_BASE}/builds`;
export const STATS_URL = `${BUILD_RUNDOWN_BASE}/stats`;
export const SYSTEMS_URL = `${BUILD_RUNDOWN_BASE}/systems`;

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const isText = (value: unknown): value is string => typeof value === 'string';
const isTextList = (value: unknown): value is string[] =>
  Array.isArray(value) && value.every(isText);
const isCount = (value: unknown): value is number =>
  typeof value === 'number' && Number.isInteger(value) && value >= 0;

/** One build of the API's answer, or null when a field is missing or of the wrong kind. */
export function parseBuild(value: unknown): BuildRecord | null {
  if (!isRecord(value)) return null;
  const { id, name, description, category, status, impact, version, timestamp } = value;
  const { technologies, features, notes } = value;
  if (![id, name, description, category, timestamp].every(isText)) return null;
  if (!isText(status) || !isBuildStatus(status) || !isText(impact) || !isBuildImpact(impact)) {
    return null;
  }
  if (!(version === null || isText(version)) || !(notes === null || isText(notes))) return null;
  if (!isTextList(technologies) || !isTextList(features)) return null;
  return {
    id: id as string,
    name: name as string,
    description: description as string,
    category: category as string,
    status,
    impact,
    version,
    timestamp: timestamp as string,
    technologies,
    features,
    notes,
  };
}

/** GET /builds: { success, builds }. A build that cannot be read is left out, never guessed at. */
export function parseBuilds(value: unknown): BuildRecord[] | null {
  if (!isRecord(value) || !Array.isArray(value.builds)) return null;
  return value.builds.flatMap((build) => parseBuild(build) ?? []);
}

/** GET /stats: the four counts, or null. */
export function parseStats(value: unknown): BuildStats | null {
  if (!isRecord(value)) return null;
  const { totalBuilds, activeProjects, majorFeatures, developmentDays } = value;
  if (![totalBuilds, activeProjects, majorFeatures, developmentDays].every(isCount)) return null;
  return {
    totalBuilds: totalBuilds as number,
    activeProjects: activeProjects as number,
    majorFeatures: majorFeatures as number,
    developmentDays: developmentDays as number,
  };
}

export const ALL_CATEGORIES = 'All';

/** Rule: the tabs are All, then each category of the builds once, A to Z. */
export function categoryTabs(builds: readonly BuildRecord[]): string[] {
  const categories = [...new Set(builds.map((build) => build.category))];
  categories.sort((a, b) => a.localeCompare(b));
  return [ALL_CATEGORIES, ...categories];
}

/** Rule: the builds of a tab, newest first (All: every build). */
export function buildsOfTab(builds: readonly BuildRecord[], tab: string): BuildRecord[] {
  const chosen = tab === ALL_CATEGORIES ? builds : builds.filter((build) => build.category === tab);
  return sortBuilds(chosen, 'date', 'desc');
}

export const SORT_KEYS = ['date', 'name', 'impact', 'status'] as const;
export type SortKey = (typeof SORT_KEYS)[number];
export type SortDirection = 'asc' | 'desc';

/** Impact ranks minor below major; status ranks the order a build lives through. */
const IMPACT_RANK: Record<BuildImpact, number> = { patch: 0, minor: 1, major: 2 };
const STATUS_RANK: Record<BuildStatus, number> = {
  'in-progress': 0,
  active: 1,
  completed: 2,
  archived: 3,
};

function compare(a: BuildRecord, b: BuildRecord, key: SortKey): number {
  switch (key) {
    case 'date':
      return a.timestamp.localeCompare(b.timestamp);
    case 'name':
      return a.name.localeCompare(b.name, undefined, { sensitivity: 'base', numeric: true });
    case 'impact':
      return IMPACT_RANK[a.impact] - IMPACT_RANK[b.impact];
    case 'status':
      return STATUS_RANK[a.status] - STATUS_RANK[b.status];
  }
}

/**
 * Rule: the detailed list's sort. By the key in the direction; builds equal on it stay newest first
 * (then by version), so a sort by impact still reads as a history.
 */
export function sortBuilds(
  builds: readonly BuildRecord[],
  key: SortKey,
  direction: SortDirection,
): BuildRecord[] {
  const sign = direction === 'asc' ? 1 : -1;
  return [...builds].sort(
    (a, b) =>
      sign * compare(a, b, key) ||
      b.timestamp.localeCompare(a.timestamp) ||
      (b.version ?? '').localeCompare(a.version ?? '', undefined, { numeric: true }),
  );
}

export interface BuildFilter {
  text: string;
  /** ALL_CATEGORIES or one category. */
  category: string;
  /** 'all' or one status. */
  status: BuildStatus | 'all';
}

export const NO_FILTER: BuildFilter = { text: '', category: ALL_CATEGORIES, status: 'all' };

/**
 * Rule: a build passes the filter when it is of the category and status chosen and every word of the
 * search is in its name, description, category, version, technologies, features or notes (any case).
 */
export function filterBuilds(builds: readonly BuildRecord[], filter: BuildFilter): BuildRecord[] {
  const words = filter.text.toLowerCase().split(/\s+/).filter(Boolean);
  return builds.filter((build) => {
    if (filter.category !== ALL_CATEGORIES && build.category !== filter.category) return false;
    if (filter.status !== 'all' && build.status !== filter.status) return false;
    if (words.length === 0) return true;
    const haystack = [
      build.name,
      build.description,
      build.category,
      build.version ?? '',
      build.notes ?? '',
      ...build.technologies,
      ...build.features,
    ]
      .join('\n')
      .toLowerCase();
    return words.every((word) => haystack.includes(word));
  });
}

export const STATUS_LABELS: Record<BuildStatus, string> = {
  active: 'Active',
  completed: 'Completed',
  archived: 'Archived',
  'in-progress': 'In progress',
};

export const IMPACT_LABELS: Record<BuildImpact, string> = {
  major: 'Major',
  minor: 'Minor',
  patch: 'Patch',
};

export const STATUS_OPTIONS = BUILD_STATUSES;
export const IMPACT_OPTIONS = BUILD_IMPACTS;

/** The build's date as a person reads it, in UTC (the changelog's days are UTC days): '25 Nov 2026'. */
export function buildDateText(timestamp: string, locale?: string): string {
  const ms = Date.parse(timestamp);
  if (Number.isNaN(ms)) return timestamp;
  return new Intl.DateTimeFormat(locale, {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(ms);
}

export interface TextPart {
  text: string;
  code: boolean;
}

/** Rule: `backticked` words of the changelog's text as code; an unpaired backtick stays as it is. */
export function inlineCode(text: string): TextPart[] {
  const parts: TextPart[] = [];
  let rest = text;
  for (;;) {
    const open = rest.indexOf('`');
    const close = open < 0 ? -1 : rest.indexOf('`', open + 1);
    if (close < 0) break;
    if (open > 0) parts.push({ text: rest.slice(0, open), code: false });
    if (close > open + 1) parts.push({ text: rest.slice(open + 1, close), code: true });
    rest = rest.slice(close + 1);
  }
  if (rest) parts.push({ text: rest, code: false });
  return parts;
}
