// The sleep mode screen's rules (spec 002 "Sleep mode control screen", §3 sleep status, §4 power
// states): how the server's status is read, which badge it shows, how system names read, and which
// cards and buttons are offered in each state.

export const SLEEP_STATUS_URL = '/api/sleep-mode/status';
/** Spec 002 §4, §9: the status is polled every 3 seconds. */
export const SLEEP_POLL_MS = 3_000;
export const DEFAULT_COST_STATUS = 'Full operation costs';

export interface SleepStatus {
  sleeping: boolean;
  deepPause: boolean;
  /** ISO 8601, or null when nothing has happened yet. */
  lastActivity: string | null;
  costSavings: string;
  activeSystems: string[];
  pausedSystems: string[];
  /** The owner's messages kept in deep pause and not answered yet (0 when the server does not say). */
  waitingMessages: number;
}

const names = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];

/**
 * The server's answer as a status. It may come bare (`{sleeping, deepPause, …}`), with `success: true`
 * beside the fields, or under `status`; the route is written apart from this client. Without the two
 * booleans it is not a status (null): a proxy's page or an error body must not read as AWAKE.
 */
export function parseSleepStatus(json: unknown): SleepStatus | null {
  if (typeof json !== 'object' || json === null) return null;
  const outer = json as Record<string, unknown>;
  const inner =
    typeof outer.status === 'object' && outer.status !== null
      ? (outer.status as Record<string, unknown>)
      : outer;
  if (typeof inner.sleeping !== 'boolean' || typeof inner.deepPause !== 'boolean') return null;
  const cost = typeof inner.costSavings === 'string' ? inner.costSavings.trim() : '';
  return {
    sleeping: inner.sleeping,
    deepPause: inner.deepPause,
    lastActivity:
      typeof inner.lastActivity === 'string' && !Number.isNaN(Date.parse(inner.lastActivity))
        ? inner.lastActivity
        : null,
    costSavings: cost || DEFAULT_COST_STATUS,
    activeSystems: names(inner.activeSystems),
    pausedSystems: names(inner.pausedSystems),
    waitingMessages:
      typeof inner.waitingMessages === 'number' && inner.waitingMessages > 0
        ? Math.floor(inner.waitingMessages)
        : 0,
  };
}

/**
 * Kiri has just answered the messages kept in deep pause (the count went to 0): the chat pulls them
 * now, instead of at the next send or the next time the app comes to the front.
 */
export function keptMessagesJustAnswered(
  previous: Pick<SleepStatus, 'waitingMessages'> | undefined,
  next: Pick<SleepStatus, 'waitingMessages'>,
): boolean {
  return (previous?.waitingMessages ?? 0) > 0 && next.waitingMessages === 0;
}

export type PowerState = 'DEEP PAUSE' | 'SLEEPING' | 'AWAKE';

/** The badge: deep pause wins over sleeping (the deeper state is the one in force). */
export function powerState(status: Pick<SleepStatus, 'sleeping' | 'deepPause'>): PowerState {
  if (status.deepPause) return 'DEEP PAUSE';
  if (status.sleeping) return 'SLEEPING';
  return 'AWAKE';
}

export interface CardRules {
  /** The deep-pause-active card with Manual Wake Up. */
  deepPauseActive: boolean;
  voiceWake: boolean;
  /** The Deep Pause activation card. */
  deepPauseActivation: boolean;
  enableSleepDisabled: boolean;
  resumeFullDisabled: boolean;
}

/**
 * Spec 002 §4: Manual Wake Up only in deep pause; voice wake only when sleeping or deep paused; Deep
 * Pause activation hidden while deep paused; Enable Sleep Mode disabled when already sleeping; Resume
 * Full Mode disabled unless sleeping.
 */
export function cardRules(status: Pick<SleepStatus, 'sleeping' | 'deepPause'>): CardRules {
  return {
    deepPauseActive: status.deepPause,
    voiceWake: status.sleeping || status.deepPause,
    deepPauseActivation: !status.deepPause,
    enableSleepDisabled: status.sleeping,
    resumeFullDisabled: !status.sleeping,
  };
}

/** An active system's name: dashes become spaces, each word title-cased ('dream-cycles' → 'Dream Cycles'). */
export function activeSystemLabel(name: string): string {
  return name
    .split('-')
    .filter((word) => word.length > 0)
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(' ');
}

/**
 * A paused system's name: camel case split into words ('dreamCycles' → 'Dream Cycles'; a run of
 * capitals stays one word: 'scheduledAIThoughts' → 'Scheduled AI Thoughts'), its first letter upper.
 */
export function pausedSystemLabel(name: string): string {
  const words = name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

export type Transition = 'enable' | 'disable' | 'deep-pause' | 'resume-all';

/** Spec 002 §7: each transition is a POST with no body. */
export function transitionUrl(transition: Transition): string {
  return `/api/sleep-mode/${transition}`;
}

const timeFormats = new Map<string, { time: Intl.DateTimeFormat; date: Intl.DateTimeFormat }>();

function formatsFor(timeZone: string | undefined) {
  const key = timeZone ?? '';
  let formats = timeFormats.get(key);
  if (!formats) {
    formats = {
      time: new Intl.DateTimeFormat('en-US', {
        timeZone,
        hour: 'numeric',
        minute: '2-digit',
        second: '2-digit',
      }),
      date: new Intl.DateTimeFormat('en-US', {
        timeZone,
        year: 'numeric',
        month: 'short',
        day: 'numeric',
      }),
    };
    timeFormats.set(key, formats);
  }
  return formats;
}

/**
 * The last activity as the status card shows it: 'Just now' when the server names none, the time of
 * day in the owner's zone when it was today there, and the date before it otherwise.
 */
export function lastActivityText(
  lastActivity: string | null,
  now: number,
  timeZone?: string,
): string {
  if (lastActivity === null) return 'Just now';
  const at = Date.parse(lastActivity);
  if (Number.isNaN(at)) return 'Just now';
  const { time, date } = formatsFor(timeZone);
  const sameDay = date.format(at) === date.format(now);
  return sameDay ? time.format(at) : `${date.format(at)}, ${time.format(at)}`;
}

/**
 * Why no status can be shown: the server refused this account (403: sleep mode is for the owner and
 * admins, the `system_control` permission) or it could not be reached (anything else). Only the
 * second is worth waiting for; the first must not read as a connection problem.
 */
export function statusFailure(httpStatus: number | null): 'denied' | 'unreachable' {
  return httpStatus === 403 ? 'denied' : 'unreachable';
}
