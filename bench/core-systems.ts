// 'Test All Core Systems' through the real server (built app, fresh DATA_DIR, loopback, logged in): the
// page's twenty module reads at once, against as many GET /api/health at once, in alternating rounds
// (ABBA) so that drift on a shared machine falls on both alike. The figure is the median of the
// per-round ratios; issue 15 asks at most 3×. Also the dashboard's own JavaScript (gzip), which must not
// be part of the chat's first load.
import { readdirSync, readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { CORE_MODULES } from '../src/domain/core-systems';
import { startServer, type KiriServer } from '../tests/e2e/support/server';
import { measureInitialLoad, staticImports } from './bundle';
import type { Benchmark, Figure } from './types';
import { loginCookie } from './session';

const QUICK = process.env.BENCH_QUICK === '1';
/** Each round: this many presses of the button, one after the other (each press: all modules at once). */
const PRESSES_PER_ROUND = QUICK ? 10 : 40;
const ROUNDS = QUICK ? 2 : 6;
/** Issue 15: all module calls at most 3× the same number of /api/health calls. */
const MAX_RATIO = 3;
/** A conversation and memories first, so that the modules read real data, not empty files. */
const SEED_MESSAGES = QUICK ? 10 : 40;

const DIST = new URL('../dist/', import.meta.url);

async function seed(server: KiriServer, cookie: string): Promise<void> {
  const headers = { cookie, origin: server.url, 'content-type': 'application/json' };
  for (let i = 0; i < SEED_MESSAGES; i += 1) {
    const message =
      i % 4 === 0
        ? `remember that my friend number ${i} loves hiking in the mountains`
        : `Today I thought about the mountains and my work, part ${i}`;
    const response = await fetch(`${server.url}/api/chat`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ message, history: [] }),
    });
    if (!response.ok) throw new Error(`seeding the chat answered ${response.status}`);
  }
}

/** One press: every path at once; fails on any non-2xx answer. */
async function press(server: KiriServer, cookie: string, paths: readonly string[]): Promise<void> {
  const answers = await Promise.all(
    paths.map((path) => fetch(`${server.url}${path}`, { headers: { cookie } })),
  );
  for (const answer of answers) {
    await answer.arrayBuffer();
    if (!answer.ok) throw new Error(`${answer.url} answered ${answer.status}`);
  }
}

async function timed(run: () => Promise<void>, times: number): Promise<number> {
  const started = performance.now();
  for (let i = 0; i < times; i += 1) await run();
  return performance.now() - started;
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

/** The dashboard's chunk and what it alone imports (not already in the chat's first load), gzip -9. */
function dashboardChunk(): { files: string[]; gzip: number; inFirstLoad: boolean } {
  const initial = measureInitialLoad(DIST);
  const first = new Set(initial.js);
  const assets = new URL('assets/', DIST);
  const page = readdirSync(assets).find((name) => /^CoreSystemsPage-.*\.js$/.test(name));
  if (!page) throw new Error('no CoreSystemsPage chunk in dist/assets: build the app first');
  const files = new Set([`/assets/${page}`]);
  const queue = [`/assets/${page}`];
  while (queue.length > 0) {
    const file = queue.shift()!;
    for (const specifier of staticImports(readFileSync(new URL(`.${file}`, DIST), 'utf8'))) {
      if (!specifier.startsWith('./')) continue;
      const target = `/assets/${specifier.slice(2)}`;
      if (first.has(target) || files.has(target)) continue;
      files.add(target);
      queue.push(target);
    }
  }
  const gzip = [...files].reduce(
    (sum, file) => sum + gzipSync(readFileSync(new URL(`.${file}`, DIST)), { level: 9 }).length,
    0,
  );
  return { files: [...files], gzip, inFirstLoad: first.has(`/assets/${page}`) };
}

export const coreSystemsBenchmark: Benchmark = {
  name: 'core-systems',
  description: `'Test All Core Systems' (${CORE_MODULES.length} module reads at once) vs as many GET /api/health, ${ROUNDS} alternating rounds of ${PRESSES_PER_ROUND} presses`,
  timeoutMs: 300_000,
  async run(): Promise<Figure[]> {
    const chunk = dashboardChunk();
    const initialGzip = measureInitialLoad(DIST).jsSize.gzip;
    const server = await startServer();
    try {
      const cookie = await loginCookie(server);
      await seed(server, cookie);
      const modules = CORE_MODULES.map((module) => module.path);
      const health = modules.map(() => '/api/health');
      const all = () => press(server, cookie, modules);
      const bare = () => press(server, cookie, health);
      // Warm-up: the first reads build the search index and the JIT's code.
      await timed(all, 5);
      await timed(bare, 5);

      const ratios: number[] = [];
      const allTimes: number[] = [];
      const bareTimes: number[] = [];
      for (let round = 0; round < ROUNDS; round += 1) {
        const first = round % 2 === 0;
        const a = first ? await timed(all, PRESSES_PER_ROUND) : 0;
        const b = await timed(bare, PRESSES_PER_ROUND);
        const c = first ? a : await timed(all, PRESSES_PER_ROUND);
        allTimes.push(c);
        bareTimes.push(b);
        ratios.push(c / b);
      }
      const perPress = (times: number[]) => median(times) / PRESSES_PER_ROUND;
      return [
        {
          label: "'Test All Core Systems' (all module reads at once)",
          value: `${perPress(allTimes).toFixed(2)} ms per press`,
          ratio: median(ratios),
          baseline: `${CORE_MODULES.length} × GET /api/health at once (${perPress(bareTimes).toFixed(2)} ms per press)`,
          budget: { max: MAX_RATIO },
          note: `per-round ratios ${ratios.map((r) => r.toFixed(2)).join(', ')}; seeded with ${SEED_MESSAGES} owner messages`,
        },
        {
          label:
            "core systems dashboard JS (gzip: its chunk and what it imports beyond the chat's first load)",
          value: `${(chunk.gzip / 1000).toFixed(1)} KB`,
          ratio: chunk.gzip / initialGzip,
          baseline: `the chat's first load (${(initialGzip / 1000).toFixed(1)} KB gzip)`,
          note: chunk.files.join(', '),
          ...(chunk.inFirstLoad
            ? { invalid: "the dashboard's chunk is part of the chat's first load" }
            : {}),
        },
      ];
    } finally {
      await server.dispose();
    }
  },
};
