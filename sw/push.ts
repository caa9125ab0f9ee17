/// <reference lib="webworker" />
// The worker's push (issue 10): every push shows a notification (Safari revokes a subscription whose
// pushes show nothing), raises the app badge, and fetches the message so the chat has it on the next
// open; a click brings the app forward at the chat; a subscription the browser replaced is made again
// and told to the server through the outbox.
import { refreshAppBadge, rememberPushedMessage } from '@/db/app-badge';
import type { KiriDatabase } from '@/db/schema';
import {
  applicationServerKeyBytes,
  fetchPublicKey,
  queuePushSubscribe,
  queuePushUnsubscribe,
  subscriptionPayload,
  type DeviceInfo,
} from '@/db/push-subscription';
import type { BadgeTarget } from '@/domain/app-badge';
import {
  clickUrl,
  notificationFromPush,
  OPEN_URL_MESSAGE,
  windowToFocus,
} from '@/domain/push-notification';
import { uuidv7 } from '@/domain/uuidv7';

declare const self: ServiceWorkerGlobalScope;

export interface PushDeps {
  db: KiriDatabase;
  registration: Pick<ServiceWorkerRegistration, 'showNotification' | 'pushManager'>;
  badge: BadgeTarget | undefined;
  now: () => number;
  /** Sends what the outbox holds and pulls the conversation (sw/outbox.ts). */
  replay: () => Promise<unknown>;
}

/**
 * One push. The notification is shown first and whatever else happens cannot stop it: a failing
 * database or network only costs the badge or the early pull.
 */
export async function handlePush(text: string | null, deps: PushDeps): Promise<void> {
  const { title, options } = notificationFromPush(text);
  const shown = deps.registration.showNotification(title, options);
  const extras = (async () => {
    if (options.data.messageId) {
      await rememberPushedMessage(deps.db, options.data.messageId, deps.now());
    }
    await refreshAppBadge(deps.db, deps.badge);
    // The message is in the server's log: fetched now, it is in the chat even if the owner opens
    // the app offline later. The badge is counted again with it.
    await deps.replay();
    await refreshAppBadge(deps.db, deps.badge);
  })().catch(() => undefined);
  await Promise.all([shown, extras]);
}

export interface ClientsLike {
  matchAll(options: {
    type: 'window';
    includeUncontrolled: boolean;
  }): Promise<readonly WindowLikeClient[]>;
  openWindow(url: string): Promise<unknown>;
}

export interface WindowLikeClient {
  url: string;
  focused?: boolean;
  visibilityState?: string;
  focus(): Promise<unknown>;
  postMessage(message: unknown): void;
}

/**
 * A click: the notification closes, and an open window of the app comes forward and goes to the
 * URL (the chat at the message), or a new window opens there. Returns what it did (for tests).
 */
export async function handleNotificationClick(
  notification: Pick<Notification, 'close' | 'data'>,
  clients: ClientsLike,
  origin: string,
): Promise<'focused' | 'opened'> {
  notification.close();
  const url = clickUrl(notification.data);
  const windows = await clients.matchAll({ type: 'window', includeUncontrolled: true });
  const target = windowToFocus(windows, origin);
  if (!target) {
    await clients.openWindow(url);
    return 'opened';
  }
  // Told before focus: a browser may refuse focus (no click behind the event), and the window still goes.
  target.postMessage({ type: OPEN_URL_MESSAGE, url });
  try {
    await target.focus();
  } catch {
    // Not allowed to take focus: the window has its URL, the owner brings it forward.
  }
  return 'focused';
}

/** What the server keeps about the device beside its subscription. */
export function workerDeviceInfo(navigatorLike: WorkerNavigator): DeviceInfo {
  return {
    userAgent: navigatorLike.userAgent,
    platform: navigatorLike.platform,
    language: navigatorLike.language,
    // A worker cannot see the display mode; only the Home Screen app gets pushes on iOS, so a
    // subscription renewed there is the installed app's.
    standalone: false,
  };
}

/**
 * The browser replaced or dropped the subscription. Subscribe again, with the old subscription's key
 * or the server's (fetched, or kept from before), and tell the server: the new one, and the end of
 * the old one. Both through the outbox, then a replay sends them.
 */
export async function handleSubscriptionChange(
  oldSubscription: PushSubscription | null,
  newSubscription: PushSubscription | null,
  deps: PushDeps & { fetch: typeof fetch; deviceInfo: DeviceInfo },
): Promise<boolean> {
  let subscription = newSubscription;
  if (!subscription) {
    const oldKey = oldSubscription?.options?.applicationServerKey ?? null;
    const key = oldKey ?? (await publicKeyBytes(deps));
    if (!key) return false;
    subscription = await deps.registration.pushManager.subscribe({
      userVisibleOnly: true,
      applicationServerKey: key,
    });
  }
  const payload = subscriptionPayload(subscription.toJSON(), deps.deviceInfo);
  if (!payload) return false;
  const now = deps.now();
  await deps.db.transaction('rw', deps.db.outbox, async () => {
    if (oldSubscription && oldSubscription.endpoint !== payload.endpoint) {
      await queuePushUnsubscribe(deps.db, oldSubscription.endpoint, uuidv7(now), now);
    }
    await queuePushSubscribe(deps.db, payload, uuidv7(now), now);
  });
  await deps.replay().catch(() => undefined);
  return true;
}

async function publicKeyBytes(deps: { db: KiriDatabase; fetch: typeof fetch }) {
  const key = await fetchPublicKey(deps.db, deps.fetch);
  return key ? applicationServerKeyBytes(key) : null;
}

export function installPush(deps: Omit<PushDeps, 'registration' | 'badge'>): void {
  const badge = (): BadgeTarget | undefined => self.navigator as BadgeTarget;

  self.addEventListener('push', (event) => {
    let text: string | null = null;
    try {
      text = event.data ? event.data.text() : null;
    } catch {
      // Unreadable data: the plain notification.
    }
    event.waitUntil(handlePush(text, { ...deps, registration: self.registration, badge: badge() }));
  });

  self.addEventListener('notificationclick', (event) => {
    event.waitUntil(
      handleNotificationClick(event.notification, self.clients, self.location.origin),
    );
  });

  self.addEventListener('pushsubscriptionchange', (event) => {
    const change = event as PushSubscriptionChangeEvent;
    event.waitUntil(
      handleSubscriptionChange(change.oldSubscription, change.newSubscription, {
        ...deps,
        registration: self.registration,
        badge: badge(),
        fetch: (...args) => fetch(...args),
        deviceInfo: workerDeviceInfo(self.navigator),
      }).catch(() => undefined),
    );
  });
}
