// The system control panel's task runner (spec 001 §2, docs/system-control.md): tasks from the command
// registry run one at a time in the background, in the order accepted, each inside the version guard's
// lock (a rollback never runs beside a task). Their states are kept in hydra.json; a task that was
// processing when the server stopped is failed at start ('interrupted by a restart'), queued ones run.
// Tasks are the operator's explicit acts, so they run in sleep and deep pause too.
import { describeZodError } from '../http/validate';
import { HttpError } from '../http/errors';
import type { Logger } from '../log';
import { uuidv7 } from '../../src/domain/uuidv7';
import {
  commandNamed,
  COMMANDS,
  unknownCommand,
  type Command,
  type CommandContext,
} from './commands';
import type { HydraStore, HydraTask } from './hydra-store';
import {
  activeTaskList,
  boundTaskHistory,
  failInterrupted,
  hydraCounts,
  progressOf,
} from './task-rules';

export const invalidParams = (command: string, reason: string) =>
  `Invalid params for ${command}: ${reason}`;

export interface HydraRunnerOptions {
  store: HydraStore;
  clock: () => number;
  log: Logger;
  /** The guard's lock: a task runs inside it. */
  exclusive: <T>(work: () => Promise<T>) => Promise<T>;
  /** What the commands work on (all but progress, which the runner gives each task). */
  context: Omit<CommandContext, 'progress'>;
}

export class HydraRunner {
  private recovered: Promise<void> | null = null;
  private pumping: Promise<void> | null = null;

  constructor(private readonly options: HydraRunnerOptions) {}

  /** At start: fails what a stop interrupted, then runs what is queued. Idempotent. */
  start(): Promise<void> {
    this.recovered ??= (async () => {
      const { store, clock } = this.options;
      if (store.data.tasks.some((task) => task.status === 'processing')) {
        await store.update((data) => {
          failInterrupted(data.tasks, clock());
        });
      }
      this.pump();
    })();
    return this.recovered;
  }

  commands(): readonly Command[] {
    return COMMANDS;
  }

  async status() {
    await this.start();
    const { data } = this.options.store;
    return hydraCounts(data.tasks, data.totalTasks);
  }

  async active(): Promise<HydraTask[]> {
    await this.start();
    return activeTaskList(this.options.store.data.tasks);
  }

  /**
   * Accepts a task. Bad params of a known command: a 400 naming the reason, nothing stored. An unknown
   * command is accepted as a task that fails with the reason (the operator sees it in the list).
   */
  async enqueue(name: string, rawParams: unknown, requestedBy: string): Promise<HydraTask> {
    await this.start();
    const command = commandNamed(name);
    let params: Record<string, unknown> = {};
    if (command) {
      const parsed = command.params.safeParse(rawParams ?? {});
      if (!parsed.success) {
        throw new HttpError(400, invalidParams(name, describeZodError(parsed.error, 'params')));
      }
      params = parsed.data as Record<string, unknown>;
    }
    const now = this.options.clock();
    const task: HydraTask = {
      id: uuidv7(now),
      type: name,
      params,
      status: 'queued',
      progress: 0,
      error: null,
      result: null,
      requestedBy,
      createdAt: now,
      startedAt: null,
      finishedAt: null,
    };
    await this.options.store.update((data) => {
      data.tasks.push(task);
      data.totalTasks += 1;
      boundTaskHistory(data.tasks);
    });
    this.pump();
    return task;
  }

  /** Resolves once no task is queued or running (tests, shutdown). */
  async idle(): Promise<void> {
    while (this.pumping) await this.pumping;
  }

  private pump(): void {
    this.pumping ??= this.drain().finally(() => {
      this.pumping = null;
    });
  }

  private async drain(): Promise<void> {
    for (;;) {
      const next = this.options.store.data.tasks.find((task) => task.status === 'queued');
      if (!next) return;
      await this.run(next.id);
    }
  }

  private live(id: string): HydraTask | undefined {
    return this.options.store.data.tasks.find((task) => task.id === id);
  }

  private async run(id: string): Promise<void> {
    const { store, clock, log } = this.options;
    const task = this.live(id)!;
    const command = commandNamed(task.type);
    await store.update(() => {
      task.status = 'processing';
      task.startedAt = clock();
      task.progress = 0;
    });
    let outcome: { ok: true; result: string } | { ok: false; error: string };
    if (!command) {
      outcome = { ok: false, error: unknownCommand(task.type) };
    } else {
      try {
        const params = command.params.parse(task.params);
        const result = await this.options.exclusive(() =>
          command.run(
            {
              ...this.options.context,
              // Kept in memory as it moves (the list is polled every 2 s); written at the end.
              progress: (done, total) => {
                const current = this.live(id);
                if (current) current.progress = Math.min(99, progressOf(done, total));
              },
            },
            params,
          ),
        );
        outcome = { ok: true, result };
      } catch (error) {
        outcome = { ok: false, error: error instanceof Error ? error.message : String(error) };
        log.warn(`hydra: ${task.type} failed: ${outcome.error}`);
      }
    }
    await store.update(() => {
      const current = this.live(id);
      if (!current) return;
      current.finishedAt = clock();
      if (outcome.ok) {
        current.status = 'completed';
        current.progress = 100;
        current.result = outcome.result;
      } else {
        current.status = 'failed';
        current.error = outcome.error;
      }
    });
  }
}
