// Starts and stops the real Kiri server (its bundle, dist-server/index.js, serving the built dist/ and
// /api) on a free loopback port with its own DATA_DIR, so a test can stop it and start it again
// mid-journey (what a commute looks like to the app). Used by the e2e fixtures and by the benchmarks.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { bundleServer, SERVER_BUNDLE } from '../../../scripts/server-bundle';

export const ROOT = resolve(fileURLToPath(new URL('.', import.meta.url)), '../../..');
export const HOST = '127.0.0.1';
/** The access code every test server is started with. */
export const ACCESS_CODE = 'kiri-e2e-access-code';

export interface ServerOptions {
  /** Reuse a data directory (a restart); by default a fresh temporary one. */
  dataDir?: string;
  port?: number;
  accessCode?: string;
  /** Extra environment for the server process. */
  env?: Record<string, string>;
  /** How long to wait for GET /api/health to answer 200. */
  readyTimeoutMs?: number;
}

export interface KiriServer {
  readonly url: string;
  readonly port: number;
  readonly dataDir: string;
  readonly accessCode: string;
  /** True while the process runs. */
  readonly running: boolean;
  /** What the process printed (stdout and stderr), for failure messages. */
  output(): string;
  /** Stops the process (SIGTERM, then SIGKILL after a grace period); `kill: true` sends SIGKILL at once. */
  stop(options?: { kill?: boolean }): Promise<void>;
  /** Starts it again on the same port and DATA_DIR. */
  start(): Promise<void>;
  /** Stops it and removes the DATA_DIR if this helper made it. */
  dispose(): Promise<void>;
}

/** A port the OS says is free on the loopback address. */
export function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const probe = createServer();
    probe.unref();
    probe.on('error', reject);
    probe.listen(0, HOST, () => {
      const address = probe.address();
      if (address === null || typeof address === 'string') {
        probe.close();
        reject(new Error('no port'));
        return;
      }
      probe.close(() => resolvePort(address.port));
    });
  });
}

let bundled: Promise<void> | undefined;
/**
 * The server's bundle, built from the current sources the first time this process starts a server: a
 * journey never runs a bundle older than the code beside it (scripts/server-bundle.ts).
 */
function serverBundled(): Promise<void> {
  bundled ??= bundleServer().catch((error: unknown) => {
    bundled = undefined;
    throw error;
  });
  return bundled;
}

const live = new Set<ChildProcess>();
// A test runner that dies must not leave servers behind.
process.once('exit', () => {
  for (const child of live) killGroup(child, 'SIGKILL');
  for (const server of idleSpares) rmSync(server.dataDir, { recursive: true, force: true });
});

