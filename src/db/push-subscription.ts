// The push subscription, told to the server through the outbox (DESIGN.md "Outbox"): the subscription
// itself is made on the device at once (iOS asks for permission only from the owner's tap), and the
// server hears of it when it can, even if the tap was on a train. Subscribe and unsubscribe are one
// kind, so a Disable after an Enable never overtakes it.
import type { KiriDatabase, OutboxRow } from './schema';

export const PUBLIC_KEY_URL = '/api/notifications/public-key';
export const SUBSCRIBE_URL = '/api/notifications/subscribe';
export const UNSUBSCRIBE_URL = '/api/notifications/unsubscribe';
export const TEST_URL = '/api/notifications/test';
/** The server's VAPID key, kept so that Enable works on a device that fetched it once. */
export const PUBLIC_KEY_SETTING = 'pushPublicKey';

export interface DeviceInfo {
  userAgent: string;
  platform: string;
  language: string;
  /** Opened from the Home Screen (iOS delivers pushes only there). */
  standalone: boolean;
}

/** Spec 002 §3: endpoint, keys {auth, p256dh}, deviceInfo. */
export interface SubscriptionPayload {
  endpoint: string;
  keys: { auth: string; p256dh: string };
  deviceInfo: DeviceInfo;
}

/** A subscription's JSON (PushSubscription.toJSON()) as the server wants it; null when keys lack. */
export function subscriptionPayload(
  json: { endpoint?: string | null; keys?: Record<string, string> | undefined },
  deviceInfo: DeviceInfo,
): SubscriptionPayload | null {
  const auth = json.keys?.auth;
  const p256dh = json.keys?.p256dh;
  if (!json.endpoint || !auth || !p256dh) return null;
  return { endpoint: json.endpoint, keys: { auth, p256dh }, deviceInfo };
}

function entry(key: string, url: string, body: unknown, now: number): OutboxRow {
  return {
    kind: 'push',
    key,
    method: 'POST',
    url,
    body: JSON.stringify(body),
    messageId: null,
    createdAt: now,
    attempts: 0,
    nextAttemptAt: now,
  };
}

/** Queues POST /api/notifications/subscribe; `key` is the Idempotency-Key (a UUIDv7). */
export async function queuePushSubscribe(
  db: KiriDatabase,
  payload: SubscriptionPayload,
  key: string,
  now: number,
): Promise<void> {
  await db.outbox.add(entry(key, SUBSCRIBE_URL, payload, now));
}

/** Queues POST /api/notifications/unsubscribe {endpoint}. */
export async function queuePushUnsubscribe(
  db: KiriDatabase,
  endpoint: string,
  key: string,
  now: number,
): Promise<void> {
  await db.outbox.add(entry(key, UNSUBSCRIBE_URL, { endpoint }, now));
}

export async function savePublicKey(db: KiriDatabase, publicKey: string): Promise<void> {
  await db.settings.put({ key: PUBLIC_KEY_SETTING, value: publicKey });
}

export async function loadPublicKey(db: KiriDatabase): Promise<string | null> {
  const value = (await db.settings.get(PUBLIC_KEY_SETTING))?.value;
  return typeof value === 'string' && value !== '' ? value : null;
}

/**
 * The server's key: asked for (and kept) when the server answers, else the one kept from before.
 * Null when neither: the device has never reached the server.
 */
export async function fetchPublicKey(
  db: KiriDatabase,
  fetchImpl: typeof fetch,
): Promise<string | null> {
  try {
    const response = await fetchImpl(PUBLIC_KEY_URL, { credentials: 'same-origin' });
    if (response.ok) {
      const json = (await response.json()) as { publicKey?: unknown };
      if (typeof json.publicKey === 'string' && json.publicKey !== '') {
        await savePublicKey(db, json.publicKey);
        return json.publicKey;
      }
    }
  } catch {
    // Offline, or not our server: the kept key, if any.
  }
  return loadPublicKey(db);
}

/** The VAPID key (base64url) as the bytes pushManager.subscribe wants. */
export function applicationServerKeyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url.replace(/-/g, '+').replace(/_/g, '/');
  const padded = base64 + '='.repeat((4 - (base64.length % 4)) % 4);
  const binary = atob(padded);
  const bytes = new Uint8Array(new ArrayBuffer(binary.length));
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}
