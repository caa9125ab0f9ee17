// The owner's zone: the server's word when it has answered, else what the device kept from before.
import { useLiveQuery } from 'dexie-react-hooks';
import { db } from '@/db/db';
import { readTimeZone } from '@/db/sync-settings';
import { useAuthStatus } from './auth-session';

/**
 * Undefined until known (the first read of the device store). `opening` is the zone the chat's opening
 * read found, used until the live read answers.
 */
export function useTimeZone(opening?: string): string | undefined {
  const fromServer = useAuthStatus().data?.timeZone;
  const kept = useLiveQuery(() => readTimeZone(db), []);
  return fromServer ?? kept ?? opening;
}
