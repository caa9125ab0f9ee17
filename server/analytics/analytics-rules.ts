// The Analytics and Monitoring pages' figures (docs/analytics.md), from one account's conversation log, its
// exactly-once records and the push log: the owner's zone's days and hours, the parts of a reply, who
// wrote it, and nearest-rank percentiles. Plain functions; each walks its input a fixed number of times and
// keeps per-day or per-hour lists, so an answer costs time linear in the number of entries.
import { wallTimeAt, type WallTime } from '../../src/domain/zoned-time';
import { DEVICE_PROVIDER } from '../../src/engine/companion/types';
import { CONVERSATION_LOG_CAP } from '../chat/conversation-log';
import { PAUSED_PROVIDER } from '../chat/deep-pause';
import type { PushLogEntry } from '../push/push-log';
import type { ConversationEntry, IdempotencyRecord } from '../store/conversation-store';
import type {
  DayCounts,
  DayLatency,
  HourCounts,
  LatencyBin,
} from '../../src/domain/analytics-figures';

export type { DayCounts, DayLatency, HourCounts, LatencyBin };

export const MINUTE_MS = 60_000;
export const HOUR_MS = 60 * MINUTE_MS;
export const DAY_MS = 24 * HOUR_MS;
/** The Analytics page's range: the last 30 days (today included). */
export const DEFAULT_DAYS = 30;
/** The log keeps 1000 entries (spec 000 §9): a longer range than this would be mostly empty. */
export const MAX_DAYS = 90;
/** The Monitoring page: the current hour and the 23 before it. */
export const MONITORING_HOURS = 24;
/** A reply whose provider neither its entries nor a kept record name (written before the log said). */
export const UNKNOWN_PROVIDER = 'unknown';

/**
 * The latency distribution's bins, each from the one before up to (not including) its bound, in ms:
 * the local engine answers within a second, a provider within seconds, a reply owed from deep pause or
 * a message held in the outbox much later.
 */
export const LATENCY_BIN_BOUNDS_MS: readonly number[] = [
  1_000,
  3_000,
  10_000,
  30_000,
  2 * MINUTE_MS,
  10 * MINUTE_MS,
  HOUR_MS,
];

const pad = (value: number) => String(value).padStart(2, '0');

/** `yyyy-MM-dd` of a wall-clock time. */
export function dayKeyOf(wall: Pick<WallTime, 'year' | 'month' | 'day'>): string {
  return `${String(wall.year).padStart(4, '0')}-${pad(wall.month)}-${pad(wall.day)}`;
}

/** Rule 'a message counts on its day in the owner's zone': the day of an instant in `timeZone`. */
export function dayKeyAt(instant: number, timeZone: string): string {
  return dayKeyOf(wallTimeAt(instant, timeZone));
}

/** Rule 'the range is today and the days before it': `days` day keys in `timeZone`, oldest first. */
export function dayKeysEndingAt(now: number, timeZone: string, days: number): string[] {
  const today = wallTimeAt(now, timeZone);
  const keys: string[] = [];
  for (let back = days - 1; back >= 0; back -= 1) {
    // Calendar arithmetic at noon UTC: no zone's offset or DST moves it to another date.
    const date = new Date(Date.UTC(today.year, today.month - 1, today.day - back, 12));
    keys.push(
      dayKeyOf({
        year: date.getUTCFullYear(),
        month: date.getUTCMonth() + 1,
        day: date.getUTCDate(),
      }),
    );
  }
  return keys;
}

/**
 * Rule 'nearest-rank percentile': the smallest value with at least p% of the values at or below it
 * (always one of the values, never an interpolation); null for no values. Quickselect on a copy:
 * expected time linear in the number of values.
 */
export function percentile(values: readonly number[], p: number): number | null {
  if (values.length === 0) return null;
  const rank = Math.min(values.length, Math.max(1, Math.ceil((p / 100) * values.length)));
  return selectKth([...values], rank - 1);
}

function selectKth(values: number[], k: number): number {
  let lo = 0;
  let hi = values.length - 1;
  while (lo < hi) {
    const pivot = values[(lo + hi) >>> 1]!;
    // Three-way partition: lo..lt-1 below the pivot, lt..gt equal, gt+1..hi above.
    let lt = lo;
    let gt = hi;
    let i = lo;
    while (i <= gt) {
      const value = values[i]!;
      if (value < pivot) swap(values, lt++, i++);
      else if (value > pivot) swap(values, i, gt--);
      else i += 1;
    }
    if (k < lt) hi = lt - 1;
    else if (k > gt) lo = gt + 1;
    else return pivot;
  }
  return values[lo]!;
}

function swap(values: number[], a: number, b: number): void {
  const held = values[a]!;
  values[a] = values[b]!;
  values[b] = held;
}

