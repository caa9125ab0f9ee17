// Kiri's engine state on the device (spec 000 §3.9): when the owner last greeted, for the greeting filter.
import type { KiriDatabase } from './schema';

export const LAST_GREETING_KEY = 'lastGreetingTimestamp';

export async function readLastGreeting(db: KiriDatabase): Promise<number | null> {
  const value = (await db.engineState.get(LAST_GREETING_KEY))?.value;
  return typeof value === 'number' && Number.isFinite(value) ? value : null;
}

/** The owner sent a greeting to Kiri (not one the filter answered): the 30-minute window starts again. */
export async function recordGreeting(db: KiriDatabase, at: number): Promise<void> {
  await db.engineState.put({ key: LAST_GREETING_KEY, value: at });
}
