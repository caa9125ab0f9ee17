// The browser task list (000 §7, /hydra/task_tabs.js): open, list, close, the last N kept. The same
// cases run against the TypeScript rule and the static module the app loads, so the two cannot drift.
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  createTaskTabs,
  openTasksOf,
  TASK_TABS_LIMIT,
  type NewBrowserTask,
  type TaskTabs,
} from '@/features/browser-tasks/model/task-tabs';
import {
  loadTaskTabs,
  resetTaskTabsForTests,
  TASK_TABS_URL,
} from '@/features/browser-tasks/api/task-tabs-module';

// Imported from the project's root (the test runner's), as a file the bundle never sees.
const STATIC_MODULE = '/public/hydra/task_tabs.js';

async function staticTaskTabs(limit?: number): Promise<TaskTabs> {
  const module = (await import(/* @vite-ignore */ STATIC_MODULE)) as {
    createTaskTabs: (limit?: number) => TaskTabs;
    TASK_TABS_LIMIT: number;
  };
  expect(module.TASK_TABS_LIMIT).toBe(TASK_TABS_LIMIT);
  return module.createTaskTabs(limit);
}

function task(n: number): NewBrowserTask {
  return {
    id: `t${n}`,
    url: `https://example.com/${n}`,
    source: 'reply',
    openedAt: 1000 + n,
    shownIn: 'overlay',
  };
}

describe.each([
  ['model/task-tabs.ts', (limit?: number) => Promise.resolve(createTaskTabs(limit))],
  ['public/hydra/task_tabs.js', staticTaskTabs],
])('the task list rule (%s)', (_name, make) => {
  it('lists an opened task first, open', async () => {
    const tabs = await make();
    tabs.open(task(1));
    tabs.open(task(2));
    expect(tabs.list().map((t) => t.id)).toEqual(['t2', 't1']);
    expect(tabs.list()[0]).toMatchObject({ url: 'https://example.com/2', closedAt: null });
  });

  it('keeps only the last N tasks', async () => {
    const tabs = await make(3);
    for (let n = 1; n <= 5; n += 1) tabs.open(task(n));
    expect(tabs.list().map((t) => t.id)).toEqual(['t5', 't4', 't3']);
    const full = await make();
    for (let n = 1; n <= TASK_TABS_LIMIT + 2; n += 1) full.open(task(n));
    expect(full.list()).toHaveLength(TASK_TABS_LIMIT);
  });

  it('closing marks the task closed and keeps it in the recent list; an unknown id changes nothing', async () => {
    const tabs = await make();
    tabs.open(task(1));
    tabs.open(task(2));
    tabs.close('t1', 5000);
    tabs.close('nope', 6000);
    expect(tabs.list().map((t) => [t.id, t.closedAt])).toEqual([
      ['t2', null],
      ['t1', 5000],
    ]);
    expect(openTasksOf(tabs.list()).map((t) => t.id)).toEqual(['t2']);
    // A second close keeps the first time.
    tabs.close('t1', 9000);
    expect(tabs.list()[1]!.closedAt).toBe(5000);
  });

  it('opening a task again moves it first, open once more', async () => {
    const tabs = await make();
    tabs.open(task(1));
    tabs.open(task(2));
    tabs.close('t1', 5000);
    tabs.open(task(1));
    expect(tabs.list().map((t) => [t.id, t.closedAt])).toEqual([
      ['t1', null],
      ['t2', null],
    ]);
  });
});

describe('loading /hydra/task_tabs.js', () => {
  afterEach(() => {
    resetTaskTabsForTests();
    vi.restoreAllMocks();
  });

  it('uses the static module when it loads', async () => {
    const urls: string[] = [];
    const tabs = await loadTaskTabs(async (url) => {
      urls.push(url);
      return import(/* @vite-ignore */ STATIC_MODULE);
    });
    expect(urls).toEqual([TASK_TABS_URL]);
    tabs.open(task(1));
    expect(tabs.list().map((t) => t.id)).toEqual(['t1']);
  });

  it('only logs a failure to load it, and the tasks still work', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const tabs = await loadTaskTabs(() => Promise.reject(new TypeError('Failed to fetch')));
    expect(warn).toHaveBeenCalledOnce();
    tabs.open(task(1));
    expect(tabs.list().map((t) => t.id)).toEqual(['t1']);
  });
});
