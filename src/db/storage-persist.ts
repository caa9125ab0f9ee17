// Persistent storage (DESIGN.md "Data-loss rules"): asked for once after login, the answer kept in settings.
import type { KiriDatabase } from './schema';

export const STORAGE_PERSISTED_KEY = 'storagePersisted';

type StorageLike = Pick<StorageManager, 'persist' | 'persisted'> | undefined;

export async function readStoragePersisted(db: KiriDatabase): Promise<boolean | null> {
  const value = (await db.settings.get(STORAGE_PERSISTED_KEY))?.value;
  return typeof value === 'boolean' ? value : null;
}

/**
 * Asks the browser once to keep this site's data (IndexedDB holds the owner's messages). Later starts
 * only re-read the grant without asking, since the browser may grant it afterwards (Safari does for a
 * home-screen app). Returns the answer, or null where the platform has no such API.
 */
export async function ensurePersistentStorage(
  db: KiriDatabase,
  storage: StorageLike,
): Promise<boolean | null> {
  if (!storage || typeof storage.persist !== 'function') return null;
  const known = await readStoragePersisted(db);
  let granted: boolean;
  try {
    if (known === null) granted = await storage.persist();
    else if (known) return true;
    else granted = typeof storage.persisted === 'function' ? await storage.persisted() : false;
  } catch {
    granted = false;
  }
  await db.settings.put({ key: STORAGE_PERSISTED_KEY, value: granted });
  return granted;
}

/** Whether this browser can be asked to keep the data (WebKit without its Storage API cannot). */
export function canAskPersistentStorage(storage: StorageLike): boolean {
  return typeof storage?.persist === 'function';
}
