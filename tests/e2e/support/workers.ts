// How many Playwright workers the journeys get: two when the machine has two cores to spare, one
// otherwise (docs/decisions.md, "The e2e suite's workers"). The journeys are bound by the CPU
// (Chromium's renderer and software compositor, the tests' servers), so a second worker halves the
// suite on an idle 2-core machine and only stretches each test when other work already holds the
// cores: then one worker, as before.
import { availableParallelism } from 'node:os';
import { readFileSync } from 'node:fs';

/** Workers are capped here: two is what was measured (a full run on this 2-core machine). */
export const MAX_E2E_WORKERS = 2;
/** How long the machine's idle time is sampled before the run starts. */
const SAMPLE_MS = 1_000;
/** Set by the first process that decides, so Playwright's worker processes inherit the decision. */
export const WORKERS_ENV = 'KIRI_E2E_WORKERS';

interface CpuTimes {
  idle: number;
  total: number;
}

/** The machine's CPU time so far, from /proc/stat's first line (all cores), in clock ticks. */
function cpuTimes(): CpuTimes | null {
  try {
    const first = readFileSync('/proc/stat', 'utf8').split('\n', 1)[0]!;
    const ticks = first.trim().split(/\s+/).slice(1).map(Number);
    if (ticks.length < 4 || ticks.some((tick) => !Number.isFinite(tick))) return null;
    // user nice system idle iowait …: idle and iowait are time no process wanted the CPU.
    const idle = ticks[3]! + (ticks[4] ?? 0);
    return { idle, total: ticks.reduce((sum, tick) => sum + tick, 0) };
  } catch {
    return null; // not Linux: no sample, one worker
  }
}

/** Rule: one worker per idle core (rounded), at least one and at most MAX_E2E_WORKERS. */
export function workersFor(idleCores: number): number {
  if (!Number.isFinite(idleCores)) return 1;
  return Math.max(1, Math.min(MAX_E2E_WORKERS, Math.round(idleCores)));
}

/** Idle cores over a short sample (the config is read synchronously, so the sample sleeps so too). */
function idleCoresNow(): number {
  const before = cpuTimes();
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, SAMPLE_MS);
  const after = cpuTimes();
  if (!before || !after || after.total <= before.total) return 0;
  return ((after.idle - before.idle) / (after.total - before.total)) * availableParallelism();
}

/**
 * The workers for this run: KIRI_E2E_WORKERS when set (by the person running, or by the process that
 * decided first), otherwise from the idle cores now, said once on the console.
 */
export function e2eWorkers(): number {
  const given = Number(process.env[WORKERS_ENV]);
  if (Number.isInteger(given) && given >= 1) return given;
  const idle = idleCoresNow();
  const workers = workersFor(idle);
  process.env[WORKERS_ENV] = String(workers);
  console.log(
    `e2e: ${workers} worker${workers === 1 ? '' : 's'} (${idle.toFixed(1)} of ${availableParallelism()} cores idle; ${WORKERS_ENV} sets it)`,
  );
  return workers;
}
