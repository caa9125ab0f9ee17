// `npm run bench` (after the build): runs each benchmark, prints each figure as a ratio against a
// baseline measured in the same run with PASS/FAIL against its budget, and writes
// bench/results/latest.json. `tsx bench/run.ts bundle` runs only the named benchmarks.
// Add a benchmark: write a module exporting a Benchmark (bench/types.ts) and list it here.
import { mkdirSync, writeFileSync } from 'node:fs';
import { browserColdStartBenchmark } from './browser-cold-start';
import { browserNewestBenchmark } from './browser-newest';
import { browserReplayBenchmark } from './browser-replay';
import { bundleBenchmark } from './bundle';
import { coreSystemsBenchmark } from './core-systems';
import { deviceReplyBenchmark } from './device-reply';
import { imageScrollBenchmark } from './image-scroll';
import { imageUploadBenchmark } from './image-upload';
import { memorySearchBenchmark } from './memory-search';
import { pushFanoutBenchmark } from './push-fanout';
import { serverChatBenchmark } from './server-chat';
import { schedulerTickBenchmark } from './scheduler-tick';
import { serverRpsBenchmark } from './server-rps';
import { sandboxBenchmark } from './sandbox';
import { verdict, type Benchmark, type Figure } from './types';

const BENCHMARKS: Benchmark[] = [
  bundleBenchmark,
  serverRpsBenchmark,
  serverChatBenchmark,
  schedulerTickBenchmark,
  browserNewestBenchmark,
  browserColdStartBenchmark,
  browserReplayBenchmark,
  pushFanoutBenchmark,
  memorySearchBenchmark,
  deviceReplyBenchmark,
  imageUploadBenchmark,
  imageScrollBenchmark,
  coreSystemsBenchmark,
  sandboxBenchmark,
];

/** No single benchmark may run longer than this: the run stops by itself. */
const TIMEOUT_MS = 180_000;

function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} took longer than ${ms / 1000}s`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

function budgetText(figure: Figure): string {
  const { budget } = figure;
  if (!budget) return 'no budget';
  const parts = [];
  if (budget.max !== undefined) parts.push(`≤ ${budget.max}`);
  if (budget.min !== undefined) parts.push(`≥ ${budget.min}`);
  return `budget ${parts.join(' and ')}`;
}

async function main(): Promise<void> {
  const wanted = process.argv.slice(2);
  const unknown = wanted.filter((name) => !BENCHMARKS.some((b) => b.name === name));
  if (unknown.length > 0) {
    console.error(
      `Unknown benchmark(s): ${unknown.join(', ')}. Known: ${BENCHMARKS.map((b) => b.name).join(', ')}`,
    );
    process.exit(2);
  }
  const selected =
    wanted.length > 0 ? BENCHMARKS.filter((b) => wanted.includes(b.name)) : BENCHMARKS;

  const report: { benchmark: string; figures: (Figure & { verdict: string })[]; error?: string }[] =
    [];
  let failed = 0;
  for (const benchmark of selected) {
    console.log(`\n== ${benchmark.name}: ${benchmark.description}`);
    try {
      const figures = await withTimeout(
        benchmark.run(),
        benchmark.timeoutMs ?? TIMEOUT_MS,
        benchmark.name,
      );
      const rows = figures.map((figure) => ({ ...figure, verdict: verdict(figure) }));
      for (const row of rows) {
        if (row.verdict === 'FAIL') failed++;
        console.log(
          `  ${row.verdict.padEnd(4)}  ${row.label}: ${row.value}  →  ratio ${row.ratio.toFixed(3)} of ${row.baseline}  (${budgetText(row)})`,
        );
        if (row.invalid) console.log(`        invalid: ${row.invalid}`);
        if (row.note) console.log(`        ${row.note}`);
      }
      report.push({ benchmark: benchmark.name, figures: rows });
    } catch (error) {
      failed++;
      const message = error instanceof Error ? error.message : String(error);
      console.log(`  FAIL  ${benchmark.name} could not run: ${message}`);
      report.push({ benchmark: benchmark.name, figures: [], error: message });
    }
  }

  mkdirSync(new URL('./results/', import.meta.url), { recursive: true });
  writeFileSync(
    new URL('./results/latest.json', import.meta.url),
    `${JSON.stringify({ date: new Date().toISOString(), report }, null, 2)}\n`,
  );
  console.log(`\n${failed === 0 ? 'All figures within budget.' : `${failed} figure(s) FAILED.`}`);
  process.exitCode = failed === 0 ? 0 : 1;
}

await main();
