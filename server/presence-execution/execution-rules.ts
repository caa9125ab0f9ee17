// The manual console's execution rules (spec 002 §7 and §8, docs/sandbox.md): the limits every run gets,
// the texts a failed run answers with, and which language a snippet is. Plain functions, so the sandbox,
// the route and their tests read the same rules.

/** A run's wall-clock limit: the console is interactive, and a snippet that needs longer is a job. */
export const EXECUTION_TIMEOUT_MS = 2_000;
/** After the deadline, the worker (or Python's process tree) is killed if it has not stopped by itself. */
export const HARD_KILL_GRACE_MS = 1_000;
/** QuickJS's heap for one run; Python's address space (the interpreter itself needs about 30 MB of it). */
export const JS_MEMORY_BYTES = 32 * 1024 * 1024;
export const PYTHON_MEMORY_BYTES = 256 * 1024 * 1024;
/** QuickJS's stack: deep recursion is a RangeError long before the worker's own stack is in danger. */
export const JS_STACK_BYTES = 512 * 1024;
/** What a run may print (stdout and stderr together), and what the answer carries at most. */
export const OUTPUT_LIMIT_BYTES = 64 * 1024;
/** The longest snippet taken: the console's input box, not a file upload. */
export const MAX_CODE_CHARS = 100_000;
/** Runs waiting for the sandbox beyond the ones running (one JavaScript, one Python at a time). */
export const MAX_WAITING_RUNS = 4;
/** How many past runs are remembered for the status, the console's counts and the Python log. */
export const RECENT_RUNS_KEPT = 100;

export const EXECUTION_FAILED = 'Execution failed';
export const MEMORY_EXCEEDED = 'Memory limit exceeded';
export const OUTPUT_EXCEEDED = `Output limit exceeded (${OUTPUT_LIMIT_BYTES / 1024} KB)`;
export const PYTHON_NOT_ENABLED = 'Python is not enabled';
export const PYTHON_UNAVAILABLE = 'Python is not available on this server';
export const QUEUE_FULL = 'Too many executions waiting: try again in a moment';
export const SANDBOX_UNAVAILABLE = 'The sandbox could not start';
export const NO_ROLLBACK = 'No rollback data available';
export const TASK_FAILED = 'Autonomous task failed';
export const TASK_COMPLETED = 'Autonomous task completed successfully';

export function timedOutText(ms: number = EXECUTION_TIMEOUT_MS): string {
  return `Execution timed out after ${ms / 1000} s`;
}

/** Why a run stopped, as the sandboxes report it. */
export type StopReason = 'timeout' | 'memory' | 'output' | 'error' | 'crash';

/**
 * Rule: failureText. The clear reason a failed run answers with: the limit it hit, else the thrown error
 * as the language reported it ("ReferenceError: 'require' is not defined"), else 'Execution failed'.
 */
export function failureText(reason: StopReason, thrown: string | null): string {
  switch (reason) {
    case 'timeout':
      return timedOutText();
    case 'memory':
      return MEMORY_EXCEEDED;
    case 'output':
      return OUTPUT_EXCEEDED;
    case 'error':
    case 'crash':
      return thrown?.trim() || EXECUTION_FAILED;
  }
}

export type Language = 'javascript' | 'python';

// Lines only Python writes: a def or class header ending in a colon, `import x` / `from x import y`
// without JavaScript's quotes or braces, a block header (if/for/while/with/try …) ending in a colon,
// `elif`, `print(…)` as a statement, `#` comments. Each is read in linear time (DESIGN.md): a trailing
// comment is `#[\s\S]*` (it cannot fail once begun, where `#.*$` failed at a \r or U+2028 and sent `.*`
// back to try every earlier ')' or ':' again), and a return annotation stops at ')' as well as ':'. The
// old forms took 2 s on one 40,000-character line (tests/server/execution-rules-linear-time.test.ts).
const PYTHON_LINE = [
  /^\s*def\s+\w+\s*\(.*\)\s*(->[^:)]*)?:\s*(#[\s\S]*)?$/,
  /^\s*class\s+\w+\s*(\(.*\))?\s*:\s*(#[\s\S]*)?$/,
  /^\s*import\s+[A-Za-z_][\w.]*(\s+as\s+\w+)?(\s*,\s*[A-Za-z_][\w.]*(\s+as\s+\w+)?)*\s*$/,
  /^\s*from\s+[A-Za-z_.][\w.]*\s+import\s+[\w*, ()]+$/,
  /^\s*(if|elif|else|for|while|with|try|except|finally)\b.*:\s*(#[\s\S]*)?$/,
  /^\s*print\s*\(.*\)\s*(#[\s\S]*)?$/,
  /^\s*#(?!!)/,
];

// What only JavaScript writes: declarations, arrows, console calls, `function`, strict equality, a
// statement ending in a semicolon, `//` comments, `require(`, an ES import with `from '…'`. A line's
// indentation is `[ \t]*`, never `\s*`: under /m, `^\s*` crossed newlines, so a run of 40,000 empty lines
// was scanned again from every line's start (9 s).
const JAVASCRIPT_MARK = [
  /(^|[^\w$])(const|let|var)\s+[\w$[{]/,
  /=>/,
  /\bconsole\s*\.\s*\w+\s*\(/,
  /(^|[^\w$])function[\s*(]/,
  /[!=]==/,
  /;[ \t\r]*$/m,
  /^[ \t]*\/\//m,
  /\brequire\s*\(/,
  /^[ \t]*import\s.*\bfrom\s+['"]/m,
  /^[ \t]*import\s*\(/m,
];

/**
 * Rule: detectLanguage. The console sends no language (spec 002 §7), so the server tells: a snippet is
 * Python when at least one of its lines is a line only Python writes (`def f(x):`, `class A:`,
 * `import os`, `from x import y`, `if x:`, `print(…)`, a `#` comment) and nothing in it is only
 * JavaScript (`const`/`let`/`var`, `=>`, `console.…(`, `function`, `===`, a line ending in `;`, `//`,
 * `require(`, `import … from '…'`). Everything else is JavaScript, the console's first language.
 */
export function detectLanguage(code: string): Language {
  if (JAVASCRIPT_MARK.some((mark) => mark.test(code))) return 'javascript';
  const lines = code.split('\n');
  return lines.some((line) => PYTHON_LINE.some((pattern) => pattern.test(line)))
    ? 'python'
    : 'javascript';
}

/** The byte length of a text in UTF-8 (what the output limit counts). */
export function utf8Bytes(text: string): number {
  return Buffer.byteLength(text, 'utf8');
}

/** The first `max` bytes of `text` in UTF-8, never cutting a character in two. */
export function clipUtf8(text: string, max: number): string {
  const bytes = Buffer.from(text, 'utf8');
  if (bytes.length <= max) return text;
  let end = max;
  // A continuation byte (10xxxxxx) at the cut: step back to the start of its character.
  while (end > 0 && (bytes[end]! & 0xc0) === 0x80) end -= 1;
  return bytes.subarray(0, end).toString('utf8');
}
