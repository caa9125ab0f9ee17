// The device's side of push for the card: what the browser offers, the subscription, and the requests
// (subscribe and unsubscribe through the outbox; the test straight to the server). Every browser
// object comes in through PushDevice, so tests pass fakes.
import { db as appDb } from '@/db/db';
import {
  applicationServerKeyBytes,
  fetchPublicKey,
  queuePushSubscribe,
  queuePushUnsubscribe,
  subscriptionPayload,
  TEST_URL,
  type DeviceInfo,
} from '@/db/push-subscription';
import type { KiriDatabase } from '@/db/schema';
import { uuidv7 } from '@/domain/uuidv7';
import { apiRequest } from '@/lib/api';
import { isHomeScreenApp } from '@/lib/home-screen';
import { requestReplay } from '@/lib/outbox-sync';
import {
  isIosDevice,
  pushSupport,
  type PushEnvironment,
  type PushPermission,
  type PushSupport,
} from '../model/push-support';

export interface PushDevice {
  db: KiriDatabase;
  environment(): PushEnvironment;
  permission(): PushPermission;
  /** Notification.requestPermission: called first thing in the tap (iOS asks only inside one). */
  requestPermission(): Promise<PushPermission>;
  registration(): Promise<ServiceWorkerRegistration | null>;
  fetch: typeof fetch;
  deviceInfo(): DeviceInfo;
  /** Asks the outbox to send now (the worker drains it, or the page). */
  replay(): void;
  online(): boolean;
  now(): number;
  sendTest(): Promise<void>;
}

/** How long the card waits for the worker's registration before it calls the device not ready. */
const REGISTRATION_WAIT_MS = 5_000;

export const browserPushDevice: PushDevice = {
  db: appDb,
  environment() {
    const hasWindow = typeof window !== 'undefined';
    return {
      serviceWorker: typeof navigator !== 'undefined' && 'serviceWorker' in navigator,
      pushManager: hasWindow && 'PushManager' in window,
      notification: hasWindow && 'Notification' in window,
      ios: isIosDevice(navigator.userAgent, navigator.maxTouchPoints ?? 0),
      standalone: isHomeScreenApp(),
    };
  },
  permission() {
    return typeof Notification === 'undefined'
      ? 'default'
      : (Notification.permission as PushPermission);
  },
  requestPermission() {
    return Notification.requestPermission() as Promise<PushPermission>;
  },
  async registration() {
    if (!('serviceWorker' in navigator)) return null;
    const ready = navigator.serviceWorker.ready;
    const timeout = new Promise<null>((resolve) =>
      setTimeout(() => resolve(null), REGISTRATION_WAIT_MS),
    );
    return Promise.race([ready, timeout]);
  },
  fetch: (...args) => fetch(...args),
  deviceInfo() {
    return {
      userAgent: navigator.userAgent,
      platform: navigator.platform,
      language: navigator.language,
      standalone: isHomeScreenApp(),
    };
  },
  replay: () => requestReplay({ force: true }),
  online: () => navigator.onLine !== false,
  now: () => Date.now(),
  async sendTest() {
    await apiRequest('POST', TEST_URL, {});
  },
};

export function deviceSupport(device: PushDevice): PushSupport {
  return pushSupport(device.environment());
}

export async function currentSubscription(device: PushDevice): Promise<PushSubscription | null> {
  const registration = await device.registration();
  return registration ? registration.pushManager.getSubscription() : null;
}

/** Why a step failed, in words for the toast. */
export class PushSetupError extends Error {}

/**
 * Whether a subscription was made for this key. A browser that does not say (no `options`, or no key
 * in them) is taken at its word: re-subscribing on every Enable would churn the owner's endpoint.
 */
function sameKey(subscription: PushSubscription, b: Uint8Array): boolean {
  const a = (subscription as { options?: { applicationServerKey?: ArrayBuffer | null } }).options
    ?.applicationServerKey;
  if (!a) return true;
  const bytes = new Uint8Array(a);
  return bytes.length === b.length && bytes.every((byte, i) => byte === b[i]);
}

/**
 * After the owner allowed notifications: the subscription on the device (kept if it is for the
 * server's key, made again if the key changed), then the server told through the outbox.
 * `knownKey` is the key fetched while the card opened (so the tap does not wait for the network).
 */
export async function subscribeDevice(
  device: PushDevice,
  knownKey: string | null,
  reasons: { noKey: string; noWorker: string; pushService: string },
): Promise<{ told: 'now' | 'later' }> {
  const registration = await device.registration();
  if (!registration) throw new PushSetupError(reasons.noWorker);
  const key = knownKey ?? (await fetchPublicKey(device.db, device.fetch));
  if (!key) throw new PushSetupError(reasons.noKey);
  const keyBytes = applicationServerKeyBytes(key);
  const now = device.now();
  let subscription = await registration.pushManager.getSubscription();
  let replaced: string | null = null;
  if (subscription && !sameKey(subscription, keyBytes)) {
    // Made for another key (the server's keys were reset): the push service would refuse the server.
    replaced = subscription.endpoint;
    await subscription.unsubscribe().catch(() => false);
    subscription = null;
  }
  if (!subscription) {
    try {
      subscription = await registration.pushManager.subscribe({
        userVisibleOnly: true,
        applicationServerKey: keyBytes,
      });
    } catch (error) {
      throw new PushSetupError(
        error instanceof Error && error.name === 'NotAllowedError'
          ? 'Notifications are not allowed for Kiri on this device.'
          : reasons.pushService,
      );
    }
  }
  const payload = subscriptionPayload(subscription.toJSON(), device.deviceInfo());
  if (!payload) throw new PushSetupError(reasons.pushService);
  await device.db.transaction('rw', device.db.outbox, async () => {
    if (replaced && replaced !== payload.endpoint) {
      await queuePushUnsubscribe(device.db, replaced, uuidv7(now), now);
    }
    await queuePushSubscribe(device.db, payload, uuidv7(now), now);
  });
  device.replay();
  return { told: device.online() ? 'now' : 'later' };
}

/** Ends the subscription on the device at once; the server hears of it through the outbox. */
export async function unsubscribeDevice(device: PushDevice): Promise<void> {
  const subscription = await currentSubscription(device);
  if (!subscription) return;
  const endpoint = subscription.endpoint;
  const ended = await subscription.unsubscribe();
  if (!ended) throw new PushSetupError('The browser kept the subscription. Try again.');
  const now = device.now();
  await queuePushUnsubscribe(device.db, endpoint, uuidv7(now), now);
  device.replay();
}

/** Whether a subscribe or unsubscribe still waits in the outbox (the server does not know yet). */
export async function pushRequestsWaiting(db: KiriDatabase): Promise<boolean> {
  return (await db.outbox.where('kind').equals('push').count()) > 0;
}
