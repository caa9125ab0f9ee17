// The task runner's rules (docs/system-control.md), plain functions with tests in
// tests/server/system-control-rules.test.ts.
import type { HydraTask } from './hydra-store';

/** Tasks kept in hydra.json; the oldest finished ones go first (a queued or running one is never dropped). */
export const MAX_KEPT_TASKS = 100;

/** Finished tasks the active list still shows, so the operator sees how the last ones ended. */
export const RECENT_FINISHED_SHOWN = 10;

export const INTERRUPTED_BY_RESTART = 'interrupted by a restart';

export function isFinished(task: Pick<HydraTask, 'status'>): boolean {
  return task.status === 'completed' || task.status === 'failed';
}

/**
 * Rule: activeTaskList. GET /api/hydra/tasks/active: every queued or processing task, then the
 * RECENT_FINISHED_SHOWN newest finished ones (the spec's list shows completed and failed colours).
 * Newest first within each part.
 */
export function activeTaskList(tasks: readonly HydraTask[]): HydraTask[] {
  const newestFirst = [...tasks].sort(
    (a, b) => b.createdAt - a.createdAt || (a.id < b.id ? 1 : -1),
  );
  const open = newestFirst.filter((task) => !isFinished(task));
  const finished = newestFirst.filter(isFinished).slice(0, RECENT_FINISHED_SHOWN);
  return [...open, ...finished];
}

/** Rule: hydraCounts. active = processing (one at a time), queued = waiting, total = every task accepted. */
export function hydraCounts(
  tasks: readonly HydraTask[],
  totalTasks: number,
): { active_tasks: number; queued_tasks: number; total_tasks: number } {
  return {
    active_tasks: tasks.filter((task) => task.status === 'processing').length,
    queued_tasks: tasks.filter((task) => task.status === 'queued').length,
    total_tasks: totalTasks,
  };
}

/** Rule: boundTaskHistory. Drops the oldest finished tasks past MAX_KEPT_TASKS (in place). */
export function boundTaskHistory(tasks: HydraTask[], max = MAX_KEPT_TASKS): void {
  let excess = tasks.length - max;
  for (let i = 0; i < tasks.length && excess > 0;) {
    if (isFinished(tasks[i]!)) {
      tasks.splice(i, 1);
      excess -= 1;
    } else i += 1;
  }
}

/**
 * Rule: failInterrupted. At start, a task that was processing when the server stopped did not finish:
 * it is failed with the reason (never silently run twice: a half-done export or prune is not repeated
 * behind the operator's back). Queued tasks stay queued and run. Answers how many were failed.
 */
export function failInterrupted(tasks: HydraTask[], now: number): number {
  let count = 0;
  for (const task of tasks) {
    if (task.status !== 'processing') continue;
    task.status = 'failed';
    task.error = INTERRUPTED_BY_RESTART;
    task.finishedAt = now;
    count += 1;
  }
  return count;
}

/** Rule: progressOf. done of total steps as a whole percent, 0-100 (0 steps: 100, nothing left). */
export function progressOf(done: number, total: number): number {
  if (total <= 0) return 100;
  return Math.max(0, Math.min(100, Math.round((done / total) * 100)));
}
