// Settings the page learns from the server and the service worker needs when it works alone.
import { DEFAULT_TIME_ZONE } from '@/domain/day-session';
import type { KiriDatabase } from './schema';

/** The settings row of the owner's zone (also read without Dexie by the chat's opening snapshot). */
export const TIME_ZONE_KEY = 'timeZone';

export async function readTimeZone(db: KiriDatabase): Promise<string> {
  const value = (await db.settings.get(TIME_ZONE_KEY))?.value;
  return typeof value === 'string' && value ? value : DEFAULT_TIME_ZONE;
}

export async function saveTimeZone(db: KiriDatabase, timeZone: string): Promise<void> {
  if ((await db.settings.get(TIME_ZONE_KEY))?.value === timeZone) return;
  await db.settings.put({ key: TIME_ZONE_KEY, value: timeZone });
}
