// The worker's push handlers with fakes for the registration, the clients API and the server: what
// a push shows and counts, what a click opens (the e2e covers an open window; Chromium cannot open
// one from a dispatched click, so the no-window case is here), and a subscription renewed.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { countUnreadKiri, markKiriSeen } from '@/db/app-badge';
import { SUBSCRIBE_URL, UNSUBSCRIBE_URL } from '@/db/push-subscription';
import type { KiriDatabase } from '@/db/schema';
import { OPEN_URL_MESSAGE } from '@/domain/push-notification';
import {
  handleNotificationClick,
  handlePush,
  handleSubscriptionChange,
  type ClientsLike,
  type PushDeps,
  type WindowLikeClient,
} from '../../../sw/push';
import { freshDb, jsonResponse } from '../db/helpers';

let db: KiriDatabase;
afterEach(async () => db?.delete());

const ORIGIN = 'https://kiri.example';
const ID = '0192f0c1-7b2a-7000-8000-000000000001';

function fakeRegistration() {
  const shown: { title: string; options: NotificationOptions }[] = [];
  const subscribe = vi.fn();
  return {
    shown,
    subscribe,
    registration: {
      showNotification: vi.fn(async (title: string, options?: NotificationOptions) => {
        shown.push({ title, options: options ?? {} });
      }),
      pushManager: { subscribe } as unknown as PushManager,
    },
  };
}

function deps(overrides: Partial<PushDeps> = {}): PushDeps & { shown: { title: string }[] } {
  const fake = fakeRegistration();
  return {
    db,
    registration: fake.registration,
    badge: { setAppBadge: vi.fn(async () => {}), clearAppBadge: vi.fn(async () => {}) },
    now: () => 5_000,
    replay: vi.fn(async () => {}),
    shown: fake.shown,
    ...overrides,
  };
}

describe('every push shows a notification', () => {
  it('with the server’s title and body, and raises the badge for its message', async () => {
    db = freshDb();
    await markKiriSeen(db, [{ id: 'k0', timestamp: 100 }], 1_000);
    const d = deps();
    await handlePush(JSON.stringify({ title: 'Kiri', body: 'Still up?', messageId: ID }), d);
    expect(d.shown).toEqual([
      expect.objectContaining({
        title: 'Kiri',
        options: expect.objectContaining({
          body: 'Still up?',
          data: { url: `/?message=${ID}`, messageId: ID },
        }),
      }),
    ]);
    expect(await countUnreadKiri(db)).toBe(1);
    expect(d.badge!.setAppBadge).toHaveBeenCalledWith(1);
    // The message is fetched now, so the chat has it even if opened offline later.
    expect(d.replay).toHaveBeenCalledOnce();
  });

  it('even when the device store and the network fail', async () => {
    db = freshDb();
    await db.delete(); // the database is gone: the badge cannot be counted
    const d = deps({ replay: vi.fn(async () => Promise.reject(new Error('offline'))) });
    await handlePush('', d);
    expect(d.shown.map((n) => n.title)).toEqual(['Kiri']);
  });

  it('a test push (no message) shows and does not raise the badge', async () => {
    db = freshDb();
    await markKiriSeen(db, [{ id: 'k0', timestamp: 100 }], 1_000);
    const d = deps();
    await handlePush(
      JSON.stringify({ title: 'Kiri', body: 'Test notification', tag: 'kiri-test' }),
      d,
    );
    expect(d.shown).toHaveLength(1);
    expect(await countUnreadKiri(db)).toBe(0);
  });
});

function fakeWindow(url: string, extra: Partial<WindowLikeClient> = {}) {
  const posted: unknown[] = [];
  return {
    posted,
    url,
    focus: vi.fn(async () => undefined),
    postMessage: (message: unknown) => posted.push(message),
    ...extra,
  };
}

function fakeClients(windows: WindowLikeClient[]) {
  const opened: string[] = [];
  const clients: ClientsLike = {
    matchAll: async () => windows,
    openWindow: async (url) => {
      opened.push(url);
      return null;
    },
  };
  return { clients, opened };
}

const notification = (data: unknown) => ({ close: vi.fn(), data });

