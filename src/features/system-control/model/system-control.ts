// The admin system control panel's rules (spec 001 §2, §4, §5, §7, §8, §9): the calls and their polling,
// the texts, the execute form's validation, the task status colours, when a progress bar shows, the
// first 10 snapshots, and what the server's answers mean. Plain functions (tests/unit/features/
// system-control/model.test.ts).

export const HYDRA_STATUS_URL = '/api/hydra/status';
export const HYDRA_TASKS_URL = '/api/hydra/tasks/active';
export const GUARD_STATUS_URL = '/api/version-guard/status';
export const GUARD_SNAPSHOTS_URL = '/api/version-guard/snapshots';
export const EXECUTE_URL = '/api/admin/system-mod/execute';

export function rollbackUrl(id: string): string {
  return `/api/version-guard/rollback/${encodeURIComponent(id)}`;
}

/** Spec 001 §9: hydra status 3 s, active tasks 2 s, version guard 5 s. */
export const HYDRA_STATUS_POLL_MS = 3_000;
export const HYDRA_TASKS_POLL_MS = 2_000;
export const GUARD_POLL_MS = 5_000;
/** Spec 001 §9: the first 10 snapshots are shown. */
export const SHOWN_SNAPSHOTS = 10;

export const SYSTEM_TEXT = {
  title: 'Admin System Control Panel',
  badge: 'Hydra Enabled',
  activeTasks: 'Active Tasks',
  queuedTasks: 'Queued Tasks',
  totalTasks: 'Total Tasks',
  snapshots: 'Snapshots',
  command: 'System Modification Command',
  commandPlaceholder: 'e.g. snapshot',
  params: 'Parameters (JSON)',
  paramsPlaceholder: '{"description": "Before the update"}',
  execute: 'Execute',
  executing: 'Executing...',
  knownCommands: 'Commands',
  activeList: 'Active Tasks',
  noTasks: 'No active tasks',
  snapshotList: 'Snapshots',
  noSnapshots: 'No snapshots available',
  rollback: 'Rollback',
  rollingBack: 'Rolling back...',
  commandRequired: 'Command Required',
  commandRequiredText: 'Please enter a system modification command',
  invalidJson: 'Invalid JSON',
  invalidJsonText: 'Parameters must be valid JSON',
  enqueued: 'Task Enqueued',
  enqueuedText: (id: string) => `Task ID: ${id}`,
  failed: 'Failed',
  failedText: 'System modification failed',
  rollbackDone: 'Rollback Complete',
  rollbackDoneText: 'System rolled back successfully',
  rollbackFailed: 'Rollback Failed',
  rollbackFailedText: 'Rollback operation failed',
  loading: 'Loading system status...',
  denied: 'The system control panel is for administrators.',
  offlineTitle: 'Offline',
  offlineKnown: (when: string) =>
    `The server cannot be reached. Last known state from ${when}; actions wait until it answers.`,
  offlineNothing: 'The server cannot be reached, and this device has no earlier state to show.',
  otherKey: 'Taken under another DATA_KEY',
} as const;

export type TaskStatus = 'queued' | 'processing' | 'completed' | 'failed';
export const TASK_STATUSES: readonly TaskStatus[] = ['queued', 'processing', 'completed', 'failed'];

export interface HydraStatus {
  activeTasks: number;
  queuedTasks: number;
  totalTasks: number;
  commands: { name: string; summary: string }[];
}

export interface Task {
  id: string;
  type: string;
  status: TaskStatus;
  progress: number;
  error: string | null;
  result: string | null;
}

export interface Snapshot {
  id: string;
  description: string;
  timestamp: string;
  files: string[];
  triggeredBy: string;
  sameKey: boolean;
}

type Rec = Record<string, unknown>;
const isRecord = (value: unknown): value is Rec =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const isCount = (value: unknown): value is number =>
  typeof value === 'number' && Number.isInteger(value) && value >= 0;

export function parseHydraStatus(value: unknown): HydraStatus | null {
  if (!isRecord(value)) return null;
  const { active_tasks, queued_tasks, total_tasks, commands } = value;
  if (!isCount(active_tasks) || !isCount(queued_tasks) || !isCount(total_tasks)) return null;
  return {
    activeTasks: active_tasks,
    queuedTasks: queued_tasks,
    totalTasks: total_tasks,
    commands: Array.isArray(commands)
      ? commands
          .filter(isRecord)
          .flatMap((c) =>
            typeof c.name === 'string'
              ? [{ name: c.name, summary: typeof c.summary === 'string' ? c.summary : '' }]
              : [],
          )
      : [],
  };
}

