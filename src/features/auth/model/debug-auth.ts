// What /debug-auth shows of the browser's own storage (issue 14 item 6: the local flags and the session,
// never a secret). The auth flags hold no secret (a login flag, a time, a client id the server checks
// against the session); the session cookie is HttpOnly, so no script of the page can read it at all.
import { AUTH_FLAG_KEYS, PENDING_LOGOUT_KEY } from '@/domain/auth';

/** The local-storage keys the debug page lists: the auth flags of spec 000 §3.10 and the pending logout. */
export const DEBUG_LOCAL_KEYS: readonly string[] = [
  ...Object.values(AUTH_FLAG_KEYS),
  PENDING_LOGOUT_KEY,
];

/** The app's keys start with this; anything else in the browser's storage is not the app's to show. */
const APP_PREFIX = 'kiri-';

export interface StorageLike {
  readonly length: number;
  key(index: number): string | null;
  getItem(key: string): string | null;
}

/** The app's keys in a storage area (the browser session's), sorted, with their values. */
export function appEntries(storage: StorageLike | null): Array<[string, string | null]> {
  if (!storage) return [];
  const keys: string[] = [];
  for (let i = 0; i < storage.length; i += 1) {
    const key = storage.key(i);
    if (key?.startsWith(APP_PREFIX)) keys.push(key);
  }
  return keys.sort().map((key) => [key, storage.getItem(key)]);
}
