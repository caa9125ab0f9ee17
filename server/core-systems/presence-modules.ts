// The advanced presence group's cards (spec 001 §2) and the quiet hours' two cards: plain builders from
// the scheduler, the thought map, the memory lattice, the exactly-once store and the login throttle.
import { hourAt } from '../../src/domain/zoned-time';
import type { ThrottleStats } from '../auth/attempt-throttle';
import type { GateStats } from '../chat/idempotency';
import type { MoodState, ThoughtMap } from '../mood/mood-service';
import type { PowerState } from '../power/power-rules';
import {
  isQuietHour,
  jobRunsIn,
  MAX_THOUGHTS_PER_DAY,
  NUDGE_SILENCE_MS,
  QUIET_END_HOUR,
  QUIET_START_HOUR,
  THOUGHT_WINDOW_END_HOUR,
  THOUGHT_WINDOW_START_HOUR,
  thoughtTimes,
  type JobKind,
} from '../schedule/schedule-rules';
import type { ScheduleFile } from '../schedule/schedule-store';
import type { ConversationEntry, IdempotencyRecord } from '../store/conversation-store';
import type { MemoryNode } from '../store/memory-store';

const iso = (ms: number | null | undefined) => (ms == null ? null : new Date(ms).toISOString());
const HOUR = 60 * 60_000;
const hh = (hour: number) => `${String(hour).padStart(2, '0')}:00`;

const JOB_KINDS: readonly JobKind[] = [
  'morning',
  'evening',
  'nudge',
  'thought',
  'reminder',
  'task',
];
/** The jobs the quiet hours hold back (the others keep their own times, 09:00 and 20:00, or the owner's). */
const QUIET_HELD: readonly JobKind[] = ['nudge', 'thought'];
const POWER_STATES: readonly PowerState[] = ['awake', 'sleeping', 'deep-pause'];

/**
 * Rule 'hush rules': every rule the hush agent applies: for each job kind and power state, whether the
 * state lets it out (schedule-rules jobRunsIn), plus the quiet hours' hold on the nudge and the thoughts.
 * The spec calls the hush agent "138+ seeds"; Kiri's has exactly these, and says so.
 */
export function hushRulesOf(): { job: JobKind; when: string; runs: boolean }[] {
  const rules: { job: JobKind; when: string; runs: boolean }[] = [];
  for (const job of JOB_KINDS) {
    for (const state of POWER_STATES) rules.push({ job, when: state, runs: jobRunsIn(job, state) });
  }
  for (const job of QUIET_HELD) {
    rules.push({ job, when: `${hh(QUIET_START_HOUR)}-${hh(QUIET_END_HOUR)}`, runs: false });
  }
  return rules;
}

/** Rule 'hush config': the quiet hours' settings, as the scheduler applies them. */
export function hushConfigOf(input: { timeZone: string; thoughtsPerDay: number }) {
  return {
    quietHours: { start: hh(QUIET_START_HOUR), end: hh(QUIET_END_HOUR) },
    timeZone: input.timeZone,
    nudgeAfterSilenceHours: NUDGE_SILENCE_MS / HOUR,
    thoughtsPerDay: Math.max(0, Math.min(MAX_THOUGHTS_PER_DAY, Math.floor(input.thoughtsPerDay))),
    thoughtWindow: { start: hh(THOUGHT_WINDOW_START_HOUR), end: hh(THOUGHT_WINDOW_END_HOUR) },
    heldInQuietHours: [...QUIET_HELD],
    seeds: hushRulesOf().length,
  };
}

/**
 * Rule 'hush agent': hushing now when it is the quiet hours in TIME_ZONE or Kiri sleeps or is in deep
 * pause; what is held now is every job the moment does not let out.
 */
export function hushAgentOf(input: { now: number; timeZone: string; power: PowerState }) {
  const quiet = isQuietHour(input.now, input.timeZone);
  const held = JOB_KINDS.filter(
    (job) => !jobRunsIn(job, input.power) || (quiet && QUIET_HELD.includes(job)),
  );
  const reason =
    input.power === 'deep-pause'
      ? 'Deep pause: nothing goes out'
      : input.power === 'sleeping'
        ? 'Sleeping: only the morning and evening messages go out'
        : quiet
          ? `Quiet hours (${hh(QUIET_START_HOUR)}-${hh(QUIET_END_HOUR)}): no nudge, no thought`
          : 'Awake outside the quiet hours: nothing held';
  return {
    status: held.length > 0 ? ('hushing' as const) : ('listening' as const),
    quietHoursNow: quiet,
    localHour: hourAt(input.now, input.timeZone),
    powerState: input.power,
    held,
    reason,
    seeds: hushRulesOf().length,
  };
}

/**
 * Rule 'autonomous messages': the scheduler's own messages: the morning and evening ones, the nudge and
 * the thoughts (schedule.json), Kiri's unprompted messages in the log over the last 7 days, and the
 * devices a push can reach.
 */
