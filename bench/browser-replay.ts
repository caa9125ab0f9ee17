// 'browser-replay': 200 messages waiting in the device's outbox, replayed by drainOutbox through the
// real server, in messages per second, against sending the same 200 requests online one by one (the
// outbox's exact bodies and Idempotency-Keys, each fetch awaited before the next). Headless Chromium,
// loopback only. Every phase runs on a fresh server (fresh DATA_DIR, so the conversation log grows the
// same way in each) and a fresh browser profile, in ABBA order; the figure is the median of the
// per-pair ratios. The budget is taken against the bare requests (issue 21): the replay must be at
// least as fast as sending them online one by one, which it is by sending the waiting messages in
// batches (POST /api/chat/batch). The app's live path (queue, then drain, per message) is printed
// beside it for reference.
import { sessionIdAt } from '../src/domain/day-session';
import { uuidv7 } from '../src/domain/uuidv7';
import { startServer } from '../tests/e2e/support/server';
import { benchBuild } from './browser/build';
import { launchBenchBrowser } from './browser/chromium';
import type { BenchMessage, ReplayBench, ReplayResult } from './browser/replay';
import { median } from './browser/stats';
import type { Benchmark, Figure } from './types';

const QUICK = process.env.BENCH_QUICK === '1';
const COUNT = 200;
const PAIRS = QUICK ? 1 : 3;
const MIN_RATIO = 1.0;

type Phase = 'online' | 'replay' | 'live';

const TEXTS = [
  'On the train, no signal at all.',
  'The tunnel is long today, but the music is good.',
  'I keep thinking about what you said this morning.',
  'Almost home now, what a day!',
  'Do you think it will rain tomorrow?',
];

/** The same 200 messages (ids, texts, times) in every phase, so every phase sends the same bytes. */
function benchMessages(): BenchMessage[] {
  const start = Date.now() - COUNT * 1000;
  return Array.from({ length: COUNT }, (_, i) => {
    const now = start + i * 1000;
    return { id: uuidv7(now), text: `${TEXTS[i % TEXTS.length]!} (${i + 1})`, now };
  });
}

async function runPhase(
  phase: Phase,
  dir: string,
  messages: BenchMessage[],
  sessionId: string,
): Promise<ReplayResult> {
  const server = await startServer({ env: { STATIC_DIR: dir } });
  const browser = await launchBenchBrowser({ serviceWorkers: 'block' });
  try {
    const page = await browser.context.newPage();
    await page.goto(`${server.url}/bench/replay.html`);
    await page.waitForSelector('body[data-ready="true"]');
    const status = await page.evaluate(
      (code) => (window as unknown as { bench: ReplayBench }).bench.login(code),
      server.accessCode,
    );
    if (status !== 200) throw new Error(`login answered ${status}`);
    const call = <T>(fn: string, ...args: unknown[]) =>
      page.evaluate(
        ([name, rest]) =>
          (
            (window as unknown as { bench: Record<string, (...a: unknown[]) => Promise<unknown>> })
              .bench[name as string]! as (...a: unknown[]) => Promise<T>
          )(...(rest as unknown[])),
        [fn, args] as const,
      ) as Promise<T>;
    let result: ReplayResult;
    if (phase === 'online') result = await call<ReplayResult>('sendOnline', messages, sessionId);
    else if (phase === 'live') result = await call<ReplayResult>('sendLive', messages, sessionId);
    else {
      const queued = await call<number>('queue', messages, sessionId);
      if (queued !== COUNT) throw new Error(`queued ${queued} of ${COUNT}`);
      result = await call<ReplayResult>('replay', COUNT);
    }
    if (result.failures.length > 0) {
      throw new Error(`${phase}: ${result.failures.slice(0, 5).join('; ')}`);
    }
    // The server holds each message once.
    const log = await page.evaluate(async () => {
      const response = await fetch('/api/conversations', { credentials: 'same-origin' });
      return (await response.json()) as { id: string; sender: string }[];
    });
    const users = log.filter((entry) => entry.sender === 'user').map((entry) => entry.id);
    const expected = messages.map((m) => m.id);
    // The log keeps its newest 1000 entries: compare what is left of the end.
    if (JSON.stringify(users) !== JSON.stringify(expected.slice(expected.length - users.length))) {
      throw new Error(`${phase}: the server's log does not hold each message once, in order`);
    }
    return result;
  } finally {
    await browser.close();
    await server.dispose();
  }
}

const perSecond = (result: ReplayResult) => (result.delivered / result.ms) * 1000;

export const browserReplayBenchmark: Benchmark = {
  name: 'browser-replay',
  description: `${COUNT} waiting messages replayed by the outbox vs the same ${COUNT} requests sent online one by one (Chromium, real server)`,
  // Seven phases, each on a fresh server and browser: past the runner's 180 s on the shared two-core
  // machine under load (issue 21's runs). A guard only: the figure is the same whatever it is.
  timeoutMs: 600_000,
  async run(): Promise<Figure[]> {
    const { dir } = await benchBuild();
    const messages = benchMessages();
    const sessionId = sessionIdAt(Date.now());
    const runs: Record<Phase, number[]> = { online: [], replay: [], live: [] };
    /** Per message, the time the device spent outside waiting for the server. */
    const deviceMs: Record<Phase, number[]> = { online: [], replay: [], live: [] };
    const ratios: number[] = [];
    const record = (phase: Phase, result: ReplayResult) => {
      runs[phase].push(perSecond(result));
      deviceMs[phase].push((result.ms - result.networkMs) / result.delivered);
      return perSecond(result);
    };
    for (let pair = 0; pair < PAIRS; pair++) {
      const order: Phase[] = pair % 2 === 0 ? ['online', 'replay'] : ['replay', 'online'];
      const got: Partial<Record<Phase, number>> = {};
      for (const phase of order) {
        got[phase] = record(phase, await runPhase(phase, dir, messages, sessionId));
      }
      ratios.push(got.replay! / got.online!);
    }
    const live = record('live', await runPhase('live', dir, messages, sessionId));
    const device = (phase: Phase) => `${median(deviceMs[phase]).toFixed(2)} ms`;

    const rate = (values: number[]) => `${median(values).toFixed(1)} msg/s`;
    const list = (values: number[]) => values.map((v) => v.toFixed(1)).join(', ');
    return [
      {
        label: `replay of ${COUNT} waiting messages (drainOutbox)`,
        value: rate(runs.replay),
        ratio: median(ratios),
        baseline: `the same ${COUNT} requests sent online one by one with fetch (${rate(runs.online)})`,
        budget: { min: MIN_RATIO },
        note:
          `per-pair ratios ${ratios.map((r) => r.toFixed(2)).join(', ')}; replay runs ${list(runs.replay)} msg/s; online runs ${list(runs.online)} msg/s; ` +
          `device time per message outside the request: replay ${device('replay')}, online ${device('online')}`,
      },
      {
        label: `replay vs the app's own online sending`,
        value: rate(runs.replay),
        ratio: median(runs.replay) / live,
        baseline: `the app's live send path, queue then drain per message (${rate(runs.live)})`,
        note: `informational: the same comparison with the app's outbox on both sides (device time per message on the live path ${device('live')})`,
      },
    ];
  },
};
