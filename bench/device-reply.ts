// 'device-reply': how long Kiri takes to write a reply on the phone when the server is out of reach
// (issue 12). The engine (src/engine/companion, localReply) runs in headless Chromium with the CPU
// throttled 4× (CDP Emulation.setCPUThrottlingRate: a mid-range phone on a desktop core), loaded by
// import() from a page of its own (bench/browser/engine-page, bundled with the app's build target),
// and in Node in this process, on the same 100 owner messages (tests/support/engine-inputs.ts: every
// kind of message, five personalities, seven moods, 0 to 200 memory nodes, four time zones).
// The budget: the device's p95 must stay under the smallest typing pause Kiri shows before a part of
// a reply (MIN_SPLIT_DELAY_MS, src/domain/reply-timing.ts), so the owner never waits on the engine
// for longer than Kiri would seem to type anyway. The Node figure is the baseline of the same run;
// the two homes must also give the same replies (else the figure is invalid).
import type { Page } from '@playwright/test';
import { localReply } from '../src/engine/companion';
import type { CompanionInput, CompanionReply } from '../src/engine/companion';
import { MIN_SPLIT_DELAY_MS } from '../src/domain/reply-timing';
import { startServer } from '../tests/e2e/support/server';
import { engineInput, engineInputs } from '../tests/support/engine-inputs';
import { launchBenchBrowser } from './browser/chromium';
import { engineBuild } from './browser/engine-build';
import type { DeviceEngineBench } from './browser/engine-page/page';
import { median, ms, quantile } from './browser/stats';
import type { Benchmark, Figure } from './types';

const QUICK = process.env.BENCH_QUICK === '1';
const MESSAGES = 100;
/** Replies to other inputs first, in both homes: the timed ones then run in warmed-up code. */
const WARM_UP = 10;
/**
 * Each message is timed this many times, its median kept: the machine is shared and a single reply
 * caught by another process's burst would say nothing about the engine. The engine is deterministic,
 * so each time is the same work.
 */
const ROUNDS = QUICK ? 1 : 3;
export const CPU_THROTTLING = 4;

const perMessage = (rounds: number[][]) =>
  rounds[0]!.map((_, i) => median(rounds.map((round) => round[i]!)));

function timeInNode(inputs: CompanionInput[]): number[] {
  return inputs.map((input) => {
    const started = performance.now();
    localReply(input);
    return performance.now() - started;
  });
}

const engineOf = (page: Page) => ({
  time: (inputs: CompanionInput[]) =>
    page.evaluate(
      (list) => (window as unknown as { deviceEngine: DeviceEngineBench }).deviceEngine.time(list),
      inputs,
    ),
  replies: (inputs: CompanionInput[]) =>
    page.evaluate(
      (list) =>
        (window as unknown as { deviceEngine: DeviceEngineBench }).deviceEngine.replies(list),
      inputs,
    ),
  load: () =>
    page.evaluate(() =>
      (window as unknown as { deviceEngine: DeviceEngineBench }).deviceEngine.load(),
    ),
});

/** Where two lists of replies first differ, or null. */
export function firstDifference(
  inputs: readonly CompanionInput[],
  a: readonly CompanionReply[],
  b: readonly CompanionReply[],
): string | null {
  for (let i = 0; i < inputs.length; i++) {
    if (JSON.stringify(a[i]) !== JSON.stringify(b[i])) {
      return `for ${JSON.stringify(inputs[i]!.message)} (seed ${inputs[i]!.seed}) Node says ${JSON.stringify(a[i])}, the page ${JSON.stringify(b[i])}`;
    }
  }
  return a.length === b.length ? null : `${a.length} replies in Node, ${b.length} in the page`;
}

