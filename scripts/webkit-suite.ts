// The WebKit suite (`npm run test:webkit`, and the last part of `npm test`): every file of tests/webkit
// in Vitest, then once more each file whose browser crashed under it (the rule and why:
// scripts/webkit-rerun.ts). The exit code is the suite's: 0 only when every file passed, on its first
// run or, after a crash of the browser, on its second.
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import { relative } from 'node:path';
import { failedForOtherReasons, filesToRerun, type JsonReport } from './webkit-rerun';

const REPORT = 'test-results/webkit/report.json';

/** Runs Vitest on the WebKit suite with `args` (files, filters, options) and reads its report. */
function runVitest(args: string[]): { code: number; report: JsonReport | null } {
  mkdirSync('test-results/webkit', { recursive: true });
  rmSync(REPORT, { force: true });
  const run = spawnSync(
    'npx',
    [
      'vitest',
      'run',
      '--config',
      'vitest.webkit.config.ts',
      '--reporter=verbose',
      '--reporter=json',
      `--outputFile.json=${REPORT}`,
      ...args,
    ],
    { stdio: 'inherit' },
  );
  let report: JsonReport | null = null;
  try {
    report = JSON.parse(readFileSync(REPORT, 'utf8')) as JsonReport;
  } catch {
    // no report: Vitest itself failed; its exit code says so
  }
  return { code: run.status ?? 1, report };
}

const first = runVitest(process.argv.slice(2));
if (first.code === 0 || !first.report) process.exit(first.code);

const crashed = filesToRerun(first.report);
const otherwise = failedForOtherReasons(first.report);
if (crashed.length === 0 || otherwise.length > 0) process.exit(first.code);

const names = crashed.map((file) => relative(process.cwd(), file));
console.error(
  `\nWebKit's browser crashed under ${names.join(', ')} (its output is printed with the failures above). Running ${names.length === 1 ? 'that file' : 'those files'} once more:\n`,
);
// Only the crashed files, whatever the first run was asked to run.
process.exit(runVitest(names).code);
