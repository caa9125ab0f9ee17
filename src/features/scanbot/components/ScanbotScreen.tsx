// /scanbot-control (spec 002 §2 "File-watching auto-repair control screen"): the status badges (Scanning
// or Idle, monitored files, interval, auto-fixes), Manual Scan / Start Auto / Stop Auto, the add form,
// the watched files with a tick or 'Missing', the last 20 log lines newest first, and the about section.
// Offline it shows the last status this page read, marked with its time, and offers no action.
import { useId, useState, type FormEvent } from 'react';
import { CircleCheck, RefreshCw, Trash2 } from 'lucide-react';
import { isApiError } from '@/lib/api';
import { useOnline } from '@/lib/use-online';
import { BackLink } from '@/ui/BackLink';
import { Button } from '@/ui/Button';
import { cn } from '@/ui/cn';
import { OfflineNotice } from '@/ui/OfflineNotice';
import {
  useAddWatchedFile,
  useRemoveWatchedFile,
  useScanbotAction,
  useScanbotLogs,
  useScanbotStatus,
} from '../hooks/useScanbot';
import {
  autoStateOf,
  canAddFile,
  canScan,
  fileBadgeOf,
  SCANBOT_TEXT as T,
  scanbotFailure,
  shownLogLines,
  type ScanbotStatus,
} from '../model/scanbot';

const field =
  'w-full rounded-lg border border-line bg-page px-3 py-2 text-base disabled:opacity-60';
const card = 'grid gap-3 rounded-2xl border border-line bg-panel p-4 shadow-sm';
const badge = 'rounded-full border border-line px-3 py-1 text-sm font-medium';

export default function ScanbotScreen() {
  const status = useScanbotStatus();
  const online = useOnline();
  const failure = status.isError
    ? scanbotFailure(isApiError(status.error) ? status.error.status : null)
    : null;
  const unreachable = failure !== 'denied' && (!online || failure === 'unreachable');
  const data = status.data;

  return (
    <section className="mx-auto grid w-full max-w-3xl gap-4 px-4 py-6">
      <header className="flex items-center gap-3">
        <BackLink label={T.back} />
        <h1 className="text-2xl font-semibold">{T.title}</h1>
      </header>
      {failure === 'denied' ? (
        <p role="alert" className="rounded-xl border border-line bg-panel p-4 text-muted">
          {T.deniedText}
        </p>
      ) : !data ? (
        <p role="status" className="text-muted">
          {status.isError ? T.offlineNothing : T.loading}
        </p>
      ) : (
        <>
          {unreachable && (
            <OfflineNotice title={T.offlineTitle}>
              {T.offlineKnown(new Date(status.dataUpdatedAt).toLocaleString())}
            </OfflineNotice>
          )}
          <Controls data={data} offline={unreachable} />
          <AddForm offline={unreachable} />
          <WatchedList data={data} offline={unreachable} />
          <ActivityLog />
        </>
      )}
      <About />
    </section>
  );
}

function Controls({ data, offline }: { data: ScanbotStatus; offline: boolean }) {
  const action = useScanbotAction();
  const busy = action.isPending || offline;
  return (
    <section aria-label="Status" className={card}>
      <ul className="flex flex-wrap gap-2" aria-label="Status badges">
        <li
          className={cn(
            badge,
            data.isScanning && 'border-amber-400 bg-amber-50 text-amber-900 dark:bg-amber-950/40',
          )}
          data-testid="scan-state"
        >
          {data.isScanning ? T.scanning : T.idle}
        </li>
        <li className={badge}>{T.monitored(data.watchedFiles.length)}</li>
        <li className={badge}>{T.interval(data.scanInterval)}</li>
        <li className={badge}>{T.autoFixes(data.autoFixesAvailable)}</li>
        <li className={badge}>{autoStateOf(data)}</li>
      </ul>
      <div className="flex flex-wrap gap-2">
        <Button disabled={!canScan(data, busy)} onClick={() => action.mutate('scan')}>
          <RefreshCw size={16} aria-hidden className={cn(data.isScanning && 'animate-spin')} />
          {T.manualScan}
        </Button>
        <Button
          variant="secondary"
          disabled={busy || data.isRunning}
          onClick={() => action.mutate('start')}
        >
          {T.startAuto}
        </Button>
        <Button
          variant="outline"
          disabled={busy || !data.isRunning}
          onClick={() => action.mutate('stop')}
        >
          {T.stopAuto}
        </Button>
      </div>
    </section>
  );
}