export const deviceReplyBenchmark: Benchmark = {
  name: 'device-reply',
  description: `localReply p95 over ${MESSAGES} owner messages in Chromium with the CPU throttled ${CPU_THROTTLING}×, vs the same engine in Node, under Kiri's ${MIN_SPLIT_DELAY_MS} ms typing pause`,
  async run(): Promise<Figure[]> {
    const inputs = engineInputs(MESSAGES);
    const warmUp = Array.from({ length: WARM_UP }, (_, i) => engineInput(MESSAGES + i));

    // Node first, alone on the machine's share this process has.
    timeInNode(warmUp);
    const nodeRounds = Array.from({ length: ROUNDS }, () => timeInNode(inputs));
    const nodeTimes = perMessage(nodeRounds);
    const nodeReplies = inputs.map((input) => localReply(input));

    const build = await engineBuild();
    const server = await startServer({ env: { STATIC_DIR: build.dir } });
    const browser = await launchBenchBrowser({ serviceWorkers: 'block' });
    try {
      const page = await browser.context.newPage();
      const cdp = await browser.context.newCDPSession(page);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_THROTTLING });
      await page.goto(`${server.url}/`);
      await page.waitForSelector('body[data-ready="true"]');
      const engine = engineOf(page);
      const loadMs = await engine.load();
      // The first reply after the load: cold code, what the first offline message of a visit costs.
      const [firstMs] = await engine.time([warmUp[0]!]);
      await engine.time(warmUp.slice(1));
      const pageRounds: number[][] = [];
      for (let round = 0; round < ROUNDS; round++) pageRounds.push(await engine.time(inputs));
      const pageTimes = perMessage(pageRounds);
      const pageReplies = await engine.replies(inputs);
      const differs = firstDifference(inputs, nodeReplies, pageReplies);

      const nodeP95 = quantile(nodeTimes, 0.95);
      const deviceP95 = quantile(pageTimes, 0.95);
      const slowest = pageTimes
        .map((time, i) => ({ time, message: inputs[i]!.message }))
        .sort((a, b) => b.time - a.time)[0]!;
      const kb = (bytes: number) => `${(bytes / 1000).toFixed(1)} KB`;
      return [
        {
          label: `device reply p95, Chromium, CPU ${CPU_THROTTLING}× throttled`,
          value: `${ms(deviceP95)} (median ${ms(median(pageTimes))}, max ${ms(Math.max(...pageTimes))})`,
          ratio: deviceP95 / MIN_SPLIT_DELAY_MS,
          baseline: `Kiri's shortest typing pause, MIN_SPLIT_DELAY_MS (${MIN_SPLIT_DELAY_MS} ms)`,
          budget: { max: 1 },
          note:
            `${MESSAGES} messages, each the median of ${ROUNDS} run(s) after ${WARM_UP} warm-up replies; ` +
            `slowest: ${JSON.stringify(slowest.message)} (${ms(slowest.time)}); ` +
            `Node p95 ${ms(nodeP95)}; engine page JS ${kb(build.gzipBytes)} gzip (${kb(build.rawBytes)} raw)`,
          ...(differs ? { invalid: `the page's replies differ from Node's: ${differs}` } : {}),
        },
        {
          label: `device reply p95 (${CPU_THROTTLING}× throttled) vs the same engine in Node`,
          value: ms(deviceP95),
          ratio: deviceP95 / nodeP95,
          baseline: `Node ${process.versions.node} p95 of the same ${MESSAGES} replies (${ms(nodeP95, 3)}, median ${ms(median(nodeTimes), 3)})`,
          note: 'informational: what the throttled browser costs over the server’s home',
        },
        {
          label: `engine load, import() to module, Chromium ${CPU_THROTTLING}× throttled`,
          value: `${ms(loadMs, 0)}; then the first reply ${ms(firstMs!)}`,
          ratio: loadMs / MIN_SPLIT_DELAY_MS,
          baseline: `the ${MIN_SPLIT_DELAY_MS} ms typing pause`,
          note:
            'informational: paid once per visit, after the first paint (the chat loads the engine then), ' +
            'not on an offline reply (here over loopback from the server, no worker)',
        },
      ];
    } finally {
      await browser.close();
      await server.dispose();
    }
  },
};
