// Which WebKit test files to run once more: those whose browser crashed under them. Debian's WebKitGTK
// MiniBrowser, on a loaded two-core machine, has once exited in the middle of a journey (CI of stop 41:
// every command after it 'invalid session id'); the rest of that file's journey then fails for a reason
// that is not the app's. A file is run again only when one of its failures says the browser is gone,
// and only once: a crash the app causes crashes the second run too, and any other failure is never
// retried. `scripts/webkit-suite.ts` runs the suite with this rule.

/** The parts of Vitest's JSON report this rule reads. */
export interface JsonReport {
  testResults: {
    /** The file's absolute path. */
    name: string;
    status: string;
    /** A failure of the file itself (a hook, an import), outside its tests. */
    message?: string;
    assertionResults: { status: string; failureMessages?: string[] | null }[];
  }[];
}

/** What the WebKit runner's waits say when the browser itself is gone (tests/webkit/support/webkit.ts). */
export const BROWSER_GONE = "WebKit's browser is gone";

/** What a failure says when the browser's WebDriver session ended under the test. */
const BROWSER_GONE_MARKS = [/NoSuchSessionError/, new RegExp(BROWSER_GONE)];

function saysBrowserGone(failure: string): boolean {
  return BROWSER_GONE_MARKS.some((mark) => mark.test(failure));
}

/** The failed files to run once more: each with at least one failure that says the browser is gone. */
export function filesToRerun(report: JsonReport): string[] {
  return report.testResults
    .filter((file) => file.status === 'failed')
    .filter((file) =>
      [
        file.message ?? '',
        ...file.assertionResults.flatMap((test) => test.failureMessages ?? []),
      ].some(saysBrowserGone),
    )
    .map((file) => file.name);
}

/** The failed files not to run again: their failures are the app's or the test's, not a crash. */
export function failedForOtherReasons(report: JsonReport): string[] {
  const rerun = new Set(filesToRerun(report));
  return report.testResults
    .filter((file) => file.status === 'failed' && !rerun.has(file.name))
    .map((file) => file.name);
}