/** One of Kiri's replies, seen from the owner's message it answers. */
export interface ReplyFacts {
  /** When its first part came. */
  firstAt: number;
  /** Who wrote it, as its entries or a kept record say; null when neither does. */
  provider: string | null;
  /** Written on the device while the server was out of reach (its parts are `writtenOffline`). */
  offline: boolean;
}

/**
 * Who wrote each of Kiri's logged parts, as the exactly-once records of the chat say (kept 30 days): the
 * answers from before the log named its provider. The earliest record naming a part wins (a later one
 * is the same answer given again). Records of deep pause's 202 name no part and no provider.
 */
export function providersFromRecords(
  records: Readonly<Record<string, IdempotencyRecord>>,
): Map<string, { provider: string; at: number }> {
  const byPart = new Map<string, { provider: string; at: number }>();
  for (const record of Object.values(records)) {
    const answer = record.answer;
    if (answer.kind !== 'chat' || answer.deepPause || answer.provider === PAUSED_PROVIDER) continue;
    for (const id of answer.kiriIds) {
      const known = byPart.get(id);
      if (!known || record.at < known.at)
        byPart.set(id, { provider: answer.provider, at: record.at });
    }
  }
  return byPart;
}

/**
 * Rule 'a reply is every part of Kiri's that answers one message, and it came with its first part':
 * Kiri's entries grouped by the owner's message they answer (`answersId`). Her messages that answer
 * none (the day's greeting, a push message, a photo's answer, the welcome) are not replies.
 */
export function repliesByQuestion(
  log: readonly ConversationEntry[],
  recorded: ReadonlyMap<string, { provider: string }> = new Map(),
): Map<string, ReplyFacts> {
  const replies = new Map<string, ReplyFacts>();
  for (const entry of log) {
    if (entry.sender !== 'kiri' || entry.answersId === null) continue;
    const provider = entry.provider ?? recorded.get(entry.id)?.provider ?? null;
    const facts = replies.get(entry.answersId);
    if (!facts) {
      replies.set(entry.answersId, {
        firstAt: entry.timestamp,
        provider,
        offline: entry.writtenOffline === true,
      });
      continue;
    }
    facts.firstAt = Math.min(facts.firstAt, entry.timestamp);
    facts.provider ??= provider;
    facts.offline &&= entry.writtenOffline === true;
  }
  return replies;
}

/** Rule 'provider use': the device for a reply written offline, else who its entries name, else unknown. */
export function providerOf(reply: ReplyFacts): string {
  if (reply.offline) return DEVICE_PROVIDER;
  return reply.provider ?? UNKNOWN_PROVIDER;
}

/** Rule 'reply latency': from the owner's message to Kiri's first part (never below zero). */
export function latencyOf(askedAt: number, reply: ReplyFacts): number {
  return Math.max(0, reply.firstAt - askedAt);
}

/** Rule 'the distribution's bins': the index of the bin a latency falls in. */
export function latencyBinOf(latencyMs: number): number {
  const index = LATENCY_BIN_BOUNDS_MS.findIndex((bound) => latencyMs < bound);
  return index === -1 ? LATENCY_BIN_BOUNDS_MS.length : index;
}

/** Entries the mirror bridge imported from another chat's export are history, not this conversation. */
export function isCounted(entry: ConversationEntry): boolean {
  return entry.imported !== true;
}

export interface SummaryInput {
  log: readonly ConversationEntry[];
  records: Readonly<Record<string, IdempotencyRecord>>;
  now: number;
  timeZone: string;
  days: number;
}

export interface AnalyticsSummary {
  timeZone: string;
  days: number;
  from: string;
  to: string;
  messages: { days: DayCounts[]; hours: HourCounts[]; owner: number; kiri: number };
  latency: {
    days: DayLatency[];
    bins: LatencyBin[];
    replies: number;
    p50Ms: number | null;
    p90Ms: number | null;
    /** Replies the device wrote offline, counted but not timed. */
    deviceReplies: number;
  };
  /** Replies to the owner's messages of the range, by who wrote them, most first. */
  providers: { provider: string; replies: number }[];
  /** Imported history in the range, left out of every figure. */
  imported: number;
  /**
   * The log as kept: it holds the newest CONVERSATION_LOG_CAP entries, so once full, days before its
   * oldest entry show fewer messages than were sent.
   */
  log: { entries: number; cap: number; oldestAt: number | null };
}

/**
 * The Analytics page's figures for the last `days` days in the owner's zone: messages per day and by
 * hour of day (the owner's and Kiri's), reply latency per day (median, p90) and its distribution, and
 * provider use. A message counts on the day and hour of its timestamp in `timeZone`; a reply's latency
 * and provider count on its question's day. Device replies are counted under 'device' but not timed:
 * their parts keep the time the device showed them, not a time the server waited.
 */
