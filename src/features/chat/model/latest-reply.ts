// The 'Latest Reply' overlay's rules (spec 000 §2.2 variant A, §4, §9).

/** sessionStorage keys (spec 000 §9: the greeted flag and the last seen id live in session storage). */
export const LAST_SEEN_KEY = 'kiri-last-seen-message-id';
export const GREETED_KEY = 'kiri-greeted';

/**
 * It opens on its own only for a Kiri message newer than the last one the owner saw. Ids are UUIDv7,
 * made in time order, so the newer id is the greater one.
 */
export function shouldOpenLatestReply(
  newestKiriId: string | null | undefined,
  lastSeenId: string | null | undefined,
): boolean {
  if (!newestKiriId) return false;
  return !lastSeenId || newestKiriId > lastSeenId;
}

/** The last seen id only moves forward. */
export function laterSeenId(current: string | null | undefined, seen: string): string {
  return current && current >= seen ? current : seen;
}
