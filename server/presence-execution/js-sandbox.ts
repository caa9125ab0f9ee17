// The JavaScript sandbox's host side (docs/sandbox.md): one warm worker thread (js-sandbox-worker.mjs)
// running QuickJS compiled to WebAssembly, one run at a time. The worker makes a fresh QuickJS runtime
// for every run, so keeping the worker warm shares nothing between runs but the compiled WebAssembly.
// A run the worker does not finish by its deadline plus a grace period (a long builtin call that never
// reaches QuickJS's interrupt check, or a slow clean-up) gets the worker terminated and a new one
// started: the server's own thread never runs the snippet and never waits on it.
import { Worker } from 'node:worker_threads';
import {
  EXECUTION_TIMEOUT_MS,
  HARD_KILL_GRACE_MS,
  JS_MEMORY_BYTES,
  JS_STACK_BYTES,
  OUTPUT_LIMIT_BYTES,
  type StopReason,
} from './execution-rules';

export interface SandboxLimits {
  timeoutMs: number;
  memoryBytes: number;
  stackBytes: number;
  outputBytes: number;
}

export const DEFAULT_JS_LIMITS: SandboxLimits = {
  timeoutMs: EXECUTION_TIMEOUT_MS,
  memoryBytes: JS_MEMORY_BYTES,
  stackBytes: JS_STACK_BYTES,
  outputBytes: OUTPUT_LIMIT_BYTES,
};

export interface RunResult {
  success: boolean;
  output: string;
  /** Why it stopped, when it failed. */
  reason: StopReason | null;
  /** The thrown error as the language reported it ('ReferenceError: …'), for reason 'error'. */
  thrown: string | null;
}

interface WorkerAnswer {
  id?: number;
  type?: 'ready' | 'idle';
  success?: boolean;
  output?: string;
  error?: string | null;
  reason?: StopReason | null;
  detail?: string;
}

interface Job {
  id: number;
  worker: Worker;
  code: string;
  resolve: (result: RunResult) => void;
  answered: boolean;
  killTimer: NodeJS.Timeout | null;
  /** Resolves when the worker is done with the job (answered and cleaned up, or killed). */
  finished: Promise<void>;
  finish: () => void;
}

/** The V8 heap of the worker itself (the host side: output strings, messages); QuickJS's is its own. */
const WORKER_RESOURCE_LIMITS = { maxOldGenerationSizeMb: 64, maxYoungGenerationSizeMb: 16 };

export class JsSandbox {
  private worker: Worker | null = null;
  private ready: Promise<boolean> | null = null;
  private current: Job | null = null;
  private nextId = 1;
  /** Workers started (the first, and one after each kill or crash): the status says how often. */
  restarts = -1;

  constructor(private readonly limits: SandboxLimits = DEFAULT_JS_LIMITS) {}

  /** Starts the worker if none is running; true once it has loaded QuickJS. */
  start(): Promise<boolean> {
    const ready = (this.ready ??= this.spawn().then((ok) => {
      // A worker that could not load is not kept as the answer: the next run tries again.
      if (!ok && this.ready === ready) this.ready = null;
      return ok;
    }));
    return ready;
  }

  /** Whether a worker is up and loaded now (the status's `active`), without starting one. */
  isRunning(): boolean {
    return this.worker !== null;
  }

