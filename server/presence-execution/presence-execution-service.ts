// The manual console's execution engine (spec 002 §7 "Console", docs/sandbox.md): runs a snippet in the
// JavaScript sandbox or, when enabled, Python; queues runs with a bound; remembers the recent runs for
// the status, the system features page's counts and the self-modification panel's Python log; runs the
// three autonomous tasks on the real services.
import { HttpError } from '../http/errors';
import {
  detectLanguage,
  failureText,
  MAX_WAITING_RUNS,
  NO_ROLLBACK,
  PYTHON_NOT_ENABLED,
  PYTHON_UNAVAILABLE,
  QUEUE_FULL,
  RECENT_RUNS_KEPT,
  SANDBOX_UNAVAILABLE,
  TASK_COMPLETED,
  TASK_FAILED,
  type Language,
} from './execution-rules';
import { JsSandbox, type RunResult } from './js-sandbox';
import type { PythonIsolation, PythonRunner, PythonState } from './python-runner';

export interface ExecutionAnswer {
  success: boolean;
  output: string;
  error: string | null;
}

export interface RollbackSnapshot {
  id: string;
  description: string;
  timestamp: number;
}

/** The newest snapshot of the operator tools (issue 16's version guard: server/app.ts newestRollbackOf). */
export interface RollbackSource {
  newest(): RollbackSnapshot | null;
}

export const TASK_TYPES = ['maintenance', 'learning', 'consciousness'] as const;
export type TaskType = (typeof TASK_TYPES)[number];

/** Each task's real work for an account; it answers what it did, or throws why it could not. */
export type TaskRunners = Record<TaskType, (account: string) => Promise<string>>;

export interface ExecutionRecord {
  at: number;
  language: Language;
  success: boolean;
  durationMs: number;
  /** The error text of a failed run, null when it succeeded. */
  error: string | null;
  /** The first line of the snippet, clipped, for the logs. */
  firstLine: string;
}

export interface ExecutionStatus {
  success: true;
  active: boolean;
  timestamp: number;
  engine: {
    javascript: boolean;
    python: PythonState;
    /** How a Python run is confined on this machine (null unless Python is enabled). */
    pythonIsolation: PythonIsolation | null;
  };
  /** Runs since the server started. */
  executions: number;
  rollbackAvailable: boolean;
  lastExecutionAt: number | null;
}

export interface PresenceExecutionOptions {
  clock: () => number;
  python: PythonRunner;
  tasks: TaskRunners;
  rollbackSource?: RollbackSource | undefined;
  /** Tests: a sandbox with other limits. */
  sandbox?: JsSandbox;
}

const FIRST_LINE_CHARS = 80;

function firstLineOf(code: string): string {
  const line = code.trim().split('\n')[0] ?? '';
  return line.length > FIRST_LINE_CHARS ? `${line.slice(0, FIRST_LINE_CHARS - 1)}…` : line;
}

/** One lane per language: a run at a time in each, the waiting ones in order. */
class Lane {
  private running = false;
  private readonly waiting: (() => void)[] = [];

  get waitingCount(): number {
    return this.waiting.length;
  }

  async run<T>(work: () => Promise<T>): Promise<T> {
    if (this.running) await new Promise<void>((resolve) => this.waiting.push(resolve));
    this.running = true;
    try {
      return await work();
    } finally {
      const next = this.waiting.shift();
      if (next) next();
      else this.running = false;
    }
  }
}

export class PresenceExecution {
  private readonly sandbox: JsSandbox;
  private readonly lanes: Record<Language, Lane> = { javascript: new Lane(), python: new Lane() };
  private readonly records: ExecutionRecord[] = [];
  private count = 0;

  constructor(private readonly options: PresenceExecutionOptions) {
    this.sandbox = options.sandbox ?? new JsSandbox();
  }

  /** Runs a snippet; a full queue is a 429 in the API's error format. */
  async execute(code: string, language?: Language): Promise<ExecutionAnswer> {
    const lang = language ?? detectLanguage(code);
    if (lang === 'python') {
      const state = this.options.python.state();
      if (state === 'disabled') return { success: false, output: '', error: PYTHON_NOT_ENABLED };
      if (state === 'unavailable') return { success: false, output: '', error: PYTHON_UNAVAILABLE };
    }
    const waiting = this.lanes.javascript.waitingCount + this.lanes.python.waitingCount;
    if (waiting >= MAX_WAITING_RUNS) throw new HttpError(429, QUEUE_FULL);
    return this.lanes[lang].run(async () => {
      const started = Date.now();
      const result =
        lang === 'python' ? await this.options.python.run(code) : await this.sandbox.run(code);
      const answer = answerOf(result);
      this.note({
        at: this.options.clock(),
        language: lang,
        success: answer.success,
        durationMs: Date.now() - started,
        error: answer.error,
        firstLine: firstLineOf(code),
      });
      return answer;
    });
  }

  private note(record: ExecutionRecord): void {
    this.count += 1;
    this.records.push(record);
    if (this.records.length > RECENT_RUNS_KEPT) this.records.shift();
  }

  /** The engine's real state; starts the JavaScript worker if it is not up, to say whether it can. */
  async status(): Promise<ExecutionStatus> {
    const javascript = await this.sandbox.start();
    const python = this.options.python.state();
    return {
      success: true,
      active: javascript,
      timestamp: this.options.clock(),
      engine: { javascript, python, pythonIsolation: this.options.python.isolation() },
      executions: this.count,
      rollbackAvailable: (this.options.rollbackSource?.newest() ?? null) !== null,
      lastExecutionAt: this.records.at(-1)?.at ?? null,
    };
  }

  rollback(): { success: true; rollback: RollbackSnapshot } | { success: false; error: string } {
    const newest = this.options.rollbackSource?.newest() ?? null;
    return newest ? { success: true, rollback: newest } : { success: false, error: NO_ROLLBACK };
  }

  async autonomousTask(type: TaskType, account: string): Promise<ExecutionAnswer> {
    try {
      const output = await this.options.tasks[type](account);
      return { success: true, output: output || TASK_COMPLETED, error: null };
    } catch (error) {
      const reason = error instanceof Error ? error.message : '';
      return {
        success: false,
        output: '',
        error: reason ? `${TASK_FAILED}: ${reason}` : TASK_FAILED,
      };
    }
  }

  /** Runs since the server started (the system features page's recent_executions). */
  recentExecutions(): number {
    return this.count;
  }

  /**
   * The newest `count` Python runs as log lines, newest last, for the self-modification panel:
   * '2026-01-15T08:00:00.000Z python ok 12 ms: print(6 * 7)'.
   */
  pythonExecutions(count: number): string[] {
    return this.records
      .filter((record) => record.language === 'python')
      .slice(-Math.max(0, count))
      .map(
        (record) =>
          `${new Date(record.at).toISOString()} python ${record.success ? 'ok' : `failed (${record.error})`} ${record.durationMs} ms: ${record.firstLine}`,
      );
  }

  close(): Promise<void> {
    return this.sandbox.close();
  }
}

/** The answer of spec 002 §7: success, output, error. */
export function answerOf(result: RunResult): ExecutionAnswer {
  if (result.success) return { success: true, output: result.output, error: null };
  if (result.reason === 'crash' && result.thrown === null) {
    return { success: false, output: result.output, error: SANDBOX_UNAVAILABLE };
  }
  return {
    success: false,
    output: result.output,
    error: failureText(result.reason ?? 'error', result.thrown),
  };
}
