// The app badge (issue 10): how many of Kiri's messages the owner has not seen. "Seen" is plain: the
// newest Kiri message the chat showed while it was in view; every Kiri message after it is unread.
// A push counts at once, before its message reaches the device; counted by id, so the message the
// pull brings in later is not counted twice.

export interface KiriMessageStamp {
  id: string;
  timestamp: number;
}

export interface SeenMarker {
  /** The time of the newest Kiri message shown while the chat was in view. */
  timestamp: number;
  /** When (device time) that message was shown: pushes that came before are seen with it. */
  at: number;
}

export interface PushedMessage {
  /** The pushed message's id (pushes without one, such as a test, are not Kiri's messages). */
  id: string;
  /** When the push arrived. */
  receivedAt: number;
}

/**
 * Unread = Kiri's messages on the device newer than the marker, plus pushed messages not on the
 * device yet that arrived after it. Without a marker (the chat never seen on this device) the
 * messages already here count as read: a badge of the whole history would be noise.
 */
export function unreadKiriCount(
  messages: readonly KiriMessageStamp[],
  seen: SeenMarker | null,
  pushed: readonly PushedMessage[],
): number {
  const unread = new Set<string>();
  if (seen) {
    for (const message of messages) if (message.timestamp > seen.timestamp) unread.add(message.id);
  }
  const onDevice = new Set(messages.map((message) => message.id));
  for (const push of pushed) {
    if (onDevice.has(push.id)) continue; // counted above by its own time, or already seen
    if (seen && push.receivedAt <= seen.at) continue;
    unread.add(push.id);
  }
  return unread.size;
}

/**
 * The marker after the chat showed `shown` in view at `now`: the newest time among them. It only
 * moves forward; a view of older messages (an earlier day) leaves it where it is.
 */
export function nextSeenMarker(
  current: SeenMarker | null,
  shown: readonly KiriMessageStamp[],
  now: number,
): SeenMarker | null {
  let newest = current?.timestamp ?? -Infinity;
  for (const message of shown) newest = Math.max(newest, message.timestamp);
  if (newest === -Infinity || newest === current?.timestamp) return current;
  return { timestamp: newest, at: now };
}

/** Pushed ids worth keeping: not seen yet, not on the device yet, the newest PUSHED_MAX. */
export function keptPushes(
  pushed: readonly PushedMessage[],
  seen: SeenMarker | null,
  onDevice: ReadonlySet<string>,
): PushedMessage[] {
  return pushed
    .filter((push) => !onDevice.has(push.id) && !(seen && push.receivedAt <= seen.at))
    .slice(-PUSHED_MAX);
}

/** At most this many pushed ids are remembered (the oldest go first). */
export const PUSHED_MAX = 50;

export interface BadgeTarget {
  setAppBadge?: (count?: number) => Promise<void>;
  clearAppBadge?: () => Promise<void>;
}

/**
 * Shows the count where the browser has an app badge (Chromium installed apps, Safari 16.4+ Home
 * Screen apps); elsewhere nothing. Zero clears it. Never throws: a badge is not worth an error.
 */
export async function showBadge(target: BadgeTarget | undefined, count: number): Promise<boolean> {
  if (!target || typeof target.setAppBadge !== 'function') return false;
  try {
    if (count > 0) await target.setAppBadge(count);
    else if (typeof target.clearAppBadge === 'function') await target.clearAppBadge();
    else await target.setAppBadge(0);
    return true;
  } catch {
    // Refused (no permission for notifications in Safari, or not installed): nothing to show.
    return false;
  }
}
