// RFC 8291 (aes128gcm) encryption of one message for each subscription of a fan-out. Each body gets
// its own fresh sender key pair, used for no other message, and its own random salt. What this
// module decides is where and when that runs. Everything but the AES-GCM of the payload depends only
// on the subscription (the key pair, the ECDH agreement, the salt, HKDF down to the content key and
// nonce), so the worker thread (encryption-worker.mjs) makes it ahead, while idle, for each device's
// *next* message; the fan-out then seals each body here in microseconds and each prepared key is
// taken out for that one message. A device with nothing prepared is encrypted whole on the worker
// (key pairs from a pool made ahead), and in the calling thread with web-push's encrypt when no
// worker can be had.
import { createCipheriv } from 'node:crypto';
import { Worker } from 'node:worker_threads';
import webPush from 'web-push';

export interface SubscriptionKeys {
  /** The browser's P-256 public key, base64url. */
  p256dh: string;
  /** The browser's auth secret, base64url. */
  auth: string;
}

/** The subscription's keys cannot be used (not a P-256 point): no retry mends that. */
export class UnusableSubscriptionError extends Error {
  constructor(reason: string) {
    super(`The subscription's keys cannot be used: ${reason}`);
    this.name = 'UnusableSubscriptionError';
  }
}

export interface PushEncryptor {
  /**
   * One promise per subscription, in order, for the request body; each rejects with an
   * UnusableSubscriptionError when that subscription's keys are unusable. They settle in order,
   * so the first posts can start while the rest are still being encrypted.
   */
  encrypt(payload: string, keys: readonly SubscriptionKeys[]): Promise<Buffer>[];
  /** Makes these subscriptions' next content keys ahead, when idle (a new device, a start). */
  prepare?(keys: readonly SubscriptionKeys[]): void;
  close(): Promise<void>;
}

function encryptHere(payload: string, keys: SubscriptionKeys): Buffer {
  try {
    return webPush.encrypt(keys.p256dh, keys.auth, payload, 'aes128gcm').cipherText;
  } catch (error) {
    throw new UnusableSubscriptionError(error instanceof Error ? error.message : String(error));
  }
}

/** Encrypts in the calling thread (the fallback, and tests that compare). */
export class InThreadEncryptor implements PushEncryptor {
  encrypt(payload: string, keys: readonly SubscriptionKeys[]): Promise<Buffer>[] {
    return keys.map((k) => {
      try {
        return Promise.resolve(encryptHere(payload, k));
      } catch (error) {
        return Promise.reject(error as Error);
      }
    });
  }

  async close(): Promise<void> {}
}

interface Pending {
  payload: string;
  keys: readonly SubscriptionKeys[];
  settlers: { resolve: (body: Buffer) => void; reject: (error: Error) => void }[];
  settled: number;
}

interface ChunkAnswer {
  type: 'bodies';
  id: number;
  start: number;
  bodies: ArrayBuffer;
  lengths: number[];
  errors: (string | null)[];
}

/**
 * Small enough that the first posts start after a few encryptions, large enough that a 200-device
 * fan-out is a dozen messages between the threads, not 200. (Smaller first answers, 2 then 4 then
 * 8, measured no better.)
 */
const CHUNK = 16;

interface PreparedAnswer {
  type: 'prepared';
  ids: string[];
  keys: ArrayBuffer;
}

/** What the worker made ahead for one subscription's next message (encryption-worker.mjs). */
export interface PreparedContentKey {
  salt: Buffer;
  /** The fresh sender public key (the aes128gcm header's keyid). */
  senderPublicKey: Buffer;
  contentKey: Buffer;
  nonce: Buffer;
}

const PREPARED_BYTES = 16 + 65 + 16 + 12;
/** RFC 8188 record size written in the header; a push payload (at most 3 KB here) is one record. */
const RECORD_SIZE = 4096;
/** The delimiter of the last (only) record, RFC 8188 §2. */
const LAST_RECORD = Buffer.from([2]);
/**
 * Content keys kept for at most this many subscriptions (a user keeps at most 20): past it the oldest
 * made is dropped, unused (it is only ever lost, never used twice).
 */
const MAX_PREPARED = 4096;

const idOf = (keys: SubscriptionKeys) => `${keys.p256dh}.${keys.auth}`;

/**
 * RFC 8291 §4 body from a content key made ahead: the aes128gcm header (salt, record size, the
 * sender's public key) and one AES-128-GCM record of the payload and its 0x02 delimiter.
 */
export function sealWithPreparedKey(payload: Buffer, key: PreparedContentKey): Buffer {
  const header = Buffer.alloc(21 + key.senderPublicKey.length);
  key.salt.copy(header, 0);
  header.writeUInt32BE(RECORD_SIZE, 16);
  header[20] = key.senderPublicKey.length;
  key.senderPublicKey.copy(header, 21);
  const cipher = createCipheriv('aes-128-gcm', key.contentKey, key.nonce);
  const first = cipher.update(payload);
  const last = cipher.update(LAST_RECORD);
  const final = cipher.final();
  return Buffer.concat([header, first, last, final, cipher.getAuthTag()]);
}

