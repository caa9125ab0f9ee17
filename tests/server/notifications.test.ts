// /api/notifications and the push sender against a local HTTPS push service: what arrives is
// decrypted with the browser's keys (RFC 8291) and its headers read; gone subscriptions are removed,
// failing ones kept; endpoints off the allowlist are refused; keys survive a restart.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { REPLAYED_HEADER } from '../../server/chat/idempotency';
import { WorkerEncryptor } from '../../server/push/push-encryption';
import { DEFAULT_TTL_SECONDS, MAX_PAYLOAD_BYTES } from '../../server/push/push-payload';
import { MAX_SUBSCRIPTIONS_PER_USER } from '../../server/push/push-service';
import type { PushMessage } from '../../server/push/push-sender';
import { FALLBACK_VAPID_SUBJECT } from '../../server/push/vapid';
import {
  NO_SUBSCRIPTIONS,
  SUBSCRIPTION_NOT_YOURS,
  SUBSCRIPTIONS_EXPIRED,
  TEST_NOT_DELIVERED,
} from '../../server/routes/notifications';
import { closeStores } from '../../server/store/stores';
import type { PushFile } from '../../server/store/push-store';
import {
  FakeBrowserPush,
  FakePushService,
  verifyVapidHeader,
  type ReceivedPush,
} from './support/fake-push-service';
import {
  expectError,
  removeDataDirs,
  startTestApp,
  type TestApp,
  type TestBrowser,
} from './support/harness';

let service: FakePushService;
let sleeps: number[];

beforeEach(async () => {
  service = await FakePushService.start();
  sleeps = [];
});

afterEach(async () => {
  await service.close();
  await removeDataDirs();
});

async function pushApp(env: Record<string, string> = {}, dataDir?: string): Promise<TestApp> {
  return startTestApp({
    dataDir,
    env: { PUSH_ALLOWED_HOSTS: service.hostEntry, ...env },
    pushTransport: {
      agent: service.agent(),
      sleep: async (ms) => {
        sleeps.push(ms);
      },
      // The middle of the jitter: delays are exactly base × 4^(n-1).
      random: () => 0.5,
    },
  });
}

async function loggedIn(setup: TestApp, name: string, address?: string): Promise<TestBrowser> {
  const browser = setup.browser({ address });
  await browser.loginOk();
  await browser.register(name);
  return browser;
}

async function pushFile(setup: TestApp): Promise<PushFile> {
  return JSON.parse(await readFile(join(setup.dataDir, 'push.json'), 'utf8')) as PushFile;
}

async function subscribe(browser: TestBrowser, device: FakeBrowserPush, deviceInfo?: unknown) {
  const response = await browser.post('/api/notifications/subscribe', {
    ...device.subscription,
    ...(deviceInfo === undefined ? {} : { deviceInfo }),
  });
  expect(response.status).toBe(200);
  return response;
}

async function publicKeyOf(setup: TestApp): Promise<string> {
  const response = await setup.browser().request('/api/notifications/public-key');
  expect(response.status).toBe(200);
  return ((await response.json()) as { publicKey: string }).publicKey;
}

function payloadOf(device: FakeBrowserPush, push: ReceivedPush): Record<string, unknown> {
  return JSON.parse(device.decrypt(push.body)) as Record<string, unknown>;
}

const MORNING: PushMessage = {
  title: 'Kiri',
  body: 'Good morning Mei ~ did you sleep well?',
  url: '/?message=m-1',
  tag: 'kiri-morning',
  topic: 'morning',
  urgency: 'high',
  ttlSeconds: 2 * 60 * 60,
  messageId: 'm-1',
};

describe('GET /api/notifications/public-key', () => {
  it('answers the VAPID public key without a session: a 65-byte P-256 point', async () => {
    const setup = await pushApp();
    const key = await publicKeyOf(setup);
    const point = Buffer.from(key, 'base64url');
    expect(point).toHaveLength(65);
    expect(point[0]).toBe(4);
  });

  it('keeps the same key pair across a restart (rotating would orphan every subscription)', async () => {
    const first = await pushApp();
    const key = await publicKeyOf(first);
    const stored = await pushFile(first);
    expect(stored.version).toBe(1);
    expect(stored.vapid?.publicKey).toBe(key);
    await closeStores(first.stores);

    const second = await pushApp({}, first.dataDir);
    expect(await publicKeyOf(second)).toBe(key);
    expect((await pushFile(second)).vapid).toEqual(stored.vapid);
  });
});

