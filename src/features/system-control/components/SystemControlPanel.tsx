// The Admin System Control Panel (spec 001 §2, Hydra Enabled badge), shown in the manual console's
// System Status mode: the counts of tasks and snapshots, the command and JSON parameters form with
// Execute, the active task list (status colours, a progress bar only while processing) and the first 10
// snapshots, each with Rollback. Offline it shows the last known state, marked with its time, and offers
// no action.
import { useId, useState, type FormEvent } from 'react';
import { isApiError } from '@/lib/api';
import { useOnline } from '@/lib/use-online';
import { useTimeZone } from '@/lib/use-time-zone';
import { Button } from '@/ui/Button';
import { cn } from '@/ui/cn';
import { toast } from '@/ui/use-toast';
import {
  useActiveTasks,
  useExecute,
  useGuardStatus,
  useHydraStatus,
  useRollback,
  useSnapshots,
} from '../hooks/useSystemControl';
import {
  readFailure,
  shownSnapshots,
  showsProgressBar,
  SYSTEM_TEXT,
  TASK_STATUS_COLOURS,
  validateExecuteForm,
  type Snapshot,
  type Task,
} from '../model/system-control';
import { OfflineNotice } from '@/ui/OfflineNotice';

function timeText(iso: string, timeZone: string | undefined): string {
  const at = Date.parse(iso);
  if (Number.isNaN(at)) return iso;
  return new Intl.DateTimeFormat(undefined, {
    dateStyle: 'medium',
    timeStyle: 'medium',
    ...(timeZone ? { timeZone } : {}),
  }).format(at);
}

export function SystemControlPanel() {
  const hydra = useHydraStatus();
  const tasks = useActiveTasks();
  const guard = useGuardStatus();
  const snapshots = useSnapshots();
  const online = useOnline();
  const timeZone = useTimeZone();
  const reads = [hydra, tasks, guard, snapshots];
  const failed = reads.find((read) => read.isError);
  const failure = failed
    ? readFailure(isApiError(failed.error) ? failed.error.status : null)
    : null;

  if (failure === 'denied') {
    return (
      <p role="alert" className="rounded-xl border border-line bg-panel p-4 text-muted">
        {SYSTEM_TEXT.denied}
      </p>
    );
  }
  const unreachable = !online || failure === 'unreachable';
  if (!hydra.data && !tasks.data && !guard.data && !snapshots.data) {
    return (
      <p role="status" className="text-muted">
        {unreachable ? SYSTEM_TEXT.offlineNothing : SYSTEM_TEXT.loading}
      </p>
    );
  }
  const knownAt = Math.min(...reads.filter((r) => r.data).map((r) => r.dataUpdatedAt));
  return (
    <section
      aria-label={SYSTEM_TEXT.title}
      className="grid gap-4 rounded-2xl border border-line bg-panel p-4 shadow-sm"
    >
      <header className="flex flex-wrap items-center gap-2">
        <h2 className="text-lg font-semibold">{SYSTEM_TEXT.title}</h2>
        <span className="rounded-full bg-emerald-100 px-2 py-0.5 text-xs font-medium text-emerald-900 dark:bg-emerald-900/40 dark:text-emerald-100">
          {SYSTEM_TEXT.badge}
        </span>
      </header>
      {unreachable && (
        <OfflineNotice title={SYSTEM_TEXT.offlineTitle}>
          {SYSTEM_TEXT.offlineKnown(timeText(new Date(knownAt).toISOString(), timeZone))}
        </OfflineNotice>
      )}
      <dl className="grid grid-cols-2 gap-2 sm:grid-cols-4">
        <Count label={SYSTEM_TEXT.activeTasks} value={hydra.data?.activeTasks} id="active" />
        <Count label={SYSTEM_TEXT.queuedTasks} value={hydra.data?.queuedTasks} id="queued" />
        <Count label={SYSTEM_TEXT.totalTasks} value={hydra.data?.totalTasks} id="total" />
        <Count label={SYSTEM_TEXT.snapshots} value={guard.data?.totalSnapshots} id="snapshots" />
      </dl>
      <ExecuteForm disabled={unreachable} commands={hydra.data?.commands ?? []} />
      <TaskList tasks={tasks.data} />
      <SnapshotList snapshots={snapshots.data} disabled={unreachable} timeZone={timeZone} />
    </section>
  );
}

function Count({ label, value, id }: { label: string; value: number | undefined; id: string }) {
  return (
    <div className="rounded-xl border border-line p-3">
      <dt className="text-xs text-muted">{label}</dt>
      <dd className="text-2xl font-semibold" data-testid={`count-${id}`}>
        {value ?? '–'}
      </dd>
    </div>
  );
}

