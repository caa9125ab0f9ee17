// RFC 8291 encryption of one payload for many subscriptions, on a worker thread: a fresh P-256 key
// pair, the ECDH agreement, HKDF and AES-GCM per subscription cost about as much as a whole HTTPS POST
// on loopback, and here they run beside the main thread's TLS and HTTP instead of before them.
// Plain JavaScript so that it starts the same under tsx, vitest and node (a worker gets no loader).
//
// Sender key pairs are made ahead, while the worker is idle, into a pool of `workerData.poolSize`:
// each is taken out of the pool for exactly one message and then dropped, so every message still
// has its own fresh key pair (RFC 8291 §3.1); only the moment it is made moves off the fan-out.
//
// In:  { type: 'encrypt', id, payload: string, keys: [p256dh, auth][] (base64url), chunk: number }
//      { type: 'prepare', keys: [p256dh, auth][] }
//      { type: 'when-full', id }
// Out: per `chunk` subscriptions, in order:
//      { type: 'bodies', id, start, bodies: ArrayBuffer (moved), lengths: number[], errors: (string|null)[] }
//      { type: 'prepared', ids: string[], keys: ArrayBuffer (moved, PREPARED_BYTES each) }
//      { type: 'full', id, pooled: number, refillMs: number }
//
// Content keys made ahead ('prepare'): for a subscription the last fan-out reached, the worker makes,
// while idle, everything RFC 8291 needs for that subscription's *next* message that does not depend on
// the message itself: a fresh key pair, the ECDH agreement with the browser's key, a random salt, and
// the HKDF steps down to the content key and nonce. The main thread keeps one such set per
// subscription and uses it for exactly one message (then it is gone): the next message's key pair and
// salt are as new as before, only made earlier. The private key is dropped once the secret is agreed.
import { createECDH, createHmac, randomBytes } from 'node:crypto';
import { createRequire } from 'node:module';
import { parentPort, workerData } from 'node:worker_threads';

// http_ece is web-push's own encryption (RFC 8188/8291), at the version web-push pins; unlike
// web-push's encrypt it takes the sender's key pair and the salt as options.
const fromWebPush = createRequire(createRequire(import.meta.url).resolve('web-push'));
const ece = fromWebPush('http_ece');

const poolSize = Math.max(0, Number(workerData?.poolSize ?? 0));
/** Key pairs made ahead, each used once: `take` removes what it returns. */
const pool = [];
/** Made on a turn of the loop at a time, so that a fan-out that arrives waits at most for a few. */
const REFILL_BATCH = 8;
/**
 * The pool is refilled once the worker has had no fan-out for this long: the posts of a fan-out go on
 * after its last body is encrypted, and a refill then would take CPU from them.
 */
const REFILL_WHEN_IDLE_MS = 100;
let refilling = false;
/** Bumped by each fan-out, so that a refill it interrupted stops at its next step. */
let generation = 0;
let refillTimer = null;
const whenFull = [];
/** The worker's time spent refilling since the last 'full' answer, for the benchmark. */
let refillMs = 0;

function answerFull() {
  if (whenFull.length === 0) return;
  for (const id of whenFull.splice(0)) {
    parentPort.postMessage({ type: 'full', id, pooled: pool.length, refillMs });
  }
  refillMs = 0;
}

function newKeyPair() {
  const ecdh = createECDH('prime256v1');
  const publicKey = ecdh.generateKeys();
  // http_ece asks for the public key twice per message; asked once here.
  return { getPublicKey: () => publicKey, computeSecret: (key) => ecdh.computeSecret(key) };
}

/** Subscriptions whose next content key is wanted, by `${p256dh}.${auth}`. */
const wanted = new Map();
const INFO = Buffer.from('WebPush: info\0', 'latin1');
const CEK_INFO = Buffer.from('Content-Encoding: aes128gcm\0\x01', 'latin1');
const NONCE_INFO = Buffer.from('Content-Encoding: nonce\0\x01', 'latin1');
const ONE = Buffer.from([1]);
/** salt (16), the sender's public key (65), content key (16), nonce (12). */
const PREPARED_BYTES = 16 + 65 + 16 + 12;

const hmac = (key, ...parts) => {
  const mac = createHmac('sha256', key);
  for (const part of parts) mac.update(part);
  return mac.digest();
};

