// A browser push subscription for the e2e tests, against a loopback push service the test runs.
// Headless Chromium here has no internet, so its own push service (FCM) cannot be reached and
// PushManager.subscribe would fail. The page's PushManager is replaced (addInitScript) by one that
// answers like a browser: an endpoint on the test's push service, and real keys, an ECDH P-256 pair
// and a 16-byte auth secret made with WebCrypto in the page, so that the server's RFC 8291 encryption
// runs as it would for a phone and the test can decrypt what arrives. Everything after `subscribe`
// (the card, the outbox, the server's routes, its encryption, VAPID and the POST) is the real code.
import { createECDH, createDecipheriv, hkdfSync } from 'node:crypto';
import type { Page } from '@playwright/test';

/** Where the page keeps its stubbed subscription (so it outlives a reload, as a browser's does). */
export const STUB_KEY = 'kiri-e2e-push-subscription';

export interface StubSubscription {
  endpoint: string;
  p256dh: string;
  auth: string;
  /** The private key (JWK `d`), for the test to decrypt with. */
  d: string;
  /** The applicationServerKey it was made for, base64url. */
  serverKey: string;
}

/** The init script: `endpointBase` is the push service's URL; each subscribe gets a new path under it. */
export function pushManagerStub(endpointBase: string): string {
  return `(() => {
  const KEY = ${JSON.stringify(STUB_KEY)};
  const BASE = ${JSON.stringify(endpointBase)};
  const b64 = (bytes) => btoa(String.fromCharCode(...new Uint8Array(bytes)))
    .replace(/\\+/g, '-').replace(/\\//g, '_').replace(/=+$/, '');
  const unb64 = (text) => Uint8Array.from(atob(text.replace(/-/g, '+').replace(/_/g, '/')), (c) => c.charCodeAt(0));
  const load = () => { try { return JSON.parse(localStorage.getItem(KEY) || 'null'); } catch { return null; } };
  const subscriptionOf = (stored) => ({
    endpoint: stored.endpoint,
    expirationTime: null,
    options: { userVisibleOnly: true, applicationServerKey: unb64(stored.serverKey).buffer },
    getKey: (name) => (name === 'p256dh' ? unb64(stored.p256dh).buffer : name === 'auth' ? unb64(stored.auth).buffer : null),
    toJSON: () => ({ endpoint: stored.endpoint, expirationTime: null, keys: { p256dh: stored.p256dh, auth: stored.auth } }),
    unsubscribe: async () => {
      if (load()?.endpoint === stored.endpoint) localStorage.removeItem(KEY);
      return true;
    },
  });
  PushManager.prototype.getSubscription = async function () {
    const stored = load();
    return stored ? subscriptionOf(stored) : null;
  };
  PushManager.prototype.subscribe = async function (options) {
    const existing = load();
    if (existing) return subscriptionOf(existing);
    const pair = await crypto.subtle.generateKey({ name: 'ECDH', namedCurve: 'P-256' }, true, ['deriveBits']);
    const raw = await crypto.subtle.exportKey('raw', pair.publicKey);
    const jwk = await crypto.subtle.exportKey('jwk', pair.privateKey);
    const stored = {
      endpoint: BASE + '/push/' + crypto.randomUUID(),
      p256dh: b64(raw),
      auth: b64(crypto.getRandomValues(new Uint8Array(16))),
      d: jwk.d,
      serverKey: b64(options.applicationServerKey),
    };
    localStorage.setItem(KEY, JSON.stringify(stored));
    return subscriptionOf(stored);
  };
})();`;
}

/** The page's stubbed subscription, with its secrets (null when there is none). */
export function storedSubscription(page: Page): Promise<StubSubscription | null> {
  return page.evaluate(
    (key) => JSON.parse(localStorage.getItem(key) ?? 'null') as StubSubscription | null,
    STUB_KEY,
  );
}

/**
 * Decrypts an aes128gcm push body (RFC 8188 framing, RFC 8291 keys) with the subscription's private
 * key and auth secret, as the browser would.
 */
export function decryptPush(body: Buffer, subscription: StubSubscription): string {
  const ecdh = createECDH('prime256v1');
  ecdh.setPrivateKey(Buffer.from(subscription.d, 'base64url'));
  const auth = Buffer.from(subscription.auth, 'base64url');
  const salt = body.subarray(0, 16);
  const idLength = body[20]!;
  const senderKey = body.subarray(21, 21 + idLength);
  const record = body.subarray(21 + idLength);
  const keyInfo = Buffer.concat([
    Buffer.from('WebPush: info\0', 'ascii'),
    Buffer.from(subscription.p256dh, 'base64url'),
    senderKey,
  ]);
  const ikm = Buffer.from(hkdfSync('sha256', ecdh.computeSecret(senderKey), auth, keyInfo, 32));
  const info = (label: string) => Buffer.from(`Content-Encoding: ${label}\0`);
  const cek = Buffer.from(hkdfSync('sha256', ikm, salt, info('aes128gcm'), 16));
  const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, info('nonce'), 12));
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(record.subarray(record.length - 16));
  const padded = Buffer.concat([
    decipher.update(record.subarray(0, record.length - 16)),
    decipher.final(),
  ]);
  let end = padded.length - 1;
  while (end > 0 && padded[end] === 0) end -= 1;
  if (padded[end] !== 2) throw new Error('The last record has no 0x02 delimiter');
  return padded.subarray(0, end).toString('utf8');
}