  private spawn(): Promise<boolean> {
    this.restarts += 1;
    return new Promise<boolean>((resolve) => {
      const worker = new Worker(new URL('./js-sandbox-worker.mjs', import.meta.url), {
        resourceLimits: WORKER_RESOURCE_LIMITS,
        // Room for QuickJS's heap and its own structures; the worker's WebAssembly memory stops there.
        workerData: { wasmMemoryBytes: this.limits.memoryBytes * 2 },
        // Nothing of the server's environment reaches the worker thread (QuickJS never sees it anyway).
        env: {},
        stdout: true,
        stderr: true,
      });
      // An idle sandbox never keeps the server (or a test run) alive.
      worker.unref();
      // Only a QuickJS abort would print here: read and dropped, never piled up in a buffer.
      worker.stdout.resume();
      worker.stderr.resume();
      let loaded = false;
      worker.on('message', (message: WorkerAnswer) => {
        if (message.type === 'ready') {
          loaded = true;
          this.worker = worker;
          resolve(true);
          return;
        }
        this.onAnswer(worker, message);
      });
      worker.on('error', (error: Error & { code?: string }) => {
        // The worker's own heap ran out (ERR_WORKER_OUT_OF_MEMORY): the run it had hit the memory limit.
        const reason: StopReason = error.code === 'ERR_WORKER_OUT_OF_MEMORY' ? 'memory' : 'crash';
        this.lost(worker, reason, error.message);
        if (!loaded) resolve(false);
      });
      worker.on('exit', () => {
        this.lost(worker, 'crash', null);
        if (!loaded) resolve(false);
      });
    });
  }

  /** The worker is gone: its run (if still unanswered) fails, and the next run starts a new worker. */
  private lost(worker: Worker, reason: StopReason, detail: string | null): void {
    if (this.worker === worker) {
      this.worker = null;
      this.ready = null;
    }
    const job = this.current;
    if (job && job.worker === worker) {
      this.release(job);
      if (!job.answered) {
        job.answered = true;
        job.resolve({ success: false, output: '', reason, thrown: detail });
      }
    }
  }

  private onAnswer(worker: Worker, message: WorkerAnswer): void {
    const job = this.current;
    if (!job || job.worker !== worker || message.id !== job.id) return;
    if (message.type === 'idle') {
      this.release(job);
      return;
    }
    if (!job.answered) {
      job.answered = true;
      job.resolve({
        success: message.success === true,
        output: message.output ?? '',
        reason: message.reason ?? null,
        thrown: message.error ?? message.detail ?? null,
      });
    }
    if (message.reason === 'crash') void worker.terminate();
  }

  /**
   * Runs one snippet. The caller (PresenceExecution) queues: one run at a time here. Resolves when the
   * answer is known; the worker may still be freeing the run's objects, and the next run waits for that.
   */
  async run(code: string): Promise<RunResult> {
    while (this.current) await this.current.finished;
    if (!(await this.start()) || !this.worker) {
      return { success: false, output: '', reason: 'crash', thrown: null };
    }
    const worker = this.worker;
    const id = this.nextId++;
    return new Promise<RunResult>((resolve) => {
      let finish = () => {};
      const finished = new Promise<void>((done) => {
        finish = done;
      });
      const job: Job = {
        id,
        worker,
        code,
        resolve,
        answered: false,
        killTimer: null,
        finished,
        finish,
      };
      this.current = job;
      // The backstop: past the deadline and its grace the worker is killed, whatever it is doing. An
      // answer already given stands (the worker was only cleaning up); otherwise the run timed out.
      job.killTimer = setTimeout(() => {
        if (this.current !== job) return;
        if (!job.answered) {
          job.answered = true;
          resolve({ success: false, output: '', reason: 'timeout', thrown: null });
        }
        this.release(job);
        this.worker = null;
        this.ready = null;
        void worker.terminate();
      }, this.limits.timeoutMs + HARD_KILL_GRACE_MS);
      worker.postMessage({ id, code, limits: this.limits });
    });
  }

  /** The worker is done with `job`: the next run may start. */
  private release(job: Job): void {
    if (job.killTimer) clearTimeout(job.killTimer);
    if (this.current === job) this.current = null;
    job.finish();
  }

  /** Stops the worker (server shutdown); a later run would start a new one. */
  async close(): Promise<void> {
    const worker = this.worker;
    this.worker = null;
    this.ready = null;
    if (this.current) this.release(this.current);
    if (worker) await worker.terminate();
  }
}
