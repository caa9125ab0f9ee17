// Kiri's browser tasks (spec 000 §7: the module script /hydra/task_tabs.js): open, list and close the
// pages Kiri opens, keeping only the last N. A plain ES module served as a static file and loaded by the
// app with import(); the same rule in TypeScript is src/features/browser-tasks/model/task-tabs.ts, and
// one test runs both through the same cases (docs/browser-tasks.md).

export const TASK_TABS_LIMIT = 10;

/** @param {number} [limit] how many tasks are remembered, newest first */
export function createTaskTabs(limit = TASK_TABS_LIMIT) {
  const keep = Math.max(1, limit);
  /** @type {Array<{id: string, url: string, source: string, openedAt: number, closedAt: number | null, shownIn: string}>} */
  let tasks = [];
  return {
    open(task) {
      const rest = tasks.filter((t) => t.id !== task.id);
      tasks = [Object.assign({}, task, { closedAt: null }), ...rest].slice(0, keep);
      return tasks;
    },
    close(id, closedAt) {
      tasks = tasks.map((t) =>
        t.id === id && t.closedAt === null ? Object.assign({}, t, { closedAt: closedAt }) : t,
      );
      return tasks;
    },
    list() {
      return tasks;
    },
  };
}
