// The owner's pending reminders on the server (GET /api/reminders), written over the device's copy.
import { db } from '@/db/db';
import { storeServerReminders } from '@/db/reminders';
import { parseReminderList, REMINDERS_URL } from '@/domain/reminders';
import { ApiError, apiRequest } from '@/lib/api';

export const REMINDERS_KEY = [REMINDERS_URL] as const;

/** Reads the server's list and merges it into the device's; returns how many the server listed. */
export async function syncReminders({ signal }: { signal?: AbortSignal }): Promise<number> {
  const askedAt = Date.now();
  const res = await apiRequest('GET', REMINDERS_URL, undefined, { signal });
  if (res.status === 429) throw new ApiError(429, res.statusText, '');
  const list = parseReminderList(await res.json().catch(() => null));
  if (!list) throw new Error('Unexpected answer from the server');
  await storeServerReminders(db, list, askedAt);
  return list.length;
}