describe('who may call', () => {
  it('no session: 401 on subscribe, unsubscribe and test, and nothing is stored', async () => {
    const setup = await pushApp();
    const before = await pushFile(setup);
    const stranger = setup.browser();
    const device = new FakeBrowserPush(service.endpoint('a'));
    await expectError(
      await stranger.post('/api/notifications/subscribe', device.subscription),
      401,
      'Not logged in',
    );
    await expectError(
      await stranger.post('/api/notifications/unsubscribe', {
        endpoint: device.subscription.endpoint,
      }),
      401,
      'Not logged in',
    );
    await expectError(await stranger.post('/api/notifications/test'), 401, 'Not logged in');
    expect(await pushFile(setup)).toEqual(before);
  });

  it('a user without the chat permission: 403', async () => {
    const setup = await pushApp();
    const owner = await loggedIn(setup, 'Mei');
    const saved = await owner.post('/api/admin/user-restrictions', {
      restrictionMode: true,
      defaultPermissions: [],
    });
    expect(saved.status).toBe(200);
    const guest = await loggedIn(setup, 'Guest', '203.0.113.77');
    const device = new FakeBrowserPush(service.endpoint('guest'));
    await expectError(
      await guest.post('/api/notifications/subscribe', device.subscription),
      403,
      'You do not have access to this feature',
    );
  });
});

describe('POST /api/notifications/subscribe', () => {
  it('stores the subscription bound to its user; a repeat (an outbox replay) changes nothing', async () => {
    const setup = await pushApp();
    const owner = await loggedIn(setup, 'Mei');
    const device = new FakeBrowserPush(service.endpoint('phone'));
    const info = { platform: 'iPhone', standalone: true };
    const first = await subscribe(owner, device, info);
    const answer = await first.json();
    expect(answer).toEqual({
      success: true,
      endpoint: device.subscription.endpoint,
      createdAt: new Date(setup.clock.now).toISOString(),
    });
    expect(first.headers.get(REPLAYED_HEADER)).toBeNull();
    const stored = await pushFile(setup);
    const ownerId = (await owner.status()).user!.id;
    expect(stored.subscriptions).toEqual([
      {
        ...device.subscription,
        deviceInfo: info,
        userId: ownerId,
        createdAt: setup.clock.now,
        updatedAt: setup.clock.now,
      },
    ]);

    setup.clock.advance(60_000);
    const replay = await owner.post(
      '/api/notifications/subscribe',
      { ...device.subscription, deviceInfo: info },
      { 'Idempotency-Key': 'push-subscribe-1' },
    );
    expect(replay.status).toBe(200);
    expect(await replay.json()).toEqual(answer);
    expect(replay.headers.get(REPLAYED_HEADER)).toBe('true');
    expect(await pushFile(setup)).toEqual(stored);
  });

  it('an endpoint that is not a push service: 400 with a clear message, nothing stored', async () => {
    const setup = await pushApp();
    const owner = await loggedIn(setup, 'Mei');
    const before = await readFile(join(setup.dataDir, 'push.json'), 'utf8');
    const refused = [
      ['https://evil.example.com/push/1', /evil\.example\.com is not a known push service/],
      ['https://fcm.googleapis.com.evil.example/x', /is not a known push service/],
      [service.endpoint('x').replace('https:', 'http:'), /must be an https:\/\/ URL/],
      [`https://127.0.0.1:${service.port + 1}/push/x`, /is not a known push service/],
      ['not a url', /must be an https:\/\/ URL of a push service/],
    ] as const;
    for (const [endpoint, message] of refused) {
      const device = new FakeBrowserPush(endpoint);
      const response = await owner.post('/api/notifications/subscribe', device.subscription);
      const error = await expectError(response, 400, message);
      expect(error.error).toMatch(/^endpoint: /);
    }
    expect(await readFile(join(setup.dataDir, 'push.json'), 'utf8')).toBe(before);
  });

  it('keys that are not a P-256 point and a 16-byte secret: 400', async () => {
    const setup = await pushApp();
    const owner = await loggedIn(setup, 'Mei');
    const device = new FakeBrowserPush(service.endpoint('k'));
    const bad = [
      { ...device.subscription.keys, p256dh: Buffer.alloc(65, 5).toString('base64url') },
      { ...device.subscription.keys, auth: Buffer.alloc(8).toString('base64url') },
      { p256dh: device.subscription.keys.p256dh },
    ];
    for (const keys of bad) {
      const response = await owner.post('/api/notifications/subscribe', {
        endpoint: device.subscription.endpoint,
        keys,
      });
      await expectError(response, 400, /^keys\./);
    }
    expect((await pushFile(setup)).subscriptions).toEqual([]);
  });

  it('a second user subscribing the same endpoint takes it over', async () => {
    const setup = await pushApp();
    const owner = await loggedIn(setup, 'Mei');
    const friend = await loggedIn(setup, 'Ana', '203.0.113.20');
    const device = new FakeBrowserPush(service.endpoint('shared'));
    await subscribe(owner, device);
    await subscribe(friend, device);
    const friendId = (await friend.status()).user!.id;
    expect((await pushFile(setup)).subscriptions.map((s) => s.userId)).toEqual([friendId]);
    await expectError(await owner.post('/api/notifications/test'), 409, NO_SUBSCRIPTIONS);
    expect((await friend.post('/api/notifications/test')).status).toBe(200);
    expect(service.received).toHaveLength(1);
  });
});