function ExecuteForm({
  disabled,
  commands,
}: {
  disabled: boolean;
  commands: { name: string; summary: string }[];
}) {
  const id = useId();
  const [command, setCommand] = useState('');
  const [params, setParams] = useState('');
  const execute = useExecute(() => {
    setCommand('');
    setParams('');
  });
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const form = validateExecuteForm(command, params);
    if (!form.ok) {
      toast({ title: form.title, description: form.description, variant: 'destructive' });
      return;
    }
    execute.mutate({ command: form.command, params: form.params });
  };
  return (
    <form onSubmit={onSubmit} className="grid gap-3" noValidate>
      <label className="grid gap-1 text-sm font-medium" htmlFor={`${id}-command`}>
        {SYSTEM_TEXT.command}
        <input
          id={`${id}-command`}
          list={`${id}-commands`}
          value={command}
          onChange={(event) => setCommand(event.target.value)}
          placeholder={SYSTEM_TEXT.commandPlaceholder}
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          className="min-h-11 rounded-lg border border-line bg-transparent px-3 font-mono text-base font-normal"
        />
      </label>
      <datalist id={`${id}-commands`}>
        {commands.map((c) => (
          <option key={c.name} value={c.name}>
            {c.summary}
          </option>
        ))}
      </datalist>
      <label className="grid gap-1 text-sm font-medium" htmlFor={`${id}-params`}>
        {SYSTEM_TEXT.params}
        <textarea
          id={`${id}-params`}
          value={params}
          onChange={(event) => setParams(event.target.value)}
          placeholder={SYSTEM_TEXT.paramsPlaceholder}
          rows={3}
          spellCheck={false}
          className="rounded-lg border border-line bg-transparent px-3 py-2 font-mono text-base font-normal"
        />
      </label>
      <div>
        <Button type="submit" disabled={disabled || execute.isPending}>
          {execute.isPending ? SYSTEM_TEXT.executing : SYSTEM_TEXT.execute}
        </Button>
      </div>
      {commands.length > 0 && (
        <details className="text-sm">
          <summary className="cursor-pointer font-medium">{SYSTEM_TEXT.knownCommands}</summary>
          <ul className="mt-2 grid gap-1">
            {commands.map((c) => (
              <li key={c.name}>
                <button
                  type="button"
                  className="font-mono text-accent underline-offset-2 hover:underline"
                  onClick={() => setCommand(c.name)}
                >
                  {c.name}
                </button>
                <span className="text-muted">: {c.summary}</span>
              </li>
            ))}
          </ul>
        </details>
      )}
    </form>
  );
}

function TaskList({ tasks }: { tasks: Task[] | undefined }) {
  return (
    <section aria-label={SYSTEM_TEXT.activeList} className="grid gap-2">
      <h3 className="font-semibold">{SYSTEM_TEXT.activeList}</h3>
      {!tasks || tasks.length === 0 ? (
        <p className="text-muted">{SYSTEM_TEXT.noTasks}</p>
      ) : (
        <ul className="grid gap-2">
          {tasks.map((task) => (
            <li
              key={task.id}
              data-testid="task"
              className="grid gap-1 rounded-xl border border-line p-3"
            >
              <div className="flex flex-wrap items-center gap-2">
                <span className="font-mono font-medium">{task.type}</span>
                <span
                  className={cn(
                    'rounded-full px-2 py-0.5 text-xs font-medium',
                    TASK_STATUS_COLOURS[task.status],
                  )}
                >
                  {task.status}
                </span>
                <span className="break-all text-xs text-muted">{task.id}</span>
              </div>
              {showsProgressBar(task) && (
                <div
                  role="progressbar"
                  aria-label={`${task.type} progress`}
                  aria-valuemin={0}
                  aria-valuemax={100}
                  aria-valuenow={task.progress}
                  className="h-2 overflow-hidden rounded-full bg-stone-200 dark:bg-stone-700"
                >
                  <div className="h-full bg-sky-500" style={{ width: `${task.progress}%` }} />
                </div>
              )}
              {task.error && <p className="text-sm text-red-700 dark:text-red-300">{task.error}</p>}
              {task.result && <p className="text-sm text-muted">{task.result}</p>}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function SnapshotList({
  snapshots,
  disabled,
  timeZone,
}: {
  snapshots: Snapshot[] | undefined;
  disabled: boolean;
  timeZone: string | undefined;
}) {
  const rollback = useRollback();
  const shown = shownSnapshots(snapshots ?? []);
  return (
    <section aria-label={SYSTEM_TEXT.snapshotList} className="grid gap-2">
      <h3 className="font-semibold">{SYSTEM_TEXT.snapshotList}</h3>
      {shown.length === 0 ? (
        <p className="text-muted">{SYSTEM_TEXT.noSnapshots}</p>
      ) : (
        <ul className="grid gap-2">
          {shown.map((snapshot) => (
            <li
              key={snapshot.id}
              data-testid="snapshot"
              className="flex flex-wrap items-center justify-between gap-2 rounded-xl border border-line p-3"
            >
              <div className="grid min-w-0 gap-0.5">
                <span className="font-medium">{snapshot.description || snapshot.id}</span>
                <span className="text-xs text-muted">
                  <time dateTime={snapshot.timestamp}>
                    {timeText(snapshot.timestamp, timeZone)}
                  </time>
                  {' · '}
                  {snapshot.sameKey
                    ? `${snapshot.files.length} files · ${snapshot.triggeredBy}`
                    : SYSTEM_TEXT.otherKey}
                </span>
              </div>
              <Button
                variant="outline"
                size="sm"
                disabled={disabled || rollback.isPending || !snapshot.sameKey}
                onClick={() => rollback.mutate(snapshot.id)}
              >
                {rollback.isPending && rollback.variables === snapshot.id
                  ? SYSTEM_TEXT.rollingBack
                  : SYSTEM_TEXT.rollback}
              </Button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

export default SystemControlPanel;
