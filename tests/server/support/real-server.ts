// The server as `npm start` runs it, for the tests that kill and restart the real process. Each test file
// calls stopRealServers() after each test so no process outlives it.
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../../..', import.meta.url));
const running = new Set<ChildProcess>();

export interface RealServer {
  child: ChildProcess;
  url: string;
  output(): string;
  /** Resolves once it listens; rejects if it exits first. */
  ready: Promise<void>;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

/** A port nobody listens on now, on loopback. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

export function startRealServer(
  dataDir: string,
  port: number,
  accessCode: string,
  env: Record<string, string> = {},
): RealServer {
  // `node --import tsx` rather than `npx tsx`: one process, so a signal reaches the server itself.
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/index.ts'], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      ACCESS_CODE: accessCode,
      SERVE_STATIC: 'false',
      OWNER_NAME: '',
      OWNER_DEVICE_POLICY: 'enroll',
      TRUST_PROXY: 'false',
      LLM_PROVIDERS: '',
      ...env,
    },
  });
  running.add(child);
  let output = '';
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.on('exit', (code, signal) => {
      running.delete(child);
      resolve({ code, signal });
    }),
  );
  const ready = new Promise<void>((resolve, reject) => {
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('Kiri is running at')) resolve();
    };
    child.stdout?.on('data', read);
    child.stderr?.on('data', read);
    void exited.then(({ code, signal }) =>
      reject(
        new Error(`server exited (code ${code}, signal ${signal}) before listening:\n${output}`),
      ),
    );
  });
  ready.catch(() => undefined);
  return { child, url: `http://127.0.0.1:${port}`, output: () => output, ready, exited };
}

/** Kills every server a test started and left running. */
export function stopRealServers(): void {
  for (const child of running) child.kill('SIGKILL');
  running.clear();
}