describe('subscriptions per user', () => {
  it(`keeps at most ${MAX_SUBSCRIPTIONS_PER_USER} per user: a new one replaces the least recently refreshed`, async () => {
    const setup = await pushApp();
    const owner = await loggedIn(setup, 'Mei');
    const devices = Array.from(
      { length: MAX_SUBSCRIPTIONS_PER_USER + 1 },
      (_, i) => new FakeBrowserPush(service.endpoint(`d${i}`)),
    );
    for (const device of devices.slice(0, MAX_SUBSCRIPTIONS_PER_USER)) {
      await subscribe(owner, device);
      setup.clock.advance(1000);
    }
    // The first device refreshes its subscription: the second is now the stalest.
    await subscribe(owner, devices[0]!, { refreshed: true });
    await subscribe(owner, devices[MAX_SUBSCRIPTIONS_PER_USER]!);
    const stored = (await pushFile(setup)).subscriptions.map((s) => s.endpoint);
    expect(stored).toHaveLength(MAX_SUBSCRIPTIONS_PER_USER);
    expect(stored).not.toContain(devices[1]!.subscription.endpoint);
    expect(stored).toContain(devices[0]!.subscription.endpoint);
  });
});

describe('POST /api/notifications/unsubscribe', () => {
  it('removes the caller’s own subscription; a repeat answers 200 removed: false', async () => {
    const setup = await pushApp();
    const owner = await loggedIn(setup, 'Mei');
    const device = new FakeBrowserPush(service.endpoint('phone'));
    await subscribe(owner, device);
    const body = { endpoint: device.subscription.endpoint };
    const first = await owner.post('/api/notifications/unsubscribe', body, {
      'Idempotency-Key': 'push-unsubscribe-1',
    });
    expect(first.status).toBe(200);
    expect(await first.json()).toEqual({ success: true, removed: true });
    expect((await pushFile(setup)).subscriptions).toEqual([]);
    const again = await owner.post('/api/notifications/unsubscribe', body, {
      'Idempotency-Key': 'push-unsubscribe-1',
    });
    expect(again.status).toBe(200);
    expect(await again.json()).toEqual({ success: true, removed: false });
  });

  it('another user’s endpoint cannot be unsubscribed: 403, and it still receives', async () => {
    const setup = await pushApp();
    const owner = await loggedIn(setup, 'Mei');
    const other = await loggedIn(setup, 'Ana', '203.0.113.20');
    const device = new FakeBrowserPush(service.endpoint('phone'));
    await subscribe(owner, device);
    await expectError(
      await other.post('/api/notifications/unsubscribe', {
        endpoint: device.subscription.endpoint,
      }),
      403,
      SUBSCRIPTION_NOT_YOURS,
    );
    expect((await pushFile(setup)).subscriptions).toHaveLength(1);
    const outcome = await setup.app.services.push.sendToUser(
      (await owner.status()).user!.id,
      MORNING,
    );
    expect(outcome).toEqual({ sent: 1, removed: 0, failed: 0 });
  });

  it('a malformed Idempotency-Key: 400 before anything happens', async () => {
    const setup = await pushApp();
    const owner = await loggedIn(setup, 'Mei');
    const device = new FakeBrowserPush(service.endpoint('phone'));
    const response = await owner.post('/api/notifications/subscribe', device.subscription, {
      'Idempotency-Key': 'not a key',
    });
    await expectError(response, 400, /^Idempotency-Key must be/);
    expect((await pushFile(setup)).subscriptions).toEqual([]);
  });
});

