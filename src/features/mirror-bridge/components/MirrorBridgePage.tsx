// /mirror-bridge (spec 002 "Mirror Bridge and Console screen", 001 §2 "Mirror Bridge desktop sync
// panel"): two tabs, Mirror Bridge (the default) and Manual Console. The bridge panel shows running or
// stopped, the watch folder and GitHub path (or 'Not configured'), the Start/Stop Auto-Sync toggle,
// Manual Sync and Show/Hide Logs; the logs are read (every 10 s) only while shown. Offline it shows the
// last known status and logs, marked with their time, and offers no action.
import { useId, useState, type KeyboardEvent, type ReactNode } from 'react';
import { RefreshCw } from 'lucide-react';
import { Link } from 'react-router';
import { isApiError } from '@/lib/api';
import { useOnline } from '@/lib/use-online';
import { useTimeZone } from '@/lib/use-time-zone';
import { Button } from '@/ui/Button';
import { cn } from '@/ui/cn';
import { useBridgeAction, useBridgeLogs, useBridgeStatus } from '../hooks/useMirrorBridge';
import {
  bridgeFailure,
  EMOTION_COLOURS,
  emotionColourOf,
  lastSyncText,
  MIRROR_TEXT,
  pathText,
  shownMessages,
  timeText,
  type BridgeLogs,
} from '../model/mirror-bridge';
import { BackLink } from '@/ui/BackLink';
import { OfflineNotice } from '@/ui/OfflineNotice';

type Tab = 'bridge' | 'console';
const TABS: readonly Tab[] = ['bridge', 'console'];