function parseTask(value: unknown): Task | null {
  if (!isRecord(value)) return null;
  const { id, type, status, progress, error, result } = value;
  if (typeof id !== 'string' || typeof type !== 'string') return null;
  if (!TASK_STATUSES.includes(status as TaskStatus)) return null;
  if (typeof progress !== 'number' || !Number.isFinite(progress)) return null;
  return {
    id,
    type,
    status: status as TaskStatus,
    progress: Math.max(0, Math.min(100, progress)),
    error: typeof error === 'string' ? error : null,
    result: typeof result === 'string' ? result : null,
  };
}

export function parseTasks(value: unknown): Task[] | null {
  if (!isRecord(value) || !Array.isArray(value.tasks)) return null;
  return value.tasks.map(parseTask).filter((task): task is Task => task !== null);
}

export function parseGuardStatus(value: unknown): { totalSnapshots: number } | null {
  if (!isRecord(value) || !isCount(value.total_snapshots)) return null;
  return { totalSnapshots: value.total_snapshots };
}

export function parseSnapshots(value: unknown): Snapshot[] | null {
  if (!isRecord(value) || !Array.isArray(value.snapshots)) return null;
  return value.snapshots.filter(isRecord).flatMap((s) => {
    if (typeof s.id !== 'string' || typeof s.timestamp !== 'string') return [];
    const metadata = isRecord(s.metadata) ? s.metadata : {};
    return [
      {
        id: s.id,
        description: typeof s.description === 'string' ? s.description : '',
        timestamp: s.timestamp,
        files: Array.isArray(s.files) ? s.files.filter((f) => typeof f === 'string') : [],
        triggeredBy: typeof metadata.triggeredBy === 'string' ? metadata.triggeredBy : '',
        sameKey: metadata.sameKey !== false,
      },
    ];
  });
}

export type ExecuteForm =
  | { ok: true; command: string; params: unknown }
  | { ok: false; title: string; description: string };

/**
 * Rule: validateExecuteForm (spec 001 §5). The command is required after trimming ('Command Required');
 * the parameters, when given, must be valid JSON ('Invalid JSON'); empty parameters send {}.
 */
export function validateExecuteForm(command: string, paramsText: string): ExecuteForm {
  const name = command.trim();
  if (name === '') {
    return {
      ok: false,
      title: SYSTEM_TEXT.commandRequired,
      description: SYSTEM_TEXT.commandRequiredText,
    };
  }
  const text = paramsText.trim();
  if (text === '') return { ok: true, command: name, params: {} };
  try {
    return { ok: true, command: name, params: JSON.parse(text) as unknown };
  } catch {
    return { ok: false, title: SYSTEM_TEXT.invalidJson, description: SYSTEM_TEXT.invalidJsonText };
  }
}

/** Rule: taskStatusColour (spec 001 §2): one colour per status. */
export const TASK_STATUS_COLOURS: Record<TaskStatus, string> = {
  queued: 'bg-amber-100 text-amber-900 dark:bg-amber-900/40 dark:text-amber-100',
  processing: 'bg-sky-100 text-sky-900 dark:bg-sky-900/40 dark:text-sky-100',
  completed: 'bg-emerald-100 text-emerald-900 dark:bg-emerald-900/40 dark:text-emerald-100',
  failed: 'bg-red-100 text-red-900 dark:bg-red-900/40 dark:text-red-100',
};

/** Rule: showsProgressBar (spec 001 §2): a progress bar only while processing. */
export function showsProgressBar(task: Pick<Task, 'status'>): boolean {
  return task.status === 'processing';
}

/** Rule: shownSnapshots (spec 001 §9): the first 10. */
export function shownSnapshots<T>(snapshots: readonly T[]): T[] {
  return snapshots.slice(0, SHOWN_SNAPSHOTS);
}

/** Rule: failureToastText (spec 001 §8): the server's message, else the spec's fallback. */
export function failureToastText(message: string | null | undefined, fallback: string): string {
  const text = message?.trim();
  return text ? text : fallback;
}

/** What a failed read means for the panel: refused (not an admin) or out of reach. */
export function readFailure(status: number | null): 'denied' | 'unreachable' {
  return status === 401 || status === 403 ? 'denied' : 'unreachable';
}