/** RFC 8291 §3.3 and §3.4 (HKDF with one block: Expand is one HMAC with 0x01) for one message. */
function prepareOne(p256dh, auth, into, at) {
  const uaPublic = Buffer.from(p256dh, 'base64url');
  const authSecret = Buffer.from(auth, 'base64url');
  if (uaPublic.length !== 65 || authSecret.length < 16) throw new Error('unusable keys');
  const pair = take();
  const asPublic = pair.getPublicKey();
  const secret = pair.computeSecret(uaPublic);
  const ikm = hmac(hmac(authSecret, secret), INFO, uaPublic, asPublic, ONE);
  const salt = randomBytes(16);
  const prk = hmac(salt, ikm);
  salt.copy(into, at);
  asPublic.copy(into, at + 16);
  hmac(prk, CEK_INFO).copy(into, at + 81, 0, 16);
  hmac(prk, NONCE_INFO).copy(into, at + 97, 0, 12);
}

/** Prepares up to `count` wanted content keys and sends them to the main thread. */
function prepareSome(count) {
  const ids = [];
  const keys = Buffer.alloc(Math.min(count, wanted.size) * PREPARED_BYTES);
  for (const [id, [p256dh, auth]] of wanted) {
    if (ids.length >= count) break;
    wanted.delete(id);
    try {
      prepareOne(p256dh, auth, keys, ids.length * PREPARED_BYTES);
      ids.push(id);
    } catch {
      // An unusable subscription gets no content key; its fan-out reports the error.
    }
  }
  if (ids.length === 0) return;
  const owned = keys.buffer.slice(keys.byteOffset, keys.byteOffset + ids.length * PREPARED_BYTES);
  parentPort.postMessage({ type: 'prepared', ids, keys: owned }, [owned]);
}

function take() {
  return pool.pop() ?? newKeyPair();
}

function refill() {
  clearTimeout(refillTimer);
  if (refilling) return;
  refilling = true;
  const mine = generation;
  const step = () => {
    // A fan-out arrived: it goes first, and the refill waits for the next quiet moment.
    if (mine !== generation) return;
    const started = performance.now();
    // The content keys first: they are what the next fan-out to known devices uses.
    if (wanted.size > 0) prepareSome(REFILL_BATCH);
    else for (let i = 0; i < REFILL_BATCH && pool.length < poolSize; i++) pool.push(newKeyPair());
    refillMs += performance.now() - started;
    if (pool.length < poolSize || wanted.size > 0) {
      setImmediate(step);
      return;
    }
    refilling = false;
    answerFull();
  };
  setImmediate(step);
}

function encryptOne(payload, p256dh, auth) {
  const dh = Buffer.from(p256dh, 'base64url');
  const authSecret = Buffer.from(auth, 'base64url');
  // The same checks as web-push's encrypt, so that an unusable subscription fails the same way.
  if (dh.length !== 65) throw new Error('The subscription p256dh value should be 65 bytes long.');
  if (authSecret.length < 16)
    throw new Error('The subscription auth key should be at least 16 bytes long');
  return ece.encrypt(payload, {
    version: 'aes128gcm',
    dh,
    privateKey: take(),
    salt: randomBytes(16),
    authSecret,
  });
}

function encrypt(job) {
  const payload = Buffer.from(job.payload, 'utf8');
  for (let start = 0; start < job.keys.length; start += job.chunk) {
    const bodies = [];
    const errors = [];
    for (const [p256dh, auth] of job.keys.slice(start, start + job.chunk)) {
      try {
        bodies.push(encryptOne(payload, p256dh, auth));
        errors.push(null);
      } catch (error) {
        bodies.push(Buffer.alloc(0));
        errors.push(error instanceof Error ? error.message : String(error));
      }
    }
    // One buffer per chunk, moved rather than copied to the main thread.
    const joined = Buffer.concat(bodies);
    const owned = joined.buffer.slice(joined.byteOffset, joined.byteOffset + joined.length);
    parentPort.postMessage(
      {
        type: 'bodies',
        id: job.id,
        start,
        bodies: owned,
        lengths: bodies.map((b) => b.length),
        errors,
      },
      [owned],
    );
  }
}

parentPort.on('message', (message) => {
  if (message.type === 'encrypt') {
    refilling = false;
    generation += 1;
    encrypt(message);
    clearTimeout(refillTimer);
    if (pool.length < poolSize || wanted.size > 0)
      refillTimer = setTimeout(refill, REFILL_WHEN_IDLE_MS);
    return;
  }
  if (message.type === 'prepare') {
    for (const [p256dh, auth] of message.keys) wanted.set(`${p256dh}.${auth}`, [p256dh, auth]);
    // Made when idle, like the pool: after this fan-out's posts, not during them.
    clearTimeout(refillTimer);
    if (!refilling) refillTimer = setTimeout(refill, REFILL_WHEN_IDLE_MS);
    return;
  }
  // when-full: whoever asks wants the pool full (and the content keys made) now.
  whenFull.push(message.id);
  if (pool.length < poolSize || wanted.size > 0) refill();
  else if (!refilling) answerFull();
});

refill();