describe('sending', () => {
  it('delivers an aes128gcm payload the browser decrypts, with TTL, Urgency, Topic and a VAPID token', async () => {
    const setup = await pushApp({ VAPID_SUBJECT: 'mailto:mei@example.com' });
    const owner = await loggedIn(setup, 'Mei');
    const phone = new FakeBrowserPush(service.endpoint('phone'));
    const laptop = new FakeBrowserPush(service.endpoint('laptop'));
    await subscribe(owner, phone);
    await subscribe(owner, laptop);
    const ownerId = (await owner.status()).user!.id;

    const outcome = await setup.app.services.push.sendToUser(ownerId, MORNING);
    expect(outcome).toEqual({ sent: 2, removed: 0, failed: 0 });
    const publicKey = await publicKeyOf(setup);
    for (const device of [phone, laptop]) {
      const [push] = service.receivedAt(device.subscription.endpoint);
      expect(push).toBeDefined();
      expect(payloadOf(device, push!)).toEqual({
        title: 'Kiri',
        body: MORNING.body,
        url: '/?message=m-1',
        tag: 'kiri-morning',
        messageId: 'm-1',
      });
      expect(push!.headers).toMatchObject({
        ttl: String(2 * 60 * 60),
        urgency: 'high',
        topic: 'morning',
        'content-encoding': 'aes128gcm',
      });
      const claims = verifyVapidHeader(push!.headers.authorization, publicKey);
      expect(claims.aud).toBe(`https://127.0.0.1:${service.port}`);
      expect(claims.sub).toBe('mailto:mei@example.com');
    }
    // One device's keys cannot read the other's message.
    expect(() =>
      phone.decrypt(service.receivedAt(laptop.subscription.endpoint)[0]!.body),
    ).toThrow();
  });

  it('the next message to each device is sealed with a key made ahead after the fan-out, once', async () => {
    const encryptor = new WorkerEncryptor({ poolSize: 0 });
    const setup = await startTestApp({
      env: { PUSH_ALLOWED_HOSTS: service.hostEntry },
      pushTransport: { agent: service.agent(), encryptor },
    });
    const owner = await loggedIn(setup, 'Mei');
    const phone = new FakeBrowserPush(service.endpoint('phone'));
    await subscribe(owner, phone);
    const ownerId = (await owner.status()).user!.id;
    try {
      // The subscribe asked for the phone's first key; each fan-out asks for the next once it is over.
      await encryptor.whenPoolFull();
      for (let round = 0; round < 3; round++) {
        expect(encryptor.preparedCount).toBe(1);
        expect(await setup.app.services.push.sendToUser(ownerId, MORNING)).toMatchObject({
          sent: 1,
        });
        expect(encryptor.preparedCount).toBe(0);
        await encryptor.whenPoolFull();
      }
      const bodies = service.receivedAt(phone.subscription.endpoint).map((push) => push.body);
      expect(bodies.map((body) => payloadOf(phone, { body } as ReceivedPush).body)).toEqual([
        MORNING.body,
        MORNING.body,
        MORNING.body,
      ]);
      // A fresh salt and sender key each time.
      expect(new Set(bodies.map((body) => body.subarray(0, 86).toString('hex'))).size).toBe(3);
    } finally {
      await encryptor.close();
    }
  });

  it('defaults: a TTL of hours, normal urgency, no Topic; a placeholder subject when none is set', async () => {
    const setup = await pushApp();
    const owner = await loggedIn(setup, 'Mei');
    const phone = new FakeBrowserPush(service.endpoint('phone'));
    await subscribe(owner, phone);
    await setup.app.services.push.sendToUser((await owner.status()).user!.id, {
      title: 'Kiri',
      body: 'hi',
      url: '/',
      tag: 't',
    });
    const [push] = service.received;
    expect(push!.headers.ttl).toBe(String(DEFAULT_TTL_SECONDS));
    expect(DEFAULT_TTL_SECONDS).toBeLessThanOrEqual(24 * 60 * 60);
    expect(push!.headers.urgency).toBe('normal');
    expect(push!.headers.topic).toBeUndefined();
    const claims = verifyVapidHeader(push!.headers.authorization, await publicKeyOf(setup));
    expect(claims.sub).toBe(FALLBACK_VAPID_SUBJECT);
    expect(setup.app.services.push.subjectWarning).toMatch(/Apple/);
  });

  it('a long body is cut to fit the payload under 3 KB, and still decrypts', async () => {
    const setup = await pushApp();
    const owner = await loggedIn(setup, 'Mei');
    const phone = new FakeBrowserPush(service.endpoint('phone'));
    await subscribe(owner, phone);
    const body = 'Kiri 🌸 says "hello"\n'.repeat(400);
    await setup.app.services.push.sendToUser((await owner.status()).user!.id, {
      ...MORNING,
      body,
    });
    const text = phone.decrypt(service.received[0]!.body);
    expect(Buffer.byteLength(text)).toBeLessThanOrEqual(MAX_PAYLOAD_BYTES);
    const payload = JSON.parse(text) as { body: string };
    expect(payload.body.endsWith('…')).toBe(true);
    expect(body.startsWith(payload.body.slice(0, -1))).toBe(true);
    expect(payload.body.length).toBeGreaterThan(1000);
  });

  it('410 and 404 remove the subscription; the others stay', async () => {
    const setup = await pushApp();
    const owner = await loggedIn(setup, 'Mei');
    const gone = new FakeBrowserPush(service.endpoint('gone'));
    const missing = new FakeBrowserPush(service.endpoint('missing'));
    const fine = new FakeBrowserPush(service.endpoint('fine'));
    for (const device of [gone, missing, fine]) await subscribe(owner, device);
    service.script(gone.subscription.endpoint, 410);
    service.script(missing.subscription.endpoint, 404);

    const outcome = await setup.app.services.push.sendToUser(
      (await owner.status()).user!.id,
      MORNING,
    );
    expect(outcome).toEqual({ sent: 1, removed: 2, failed: 0 });
    expect((await pushFile(setup)).subscriptions.map((s) => s.endpoint)).toEqual([
      fine.subscription.endpoint,
    ]);
    expect(sleeps).toEqual([]);
  });

  it('a 410 does not remove the same endpoint subscribed again with new keys meanwhile', async () => {
    const setup = await pushApp();
    const owner = await loggedIn(setup, 'Mei');
    const ownerId = (await owner.status()).user!.id;
    const old = new FakeBrowserPush(service.endpoint('phone'));
    const renewed = new FakeBrowserPush(service.endpoint('phone'));
    await subscribe(owner, old);
    service.script(old.subscription.endpoint, 410);
    const sending = setup.app.services.push.sendToUser(ownerId, MORNING);
    // The browser renews its subscription while the push service is answering about the old keys.
    await setup.app.services.push.subscribe(ownerId, renewed.subscription);
    expect(await sending).toEqual({ sent: 0, removed: 1, failed: 0 });
    expect((await pushFile(setup)).subscriptions.map((s) => s.keys)).toEqual([
      renewed.subscription.keys,
    ]);
  });

  it('500 is tried again with backoff and then kept, not removed', async () => {
    const setup = await pushApp();
    const owner = await loggedIn(setup, 'Mei');
    const phone = new FakeBrowserPush(service.endpoint('phone'));
    await subscribe(owner, phone);
    service.script(phone.subscription.endpoint, 500, 500, 500, 500);

    const outcome = await setup.app.services.push.sendToUser(
      (await owner.status()).user!.id,
      MORNING,
    );
    expect(outcome).toEqual({ sent: 0, removed: 0, failed: 1 });
    expect(service.received.map((push) => push.status)).toEqual([500, 500, 500]);
    expect(sleeps).toEqual([1_000, 4_000]);
    expect((await pushFile(setup)).subscriptions).toHaveLength(1);
  });

  it('429 waits what Retry-After asks, then delivers once', async () => {
    const setup = await pushApp();
    const owner = await loggedIn(setup, 'Mei');
    const phone = new FakeBrowserPush(service.endpoint('phone'));
    await subscribe(owner, phone);
    service.script(
      phone.subscription.endpoint,
      { status: 429, headers: { 'Retry-After': '7' } },
      503,
    );

    const outcome = await setup.app.services.push.sendToUser(
      (await owner.status()).user!.id,
      MORNING,
    );
    expect(outcome).toEqual({ sent: 1, removed: 0, failed: 0 });
    expect(service.received.map((push) => push.status)).toEqual([429, 503, 201]);
    expect(sleeps).toEqual([7_000, 4_000]);
    expect(payloadOf(phone, service.received[2]!)).toMatchObject({ body: MORNING.body });
  });

  it('a Retry-After longer than a minute is not waited for: failed, kept', async () => {
    const setup = await pushApp();
    const owner = await loggedIn(setup, 'Mei');
    const phone = new FakeBrowserPush(service.endpoint('phone'));
    await subscribe(owner, phone);
    service.script(phone.subscription.endpoint, {
      status: 429,
      headers: { 'Retry-After': '3600' },
    });
    const outcome = await setup.app.services.push.sendToUser(
      (await owner.status()).user!.id,
      MORNING,
    );
    expect(outcome).toEqual({ sent: 0, removed: 0, failed: 1 });
    expect(sleeps).toEqual([]);
    expect((await pushFile(setup)).subscriptions).toHaveLength(1);
  });

  it('400 and 403 are not retried and remove nothing', async () => {
    const setup = await pushApp();
    const owner = await loggedIn(setup, 'Mei');
    const a = new FakeBrowserPush(service.endpoint('a'));
    const b = new FakeBrowserPush(service.endpoint('b'));
    await subscribe(owner, a);
    await subscribe(owner, b);
    service.script(a.subscription.endpoint, 400);
    service.script(b.subscription.endpoint, 403);
    const outcome = await setup.app.services.push.sendToUser(
      (await owner.status()).user!.id,
      MORNING,
    );
    expect(outcome).toEqual({ sent: 0, removed: 0, failed: 2 });
    expect(service.received).toHaveLength(2);
    expect((await pushFile(setup)).subscriptions).toHaveLength(2);
  });

  it('a push service that cannot be reached: retried, then failed and kept', async () => {
    const setup = await pushApp();
    const owner = await loggedIn(setup, 'Mei');
    const phone = new FakeBrowserPush(service.endpoint('phone'));
    await subscribe(owner, phone);
    await service.close();
    const outcome = await setup.app.services.push.sendToUser(
      (await owner.status()).user!.id,
      MORNING,
    );
    expect(outcome).toEqual({ sent: 0, removed: 0, failed: 1 });
    expect(sleeps).toHaveLength(2);
    expect((await pushFile(setup)).subscriptions).toHaveLength(1);
    service = await FakePushService.start();
  });
});