function AddForm({ offline }: { offline: boolean }) {
  const id = useId();
  const [filename, setFilename] = useState('');
  const [autoFix, setAutoFix] = useState('');
  const add = useAddWatchedFile(() => {
    setFilename('');
    setAutoFix('');
  });
  const enabled = canAddFile(filename, add.isPending || offline);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (enabled) add.mutate({ filename: filename.trim(), autoFix });
  };
  return (
    <form aria-label={T.addTitle} className={card} onSubmit={submit}>
      <h2 className="text-lg font-semibold">{T.addTitle}</h2>
      <label className="grid gap-1" htmlFor={`${id}-name`}>
        <span className="font-medium">{T.filename}</span>
        <input
          id={`${id}-name`}
          className={field}
          value={filename}
          placeholder={T.filenamePlaceholder}
          autoComplete="off"
          spellCheck={false}
          onChange={(event) => setFilename(event.target.value)}
        />
      </label>
      <label className="grid gap-1" htmlFor={`${id}-fix`}>
        <span className="font-medium">{T.autoFixContent}</span>
        <textarea
          id={`${id}-fix`}
          rows={4}
          className={cn(field, 'font-mono text-sm')}
          value={autoFix}
          placeholder={T.autoFixPlaceholder}
          spellCheck={false}
          onChange={(event) => setAutoFix(event.target.value)}
        />
      </label>
      <div>
        <Button type="submit" disabled={!enabled}>
          {T.add}
        </Button>
      </div>
    </form>
  );
}

function WatchedList({ data, offline }: { data: ScanbotStatus; offline: boolean }) {
  const remove = useRemoveWatchedFile();
  return (
    <section aria-label={T.watchedTitle} className={card}>
      <h2 className="text-lg font-semibold">{T.watchedTitle}</h2>
      {data.watchedFiles.length === 0 ? (
        <p className="text-muted">{T.noWatched}</p>
      ) : (
        <ul className="grid gap-2">
          {data.watchedFiles.map((file) => {
            const state = fileBadgeOf(file);
            return (
              <li
                key={file.filename}
                className="flex items-center gap-3 rounded-xl border border-line p-3"
              >
                {state === 'present' ? (
                  <CircleCheck
                    size={20}
                    role="img"
                    aria-label={T.present}
                    className="shrink-0 text-emerald-600"
                  />
                ) : (
                  <span
                    className={cn(
                      'shrink-0 rounded-full px-2 py-0.5 text-xs font-semibold',
                      state === 'missing'
                        ? 'bg-red-100 text-red-900 dark:bg-red-900/40 dark:text-red-100'
                        : 'bg-amber-100 text-amber-900 dark:bg-amber-900/40 dark:text-amber-100',
                    )}
                  >
                    {state === 'missing' ? T.missing : T.empty}
                  </span>
                )}
                <span className="min-w-0 flex-1 break-all font-mono text-sm">{file.filename}</span>
                {file.autoFix && (
                  <span className="rounded-full border border-line px-2 py-0.5 text-xs text-muted">
                    {T.hasAutoFix}
                  </span>
                )}
                <Button
                  variant="ghost"
                  size="sm"
                  aria-label={T.remove(file.filename)}
                  disabled={remove.isPending || offline}
                  onClick={() => remove.mutate(file.filename)}
                >
                  <Trash2 size={16} aria-hidden />
                </Button>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}

function ActivityLog() {
  const logs = useScanbotLogs();
  const lines = shownLogLines(logs.data ?? []);
  return (
    <section aria-label={T.logTitle} className={card}>
      <h2 className="text-lg font-semibold">{T.logTitle}</h2>
      {logs.data === undefined && logs.isPending ? (
        <p role="status" className="text-muted">
          {T.loading}
        </p>
      ) : lines.length === 0 ? (
        <p className="text-muted">{T.noLogs}</p>
      ) : (
        <ol className="grid gap-1 font-mono text-xs">
          {lines.map((line, index) => (
            <li key={`${index}-${line}`} className="break-words">
              {line}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

function About() {
  return (
    <section aria-label={T.aboutTitle} className={cn(card, 'text-sm')}>
      <h2 className="text-lg font-semibold">{T.aboutTitle}</h2>
      {T.about.map((paragraph) => (
        <p key={paragraph} className="text-muted">
          {paragraph}
        </p>
      ))}
    </section>
  );
}
