// push.json: the VAPID key pair (made at the first start, never rotated: every subscription is bound
// to its public key) and the push subscriptions, each bound to the user who made it.
import { z } from 'zod';
import { generateVapidKeys } from '../push/vapid';
import {
  openJsonFileStore,
  type JsonFileStore,
  type Migration,
  type StoreDefinition,
} from './json-file-store';

export const PUSH_FILE_VERSION = 1;

const timestamp = z.number().int().nonnegative();

export const vapidKeysSchema = z.object({
  publicKey: z.string().min(1),
  privateKey: z.string().min(1),
  createdAt: timestamp,
});

/** What the browser's PushSubscription.toJSON() gives (less expirationTime), plus who and when. */
export const storedSubscriptionSchema = z.object({
  endpoint: z.string().min(1),
  keys: z.object({ p256dh: z.string().min(1), auth: z.string().min(1) }),
  deviceInfo: z.unknown(),
  userId: z.string().min(1),
  createdAt: timestamp,
  updatedAt: timestamp,
});

export const pushFileSchema = z.object({
  version: z.literal(PUSH_FILE_VERSION),
  vapid: vapidKeysSchema.nullable(),
  subscriptions: z.array(storedSubscriptionSchema),
});

export type PushFile = z.infer<typeof pushFileSchema>;
export type StoredSubscription = z.infer<typeof storedSubscriptionSchema>;
export type PushStore = JsonFileStore<PushFile>;

export function defaultPushFile(): PushFile {
  return { version: PUSH_FILE_VERSION, vapid: null, subscriptions: [] };
}

/** migrations[n] turns version n into n + 1. Version 1 is the first. */
export const PUSH_MIGRATIONS: Record<number, Migration> = {};

export const pushStoreDefinition: StoreDefinition<PushFile> = {
  fileName: 'push.json',
  currentVersion: PUSH_FILE_VERSION,
  schema: pushFileSchema,
  defaults: defaultPushFile,
  migrations: PUSH_MIGRATIONS,
};

/**
 * Opens push.json and, on the first start, makes the VAPID key pair and writes it before anything can
 * hand the public key to a browser. Written rarely (a subscribe, an unsubscribe, a gone endpoint), so
 * the file is rewritten whole rather than journaled.
 */
export async function openPushStore(
  dataDir: string,
  now: () => number = Date.now,
): Promise<PushStore> {
  const store = await openJsonFileStore(dataDir, pushStoreDefinition);
  if (store.data.vapid === null) {
    const keys = generateVapidKeys();
    await store.update((data) => {
      data.vapid = { ...keys, createdAt: now() };
    });
  }
  return store;
}
