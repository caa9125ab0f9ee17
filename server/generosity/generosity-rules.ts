// The generosity page's rules (spec 002 "Generosity engine", §3, §9; docs/generosity.md): the relationship's
// stage from its real age, and the session's statistics from the viewer's own conversation log. Plain
// functions: the service reads the stores and the clock, these decide.
import { analyse } from '../../src/engine/companion/intent';
import { engineReadable } from '../../src/engine/companion/text';
import type { ConversationEntry } from '../store/conversation-store';

export const STAGE_IDS = ['day-1', 'week-1-4', 'month-2-6', 'month-6-9', 'month-9-12'] as const;
export type StageId = (typeof STAGE_IDS)[number];

export interface StageInfo {
  id: StageId;
  /** Spec 002 §9's name. */
  name: string;
  /** Where the stage begins and ends, in words (the rule is stageOf). */
  span: string;
}

/** Spec 002 §9: five stages. Their bounds are ours (docs/generosity.md "Stages"). */
export const GENEROSITY_STAGES: readonly StageInfo[] = [
  { id: 'day-1', name: 'Day 1', span: 'The first day (the calendar day the relationship began)' },
  { id: 'week-1-4', name: 'Week 1-4', span: 'Day 2 to day 28: up to the end of the fourth week' },
  {
    id: 'month-2-6',
    name: 'Month 2-6',
    span: 'Day 29 until six whole months have passed',
  },
  { id: 'month-6-9', name: 'Month 6-9', span: 'From six to nine whole months' },
  {
    id: 'month-9-12',
    name: 'Month 9-12',
    span: 'From nine whole months on; after a year the last stage goes on',
  },
];

/** The last day (0-based days since the first) of Week 1-4: the fourth week ends on day 28. */
export const LAST_WEEK_STAGE_DAY = 27;

export interface RelationshipAge {
  /** Calendar days since the first day, in TIME_ZONE: 0 on the first day. */
  days: number;
  /** Whole calendar months since the first day (see wholeMonthsBetween). */
  months: number;
}

export interface CurrentStage {
  stage: StageInfo;
  /** 1-based: Day 1 is the first day. */
  dayNumber: number;
  months: number;
  /** A year or more: the five stages are behind, and Month 9-12 goes on (docs/generosity.md). */
  pastFinalStage: boolean;
}

interface CalendarDay {
  year: number;
  month: number;
  day: number;
}

function parseDay(id: string): CalendarDay {
  const [year, month, day] = id.split('-').map(Number) as [number, number, number];
  return { year, month, day };
}

function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/** Rule: calendarDaysBetween. Days from one yyyy-MM-dd to another; never negative (a clock set back). */
export function calendarDaysBetween(from: string, to: string): number {
  const a = parseDay(from);
  const b = parseDay(to);
  const days =
    (Date.UTC(b.year, b.month - 1, b.day) - Date.UTC(a.year, a.month - 1, a.day)) / 86_400_000;
  return Math.max(0, Math.round(days));
}

/**
 * Rule: wholeMonthsBetween. A month has passed when the first day's day of the month comes again, or
 * the month's last day when it is shorter (from 31 January, one month on 28 February). Never negative.
 */
export function wholeMonthsBetween(from: string, to: string): number {
  const a = parseDay(from);
  const b = parseDay(to);
  let months = (b.year - a.year) * 12 + (b.month - a.month);
  if (b.day < Math.min(a.day, daysInMonth(b.year, b.month))) months -= 1;
  return Math.max(0, months);
}

/** The relationship's age between two day ids (yyyy-MM-dd in TIME_ZONE). */
export function relationshipAgeOf(firstDay: string, today: string): RelationshipAge {
  return {
    days: calendarDaysBetween(firstDay, today),
    months: wholeMonthsBetween(firstDay, today),
  };
}

function stageById(id: StageId): StageInfo {
  return GENEROSITY_STAGES.find((stage) => stage.id === id)!;
}

/**
 * Rule: stageOf. Day 1 is the first calendar day; Week 1-4 runs to the end of the fourth week (day 28);
 * Month 2-6 from day 29 until six whole months; Month 6-9 from six to nine; Month 9-12 from nine whole
 * months on. The spec's ranges share their ends (6-9, 9-12): a shared bound belongs to the later stage.
 * Past a year the last stage stays, marked pastFinalStage.
 */
export function stageOf(age: RelationshipAge): CurrentStage {
  const { days, months } = age;
  let id: StageId;
  if (days === 0) id = 'day-1';
  else if (days <= LAST_WEEK_STAGE_DAY) id = 'week-1-4';
  else if (months < 6) id = 'month-2-6';
  else if (months < 9) id = 'month-6-9';
  else id = 'month-9-12';
  return { stage: stageById(id), dayNumber: days + 1, months, pastFinalStage: months >= 12 };
}

/**
 * Rule: relationshipStartOf. The relationship began when the account was made (its first login) or with
 * the oldest entry of its conversation log, whichever is earlier: the log is capped at 1000 entries and
 * forgets its oldest, the account stays; history the mirror bridge imported may be older than both.
 */
export function relationshipStartOf(input: {
  accountCreatedAt: number | null;
  log: readonly Pick<ConversationEntry, 'timestamp'>[];
  now: number;
}): number {
  let start = input.accountCreatedAt ?? input.now;
  for (const entry of input.log) if (entry.timestamp < start) start = entry.timestamp;
  return Math.min(start, input.now);
}

/** The feelings whose answer counts as a moment of support (issue 20: 'a sad or anxious message'). */
export const SUPPORT_FEELINGS = ['sad', 'anxious'] as const;

/**
 * Rule: needsSupport. The chat's own reading of the message (the engine's analyse: its feeling words,
 * VADER, hard news such as 'my cat died' read as sadness), on the same capped text the chat reads.
 */
export function needsSupport(message: string): boolean {
  const feeling = analyse(engineReadable(message)).feeling;
  return feeling !== null && (SUPPORT_FEELINGS as readonly string[]).includes(feeling);
}

export interface SessionStats {
  /** The first entry of today's session (either sender), or null when nothing was said today. */
  sessionStart: number | null;
  /** The owner's messages in today's session (imported history left out). */
  interactionCount: number;
  /** Of those, the sad or anxious ones Kiri answered. */
  emotionalSupportProvided: number;
}

/**
 * Rule: sessionStatsOf. Today's session is the chat's day session (entries whose sessionId is today in
 * TIME_ZONE). interactionCount counts the viewer's own messages in it; emotionalSupportProvided counts
 * those read as sad or anxious that have at least one reply of Kiri's (a reply in parts counts once; a
 * message left unanswered, as in deep pause, does not count). Imported history is not this session's.
 */
export function sessionStatsOf(input: {
  log: readonly ConversationEntry[];
  today: string;
  needsSupport?: (message: string) => boolean;
}): SessionStats {
  const reads = input.needsSupport ?? needsSupport;
  const answered = new Set<string>();
  for (const entry of input.log) {
    if (entry.sender === 'kiri' && entry.answersId !== null) answered.add(entry.answersId);
  }
  let sessionStart: number | null = null;
  let interactionCount = 0;
  let emotionalSupportProvided = 0;
  for (const entry of input.log) {
    if (entry.sessionId !== input.today || entry.imported) continue;
    if (sessionStart === null || entry.timestamp < sessionStart) sessionStart = entry.timestamp;
    if (entry.sender !== 'user') continue;
    interactionCount += 1;
    if (answered.has(entry.id) && reads(entry.message)) emotionalSupportProvided += 1;
  }
  return { sessionStart, interactionCount, emotionalSupportProvided };
}