export function analyticsSummary(input: SummaryInput): AnalyticsSummary {
  const { log, records, now, timeZone, days } = input;
  const keys = dayKeysEndingAt(now, timeZone, days);
  const dayIndex = new Map(keys.map((key, index) => [key, index]));
  const perDay: DayCounts[] = keys.map((day) => ({ day, owner: 0, kiri: 0 }));
  const perHour: HourCounts[] = Array.from({ length: 24 }, (_, hour) => ({
    hour,
    owner: 0,
    kiri: 0,
  }));
  const dayLatencies: number[][] = keys.map(() => []);
  const all: number[] = [];
  const bins = new Array<number>(LATENCY_BIN_BOUNDS_MS.length + 1).fill(0);
  const providers = new Map<string, number>();
  const replies = repliesByQuestion(log, providersFromRecords(records));
  let deviceReplies = 0;
  let imported = 0;
  let oldestAt: number | null = null;
  for (const entry of log) oldestAt = Math.min(oldestAt ?? entry.timestamp, entry.timestamp);
  // Nothing older than a day before the range can fall in it, whatever the zone: no format call for it.
  const earliest = now - (days + 1) * DAY_MS;

  for (const entry of log) {
    if (entry.timestamp < earliest) continue;
    const wall = wallTimeAt(entry.timestamp, timeZone);
    const index = dayIndex.get(dayKeyOf(wall));
    if (index === undefined) continue;
    if (!isCounted(entry)) {
      imported += 1;
      continue;
    }
    const side = entry.sender === 'user' ? 'owner' : 'kiri';
    perDay[index]![side] += 1;
    perHour[wall.hour]![side] += 1;
    if (entry.sender !== 'user') continue;
    const reply = replies.get(entry.id);
    if (!reply) continue;
    const provider = providerOf(reply);
    providers.set(provider, (providers.get(provider) ?? 0) + 1);
    if (reply.offline) {
      deviceReplies += 1;
      continue;
    }
    const latency = latencyOf(entry.timestamp, reply);
    dayLatencies[index]!.push(latency);
    all.push(latency);
    bins[latencyBinOf(latency)]! += 1;
  }

  return {
    timeZone,
    days,
    from: keys[0]!,
    to: keys.at(-1)!,
    messages: {
      days: perDay,
      hours: perHour,
      owner: perDay.reduce((sum, day) => sum + day.owner, 0),
      kiri: perDay.reduce((sum, day) => sum + day.kiri, 0),
    },
    latency: {
      days: keys.map((day, index) => {
        const values = dayLatencies[index]!;
        return {
          day,
          replies: values.length,
          p50Ms: percentile(values, 50),
          p90Ms: percentile(values, 90),
        };
      }),
      bins: bins.map((replies, index) => ({
        fromMs: index === 0 ? 0 : LATENCY_BIN_BOUNDS_MS[index - 1]!,
        toMs: LATENCY_BIN_BOUNDS_MS[index] ?? null,
        replies,
      })),
      replies: all.length,
      p50Ms: percentile(all, 50),
      p90Ms: percentile(all, 90),
      deviceReplies,
    },
    providers: [...providers]
      .map(([provider, count]) => ({ provider, replies: count }))
      .sort((a, b) => b.replies - a.replies || a.provider.localeCompare(b.provider)),
    imported,
    log: { entries: log.length, cap: CONVERSATION_LOG_CAP, oldestAt },
  };
}

/**
 * Rule 'the monitoring window': the start of the current hour on the owner's clock (a zone half an hour
 * off UTC starts its hours at :30 UTC) and the 23 hours before it.
 */
export function monitoringWindow(
  now: number,
  timeZone: string,
): { start: number; hours: number[] } {
  const wall = wallTimeAt(now, timeZone);
  const hourStart = now - wall.minute * MINUTE_MS - (((now % MINUTE_MS) + MINUTE_MS) % MINUTE_MS);
  const start = hourStart - (MONITORING_HOURS - 1) * HOUR_MS;
  return {
    start,
    hours: Array.from({ length: MONITORING_HOURS }, (_, index) => start + index * HOUR_MS),
  };
}

/** The window's hour an instant falls in, or -1 outside it (before it, or after now). */
export function hourIndexOf(instant: number, start: number, now: number): number {
  if (instant < start || instant > now) return -1;
  const index = Math.floor((instant - start) / HOUR_MS);
  return index < MONITORING_HOURS ? index : -1;
}

