// The consciousness stream page's rules and texts (spec 001 §2, §3, §7, §9): what the three calls answer,
// read defensively (a malformed answer shows nothing rather than a guess), the significance colour, the
// relative age, the interval in hours and the emotional intensity.
import { ENTRY_TYPES, type EntryType } from '@/domain/consciousness';

export { ENTRY_TYPES, type EntryType };

/** The status call is shared with the chat's header and sidebar: one cache entry, read by all. */
export const STATUS_URL = '/api/consciousness/status';
export const DATA_URL = '/api/consciousness/data';
export const CONFIG_URL = '/api/consciousness/config';
export const TRIGGER_URL = '/api/consciousness/trigger';
export const STATUS_KEY = [STATUS_URL] as const;
export const DATA_KEY = [DATA_URL] as const;
export const CONFIG_KEY = [CONFIG_URL] as const;
/** Spec 001 §7: status every 30 s on this page, data every 60 s. */
export const STATUS_POLL_MS = 30_000;
export const DATA_POLL_MS = 60_000;
/** Spec 001 §9: the stream list is 500 px high. */
export const STREAM_LIST_HEIGHT_PX = 500;

export const TEXT = {
  title: (persona: string) => `${persona}'s Consciousness Stream`,
  back: 'Back to Main',
  live: 'Live Status',
  active: 'Active',
  inactive: 'Inactive',
  updateNow: 'Update Now',
  updating: 'Updating…',
  lastUpdate: 'Last Update',
  dataPoints: 'Data Points',
  updateInterval: 'Update Interval (hours)',
  recentInsights: 'Recent Insights',
  insightsPreview: 'Latest Insights Preview',
  noInsights: 'No insights yet',
  streamData: 'Consciousness Stream Data',
  empty: 'No consciousness stream data available yet',
  never: 'Never',
  significance: 'significance',
  intensity: 'Emotional intensity',
  source: 'Source',
  sources: 'Sources',
  noRunYet: 'No collection has run yet.',
  lastKnown: 'Offline: showing the last known values',
  unavailable: 'The consciousness stream cannot be read now.',
  denied: 'The consciousness stream needs the consciousness permission.',
  updateFailed: 'Update failed',
  updated: 'Stream updated',
  cannotTrigger: 'Update Now is for those who control the system.',
  settings: 'Stream Settings',
  settingsSaved: 'Settings saved',
  settingsFailed: 'Settings not saved',
} as const;

export const CYCLE_TEXT: Record<CycleState, string> = {
  running: 'Collecting while Kiri is awake',
  paused: 'Paused while Kiri sleeps',
  stopped: 'Stopped: Kiri is in deep pause',
};

export const OUTCOME_TEXT: Record<SourceOutcome, string> = {
  added: 'added',
  'nothing-new': 'nothing new',
  skipped: 'skipped',
  'not-configured': 'not configured',
};

export type CycleState = 'running' | 'paused' | 'stopped';
export type SourceOutcome = 'added' | 'nothing-new' | 'skipped' | 'not-configured';

export interface Insight {
  type: EntryType;
  content: string;
  significance: number;
}

export interface SourceReport {
  id: string;
  type: EntryType;
  outcome: SourceOutcome;
  added: number;
  reason: string | null;
}

export interface StreamStatus {
  isStreaming: boolean;
  lastUpdate: string | null;
  dataPointsCollected: number;
  updateInterval: number;
  recentInsights: Insight[];
  cycle: CycleState | null;
  nextUpdate: string | null;
  sources: SourceReport[];
}

export interface Impact {
  curiosity: number;
  contentment: number;
  empathy: number;
}