function killGroup(child: ChildProcess, signal: NodeJS.Signals): void {
  if (child.pid === undefined || child.exitCode !== null || child.signalCode !== null) return;
  try {
    process.kill(-child.pid, signal); // the server and anything it started
  } catch {
    try {
      child.kill(signal);
    } catch {
      // already gone
    }
  }
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * A fixed-offset zone (IANA `Etc/GMT±N`) where it is now between 03:00 and 04:00. The server's scheduler
 * writes to the owner on its own at 09:00 and 20:00 and after 4 hours of silence, never between 01:00
 * and 07:00 (docs/schedule.md): in this zone nothing it sends can land in the middle of a test and
 * change the conversation the test checks. A test about the day's turn passes its own TIME_ZONE.
 */
export function quietTimeZone(now = Date.now()): string {
  const utcHour = new Date(now).getUTCHours();
  // The offset from UTC that makes the local hour 3, within the -12..+11 hours Etc/GMT zones span.
  const offset = ((3 - utcHour + 36) % 24) - 12;
  if (offset === 0) return 'UTC';
  // Etc/GMT's sign is POSIX's: Etc/GMT-8 is UTC+8.
  return offset > 0 ? `Etc/GMT-${offset}` : `Etc/GMT+${-offset}`;
}

export async function startServer(options: ServerOptions = {}): Promise<KiriServer> {
  if (!existsSync(join(ROOT, 'dist', 'index.html'))) {
    throw new Error('dist/ is missing: build the app first (npm run build).');
  }
  const ownsDataDir = options.dataDir === undefined;
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), 'kiri-e2e-'));
  const port = options.port ?? (await freePort());
  const accessCode = options.accessCode ?? ACCESS_CODE;
  const url = `http://${HOST}:${port}`;
  const readyTimeoutMs = options.readyTimeoutMs ?? 30_000;

  let child: ChildProcess | undefined;
  let log = '';

  const start = async (): Promise<void> => {
    if (child && child.exitCode === null && child.signalCode === null) return;
    log = '';
    await serverBundled();
    // `node` itself rather than `npm start`: one process whose pid is the server's, so a stop is
    // immediate and certain (npm and its shell each add a parent process). The bundle `npm start`
    // runs, built from the sources once per test process (serverBundled).
    const proc = spawn(process.execPath, ['--enable-source-maps', SERVER_BUNDLE], {
      cwd: ROOT,
      detached: true, // its own process group, killed as a whole
      stdio: ['ignore', 'pipe', 'pipe'],
      env: {
        ...process.env,
        // Pinned so that a developer's own settings cannot change what the tests see.
        PORT: String(port),
        HOST,
        DATA_DIR: dataDir,
        ACCESS_CODE: accessCode,
        SERVE_STATIC: 'true',
        STATIC_DIR: join(ROOT, 'dist'),
        OWNER_DEVICE_POLICY: 'enroll',
        OWNER_NAME: '',
        TRUST_PROXY: 'false',
        LLM_PROVIDERS: '', // the local engine only: no network
        TIME_ZONE: quietTimeZone(),
        ...options.env,
      },
    });
    child = proc;
    live.add(proc);
    proc.stdout?.on('data', (chunk: Buffer) => (log += chunk.toString()));
    proc.stderr?.on('data', (chunk: Buffer) => (log += chunk.toString()));
    proc.on('exit', () => live.delete(proc));

    const deadline = Date.now() + readyTimeoutMs;
    while (Date.now() < deadline) {
      if (proc.exitCode !== null || proc.signalCode !== null) {
        throw new Error(
          `The server exited during start (code ${proc.exitCode}, signal ${proc.signalCode}):\n${log}`,
        );
      }
      try {
        const response = await fetch(`${url}/api/health`, { signal: AbortSignal.timeout(2000) });
        if (response.ok) return;
      } catch {
        // not listening yet
      }
      await sleep(100);
    }
    killGroup(proc, 'SIGKILL');
    throw new Error(
      `The server did not answer GET /api/health within ${readyTimeoutMs} ms:\n${log}`,
    );
  };

  const stop = async ({ kill = false } = {}): Promise<void> => {
    const proc = child;
    if (!proc || proc.exitCode !== null || proc.signalCode !== null) return;
    const exited = new Promise<void>((r) => proc.once('exit', () => r()));
    killGroup(proc, kill ? 'SIGKILL' : 'SIGTERM');
    const graceful = await Promise.race([exited.then(() => true), sleep(5000).then(() => false)]);
    if (!graceful) {
      killGroup(proc, 'SIGKILL');
      await exited;
    }
  };

  await start();

  return {
    url,
    port,
    dataDir,
    accessCode,
    get running() {
      return child !== undefined && child.exitCode === null && child.signalCode === null;
    },
    output: () => log,
    stop,
    start,
    async dispose() {
      await stop();
      if (ownsDataDir) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Spares that answer and were not handed out yet (an exit removes their DATA_DIRs). */
const idleSpares = new Set<KiriServer>();
let spare: Promise<KiriServer> | undefined;

/**
 * A server as `startServer()` gives one (defaults, fresh DATA_DIR), started ahead of need: each call
 * hands out the spare started by the call before, and starts the next one. Playwright runs one test at
 * a time, so the next test's start (about 3 s: the server's modules, the access code's scrypt hash)
 * runs beside the test before it instead of before the next. Measured on four tests that each open
 * the chat: the wait for the server went from about 3.2 s to under 1 s, the log-in beside the spare's
 * start grew by about 1 s (two cores), 29.7 → 27.1 s in all. A spare that failed to start is not
 * handed out: a new start is, and its own failure is the caller's.
 */
export function takeFreshServer(): Promise<KiriServer> {
  const next = spare ? spare.catch(() => startServer()) : startServer();
  spare = startServer().then((server) => {
    idleSpares.add(server);
    return server;
  });
  spare.catch(() => undefined); // reported, if ever, by the call that takes it
  return next.then((server) => {
    idleSpares.delete(server);
    return server;
  });
}
