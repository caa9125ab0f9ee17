// Build history's rules (spec 002 "Build history", §3 build record and build stats, §4 build status and
// impact; docs/build-history.md): the record, its limits, its timestamp, the four stats and the checks on
// a record's fields. Shared by the changelog parser, server/build-rundown and src/features/build-history,
// so the changelog, the API and the admin's form can never disagree.

export const BUILD_STATUSES = ['active', 'completed', 'archived', 'in-progress'] as const;
export const BUILD_IMPACTS = ['major', 'minor', 'patch'] as const;

export type BuildStatus = (typeof BUILD_STATUSES)[number];
export type BuildImpact = (typeof BUILD_IMPACTS)[number];

/** Spec 002 §3: id, name, description, category, status, impact, version (optional), timestamp, technologies, features, notes (optional). */
export interface BuildRecord {
  id: string;
  name: string;
  description: string;
  category: string;
  status: BuildStatus;
  impact: BuildImpact;
  /** Absent: null. */
  version: string | null;
  /** ISO 8601, UTC (a changelog date is that day's 00:00 UTC). */
  timestamp: string;
  technologies: string[];
  features: string[];
  /** Absent: null. */
  notes: string | null;
}

/** A record without its id: what the admin's form and a changelog entry give. */
export type BuildFields = Omit<BuildRecord, 'id'>;

export interface BuildStats {
  totalBuilds: number;
  activeProjects: number;
  majorFeatures: number;
  developmentDays: number;
}

export const MAX_BUILDS = 500;
export const MAX_ID_CHARS = 64;
export const MAX_NAME_CHARS = 120;
export const MAX_DESCRIPTION_CHARS = 4000;
export const MAX_CATEGORY_CHARS = 40;
export const MAX_VERSION_CHARS = 32;
export const MAX_TECHNOLOGIES = 30;
export const MAX_TECHNOLOGY_CHARS = 60;
export const MAX_FEATURES = 50;
export const MAX_FEATURE_CHARS = 500;
export const MAX_NOTES_CHARS = 4000;

/** Statuses that count as work going on (activeProjects). */
export const ONGOING_STATUSES: readonly BuildStatus[] = ['active', 'in-progress'];

export const FIELD_PROBLEMS = {
  required: 'is required',
  id: `must be 1 to ${MAX_ID_CHARS} letters, digits, '.', '-' or '_', starting with a letter or digit`,
  timestamp: 'must be a date (YYYY-MM-DD) or an ISO 8601 date and time',
  status: `must be one of ${BUILD_STATUSES.join(', ')}`,
  impact: `must be one of ${BUILD_IMPACTS.join(', ')}`,
  tooLong: (max: number) => `must be at most ${max} characters`,
  tooMany: (max: number) => `may list at most ${max}`,
  itemTooLong: (max: number) => `each must be at most ${max} characters`,
} as const;

export function isBuildStatus(value: string): value is BuildStatus {
  return (BUILD_STATUSES as readonly string[]).includes(value);
}

export function isBuildImpact(value: string): value is BuildImpact {
  return (BUILD_IMPACTS as readonly string[]).includes(value);
}

function isIdChar(char: string, first: boolean): boolean {
  const code = char.charCodeAt(0);
  const alnum =
    (code >= 48 && code <= 57) || (code >= 65 && code <= 90) || (code >= 97 && code <= 122);
  return alnum || (!first && (char === '.' || char === '-' || char === '_'));
}

/** Rule: a build id is 1 to 64 letters, digits, '.', '-' or '_', starting with a letter or digit. */
export function isBuildId(value: string): boolean {
  if (value.length === 0 || value.length > MAX_ID_CHARS) return false;
  for (let i = 0; i < value.length; i += 1) if (!isIdChar(value[i]!, i === 0)) return false;
  return true;
}

/** The id a changelog release gets when it names none. */
export function idOfVersion(version: string): string {
  return `v${version}`;
}

function digits(text: string, from: number, count: number): number | null {
  let value = 0;
  for (let i = from; i < from + count; i += 1) {
    const code = text.charCodeAt(i);
    if (!(code >= 48 && code <= 57)) return null;
    value = value * 10 + (code - 48);
  }
  return value;
}

