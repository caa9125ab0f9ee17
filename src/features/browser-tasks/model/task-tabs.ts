// The list of browser tasks (spec 000 §7, /hydra/task_tabs.js): open, list, close, and only the last N
// kept. This is the rule in TypeScript, unit-tested; public/hydra/task_tabs.js is the same rule as the
// small static module the app loads at run time, and tests/unit/features/browser-tasks/task-tabs.test.ts
// runs both through the same cases so that they cannot drift apart. When the module fails to load,
// the app keeps its tasks with these functions instead.
import type { BrowserTaskSource } from './browser-intent';

/** How many browser tasks are remembered (open or closed): the newest first. */
export const TASK_TABS_LIMIT = 10;

export type BrowserTaskView = 'normal' | 'minimised' | 'maximised';

export interface BrowserTask {
  id: string;
  url: string;
  source: BrowserTaskSource;
  openedAt: number;
  /** Null while it is open. */
  closedAt: number | null;
  /** Where the page was shown: a new tab (desktop) or the overlay (mobile, or a blocked pop-up). */
  shownIn: 'tab' | 'overlay';
}

export interface NewBrowserTask {
  id: string;
  url: string;
  source: BrowserTaskSource;
  openedAt: number;
  shownIn: 'tab' | 'overlay';
}

/** Rule: an opened task goes first; the list keeps the last TASK_TABS_LIMIT tasks (the oldest go). */
export function openTaskIn(
  tasks: readonly BrowserTask[],
  task: NewBrowserTask,
  limit = TASK_TABS_LIMIT,
): BrowserTask[] {
  const rest = tasks.filter((t) => t.id !== task.id);
  return [{ ...task, closedAt: null }, ...rest].slice(0, Math.max(1, limit));
}

/** Rule: closing marks the task closed (it stays in the recent list); an unknown id changes nothing. */
export function closeTaskIn(
  tasks: readonly BrowserTask[],
  id: string,
  closedAt: number,
): BrowserTask[] {
  return tasks.map((t) => (t.id === id && t.closedAt === null ? { ...t, closedAt } : t));
}

/** The tasks still open, newest first. */
export function openTasksOf(tasks: readonly BrowserTask[]): BrowserTask[] {
  return tasks.filter((t) => t.closedAt === null);
}

/** What the app needs of a task manager: the static module and the fallback both give this. */
export interface TaskTabs {
  open(task: NewBrowserTask): BrowserTask[];
  close(id: string, closedAt: number): BrowserTask[];
  list(): BrowserTask[];
}

/** The fallback manager when /hydra/task_tabs.js cannot be loaded: the same rule, in memory. */
export function createTaskTabs(limit = TASK_TABS_LIMIT): TaskTabs {
  let tasks: BrowserTask[] = [];
  return {
    open(task) {
      tasks = openTaskIn(tasks, task, limit);
      return tasks;
    },
    close(id, closedAt) {
      tasks = closeTaskIn(tasks, id, closedAt);
      return tasks;
    },
    list: () => tasks,
  };
}
