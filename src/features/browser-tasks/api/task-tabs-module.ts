// Loads the task manager module of spec 000 §7 from /hydra/task_tabs.js (a static file, not part of
// the bundle). A failure to load it is only logged (000 §8): the same rule in TypeScript takes over.
import { createTaskTabs, TASK_TABS_LIMIT, type TaskTabs } from '../model/task-tabs';

export const TASK_TABS_URL = '/hydra/task_tabs.js';

interface TaskTabsModule {
  createTaskTabs?: (limit?: number) => TaskTabs;
}

let loading: Promise<TaskTabs> | null = null;

/** The page's one task manager: the static module's, or the fallback when it cannot be loaded. */
export function loadTaskTabs(
  importModule: (url: string) => Promise<unknown> = (url) => import(/* @vite-ignore */ url),
): Promise<TaskTabs> {
  loading ??= importModule(TASK_TABS_URL)
    .then((module) => {
      const create = (module as TaskTabsModule).createTaskTabs;
      if (typeof create !== 'function') throw new Error(`${TASK_TABS_URL} has no createTaskTabs`);
      return create(TASK_TABS_LIMIT);
    })
    .catch((error: unknown) => {
      console.warn('Browser task module could not be loaded; using the built-in one', error);
      return createTaskTabs(TASK_TABS_LIMIT);
    });
  return loading;
}

/** Tests only: forget the loaded manager. */
export function resetTaskTabsForTests(): void {
  loading = null;
}
