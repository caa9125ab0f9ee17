// What a benchmark module gives the runner: named figures, each a ratio against a baseline measured
// in the same run (the machines are shared and noisy, so absolute numbers mean little) and a budget.

export interface Figure {
  /** What was measured, e.g. 'initial JS (gzip)'. */
  label: string;
  /** The measurement, formatted with its unit, e.g. '142.3 KB' or '8123 req/s'. */
  value: string;
  /** value ÷ baseline. */
  ratio: number;
  /** What the ratio is taken against, e.g. 'the 170 KB budget' or 'GET /api/health (9000 req/s)'. */
  baseline: string;
  /** The ratio must stay at or below `max` / at or above `min`; no budget: informational. */
  budget?: { max?: number; min?: number };
  /** Anything else worth printing on a second line (spread, errors, files). */
  note?: string;
  /** Set when the measurement itself is unusable (e.g. errors during a load run): always a FAIL. */
  invalid?: string;
}

export interface Benchmark {
  name: string;
  /** A one-line description printed before the figures. */
  description: string;
  run(): Promise<Figure[]>;
  /** Its own limit, when it must seed through real routes first (bench/run.ts: 180 s otherwise). */
  timeoutMs?: number;
}

export type Verdict = 'PASS' | 'FAIL' | 'INFO';

export function verdict(figure: Figure): Verdict {
  if (figure.invalid) return 'FAIL';
  const { budget } = figure;
  if (!budget) return 'INFO';
  if (!Number.isFinite(figure.ratio)) return 'FAIL';
  if (budget.max !== undefined && figure.ratio > budget.max) return 'FAIL';
  if (budget.min !== undefined && figure.ratio < budget.min) return 'FAIL';
  return 'PASS';
}