/** 'YYYY-MM-DD' as a real calendar day, or null ('2026-02-30' is not one). */
export function calendarDay(text: string): { year: number; month: number; day: number } | null {
  if (text.length !== 10 || text[4] !== '-' || text[7] !== '-') return null;
  const year = digits(text, 0, 4);
  const month = digits(text, 5, 2);
  const day = digits(text, 8, 2);
  if (year === null || month === null || day === null || month < 1 || month > 12 || day < 1) {
    return null;
  }
  const lastDay = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return day <= lastDay ? { year, month, day } : null;
}

/**
 * Rule: a build's timestamp. 'YYYY-MM-DD' is that day's 00:00 UTC; a date and time ('…T…', with 'Z' or
 * an offset, or none: then UTC) is read as such. Anything else is null. Always answers the ISO form.
 */
export function normalizeTimestamp(text: string): string | null {
  const value = text.trim();
  const date = calendarDay(value.slice(0, 10));
  if (date === null) return null;
  if (value.length === 10) {
    return new Date(Date.UTC(date.year, date.month - 1, date.day)).toISOString();
  }
  if (value[10] !== 'T' || value.length > 40) return null;
  const rest = value.slice(11);
  const zoned = rest.endsWith('Z') || rest.includes('+') || rest.includes('-');
  const ms = Date.parse(zoned ? value : `${value}Z`);
  return Number.isNaN(ms) ? null : new Date(ms).toISOString();
}

/** The build's day, 'YYYY-MM-DD' in UTC (the changelog's dates are UTC days). */
export function buildDay(timestamp: string): string {
  return timestamp.slice(0, 10);
}

/**
 * Rule: the four stats of spec 002 §3, from the records alone (docs/build-history.md):
 * - totalBuilds: how many records there are;
 * - activeProjects: records whose status is active or in-progress (work going on);
 * - majorFeatures: records whose impact is major (each brought a new part of Kiri);
 * - developmentDays: how many different days (UTC) the records are dated on.
 */
export function buildStats(builds: readonly BuildRecord[]): BuildStats {
  return {
    totalBuilds: builds.length,
    activeProjects: builds.filter((build) => ONGOING_STATUSES.includes(build.status)).length,
    majorFeatures: builds.filter((build) => build.impact === 'major').length,
    developmentDays: new Set(builds.map((build) => buildDay(build.timestamp))).size,
  };
}

export type BuildProblems = Partial<Record<keyof BuildFields, string>>;

function listProblem(items: readonly string[], maxItems: number, maxChars: number) {
  if (items.length > maxItems) return FIELD_PROBLEMS.tooMany(maxItems);
  if (items.some((item) => item.length > maxChars)) return FIELD_PROBLEMS.itemTooLong(maxChars);
  if (items.some((item) => item.trim() === '')) return 'may not hold an empty entry';
  return undefined;
}

function textProblem(value: string, max: number, required: boolean) {
  if (required && value.trim() === '') return FIELD_PROBLEMS.required;
  return value.length > max ? FIELD_PROBLEMS.tooLong(max) : undefined;
}

/**
 * Rule: what is wrong with a record's fields, by field (empty: nothing). The same limits as the API's
 * checks; the changelog parser skips an entry with any, and the form shows them under its fields.
 */
export function buildProblems(fields: BuildFields): BuildProblems {
  const problems: BuildProblems = {
    name: textProblem(fields.name, MAX_NAME_CHARS, true),
    description: textProblem(fields.description, MAX_DESCRIPTION_CHARS, true),
    category: textProblem(fields.category, MAX_CATEGORY_CHARS, true),
    status: isBuildStatus(fields.status) ? undefined : FIELD_PROBLEMS.status,
    impact: isBuildImpact(fields.impact) ? undefined : FIELD_PROBLEMS.impact,
    version:
      fields.version === null ? undefined : textProblem(fields.version, MAX_VERSION_CHARS, true),
    timestamp: normalizeTimestamp(fields.timestamp) === null ? FIELD_PROBLEMS.timestamp : undefined,
    technologies: listProblem(fields.technologies, MAX_TECHNOLOGIES, MAX_TECHNOLOGY_CHARS),
    features: listProblem(fields.features, MAX_FEATURES, MAX_FEATURE_CHARS),
    notes: fields.notes === null ? undefined : textProblem(fields.notes, MAX_NOTES_CHARS, true),
  };
  for (const key of Object.keys(problems) as (keyof BuildFields)[]) {
    if (problems[key] === undefined) delete problems[key];
  }
  return problems;
}