export function MirrorBridgePage({
  consolePanel,
}: {
  /** The manual console (src/features/console), handed in by the route; absent, the tab says not built. */
  consolePanel?: ReactNode;
} = {}) {
  const [tab, setTab] = useState<Tab>('bridge');
  const id = useId();
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'ArrowRight' && event.key !== 'ArrowLeft') return;
    event.preventDefault();
    const next = TABS[(TABS.indexOf(tab) + 1) % TABS.length]!;
    setTab(next);
    document.getElementById(`${id}-${next}-tab`)?.focus();
  };
  return (
    <section className="mx-auto grid w-full max-w-3xl gap-4 px-4 py-6">
      <header className="flex items-center gap-3">
        <BackLink label={MIRROR_TEXT.back} />
        <h1 className="text-2xl font-semibold">{MIRROR_TEXT.title}</h1>
      </header>
      <div
        role="tablist"
        aria-label={MIRROR_TEXT.title}
        className="grid grid-cols-2 gap-1 rounded-xl bg-stone-100 p-1 dark:bg-stone-800"
        onKeyDown={onKeyDown}
      >
        {TABS.map((name) => (
          <button
            key={name}
            id={`${id}-${name}-tab`}
            type="button"
            role="tab"
            aria-selected={tab === name}
            aria-controls={`${id}-${name}-panel`}
            tabIndex={tab === name ? 0 : -1}
            onClick={() => setTab(name)}
            className={cn(
              'min-h-10 rounded-lg px-3 text-sm font-medium transition-colors',
              tab === name
                ? 'bg-panel shadow-sm'
                : 'text-muted hover:text-stone-900 dark:hover:text-stone-100',
            )}
          >
            {name === 'bridge' ? MIRROR_TEXT.tabBridge : MIRROR_TEXT.tabConsole}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`${id}-${tab}-panel`} aria-labelledby={`${id}-${tab}-tab`}>
        {tab === 'bridge' ? <BridgePanel /> : (consolePanel ?? <ConsoleNotBuilt />)}
      </div>
    </section>
  );
}

function ConsoleNotBuilt() {
  return (
    <div className="grid gap-3 rounded-2xl border border-dashed border-accent-line/70 bg-panel p-4">
      <p>{MIRROR_TEXT.consoleNotBuilt}</p>
      <p>
        <Link to="/" className="font-medium text-accent underline-offset-2 hover:underline">
          {MIRROR_TEXT.back}
        </Link>
      </p>
    </div>
  );
}

function BridgePanel() {
  const status = useBridgeStatus();
  const [logsShown, setLogsShown] = useState(false);
  const logs = useBridgeLogs(logsShown);
  const action = useBridgeAction();
  const online = useOnline();
  const timeZone = useTimeZone();
  const failure = status.isError
    ? bridgeFailure(isApiError(status.error) ? status.error.status : null)
    : null;
  const unreachable = failure !== 'denied' && (!online || failure === 'unreachable');
  const data = status.data;

  if (failure === 'denied') {
    return (
      <p role="alert" className="rounded-xl border border-line bg-panel p-4 text-muted">
        {MIRROR_TEXT.deniedText}
      </p>
    );
  }
  if (!data) {
    return (
      <p role="status" className="text-muted">
        {status.isError ? MIRROR_TEXT.offlineNothing : MIRROR_TEXT.loading}
      </p>
    );
  }
  const busy = action.isPending || unreachable;
  return (
    <div className="grid gap-4">
      {unreachable && (
        <OfflineNotice title={MIRROR_TEXT.offlineTitle}>
          {MIRROR_TEXT.offlineKnown(
            timeText(new Date(status.dataUpdatedAt).toISOString(), timeZone),
          )}
        </OfflineNotice>
      )}
      <section
        aria-label={MIRROR_TEXT.tabBridge}
        className="grid gap-4 rounded-2xl border border-line bg-panel p-4 shadow-sm"
      >
        <p className="flex items-center gap-2 font-semibold" data-testid="bridge-state">
          <span
            aria-hidden
            className={cn(
              'inline-block h-3 w-3 rounded-full',
              data.isRunning ? 'bg-emerald-500' : 'bg-stone-400',
            )}
          />
          {data.isRunning ? MIRROR_TEXT.running : MIRROR_TEXT.stopped}
        </p>
        <dl className="grid gap-2 text-sm sm:grid-cols-[auto_1fr] sm:gap-x-4">
          <dt className="font-medium">{MIRROR_TEXT.watchFolder}</dt>
          <dd className="break-all text-muted">{pathText(data.watchFolder)}</dd>
          <dt className="font-medium">{MIRROR_TEXT.githubPath}</dt>
          <dd className="break-all text-muted">{pathText(data.githubRepoPath)}</dd>
        </dl>
        <div className="flex flex-wrap gap-2">
          <Button
            variant={data.isRunning ? 'destructive' : 'primary'}
            disabled={busy}
            onClick={() => action.mutate(data.isRunning ? 'stop' : 'start')}
          >
            {data.isRunning ? MIRROR_TEXT.stop : MIRROR_TEXT.start}
          </Button>
          <Button variant="secondary" disabled={busy} onClick={() => action.mutate('sync')}>
            <RefreshCw size={16} aria-hidden className={cn(action.isPending && 'animate-spin')} />
            {MIRROR_TEXT.sync}
          </Button>
          <Button
            variant="outline"
            aria-expanded={logsShown}
            onClick={() => setLogsShown((shown) => !shown)}
          >
            {logsShown ? MIRROR_TEXT.hideLogs : MIRROR_TEXT.showLogs}
          </Button>
        </div>
      </section>
      {logsShown && <LogArea logs={logs.data} loading={logs.isPending} timeZone={timeZone} />}
    </div>
  );
}

function LogArea({
  logs,
  loading,
  timeZone,
}: {
  logs: BridgeLogs | undefined;
  loading: boolean;
  timeZone: string | undefined;
}) {
  if (!logs) {
    return (
      <p role="status" className="text-muted">
        {loading ? MIRROR_TEXT.loading : MIRROR_TEXT.offlineNothing}
      </p>
    );
  }
  const messages = shownMessages(logs.messages);
  return (
    <section
      aria-label="Logs"
      className="grid gap-3 rounded-2xl border border-line bg-panel p-4 shadow-sm"
    >
      <dl className="grid grid-cols-2 gap-2 text-sm">
        <div>
          <dt className="text-muted">{MIRROR_TEXT.totalMessages}</dt>
          <dd className="text-lg font-semibold" data-testid="total-messages">
            {logs.totalMessages}
          </dd>
        </div>
        <div>
          <dt className="text-muted">{MIRROR_TEXT.lastSync}</dt>
          <dd className="font-semibold">{lastSyncText(logs.lastSync, timeZone)}</dd>
        </div>
      </dl>
      {logs.lastMirror && (
        <p className="text-sm">
          <span className="text-muted">{MIRROR_TEXT.lastMirror}: </span>
          {MIRROR_TEXT.mirrorCommit(timeText(logs.lastMirror.at, timeZone), logs.lastMirror.commit)}
        </p>
      )}
      {messages.length === 0 ? (
        <p className="text-muted">{MIRROR_TEXT.noMessages}</p>
      ) : (
        <ul className="grid gap-2">
          {messages.map((message, index) => (
            <li
              key={`${message.timestamp}-${index}`}
              className="grid gap-1 rounded-xl border border-line p-3"
            >
              <div className="flex flex-wrap items-center gap-2 text-xs">
                <span className="font-semibold text-sm">{message.author}</span>
                <time dateTime={message.timestamp} className="text-muted">
                  {timeText(message.timestamp, timeZone)}
                </time>
                <span
                  className={cn(
                    'rounded-full px-2 py-0.5 font-medium',
                    EMOTION_COLOURS[emotionColourOf(message.emotion)],
                  )}
                >
                  {message.emotion}
                </span>
                <span className="rounded-full border border-line px-2 py-0.5 text-muted">
                  {message.type}
                </span>
              </div>
              <p className="whitespace-pre-wrap break-words">{message.message}</p>
            </li>
          ))}
        </ul>
      )}
      {logs.problems.length > 0 && (
        <details className="text-sm">
          <summary className="cursor-pointer font-medium">
            {MIRROR_TEXT.problems} ({logs.problems.length})
          </summary>
          <ul className="mt-2 grid gap-1 text-muted">
            {logs.problems
              .slice()
              .reverse()
              .map((problem, index) => (
                <li key={`${problem.at}-${index}`}>
                  {timeText(problem.at, timeZone)}: {problem.file}: {problem.reason}
                </li>
              ))}
          </ul>
        </details>
      )}
    </section>
  );
}

export default MirrorBridgePage;