describe('a click on the notification', () => {
  it('with no window open, opens the app at the chat on that message', async () => {
    const { clients, opened } = fakeClients([]);
    const clicked = notification({ url: `/?message=${ID}`, messageId: ID });
    expect(await handleNotificationClick(clicked, clients, ORIGIN)).toBe('opened');
    expect(clicked.close).toHaveBeenCalledOnce();
    expect(opened).toEqual([`/?message=${ID}`]);
  });

  it('with the app open elsewhere, brings it forward and sends it to the chat', async () => {
    const elsewhere = fakeWindow(`${ORIGIN}/sleep-mode`, { visibilityState: 'hidden' });
    const { clients, opened } = fakeClients([elsewhere]);
    expect(await handleNotificationClick(notification({ url: '/' }), clients, ORIGIN)).toBe(
      'focused',
    );
    expect(elsewhere.focus).toHaveBeenCalledOnce();
    expect(elsewhere.posted).toEqual([{ type: OPEN_URL_MESSAGE, url: '/' }]);
    expect(opened).toEqual([]);
  });

  it('a window that may not take focus still goes to the chat', async () => {
    const open = fakeWindow(`${ORIGIN}/`, {
      focus: vi.fn(async () => Promise.reject(new Error('InvalidAccessError'))),
    });
    const { clients } = fakeClients([open]);
    await handleNotificationClick(notification({ url: '/x' }), clients, ORIGIN);
    expect(open.posted).toEqual([{ type: OPEN_URL_MESSAGE, url: '/x' }]);
  });

  it('a foreign URL in the data opens the chat instead', async () => {
    const { clients, opened } = fakeClients([]);
    await handleNotificationClick(notification({ url: 'https://evil.example/' }), clients, ORIGIN);
    expect(opened).toEqual(['/']);
  });
});

function fakeSubscription(endpoint: string, key: Uint8Array | null = null) {
  return {
    endpoint,
    options: { applicationServerKey: key ? key.buffer : null },
    toJSON: () => ({ endpoint, keys: { auth: 'AUTH', p256dh: 'P256' } }),
  } as unknown as PushSubscription;
}

const DEVICE = { userAgent: 'UA', platform: 'P', language: 'en', standalone: false };

describe('pushsubscriptionchange: subscribe again and tell the server through the outbox', () => {
  it('with the old subscription’s key, then unsubscribe the old endpoint and subscribe the new', async () => {
    db = freshDb();
    const fake = fakeRegistration();
    const key = new Uint8Array([4, 1, 2]);
    fake.subscribe.mockResolvedValue(fakeSubscription('https://push.example/new'));
    const serverFetch = vi.fn();
    const replay = vi.fn(async () => {});
    const done = await handleSubscriptionChange(
      fakeSubscription('https://push.example/old', key),
      null,
      {
        ...deps({ registration: fake.registration, replay }),
        fetch: serverFetch,
        deviceInfo: DEVICE,
      },
    );
    expect(done).toBe(true);
    expect(fake.subscribe).toHaveBeenCalledWith({
      userVisibleOnly: true,
      applicationServerKey: key.buffer,
    });
    expect(serverFetch).not.toHaveBeenCalled(); // the old key was enough
    const entries = await db.outbox.orderBy('seq').toArray();
    expect(entries.map((e) => [e.kind, e.url, JSON.parse(e.body!)])).toEqual([
      ['push', UNSUBSCRIBE_URL, { endpoint: 'https://push.example/old' }],
      [
        'push',
        SUBSCRIBE_URL,
        {
          endpoint: 'https://push.example/new',
          keys: { auth: 'AUTH', p256dh: 'P256' },
          deviceInfo: DEVICE,
        },
      ],
    ]);
    expect(new Set(entries.map((e) => e.key)).size).toBe(2);
    expect(replay).toHaveBeenCalledOnce();
  });

  it('without an old key, with the server’s public key', async () => {
    db = freshDb();
    const fake = fakeRegistration();
    fake.subscribe.mockResolvedValue(fakeSubscription('https://push.example/new'));
    const serverFetch = vi.fn(async () => jsonResponse(200, { publicKey: 'AQID' }));
    await handleSubscriptionChange(null, null, {
      ...deps({ registration: fake.registration }),
      fetch: serverFetch as unknown as typeof fetch,
      deviceInfo: DEVICE,
    });
    expect(Array.from(fake.subscribe.mock.calls[0]![0].applicationServerKey)).toEqual([1, 2, 3]);
    expect((await db.outbox.toArray()).map((e) => e.url)).toEqual([SUBSCRIBE_URL]);
  });

  it('the browser’s new subscription (Firefox gives one) is told as it is', async () => {
    db = freshDb();
    const fake = fakeRegistration();
    await handleSubscriptionChange(
      fakeSubscription('https://push.example/old'),
      fakeSubscription('https://push.example/given'),
      { ...deps({ registration: fake.registration }), fetch: vi.fn(), deviceInfo: DEVICE },
    );
    expect(fake.subscribe).not.toHaveBeenCalled();
    const bodies = (await db.outbox.orderBy('seq').toArray()).map(
      (e) => JSON.parse(e.body!).endpoint,
    );
    expect(bodies).toEqual(['https://push.example/old', 'https://push.example/given']);
  });

  it('no key anywhere (never online): nothing is queued', async () => {
    db = freshDb();
    const offline = vi.fn(async () => Promise.reject(new TypeError('offline')));
    const done = await handleSubscriptionChange(null, null, {
      ...deps(),
      fetch: offline as unknown as typeof fetch,
      deviceInfo: DEVICE,
    });
    expect(done).toBe(false);
    expect(await db.outbox.count()).toBe(0);
  });
});
