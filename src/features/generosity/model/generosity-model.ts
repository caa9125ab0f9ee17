// The generosity page's two answers (spec 002 §3: stats and status) read into checked shapes, and the
// screen's decisions as plain functions. A field missing or of another kind is refused, never guessed.

export const GENEROSITY_STATS_URL = '/api/generosity/stats';
export const GENEROSITY_STATUS_URL = '/api/generosity/status';
/** The spec names no interval: the counts are read again every 30 s while the page is open. */
export const GENEROSITY_POLL_MS = 30_000;

export const PRINCIPLE_KEYS = [
  'see_users_first',
  'give_before_ask',
  'no_scorekeeping',
  'surprise_loyalty',
] as const;
export type PrincipleKey = (typeof PRINCIPLE_KEYS)[number];

export interface GenerosityStats {
  sessionStart: string | null;
  sessionId: string;
  interactionCount: number;
  emotionalSupportProvided: number;
}

export interface Stage {
  id: string;
  name: string;
  span: string;
}

export interface GenerosityStatus {
  engine: { state: 'active' | 'paused'; reason: string };
  principles: Record<PrincipleKey, { title: string; description: string }>;
  stages: Stage[];
  emotionalIntelligence: { description: string; feelings: string[]; supportFeelings: string[] };
  current: {
    id: string;
    name: string;
    dayNumber: number;
    months: number;
    pastFinalStage: boolean;
    since: string;
    firstDay: string;
  };
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const isString = (value: unknown): value is string => typeof value === 'string';
const isCount = (value: unknown): value is number =>
  typeof value === 'number' && Number.isInteger(value) && value >= 0;
const isStringList = (value: unknown): value is string[] =>
  Array.isArray(value) && value.every(isString);

export function parseGenerosityStats(json: unknown): GenerosityStats | null {
  if (!isRecord(json)) return null;
  const { sessionStart, sessionId, interactionCount, emotionalSupportProvided } = json;
  if (!(sessionStart === null || isString(sessionStart)) || !isString(sessionId)) return null;
  if (!isCount(interactionCount) || !isCount(emotionalSupportProvided)) return null;
  return { sessionStart, sessionId, interactionCount, emotionalSupportProvided };
}

function parseStage(value: unknown): Stage | null {
  if (!isRecord(value)) return null;
  const { id, name, span } = value;
  return isString(id) && isString(name) && isString(span) ? { id, name, span } : null;
}

export function parseGenerosityStatus(json: unknown): GenerosityStatus | null {
  if (!isRecord(json)) return null;
  const { engine, principles, stages_available, emotional_intelligence, current_stage } = json;
  if (!isRecord(engine) || (engine.state !== 'active' && engine.state !== 'paused')) return null;
  if (!isString(engine.reason)) return null;
  if (!isRecord(principles)) return null;
  const parsedPrinciples = {} as GenerosityStatus['principles'];
  for (const key of PRINCIPLE_KEYS) {
    const principle = principles[key];
    if (!isRecord(principle) || !isString(principle.title) || !isString(principle.description)) {
      return null;
    }
    parsedPrinciples[key] = { title: principle.title, description: principle.description };
  }
  if (!Array.isArray(stages_available)) return null;
  const stages = stages_available.map(parseStage);
  if (stages.some((stage) => stage === null)) return null;
  const ei = emotional_intelligence;
  if (!isRecord(ei) || !isString(ei.description)) return null;
  if (!isStringList(ei.feelings) || !isStringList(ei.supportFeelings)) return null;
  const c = current_stage;
  if (!isRecord(c) || !isString(c.id) || !isString(c.name) || !isString(c.since)) return null;
  if (!isCount(c.dayNumber) || !isCount(c.months) || typeof c.pastFinalStage !== 'boolean') {
    return null;
  }
  if (!isString(c.firstDay)) return null;
  return {
    engine: { state: engine.state, reason: engine.reason },
    principles: parsedPrinciples,
    stages: stages as Stage[],
    emotionalIntelligence: {
      description: ei.description,
      feelings: [...ei.feelings],
      supportFeelings: [...ei.supportFeelings],
    },
    current: {
      id: c.id,
      name: c.name,
      dayNumber: c.dayNumber,
      months: c.months,
      pastFinalStage: c.pastFinalStage,
      since: c.since,
      firstDay: c.firstDay,
    },
  };
}

/** Rule: relationshipAgeText. 'Day 1', 'Day 11', and past a year 'Day 400 · past the first year'. */
export function relationshipAgeText(current: GenerosityStatus['current']): string {
  const day = `Day ${current.dayNumber}`;
  return current.pastFinalStage ? `${day} · past the first year` : day;
}

/** Rule: sessionStartText. The time of today's first message in the owner's zone, or that none came yet. */
export function sessionStartText(iso: string | null, timeZone: string | undefined): string {
  if (iso === null) return 'Nothing said yet today';
  const at = Date.parse(iso);
  if (Number.isNaN(at)) return 'Nothing said yet today';
  return new Intl.DateTimeFormat('en-US', {
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    timeZone,
  }).format(at);
}

/** Rule: firstDayText. The first day (yyyy-MM-dd) as a long date, 'January 15, 2026'. */
export function firstDayText(firstDay: string): string {
  const [year, month, day] = firstDay.split('-').map(Number) as [number, number, number];
  if (!year || !month || !day) return firstDay;
  return new Intl.DateTimeFormat('en-US', {
    timeZone: 'UTC',
    month: 'long',
    day: 'numeric',
    year: 'numeric',
  }).format(Date.UTC(year, month - 1, day, 12));
}
