// The admin's build form (docs/build-history.md): a draft of text fields, its problems by the record's
// shared rules (src/domain/build-history.ts), and the body it sends. Technologies are written comma-
// separated, features one per line, as the changelog writes them.
import {
  buildProblems,
  FIELD_PROBLEMS,
  isBuildId,
  normalizeTimestamp,
  type BuildFields,
  type BuildImpact,
  type BuildProblems,
  type BuildRecord,
  type BuildStatus,
} from '@/domain/build-history';

export interface BuildDraft {
  /** Only a new build's: blank lets the server make one. */
  id: string;
  name: string;
  description: string;
  category: string;
  status: BuildStatus;
  impact: BuildImpact;
  version: string;
  /** YYYY-MM-DD (UTC, as the history's days are). */
  date: string;
  technologies: string;
  features: string;
  notes: string;
  /** The record's own timestamp, kept when its date is not changed (so its time of day is not lost). */
  original: string | null;
}

export type DraftProblems = BuildProblems & { id?: string };

/** A new build: today, completed, minor; an existing one: its fields. */
export function draftOf(build: BuildRecord | null, today: string): BuildDraft {
  if (!build) {
    return {
      id: '',
      name: '',
      description: '',
      category: '',
      status: 'completed',
      impact: 'minor',
      version: '',
      date: today,
      technologies: '',
      features: '',
      notes: '',
      original: null,
    };
  }
  return {
    id: build.id,
    name: build.name,
    description: build.description,
    category: build.category,
    status: build.status,
    impact: build.impact,
    version: build.version ?? '',
    date: build.timestamp.slice(0, 10),
    technologies: build.technologies.join(', '),
    features: build.features.join('\n'),
    notes: build.notes ?? '',
    original: build.timestamp,
  };
}

const items = (text: string, separator: string) =>
  text
    .split(separator)
    .map((item) => item.trim())
    .filter((item) => item !== '');

/** Rule: the record's fields of a draft, trimmed; a blank version or notes is none. */
export function fieldsOfDraft(draft: BuildDraft): BuildFields {
  const version = draft.version.trim();
  const notes = draft.notes.trim();
  const keepsTime = draft.original !== null && draft.original.slice(0, 10) === draft.date;
  return {
    name: draft.name.trim(),
    description: draft.description.trim(),
    category: draft.category.trim(),
    status: draft.status,
    impact: draft.impact,
    version: version === '' ? null : version,
    timestamp: keepsTime ? draft.original! : (normalizeTimestamp(draft.date) ?? draft.date),
    technologies: items(draft.technologies, ','),
    features: items(draft.features, '\n'),
    notes: notes === '' ? null : notes,
  };
}

/** Rule: what keeps the draft from being sent, by field; a new build's id must be free and well formed. */
export function draftProblems(
  draft: BuildDraft,
  isNew: boolean,
  takenIds: readonly string[],
): DraftProblems {
  const problems: DraftProblems = buildProblems(fieldsOfDraft(draft));
  const id = draft.id.trim();
  if (isNew && id !== '') {
    if (!isBuildId(id)) problems.id = FIELD_PROBLEMS.id;
    else if (takenIds.includes(id)) problems.id = 'is already taken by another build';
  }
  return problems;
}

/** The body of POST /builds (with the id when the admin chose one) or PUT /builds/:id. */
export function bodyOfDraft(draft: BuildDraft, isNew: boolean): BuildFields & { id?: string } {
  const fields = fieldsOfDraft(draft);
  const id = draft.id.trim();
  return isNew && id !== '' ? { id, ...fields } : fields;
}

/** Today as the form's date: the UTC day, as the history's days are. */
export function todayUtc(now: number = Date.now()): string {
  return new Date(now).toISOString().slice(0, 10);
}