export function autonomousMessagesOf(input: {
  schedule: ScheduleFile;
  log: readonly ConversationEntry[];
  pushDevices: number;
  now: number;
}) {
  const { schedule } = input;
  const weekAgo = input.now - 7 * 24 * HOUR;
  const unprompted = input.log.filter(
    (entry) => entry.sender === 'kiri' && entry.answersId === null && entry.timestamp >= weekAgo,
  );
  const daily = (job: ScheduleFile['morning']) => ({
    nextDueAt: iso(job.nextDueAt),
    lastSentAt: iso(job.lastFiredAt),
    lastSkippedAt: iso(job.lastSkippedAt),
  });
  return {
    morning: daily(schedule.morning),
    evening: daily(schedule.evening),
    lastNudgeAt: iso(schedule.nudge.lastFiredAt),
    thoughtsHandledToday: schedule.thoughts.handled.length,
    sentLast7Days: unprompted.length,
    lastSentAt: iso(unprompted.at(-1)?.timestamp),
    pushDevices: input.pushDevices,
  };
}

/**
 * Rule 'drift spark': what Kiri would bring up unprompted: the thought map's strongest focus, and the
 * memory that matters most among those not recalled for the longest. Plus the day's planned spontaneous
 * thoughts (none when THOUGHTS_PER_DAY is 0, the default).
 */
export function driftSparkOf(input: {
  map: ThoughtMap;
  nodes: readonly MemoryNode[];
  thoughtsPerDay: number;
  day: string;
  timeZone: string;
  handled: readonly number[];
  now: number;
}) {
  const spark = [...input.nodes]
    .filter((node) => !node.ownerOnly)
    .sort(
      (a, b) =>
        b.importance - a.importance ||
        (a.lastAccessedAt ?? a.timestamp) - (b.lastAccessedAt ?? b.timestamp),
    )[0];
  const planned = thoughtTimes(input.day, input.thoughtsPerDay, input.timeZone);
  const next = planned.find((at) => at > input.now && !input.handled.includes(at));
  return {
    enabled: planned.length > 0,
    thoughtsPlannedToday: planned.length,
    nextThoughtAt: iso(next),
    focus: input.map.focus[0]?.term ?? null,
    spark: spark ? spark.content.slice(0, 140) : null,
    sparkImportance: spark?.importance ?? null,
  };
}

/**
 * Rule 'slipstream health': exactly-once delivery. The records held (live ones, for the account), the
 * replays answered and the conflicting reuses refused since the server started, and requests in flight.
 * Healthy when nothing is in conflict since start or replays outnumber the conflicts.
 */
export function slipstreamHealthOf(input: {
  records: Readonly<Record<string, IdempotencyRecord>>;
  gates: readonly GateStats[];
  now: number;
  liveFor: number;
}) {
  const times = Object.values(input.records).map((record) => record.at);
  const live = times.filter((at) => input.now - at <= input.liveFor);
  const replays = input.gates.reduce((sum, gate) => sum + gate.replays, 0);
  const conflicts = input.gates.reduce((sum, gate) => sum + gate.conflicts, 0);
  const inFlight = input.gates.reduce((sum, gate) => sum + gate.inFlight, 0);
  return {
    status:
      conflicts === 0 || replays >= conflicts ? ('healthy' as const) : ('conflicted' as const),
    recordsHeld: live.length,
    oldestRecordAt: iso(live.length === 0 ? null : Math.min(...live)),
    replaysAnswered: replays,
    conflictsRefused: conflicts,
    inFlight,
  };
}

/**
 * Rule 'emotional mirror': how Kiri met the owner's feelings: the maintenance monitor's emotional
 * resonance and satisfaction (0-100 or null), and the feeling she reads now.
 */
export function emotionalMirrorOf(input: {
  resonance: number | null;
  satisfaction: number | null;
  mood: MoodState;
}) {
  const feeling = input.mood.ownerFeeling;
  return {
    resonance: input.resonance,
    satisfaction: input.satisfaction,
    ownerFeeling: feeling,
    reading:
      input.mood.messagesRead === 0
        ? 'nothing recent'
        : feeling <= -0.05
          ? 'low'
          : feeling >= 0.05
            ? 'good'
            : 'even',
    kiriMode: input.mood.mode,
  };
}

/** Rule 'mindmap': the thought map, and the lattice's links between memories. */
export function mindmapOf(input: { map: ThoughtMap; nodes: readonly MemoryNode[] }) {
  const links = input.nodes.reduce((sum, node) => sum + node.linkedNodes.length, 0) / 2;
  return {
    isThinking: input.map.isThinking,
    mode: input.map.mode,
    focus: input.map.focus.map((term) => ({
      term: term.term,
      weight: term.weight,
      category: term.category,
    })),
    contextSummary: input.map.contextSummary,
    messagesRead: input.map.messagesRead,
    memoryNodes: input.nodes.length,
    memoryLinks: Math.round(links),
  };
}

/** Rule 'guardian shield': the login and pairing throttles since the server started. */
export function guardianShieldOf(input: { login: ThrottleStats; pairing: ThrottleStats }) {
  const { login, pairing } = input;
  return {
    status:
      login.lockedNow + pairing.lockedNow > 0 ? ('defending' as const) : ('watching' as const),
    failedAttempts: login.failed,
    refusedAttempts: login.refused,
    lockedNow: login.lockedNow,
    trackedClients: login.tracked,
    recentFailures: login.recentFailures,
    pairing: { failed: pairing.failed, refused: pairing.refused, lockedNow: pairing.lockedNow },
  };
}
