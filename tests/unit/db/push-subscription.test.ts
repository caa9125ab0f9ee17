import { afterEach, describe, expect, it, vi } from 'vitest';
import { drainOutbox, waitingCount } from '@/db/outbox-delivery';
import {
  applicationServerKeyBytes,
  fetchPublicKey,
  queuePushSubscribe,
  queuePushUnsubscribe,
  subscriptionPayload,
  SUBSCRIBE_URL,
  UNSUBSCRIBE_URL,
  type DeviceInfo,
} from '@/db/push-subscription';
import type { KiriDatabase } from '@/db/schema';
import { freshDb, jsonResponse } from './helpers';

let db: KiriDatabase;
afterEach(async () => db?.delete());

const NOW = Date.parse('2026-11-24T08:00:00Z');
const DEVICE: DeviceInfo = {
  userAgent: 'Mozilla/5.0 (iPhone)',
  platform: 'iPhone',
  language: 'en-US',
  standalone: true,
};
const PAYLOAD = subscriptionPayload(
  { endpoint: 'https://web.push.apple.com/abc', keys: { auth: 'AUTH', p256dh: 'P256' } },
  DEVICE,
)!;

function recordingFetch(answer: (url: string) => Response | Promise<Response>) {
  const calls: { url: string; key: string | null; body: unknown }[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    const headers = new Headers(init?.headers);
    calls.push({
      url,
      key: headers.get('Idempotency-Key'),
      body: init?.body ? JSON.parse(init.body as string) : null,
    });
    return answer(url);
  });
  return { fetch: fetchMock as unknown as typeof fetch, calls };
}

describe('subscribe and unsubscribe go through the outbox (kind push)', () => {
  it('the subscription payload is endpoint, keys {auth, p256dh} and deviceInfo (spec 002 §3)', () => {
    expect(PAYLOAD).toEqual({
      endpoint: 'https://web.push.apple.com/abc',
      keys: { auth: 'AUTH', p256dh: 'P256' },
      deviceInfo: DEVICE,
    });
    expect(subscriptionPayload({ endpoint: 'https://x', keys: { auth: 'a' } }, DEVICE)).toBeNull();
    expect(subscriptionPayload({ endpoint: null }, DEVICE)).toBeNull();
  });

  it('a tap offline is kept, and sent with its Idempotency-Key once the server answers', async () => {
    db = freshDb();
    await queuePushSubscribe(db, PAYLOAD, 'key-sub', NOW);
    const offline = recordingFetch(() => Promise.reject(new TypeError('Failed to fetch')));
    const first = await drainOutbox(db, { fetch: offline.fetch, now: () => NOW });
    expect(first.waiting).toBe(1);
    expect(await db.outbox.count()).toBe(1);

    const online = recordingFetch(() => jsonResponse(200, { success: true }));
    const second = await drainOutbox(db, { fetch: online.fetch, now: () => NOW, force: true });
    expect(second.delivered).toBe(1);
    expect(online.calls).toEqual([{ url: SUBSCRIBE_URL, key: 'key-sub', body: PAYLOAD }]);
    expect(await db.outbox.count()).toBe(0);
  });

  it('Disable after Enable never overtakes it: the server hears them in the order tapped', async () => {
    db = freshDb();
    await queuePushSubscribe(db, PAYLOAD, 'key-sub', NOW);
    await queuePushUnsubscribe(db, PAYLOAD.endpoint, 'key-unsub', NOW + 1);
    // The subscribe meets a 503 first: the unsubscribe waits behind it.
    let down = true;
    const server = recordingFetch(() =>
      down ? jsonResponse(503, { error: 'busy' }) : jsonResponse(200, { success: true }),
    );
    await drainOutbox(db, { fetch: server.fetch, now: () => NOW });
    expect(server.calls.map((call) => call.url)).toEqual([SUBSCRIBE_URL]);
    down = false;
    await drainOutbox(db, { fetch: server.fetch, now: () => NOW, force: true });
    expect(server.calls.map((call) => [call.url, call.key])).toEqual([
      [SUBSCRIBE_URL, 'key-sub'],
      [SUBSCRIBE_URL, 'key-sub'],
      [UNSUBSCRIBE_URL, 'key-unsub'],
    ]);
    expect(server.calls[2]!.body).toEqual({ endpoint: PAYLOAD.endpoint });
  });

  it('a 400 (an endpoint the server refuses) leaves the outbox; chat’s waiting count ignores push', async () => {
    db = freshDb();
    await queuePushSubscribe(db, PAYLOAD, 'key-sub', NOW);
    expect(await waitingCount(db)).toBe(0);
    const server = recordingFetch(() => jsonResponse(400, { error: 'Not a push service' }));
    const summary = await drainOutbox(db, { fetch: server.fetch, now: () => NOW });
    expect(summary.refused).toBe(1);
    expect(await db.outbox.count()).toBe(0);
  });
});

describe('the server’s public key', () => {
  it('is fetched and kept, so Enable works later without the network', async () => {
    db = freshDb();
    const online = recordingFetch(() => jsonResponse(200, { publicKey: 'BKEY' }));
    expect(await fetchPublicKey(db, online.fetch)).toBe('BKEY');
    const offline = recordingFetch(() => Promise.reject(new TypeError('offline')));
    expect(await fetchPublicKey(db, offline.fetch)).toBe('BKEY');
  });

  it('is null when never fetched and the server cannot be reached', async () => {
    db = freshDb();
    const offline = recordingFetch(() => Promise.reject(new TypeError('offline')));
    expect(await fetchPublicKey(db, offline.fetch)).toBeNull();
  });

  it('base64url becomes the bytes pushManager.subscribe takes', () => {
    expect(Array.from(applicationServerKeyBytes('AQID_-8'))).toEqual([1, 2, 3, 255, 239]);
  });
});
