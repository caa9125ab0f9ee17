// What the signed-in app starts on the device, loaded apart from the first screen (it brings Dexie).
import { db } from '@/db/db';
import { ensurePersistentStorage } from '@/db/storage-persist';
import { saveTimeZone } from '@/db/sync-settings';
import { afterNextPaint } from '@/lib/after-paint';
import { preloadDeviceEngineWhenIdle } from '@/lib/device-engine';
import { startOutboxSync } from '@/lib/outbox-sync';
import { listenForNotificationOpen } from './notification-open';

let started = false;

/**
 * Once per page: the outbox's replay triggers, where a notification's click leads (`navigate`, the
 * router's), offline replies (after the first paint), then the request for persistent storage.
 */
export async function startDeviceServices(navigate?: (url: string) => unknown): Promise<void> {
  if (started) return;
  started = true;
  startOutboxSync();
  if (navigate) listenForNotificationOpen(navigate);
  // Offline replies (issue 12): the watcher and the engine come after the first paint, in chunks of
  // their own, so the chat's first load does not grow.
  afterNextPaint(() => {
    void import('@/lib/device-replies').then((replies) => replies.startDeviceReplies());
    preloadDeviceEngineWhenIdle();
  });
  try {
    await ensurePersistentStorage(
      db,
      typeof navigator === 'undefined' ? undefined : navigator.storage,
    );
  } catch (error) {
    console.warn('Persistent storage could not be asked for', error);
  }
}

/** The server's zone, kept for the service worker (it names day sessions when it works alone). */
export async function rememberTimeZone(timeZone: string): Promise<void> {
  await saveTimeZone(db, timeZone);
}