export interface MonitoringInput {
  log: readonly ConversationEntry[];
  records: Readonly<Record<string, IdempotencyRecord>>;
  /** The push log's entries of the viewer's own users. */
  pushes: readonly PushLogEntry[];
  now: number;
  timeZone: string;
}

export interface MonitoringHour {
  /** When the hour began (ms). */
  start: number;
  /** Its hour on the owner's clock, 0 to 23. */
  hour: number;
  messagesIn: number;
  repliesOut: number;
  /** Replies timed for the hour's messages. */
  latencyReplies: number;
  p50Ms: number | null;
  p95Ms: number | null;
  pushSent: number;
  pushFailed: number;
  pushExpired: number;
  /** Replies the device wrote offline that reached the server in this hour. */
  deviceReplies: number;
}

export type MonitoringTotals = Omit<MonitoringHour, 'start' | 'hour'>;

export interface MonitoringSummary {
  timeZone: string;
  start: number;
  hours: MonitoringHour[];
  totals: MonitoringTotals;
}

/**
 * Rule 'a device reply arrived when its request's record was written': the chat's records of replies the
 * device wrote, one per owner message (the earliest, should two devices have sent it), by arrival time.
 */
export function deviceReplyArrivals(
  records: Readonly<Record<string, IdempotencyRecord>>,
): number[] {
  const byMessage = new Map<string, number>();
  for (const record of Object.values(records)) {
    const answer = record.answer;
    if (answer.kind !== 'chat' || answer.provider !== DEVICE_PROVIDER || !answer.userMessage) {
      continue;
    }
    const id = answer.userMessage.id;
    byMessage.set(id, Math.min(byMessage.get(id) ?? Infinity, record.at));
  }
  return [...byMessage.values()];
}

/**
 * The Monitoring page's figures for the last 24 hours by the owner's clock hours: the owner's messages
 * in, Kiri's replies out (the server's, by their first part), latency p50 and p95 of the hour's messages,
 * push deliveries sent, failed and expired (per device), and the device's offline replies by the hour
 * they reached the server.
 */
export function monitoringSummary(input: MonitoringInput): MonitoringSummary {
  const { log, records, pushes, now, timeZone } = input;
  const { start, hours } = monitoringWindow(now, timeZone);
  const rows: MonitoringHour[] = hours.map((hourStart) => ({
    start: hourStart,
    hour: wallTimeAt(hourStart, timeZone).hour,
    messagesIn: 0,
    repliesOut: 0,
    latencyReplies: 0,
    p50Ms: null,
    p95Ms: null,
    pushSent: 0,
    pushFailed: 0,
    pushExpired: 0,
    deviceReplies: 0,
  }));
  const latencies: number[][] = rows.map(() => []);
  const all: number[] = [];
  const replies = repliesByQuestion(log);

  for (const entry of log) {
    if (entry.sender !== 'user' || !isCounted(entry)) continue;
    const index = hourIndexOf(entry.timestamp, start, now);
    if (index === -1) continue;
    rows[index]!.messagesIn += 1;
    const reply = replies.get(entry.id);
    if (!reply || reply.offline) continue;
    const latency = latencyOf(entry.timestamp, reply);
    latencies[index]!.push(latency);
    all.push(latency);
  }
  for (const reply of replies.values()) {
    if (reply.offline) continue;
    const index = hourIndexOf(reply.firstAt, start, now);
    if (index !== -1) rows[index]!.repliesOut += 1;
  }
  for (const arrivedAt of deviceReplyArrivals(records)) {
    const index = hourIndexOf(arrivedAt, start, now);
    if (index !== -1) rows[index]!.deviceReplies += 1;
  }
  for (const push of pushes) {
    const index = hourIndexOf(push.at, start, now);
    if (index === -1) continue;
    rows[index]!.pushSent += push.sent;
    rows[index]!.pushFailed += push.failed;
    rows[index]!.pushExpired += push.removed;
  }
  rows.forEach((row, index) => {
    const values = latencies[index]!;
    row.latencyReplies = values.length;
    row.p50Ms = percentile(values, 50);
    row.p95Ms = percentile(values, 95);
  });

  const sum = (pick: (row: MonitoringHour) => number) =>
    rows.reduce((total, row) => total + pick(row), 0);
  return {
    timeZone,
    start,
    hours: rows,
    totals: {
      messagesIn: sum((row) => row.messagesIn),
      repliesOut: sum((row) => row.repliesOut),
      latencyReplies: all.length,
      p50Ms: percentile(all, 50),
      p95Ms: percentile(all, 95),
      pushSent: sum((row) => row.pushSent),
      pushFailed: sum((row) => row.pushFailed),
      pushExpired: sum((row) => row.pushExpired),
      deviceReplies: sum((row) => row.deviceReplies),
    },
  };
}