interface FullAnswer extends PoolState {
  type: 'full';
  id: number;
}

export interface PoolState {
  /** Key pairs in the pool. */
  pooled: number;
  /** The worker's time spent making them since the last answer (ms). */
  refillMs: number;
}

/**
 * Sender key pairs the worker makes ahead while idle: enough for a fan-out to 256 devices without
 * making one on the way (each is used once; the pool refills after the fan-out).
 */
export const DEFAULT_KEY_POOL_SIZE = 256;

export interface WorkerEncryptorOptions {
  /** Key pairs made ahead; 0 makes each one during the fan-out. */
  poolSize?: number;
  /**
   * Whether the worker makes each reached subscription's next content key ahead (default true);
   * false makes every key during the fan-out (the benchmark's cold line).
   */
  prepareAhead?: boolean;
  onFailure?: (error: unknown) => void;
}

/**
 * Encrypts on one worker thread, started at the first fan-out (a server that never pushes never
 * starts it). If the worker fails, what it had not answered and everything after is encrypted in
 * the calling thread: slower, never lost.
 */
export class WorkerEncryptor implements PushEncryptor {
  private worker: Worker | null = null;
  private broken = false;
  private nextId = 1;
  private readonly pending = new Map<number, Pending>();
  private readonly fallback = new InThreadEncryptor();
  private readonly fullWaiters = new Map<number, (state: PoolState) => void>();
  private readonly poolSize: number;
  private readonly prepareAhead: boolean;
  /** One content key per subscription, made ahead by the worker, each taken out for one message. */
  private readonly prepared = new Map<string, PreparedContentKey>();
  private readonly onFailure: (error: unknown) => void;

  constructor(options: WorkerEncryptorOptions = {}) {
    this.poolSize = options.poolSize ?? DEFAULT_KEY_POOL_SIZE;
    this.prepareAhead = options.prepareAhead ?? true;
    this.onFailure = options.onFailure ?? (() => {});
  }

  /**
   * Starts the worker if it is not running and resolves once its key pool is full (no pool when
   * there is no worker). For the benchmark, which starts each timed window from a full pool and
   * reports what the refill cost the worker.
   */
  whenPoolFull(): Promise<PoolState> {
    const worker = this.started();
    if (!worker) return Promise.resolve({ pooled: 0, refillMs: 0 });
    const id = this.nextId++;
    worker.ref();
    return new Promise<PoolState>((resolve) => {
      this.fullWaiters.set(id, resolve);
      worker.postMessage({ type: 'when-full', id });
    });
  }

  /** For tests and the benchmark: subscriptions whose next content key is ready. */
  get preparedCount(): number {
    return this.prepared.size;
  }

  encrypt(payload: string, keys: readonly SubscriptionKeys[]): Promise<Buffer>[] {
    if (keys.length === 0) return [];
    // Subscriptions with a content key made ahead are sealed here and now (one AES-GCM record, a few
    // microseconds, no hand-off to the worker); the others go to the worker whole.
    const results: Promise<Buffer>[] = new Array<Promise<Buffer>>(keys.length);
    const rest: number[] = [];
    let bytes: Buffer | null = null;
    keys.forEach((k, index) => {
      const id = idOf(k);
      const key = this.prepared.get(id);
      if (!key) {
        rest.push(index);
        return;
      }
      // Taken out before use: this key pair and salt serve this one message only.
      this.prepared.delete(id);
      bytes ??= Buffer.from(payload, 'utf8');
      results[index] = Promise.resolve(sealWithPreparedKey(bytes, key));
    });
    const worker = this.started();
    if (rest.length > 0) {
      const restKeys = rest.map((index) => keys[index]!);
      const made = worker
        ? this.encryptOnWorker(worker, payload, restKeys)
        : this.fallback.encrypt(payload, restKeys);
      rest.forEach((index, i) => (results[index] = made[i]!));
    }
    // The next message to each device is prepared when the caller says the fan-outs are over
    // (prepare): made while their posts are still going, it would take CPU from them.
    return results;
  }

  prepare(keys: readonly SubscriptionKeys[]): void {
    const missing = keys.filter((k) => !this.prepared.has(idOf(k)));
    if (missing.length === 0 || !this.prepareAhead) return;
    const worker = this.started();
    if (worker) this.askToPrepare(worker, missing);
  }

  private askToPrepare(worker: Worker, keys: readonly SubscriptionKeys[]): void {
    if (!this.prepareAhead) return;
    worker.postMessage({ type: 'prepare', keys: keys.map((k) => [k.p256dh, k.auth]) });
  }