describe('POST /api/notifications/test', () => {
  it('sends a test push with the persona’s name to each of the caller’s devices', async () => {
    const setup = await pushApp({ PERSONA_NAME: 'Mira' });
    const owner = await loggedIn(setup, 'Mei');
    const other = await loggedIn(setup, 'Ana', '203.0.113.20');
    const phone = new FakeBrowserPush(service.endpoint('phone'));
    const theirs = new FakeBrowserPush(service.endpoint('theirs'));
    await subscribe(owner, phone);
    await subscribe(other, theirs);
    const response = await owner.post('/api/notifications/test');
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ success: true, sent: 1, removed: 0, failed: 0 });
    expect(service.received.map((push) => push.path)).toEqual(['/push/phone']);
    const payload = payloadOf(phone, service.received[0]!);
    expect(payload).toMatchObject({ title: 'Mira', url: '/', tag: 'kiri-test' });
    expect(payload.body).toMatch(/notifications work/);
    expect(service.received[0]!.headers).toMatchObject({ ttl: '300', urgency: 'high' });
  });

  it('no subscription: 409 with what to do', async () => {
    const setup = await pushApp();
    const owner = await loggedIn(setup, 'Mei');
    await expectError(await owner.post('/api/notifications/test'), 409, NO_SUBSCRIPTIONS);
    expect(service.received).toEqual([]);
  });

  it('every subscription gone: 410, and they are removed', async () => {
    const setup = await pushApp();
    const owner = await loggedIn(setup, 'Mei');
    const phone = new FakeBrowserPush(service.endpoint('phone'));
    await subscribe(owner, phone);
    service.script(phone.subscription.endpoint, 410);
    await expectError(await owner.post('/api/notifications/test'), 410, SUBSCRIPTIONS_EXPIRED);
    expect((await pushFile(setup)).subscriptions).toEqual([]);
  });

  it('the push service failing: 502 after one quick retry, subscription kept', async () => {
    const setup = await pushApp();
    const owner = await loggedIn(setup, 'Mei');
    const phone = new FakeBrowserPush(service.endpoint('phone'));
    await subscribe(owner, phone);
    service.script(phone.subscription.endpoint, 500, 500);
    await expectError(await owner.post('/api/notifications/test'), 502, TEST_NOT_DELIVERED);
    expect(service.received).toHaveLength(2);
    expect(sleeps).toEqual([500]);
    expect((await pushFile(setup)).subscriptions).toHaveLength(1);
  });
});