export interface StreamEntry {
  id: string;
  type: EntryType;
  content: string;
  timestamp: string;
  significance: number;
  source: string;
  emotional_impact: Impact;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const isUnit = (value: unknown): value is number =>
  typeof value === 'number' && Number.isFinite(value) && value >= 0 && value <= 1;
const isType = (value: unknown): value is EntryType =>
  typeof value === 'string' && (ENTRY_TYPES as readonly string[]).includes(value);
const isTime = (value: unknown): value is string =>
  typeof value === 'string' && !Number.isNaN(Date.parse(value));

function parseInsight(raw: unknown): Insight | null {
  if (!isRecord(raw) || !isType(raw.type) || typeof raw.content !== 'string') return null;
  if (!isUnit(raw.significance)) return null;
  return { type: raw.type, content: raw.content, significance: raw.significance };
}

function parseSource(raw: unknown): SourceReport | null {
  if (!isRecord(raw) || typeof raw.id !== 'string' || !isType(raw.type)) return null;
  if (typeof raw.outcome !== 'string' || !Object.hasOwn(OUTCOME_TEXT, raw.outcome)) return null;
  return {
    id: raw.id,
    type: raw.type,
    outcome: raw.outcome as SourceOutcome,
    added: typeof raw.added === 'number' ? raw.added : 0,
    reason: typeof raw.reason === 'string' ? raw.reason : null,
  };
}

const present = <T>(value: T | null): value is T => value !== null;

export function parseStatus(raw: unknown): StreamStatus | null {
  if (!isRecord(raw) || typeof raw.isStreaming !== 'boolean') return null;
  const points = raw.dataPointsCollected;
  const interval = raw.updateInterval;
  if (typeof points !== 'number' || !Number.isInteger(points) || points < 0) return null;
  if (typeof interval !== 'number' || !(interval > 0)) return null;
  const cycle = raw.cycle;
  return {
    isStreaming: raw.isStreaming,
    lastUpdate: isTime(raw.lastUpdate) ? raw.lastUpdate : null,
    dataPointsCollected: points,
    updateInterval: interval,
    recentInsights: Array.isArray(raw.recentInsights)
      ? raw.recentInsights.map(parseInsight).filter(present)
      : [],
    cycle: cycle === 'running' || cycle === 'paused' || cycle === 'stopped' ? cycle : null,
    nextUpdate: isTime(raw.nextUpdate) ? raw.nextUpdate : null,
    sources: Array.isArray(raw.sources) ? raw.sources.map(parseSource).filter(present) : [],
  };
}

function parseEntry(raw: unknown): StreamEntry | null {
  if (!isRecord(raw) || typeof raw.id !== 'string' || !isType(raw.type)) return null;
  if (typeof raw.content !== 'string' || !isTime(raw.timestamp) || !isUnit(raw.significance)) {
    return null;
  }
  const impact = raw.emotional_impact;
  if (!isRecord(impact) || !isUnit(impact.curiosity) || !isUnit(impact.contentment)) return null;
  if (!isUnit(impact.empathy)) return null;
  return {
    id: raw.id,
    type: raw.type,
    content: raw.content,
    timestamp: raw.timestamp,
    significance: raw.significance,
    source: typeof raw.source === 'string' ? raw.source : '',
    emotional_impact: {
      curiosity: impact.curiosity,
      contentment: impact.contentment,
      empathy: impact.empathy,
    },
  };
}

export function parseData(raw: unknown): StreamEntry[] | null {
  if (!isRecord(raw) || !Array.isArray(raw.streamData)) return null;
  return raw.streamData.map(parseEntry).filter(present);
}

export type SignificanceColour = 'red' | 'yellow' | 'green';

/** Spec 001 §2, §9 rule 'significance colour': 0.8 or more red, 0.6 or more yellow, below that green. */
export function significanceColour(significance: number): SignificanceColour {
  if (significance >= 0.8) return 'red';
  if (significance >= 0.6) return 'yellow';
  return 'green';
}

/** 0.734 → '73%'. */
export function percent(value: number): string {
  return `${Math.round(value * 100)}%`;
}

/** Spec 001 §2 rule 'relative age': seconds, then minutes, then hours ('12s ago', '5m ago', '3h ago'). */
export function relativeAge(timestamp: string, now: number): string {
  const seconds = Math.max(0, Math.floor((now - Date.parse(timestamp)) / 1000));
  if (seconds < 60) return `${seconds}s ago`;
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `${minutes}m ago`;
  return `${Math.floor(minutes / 60)}h ago`;
}

/** Rule 'update interval in hours': the API's milliseconds as hours, at most two decimals (0.5, 1, 24). */
export function intervalHours(ms: number): string {
  return String(Math.round((ms / 3_600_000) * 100) / 100);
}

/** Spec 001 §2 rule 'emotional intensity': the mean of curiosity, contentment and empathy. */
export function emotionalIntensity(impact: Impact): number {
  return (impact.curiosity + impact.contentment + impact.empathy) / 3;
}

/** A source's line: "news (feeds.example): skipped: unreachable: …". */
export function sourceLabel(source: SourceReport): string {
  const name = source.id.startsWith('feed:') ? `${source.type}: ${source.id.slice(5)}` : source.id;
  const outcome =
    source.outcome === 'added' ? `added ${source.added}` : OUTCOME_TEXT[source.outcome];
  return source.reason ? `${name}: ${outcome} (${source.reason})` : `${name}: ${outcome}`;
}
