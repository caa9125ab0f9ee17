// The WebKit suite runs a file once more only when its browser crashed under it (scripts/webkit-rerun.ts):
// a crash of Debian's MiniBrowser is not the app's failure, but any other failure must never be retried
// away.
import { describe, expect, it } from 'vitest';
import { failedForOtherReasons, filesToRerun, type JsonReport } from '../../scripts/webkit-rerun';

type TestResult = JsonReport['testResults'][number]['assertionResults'][number];

const passed: TestResult = { status: 'passed', failureMessages: [] };
const gone = {
  status: 'failed',
  failureMessages: [
    "Error: webkitgtk: WebKit's browser is gone: its WebDriver session ended ('session deleted because of page crash or hang.')",
  ],
};
const invalidSession = {
  status: 'failed',
  failureMessages: ['NoSuchSessionError: \n    at Object.throwDecodedError (error.js:523:15)'],
};
const timedOut = {
  status: 'failed',
  failureMessages: [
    "Error: webkitgtk: timed out after 15000 ms waiting for message 1 to be 'answered'",
  ],
};

function report(...files: [string, TestResult[]][]): JsonReport {
  return {
    testResults: files.map(([name, assertionResults]) => ({
      name,
      status: assertionResults.some((test) => test.status === 'failed') ? 'failed' : 'passed',
      assertionResults,
    })),
  };
}

describe('a WebKit file is run once more only when its browser crashed', () => {
  it('a file whose browser is gone under one test is run again, whatever the later tests said', () => {
    const run = report(
      ['/a/chat-journeys.test.ts', [passed, gone, invalidSession, timedOut]],
      ['/a/memory.test.ts', [passed]],
    );
    expect(filesToRerun(run)).toEqual(['/a/chat-journeys.test.ts']);
    expect(failedForOtherReasons(run)).toEqual([]);
  });

  it("an empty 'invalid session id' counts as the browser gone", () => {
    expect(filesToRerun(report(['/a/x.test.ts', [invalidSession]]))).toEqual(['/a/x.test.ts']);
  });

  it('a file that failed without a crash is not run again', () => {
    const run = report(['/a/chat-journeys.test.ts', [passed, timedOut]]);
    expect(filesToRerun(run)).toEqual([]);
    expect(failedForOtherReasons(run)).toEqual(['/a/chat-journeys.test.ts']);
  });

  it("a crash in a file's own hook counts", () => {
    const run: JsonReport = {
      testResults: [
        {
          name: '/a/y.test.ts',
          status: 'failed',
          message: 'NoSuchSessionError: session deleted because of page crash or hang.',
          assertionResults: [],
        },
      ],
    };
    expect(filesToRerun(run)).toEqual(['/a/y.test.ts']);
  });

  it('passing files are never run again', () => {
    expect(filesToRerun(report(['/a/x.test.ts', [passed, passed]]))).toEqual([]);
  });
});
