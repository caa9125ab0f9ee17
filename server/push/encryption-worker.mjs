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
//      { type: 'when-full', id }
// Out: per `chunk` subscriptions, in order:
//      { type: 'bodies', id, start, bodies: ArrayBuffer (moved), lengths: number[], errors: (string|null)[] }
//      { type: 'full', id, pooled: number, refillMs: number }
import { createECDH, randomBytes } from 'node:crypto';
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
    for (let i = 0; i < REFILL_BATCH && pool.length < poolSize; i++) pool.push(newKeyPair());
    refillMs += performance.now() - started;
    if (pool.length < poolSize) {
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
    if (pool.length < poolSize) refillTimer = setTimeout(refill, REFILL_WHEN_IDLE_MS);
    return;
  }
  // when-full: whoever asks wants the pool full now.
  whenFull.push(message.id);
  if (pool.length < poolSize) refill();
  else if (!refilling) answerFull();
});

refill();
