// The manual console's sandbox through the real server (built app, fresh DATA_DIR, loopback, logged in as
// the owner): 100 runs of a small snippet against 100 GET /api/health, one after the other, in
// alternating rounds (ABBA) so that drift on a shared machine falls on both alike; the figure is the
// median of the per-round ratios (issue 17: at most 20×, the sandbox's start cost per run). Then the
// server's memory (its process's resident set, read from /proc) after 1,000 runs against after 100
// (issue 17: within 50 MB, no leak).
import { readdirSync, readFileSync, readlinkSync } from 'node:fs';
import { startServer, type KiriServer } from '../tests/e2e/support/server';
import { loginCookie } from './session';
import type { Benchmark, Figure } from './types';

const QUICK = process.env.BENCH_QUICK === '1';
const RUNS_PER_ROUND = 100;
const ROUNDS = QUICK ? 2 : 4;
const MAX_RATIO = 20;
const LEAK_RUNS = 1_000;
const MAX_GROWTH_MB = 50;
const SNIPPET = 'const x = 6 * 7; console.log(x)';

async function run(server: KiriServer, cookie: string): Promise<void> {
  const response = await fetch(`${server.url}/api/presence-execution/execute`, {
    method: 'POST',
    headers: { cookie, origin: server.url, 'content-type': 'application/json' },
    body: JSON.stringify({ code: SNIPPET, context: 'manual_console' }),
  });
  const answer = (await response.json()) as { success?: boolean; output?: string };
  if (!response.ok || answer.success !== true || answer.output !== '42\n') {
    throw new Error(`the snippet answered ${response.status}: ${JSON.stringify(answer)}`);
  }
}

async function health(server: KiriServer, cookie: string): Promise<void> {
  const response = await fetch(`${server.url}/api/health`, { headers: { cookie } });
  await response.arrayBuffer();
  if (!response.ok) throw new Error(`/api/health answered ${response.status}`);
}

async function timed(call: () => Promise<void>, times: number): Promise<number> {
  const started = performance.now();
  for (let i = 0; i < times; i += 1) await call();
  return performance.now() - started;
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

/**
 * The pid of the process listening on `port` (tsx starts the server as a child of its own, so the pid
 * the harness spawned is not the server's): the socket's inode from /proc/net/tcp, then the process
 * holding it.
 */
function listenerPid(port: number): number {
  const hexPort = port.toString(16).toUpperCase().padStart(4, '0');
  let inode: string | null = null;
  for (const file of ['/proc/net/tcp', '/proc/net/tcp6']) {
    for (const line of readFileSync(file, 'utf8').split('\n').slice(1)) {
      const cols = line.trim().split(/\s+/);
      // local_address is ADDR:PORT; state 0A is LISTEN.
      if (cols[1]?.endsWith(`:${hexPort}`) && cols[3] === '0A') inode = cols[9] ?? null;
    }
  }
  if (!inode) throw new Error(`no process listens on port ${port}`);
  for (const pid of readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    try {
      for (const fd of readdirSync(`/proc/${pid}/fd`)) {
        if (readlinkSync(`/proc/${pid}/fd/${fd}`) === `socket:[${inode}]`) return Number(pid);
      }
    } catch {
      // A process that ended, or one we may not look into.
    }
  }
  throw new Error(`no process holds the socket of port ${port}`);
}

function residentMb(pid: number): number {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8')
    .split('\n')
    .find((l) => l.startsWith('VmRSS:'));
  if (!line) throw new Error(`no VmRSS for ${pid}`);
  return Number(line.replace(/\D+/g, '')) / 1024;
}

export const sandboxBenchmark: Benchmark = {
  name: 'sandbox',
  description: `the manual console's sandbox: ${RUNS_PER_ROUND} runs of '${SNIPPET}' vs ${RUNS_PER_ROUND} GET /api/health, ${ROUNDS} alternating rounds; the server's memory after ${LEAK_RUNS} runs vs after 100`,
  timeoutMs: 300_000,
  async run(): Promise<Figure[]> {
    const server = await startServer();
    try {
      const cookie = await loginCookie(server);
      const pid = listenerPid(server.port);
      const execute = () => run(server, cookie);
      const bare = () => health(server, cookie);
      // Warm-up: the first run starts the worker and loads QuickJS (about 100 ms, once). The server's
      // memory is read after the 100th run and again after the 1,000th.
      await timed(execute, 100);
      const at100 = residentMb(pid);
      await timed(bare, 10);

      const ratios: number[] = [];
      const runTimes: number[] = [];
      const healthTimes: number[] = [];
      for (let round = 0; round < ROUNDS; round += 1) {
        const first = round % 2 === 0;
        const a = first ? await timed(execute, RUNS_PER_ROUND) : 0;
        const b = await timed(bare, RUNS_PER_ROUND);
        const c = first ? a : await timed(execute, RUNS_PER_ROUND);
        runTimes.push(c);
        healthTimes.push(b);
        ratios.push(c / b);
      }
      const done = 100 + ROUNDS * RUNS_PER_ROUND;
      await timed(execute, Math.max(0, LEAK_RUNS - done));
      const at1000 = residentMb(pid);
      const growth = at1000 - at100;
      const perCall = (times: number[]) => median(times) / RUNS_PER_ROUND;
      return [
        {
          label: 'one sandbox run (POST /api/presence-execution/execute)',
          value: `${perCall(runTimes).toFixed(2)} ms per run`,
          ratio: median(ratios),
          baseline: `GET /api/health (${perCall(healthTimes).toFixed(2)} ms per call)`,
          budget: { max: MAX_RATIO },
          note: `per-round ratios ${ratios.map((r) => r.toFixed(2)).join(', ')}`,
        },
        {
          label: `server memory growth from run 100 to run ${LEAK_RUNS}`,
          value: `${growth.toFixed(1)} MB (RSS ${at100.toFixed(1)} → ${at1000.toFixed(1)} MB)`,
          ratio: Math.max(0, growth) / MAX_GROWTH_MB,
          baseline: `the ${MAX_GROWTH_MB} MB budget`,
          budget: { max: 1 },
        },
      ];
    } finally {
      await server.dispose();
    }
  },
};
