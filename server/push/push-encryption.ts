// RFC 8291 (aes128gcm) encryption of one message for each subscription of a fan-out. Each body gets
// its own fresh sender key pair, used for no other message, and its own random salt. What this
// module decides is where that runs: on a worker thread (encryption-worker.mjs, with key pairs made
// ahead while it is idle), so that the second core encrypts while the main thread does TLS and HTTP;
// in the calling thread, with web-push's encrypt, when no worker can be had.
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
  private readonly onFailure: (error: unknown) => void;

  constructor(options: WorkerEncryptorOptions = {}) {
    this.poolSize = options.poolSize ?? DEFAULT_KEY_POOL_SIZE;
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

  encrypt(payload: string, keys: readonly SubscriptionKeys[]): Promise<Buffer>[] {
    if (keys.length === 0) return [];
    const worker = this.started();
    if (!worker) return this.fallback.encrypt(payload, keys);
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
      worker.on('message', (answer: ChunkAnswer | FullAnswer) => {
        if (answer.type === 'bodies') this.receive(answer);
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