  private encryptOnWorker(
    worker: Worker,
    payload: string,
    keys: readonly SubscriptionKeys[],
  ): Promise<Buffer>[] {
    const id = this.nextId++;
    const settlers: Pending['settlers'] = [];
    const promises = keys.map(
      (_, index) =>
        new Promise<Buffer>((resolve, reject) => {
          settlers[index] = { resolve, reject };
        }),
    );
    this.pending.set(id, { payload, keys, settlers, settled: 0 });
    // Held open only while it has work, so that it never keeps a finished process alive.
    worker.ref();
    worker.postMessage({
      type: 'encrypt',
      id,
      payload,
      keys: keys.map((k) => [k.p256dh, k.auth]),
      chunk: CHUNK,
    });
    return promises;
  }

  async close(): Promise<void> {
    this.prepared.clear();
    const worker = this.worker;
    this.worker = null;
    this.broken = true;
    this.failPending(new Error('The push encryptor was closed'));
    if (worker) await worker.terminate();
  }

  /** For tests: whether a worker thread is running. */
  get running(): boolean {
    return this.worker !== null;
  }

  private started(): Worker | null {
    if (this.worker || this.broken) return this.worker;
    try {
      const worker = new Worker(new URL('./encryption-worker.mjs', import.meta.url), {
        workerData: { poolSize: this.poolSize },
      });
      worker.unref();
      worker.on('message', (answer: ChunkAnswer | PreparedAnswer | FullAnswer) => {
        if (answer.type === 'bodies') this.receive(answer);
        else if (answer.type === 'prepared') this.keep(answer);
        else this.poolFull(answer);
      });
      worker.on('error', (error) => this.fail(error));
      worker.on('exit', (code) => {
        if (this.worker === worker) this.fail(new Error(`The encryption worker exited (${code})`));
      });
      this.worker = worker;
    } catch (error) {
      this.fail(error);
    }
    return this.worker;
  }

  private keep(answer: PreparedAnswer): void {
    const all = Buffer.from(answer.keys);
    answer.ids.forEach((id, i) => {
      const at = i * PREPARED_BYTES;
      // A newer key replaces an unused older one (dropped, never used); re-inserted as the newest.
      this.prepared.delete(id);
      this.prepared.set(id, {
        salt: all.subarray(at, at + 16),
        senderPublicKey: all.subarray(at + 16, at + 81),
        contentKey: all.subarray(at + 81, at + 97),
        nonce: all.subarray(at + 97, at + 109),
      });
    });
    for (const oldest of this.prepared.keys()) {
      if (this.prepared.size <= MAX_PREPARED) break;
      this.prepared.delete(oldest);
    }
  }

  private poolFull(answer: FullAnswer): void {
    this.fullWaiters.get(answer.id)?.({ pooled: answer.pooled, refillMs: answer.refillMs });
    this.fullWaiters.delete(answer.id);
    this.unrefWhenIdle();
  }

  private unrefWhenIdle(): void {
    if (this.pending.size === 0 && this.fullWaiters.size === 0) this.worker?.unref();
  }

  private receive(answer: ChunkAnswer): void {
    const job = this.pending.get(answer.id);
    if (!job) return;
    const bodies = Buffer.from(answer.bodies);
    let offset = 0;
    answer.lengths.forEach((length, i) => {
      const settler = job.settlers[answer.start + i]!;
      const error = answer.errors[i];
      if (error) settler.reject(new UnusableSubscriptionError(error));
      else settler.resolve(bodies.subarray(offset, offset + length));
      offset += length;
    });
    job.settled = answer.start + answer.lengths.length;
    if (job.settled >= job.keys.length) {
      this.pending.delete(answer.id);
      this.unrefWhenIdle();
    }
  }

  /** The worker is gone: encrypt here what it left, and from now on everything. */
  private fail(error: unknown): void {
    if (this.broken) return;
    this.broken = true;
    const worker = this.worker;
    this.worker = null;
    void worker?.terminate();
    this.onFailure(error);
    for (const job of this.pending.values()) {
      for (let i = job.settled; i < job.keys.length; i++) {
        const settler = job.settlers[i]!;
        try {
          settler.resolve(encryptHere(job.payload, job.keys[i]!));
        } catch (reason) {
          settler.reject(reason as Error);
        }
      }
    }
    this.pending.clear();
    for (const resolve of this.fullWaiters.values()) resolve({ pooled: 0, refillMs: 0 });
    this.fullWaiters.clear();
  }

  private failPending(error: Error): void {
    for (const job of this.pending.values()) {
      for (let i = job.settled; i < job.keys.length; i++) job.settlers[i]!.reject(error);
    }
    this.pending.clear();
    for (const resolve of this.fullWaiters.values()) resolve({ pooled: 0, refillMs: 0 });
    this.fullWaiters.clear();
  }
}
