// The owner's messages of one conversation log, kept in time order as the log grows (issue 21): the mood
// is read on every chat, and rebuilding this list from the whole log each time (a filter, a map and a
// sort over up to 1000 entries, then a walk over all of it) grew with the log. The timeline follows the
// log by looking only at what changed since it last looked: entries appended at the end and entries the
// cap dropped from the front. Anything else (an unsent message, a reload, a log changed by other code)
// is noticed and the timeline is built again from the log, so it always equals the recompute
// (tests/unit/owner-timeline.test.ts). Nothing here is stored: after a restart it is built from the log
// that conversations.json holds, on the first read.
import type { ConversationEntry } from '../store/conversation-store';
import type { TimedText } from './focus-terms';
import { urgentRemembered } from './mood-rules';

/** An owner message in the timeline: its text and time, and its place in the log (ties by time). */
interface Point extends TimedText {
  seq: number;
  urgent: boolean;
}

/** Orders by time, then by place in the log: what a stable sort of the log by time gives. */
const before = (a: Point, b: Point) => a.at < b.at || (a.at === b.at && a.seq < b.seq);

/** The first index whose point is not before `point` (binary search). */
function lowerBound(points: readonly Point[], point: Point): number {
  let lo = 0;
  let hi = points.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (before(points[mid]!, point)) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** The first index whose time is after `time`. */
function afterTime(points: readonly Point[], time: number): number {
  let lo = 0;
  let hi = points.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (points[mid]!.at <= time) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

export class OwnerTimeline {
  /** The log's entries as last seen, in log order. */
  private seen: ConversationEntry[] = [];
  private nextSeq = 0;
  /** The owner's messages, by time (ties in log order). */
  private points: Point[] = [];
  /** The urgent ones among them, in the same order. */
  private urgent: Point[] = [];
  private readonly pointOf = new Map<ConversationEntry, Point>();
  /** How many times the timeline was built from the whole log (for the tests). */
  rebuilds = 0;

  /** Brings the timeline up to date with `log`: the new entries at its end, the dropped at its front. */
  sync(log: readonly ConversationEntry[]): void {
    const seen = this.seen;
    if (seen.length === 0) {
      for (const entry of log) this.add(entry);
      return;
    }
    if (log.length === 0) {
      this.rebuild(log);
      return;
    }
    // The front: how many of the entries seen have left it (the cap, or an unsend of the first).
    const dropped = seen.indexOf(log[0]!);
    const kept = seen.length - dropped;
    // What was seen and kept must still be there, in place: its last entry where it was, and its
    // middle. An unsend or an insertion anywhere moves the last one, and the log is read afresh.
    if (
      dropped === -1 ||
      kept > log.length ||
      log[kept - 1] !== seen[seen.length - 1] ||
      log[kept >> 1] !== seen[dropped + (kept >> 1)]
    ) {
      this.rebuild(log);
      return;
    }
    if (dropped === 0 && kept === log.length) return;
    for (let i = 0; i < dropped; i += 1) this.remove(seen[i]!);
    if (dropped > 0) this.seen = seen.slice(dropped);
    for (let i = kept; i < log.length; i += 1) this.add(log[i]!);
  }

  private rebuild(log: readonly ConversationEntry[]): void {
    this.rebuilds += 1;
    this.seen = [];
    this.points = [];
    this.urgent = [];
    this.pointOf.clear();
    for (const entry of log) this.add(entry);
  }

  private add(entry: ConversationEntry): void {
    const seq = this.nextSeq++;
    this.seen.push(entry);
    if (entry.sender !== 'user') return;
    const point: Point = {
      text: entry.message,
      at: entry.timestamp,
      seq,
      urgent: urgentRemembered(entry.message),
    };
    this.pointOf.set(entry, point);
    // Appended in log order with a growing seq: almost always at the end.
    this.points.splice(lowerBound(this.points, point), 0, point);
    if (point.urgent) this.urgent.splice(lowerBound(this.urgent, point), 0, point);
  }

  private remove(entry: ConversationEntry): void {
    const point = this.pointOf.get(entry);
    if (!point) return;
    this.pointOf.delete(entry);
    this.points.splice(lowerBound(this.points, point), 1);
    if (point.urgent) this.urgent.splice(lowerBound(this.urgent, point), 1);
  }

  /** Every owner message, by time: what `ownerTexts` used to build from the log. */
  all(): readonly TimedText[] {
    return this.points;
  }

  /** When the owner last wrote (the latest time of their messages), or null. */
  lastAt(): number | null {
    return this.points.at(-1)?.at ?? null;
  }

  /**
   * The owner's messages a window reads, as recentTexts gives them from the whole list: at most `max`,
   * written no later than `now` and within `windowMs` of it, newest last.
   */
  recent(now: number, windowMs: number, max: number): TimedText[] {
    const out: TimedText[] = [];
    for (let i = afterTime(this.points, now) - 1; i >= 0 && out.length < max; i -= 1) {
      const point = this.points[i]!;
      if (now - point.at > windowMs) break;
      out.push(point);
    }
    return out.reverse();
  }

  /** lastUrgentAt's answer from the urgent messages alone: the newest at or before now, within `within`. */
  lastUrgentAt(now: number, within: number): number | null {
    const index = afterTime(this.urgent, now) - 1;
    if (index < 0) return null;
    const at = this.urgent[index]!.at;
    return now - at > within ? null : at;
  }
}

/** One timeline per log array: a log replaced (a reload, a restore) gets a new one. */
const timelines = new WeakMap<readonly ConversationEntry[], OwnerTimeline>();

/** The owner timeline of `log`, brought up to date. */
export function ownerTimelineOf(log: readonly ConversationEntry[]): OwnerTimeline {
  let timeline = timelines.get(log);
  if (!timeline) {
    timeline = new OwnerTimeline();
    timelines.set(log, timeline);
  }
  timeline.sync(log);
  return timeline;
}
