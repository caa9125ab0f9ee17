// The task manager's info page (spec 002 "Task manager": "An info page. The feature is disabled. Static
// task assets are loaded but nothing runs."). Every sentence here is true of this Kiri: what the task
// manager would be, that it is off, and what runs elsewhere (docs/infrastructure.md "Task manager").
export const TASK_MANAGER_TEXT = {
  title: 'Task Manager',
  back: 'Back to Chat',
  status: 'Disabled',
  statusLabel: 'Feature status',
  summary:
    'This is the information page of a disabled feature. Nothing on this page starts, stops or schedules a task, and nothing runs because of it.',
  wouldBeTitle: 'What it would be',
  wouldBe: (persona: string) =>
    `One place to see the tasks ${persona} works on for you, start new ones and follow them as they run. It is turned off: that work happens in the places below instead.`,
  assetsTitle: 'What is loaded',
  assets: (persona: string) => [
    'The static task asset /hydra/task_tabs.js is served with the app and kept for offline use.',
    `The chat loads it the first time ${persona} opens a web page for you; it keeps the list of the last 10 browser tasks on this device.`,
    'Loading it runs nothing: it only keeps that list.',
  ],
  elsewhereTitle: 'What runs elsewhere',
  console: {
    title: 'Maintenance tasks: the admin system control panel',
    text: 'In the manual console (/console), System Status mode, an administrator runs one task at a time: a snapshot, memory compaction or reindexing, the compiled memory rebuild, upload pruning, an export or an integrity check, each with its progress.',
    open: 'Open the console',
    adminOnly: 'The console is for administrators.',
  },
  browser: {
    title: 'Browser tasks: in the chat',
    text: (persona: string) =>
      `When ${persona} says she will open a page, the chat opens it: a new tab on a computer, an overlay on a phone.`,
  },
  scheduled: {
    title: 'Scheduled work: sync control',
    text: 'While its daemon is active, the weekly deep sync runs on Sunday at 03:00; the bloom sync runs on demand. Both are in Sync Control (/sync-control).',
  },
} as const;
