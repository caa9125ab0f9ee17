// The memory threading dashboard (/memory-dashboard, /memory, /settings/memory-logs; spec 002 "Memory
// dashboard"): the statistics (polled every 30 s), the memory context (every 60 s), the add-memory form
// and the compiled memory file's download, all over the chat's own memory. Offline it shows what was
// last read and says adding needs a connection; the form keeps what was typed (docs/memory-dashboard.md).
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { Download } from 'lucide-react';
import {
  MAX_IMPORTANCE,
  MAX_MEMORY_CONTENT,
  MEMORY_TYPES,
  MIN_IMPORTANCE,
  importanceBand,
  newMemoryOf,
  type ImportanceBand,
  type MemoryType,
} from '@/domain/memory-dashboard';
import { readPermissionOf } from '@/domain/area-permissions';
import { isRefusal } from '@/lib/api';
import { useAreaAccess } from '@/lib/auth-session';
import { useOnline } from '@/lib/use-online';
import { useTimeZone } from '@/lib/use-time-zone';
import { BackLink } from '@/ui/BackLink';
import { Button } from '@/ui/Button';
import { cn } from '@/ui/cn';
import { OfflineNotice } from '@/ui/OfflineNotice';
import { toast } from '@/ui/use-toast';
import { failureText } from '../api/memory-dashboard-api';
import {
  useAddMemory,
  useDownloadCompiledMemory,
  useMemoryContext,
  useMemoryDraft,
  useMemoryStats,
} from '../hooks/useMemoryDashboard';
import {
  draftImportance,
  importanceText,
  lastOptimizationText,
  typeLabel,
  type MemoryContextView,
  type MemoryStats,
  MEMORY_STATS_URL,
} from '../model/memory-dashboard';
import { MEMORY_DASHBOARD_TEXT as T } from '../model/texts';

const card = 'grid gap-3 rounded-xl border border-line bg-panel p-4';
const field =
  'w-full rounded-lg border border-line bg-page px-3 py-2 text-base focus-visible:border-accent-line focus-visible:outline-2 focus-visible:outline-accent';

/**
 * The statistics tiles: two columns on a phone at the usual text size, one when the text is large
 * (200% text, the extra-large size): a column is at least 9rem, so it grows with the text, and a
 * tile's words and figures wrap inside it rather than push the page sideways (docs/accessibility.md).
 */
const tiles = 'grid grid-cols-[repeat(auto-fit,minmax(min(100%,9rem),1fr))] gap-2';
const tile =
  'grid min-w-0 content-start gap-0.5 rounded-lg border border-line bg-page p-3 wrap-anywhere';

const BAND_CLASSES: Record<ImportanceBand, string> = {
  low: 'bg-sky-100 text-sky-900 dark:bg-sky-900/50 dark:text-sky-100',
  medium: 'bg-amber-100 text-amber-900 dark:bg-amber-900/50 dark:text-amber-100',
  high: 'bg-orange-100 text-orange-900 dark:bg-orange-900/50 dark:text-orange-100',
  critical: 'bg-red-100 text-red-900 dark:bg-red-900/50 dark:text-red-100',
};

export default function MemoryDashboardScreen() {
  // Known from the auth status: not asked (each poll would be a 403), nothing kept from before shown.
  const access = useAreaAccess(readPermissionOf(MEMORY_STATS_URL));
  const asked = access.ask;
  const stats = useMemoryStats(asked);
  const memoryContext = useMemoryContext(asked);
  const online = useOnline();
  const denied = access.denied || isRefusal(stats.error);
  const reachable = online && !(stats.isError && !denied);

  return (
    <section className="mx-auto grid w-full max-w-3xl gap-4 px-4 py-6" aria-labelledby="md-title">
      {/* At large text the title goes under the back arrow rather than past the screen's edge. */}
      <header className="flex flex-wrap items-start gap-2">
        <BackLink label={T.back} />
        <div className="grid min-w-0 flex-1 basis-48 gap-0.5 wrap-anywhere">
          <h1 id="md-title" className="text-2xl font-semibold">
            {T.title}
          </h1>
          <p className="text-sm text-muted">{T.subtitle}</p>
        </div>
      </header>

      {!reachable && !denied && (
        <OfflineNotice title={T.offlineTitle}>
          {stats.data
            ? T.offlineSince(new Date(stats.dataUpdatedAt).toLocaleTimeString())
            : T.offlineNoData}
        </OfflineNotice>
      )}
      {denied && (
        <p role="alert" className={cn(card, 'text-muted')}>
          {T.denied}
        </p>
      )}

      {!denied && (
        <>
          <StatsCard
            stats={stats.data}
            failed={stats.isError && reachable}
            onRetry={() => void stats.refetch()}
          />
          <ContextCard
            view={memoryContext.data}
            failed={memoryContext.isError && !memoryContext.data && reachable}
          />
          <AddMemoryForm reachable={reachable} />
          <DownloadCard reachable={reachable} />
        </>
      )}
    </section>
  );
}

function Tile({
  label,
  hint,
  testId,
  children,
}: {
  label: string;
  hint?: string;
  testId: string;
  children: ReactNode;
}) {
  return (
    <div className={tile}>
      <dt className="text-sm text-muted">{label}</dt>
      <dd className="text-2xl font-semibold tabular-nums" data-testid={testId}>
        {children}
      </dd>
      {hint && <dd className="text-xs text-muted">{hint}</dd>}
    </div>
  );
}

function StatsCard({
  stats,
  failed,
  onRetry,
}: {
  stats: MemoryStats | undefined;
  failed: boolean;
  onRetry: () => void;
}) {
  const timeZone = useTimeZone();
  return (
    <section className={card} aria-labelledby="md-stats">
      <h2 id="md-stats" className="text-lg font-semibold">
        {T.statsTitle}
      </h2>
      {!stats ? (
        <div className="grid justify-items-start gap-2">
          <p role="status" className="text-muted">
            {failed ? T.loadFailed : T.loading}
          </p>
          {failed && (
            <Button variant="outline" size="sm" onClick={onRetry}>
              {T.tryAgain}
            </Button>
          )}
        </div>
      ) : (
        <>
          <dl className={tiles}>
            <Tile label={T.totalMemories} testId="memory-total">
              {stats.totalMemories}
            </Tile>
            <Tile label={T.threads} hint={T.threadsHint} testId="memory-threads">
              {stats.threadsCount}
            </Tile>
            <Tile label={T.users} hint={T.usersHint} testId="memory-users">
              {stats.userCount}
            </Tile>
            <div className={tile}>
              <dt className="text-sm text-muted">{T.lastOptimization}</dt>
              <dd className="font-semibold" data-testid="memory-last-optimization">
                {lastOptimizationText(stats.lastOptimization, timeZone, T.never)}
              </dd>
            </div>
          </dl>
          <div className="grid gap-1">
            <h3 className="font-medium">{T.greetingBehavior}</h3>
            <p className="text-sm" data-testid="memory-greeting">
              {stats.greetingBehavior}
            </p>
          </div>
          <div className="grid gap-1">
            <h3 className="font-medium">{T.memoryTypes}</h3>
            <ul className="grid gap-1 text-sm" aria-label={T.memoryTypes}>
              {stats.memoryTypes.map(({ type, count }) => (
                <li key={type} className="flex items-center justify-between gap-2">
                  <span className="min-w-0 break-words">{typeLabel(type)}</span>
                  <span
                    data-testid={`memory-type-${type}`}
                    className="min-w-8 rounded-full bg-accent-soft px-2 py-0.5 text-center font-semibold tabular-nums text-on-accent-soft"
                  >
                    {count}
                  </span>
                </li>
              ))}
            </ul>
          </div>
        </>
      )}
    </section>
  );
}

function ContextCard({ view, failed }: { view: MemoryContextView | undefined; failed: boolean }) {
  return (
    <section className={card} aria-labelledby="md-context">
      <h2 id="md-context" className="text-lg font-semibold">
        {T.contextTitle}
      </h2>
      {view ? (
        <>
          <p className="text-sm text-muted">
            {view.recalledFor === null ? T.contextNewest : T.contextForMessage(view.recalledFor)}
          </p>
          <pre
            data-testid="memory-context"
            className="max-h-72 overflow-y-auto rounded-lg border border-line bg-page p-3 font-sans text-sm break-words whitespace-pre-wrap"
          >
            {view.context}
          </pre>
        </>
      ) : (
        <p role="status" className="text-muted">
          {failed ? T.contextFailed : T.contextLoading}
        </p>
      )}
    </section>
  );
}

function AddMemoryForm({ reachable }: { reachable: boolean }) {
  const { draft, setDraft, clear } = useMemoryDraft();
  const add = useAddMemory();
  const [problem, setProblem] = useState<string | null>(null);
  const ids = {
    content: useId(),
    type: useId(),
    importance: useId(),
    tags: useId(),
    note: useId(),
  };
  const importance = draftImportance(draft);
  const band = importanceBand(importance);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (add.isPending || !reachable) return;
    const checked = newMemoryOf(draft);
    if (!checked.ok) {
      setProblem(checked.error);
      return;
    }
    setProblem(null);
    add.mutate(checked.memory, {
      onSuccess: (result) => {
        if (result.stored) {
          clear();
          toast({ title: T.toasts.added, description: checked.memory.content.slice(0, 80) });
        } else {
          // Kept in the form: a higher importance may keep it.
          toast({ title: T.toasts.notKept, description: result.reason, variant: 'destructive' });
        }
      },
      onError: (error) => {
        toast({
          title: T.toasts.addFailed,
          description: failureText(error),
          variant: 'destructive',
        });
      },
    });
  };

  return (
    <section className={card} aria-labelledby="md-add">
      <h2 id="md-add" className="text-lg font-semibold">
        {T.addTitle}
      </h2>
      <form onSubmit={submit} className="grid gap-3" noValidate aria-labelledby="md-add">
        <div className="grid gap-1">
          <label htmlFor={ids.content} className="text-sm font-medium">
            {T.content}
          </label>
          <textarea
            id={ids.content}
            value={draft.content}
            onChange={(event) => {
              setDraft({ content: event.target.value });
              if (problem) setProblem(null);
            }}
            placeholder={T.contentPlaceholder}
            rows={4}
            maxLength={MAX_MEMORY_CONTENT}
            aria-invalid={problem !== null}
            aria-describedby={problem ? ids.note : undefined}
            className={field}
          />
          {problem && (
            <p id={ids.note} role="alert" className="text-sm text-red-700 dark:text-red-300">
              {problem}
            </p>
          )}
        </div>
        <div className="grid gap-1">
          <label htmlFor={ids.type} className="text-sm font-medium">
            {T.type}
          </label>
          <select
            id={ids.type}
            value={draft.type}
            onChange={(event) => setDraft({ type: event.target.value as MemoryType })}
            className={field}
          >
            {MEMORY_TYPES.map((type) => (
              <option key={type} value={type}>
                {typeLabel(type)}
              </option>
            ))}
          </select>
        </div>
        <div className="grid gap-1">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <label htmlFor={ids.importance} className="text-sm font-medium">
              {T.importance}
            </label>
            <output
              htmlFor={ids.importance}
              data-testid="memory-importance-band"
              className={cn('rounded-full px-2.5 py-0.5 text-sm font-semibold', BAND_CLASSES[band])}
            >
              {importanceText(importance)}
            </output>
          </div>
          <input
            id={ids.importance}
            type="range"
            min={MIN_IMPORTANCE}
            max={MAX_IMPORTANCE}
            step={1}
            value={importance}
            aria-valuetext={importanceText(importance)}
            onChange={(event) => setDraft({ importance: event.target.value })}
            className="h-10 w-full accent-accent"
          />
        </div>
        <div className="grid gap-1">
          <label htmlFor={ids.tags} className="text-sm font-medium">
            {T.tags}
          </label>
          <input
            id={ids.tags}
            type="text"
            value={draft.tags}
            onChange={(event) => setDraft({ tags: event.target.value })}
            placeholder={T.tagsPlaceholder}
            aria-describedby={`${ids.tags}-hint`}
            autoCapitalize="none"
            className={field}
          />
          <p id={`${ids.tags}-hint`} className="text-xs text-muted">
            {T.tagsHint}
          </p>
        </div>
        {!reachable && <p className="text-sm text-muted">{T.addNeedsConnection}</p>}
        <Button type="submit" className="justify-self-start" disabled={add.isPending || !reachable}>
          {add.isPending ? T.adding : T.add}
        </Button>
      </form>
    </section>
  );
}

function DownloadCard({ reachable }: { reachable: boolean }) {
  const download = useDownloadCompiledMemory();
  return (
    <section className={card} aria-labelledby="md-download">
      <h2 id="md-download" className="text-lg font-semibold">
        {T.downloadTitle}
      </h2>
      <p className="text-sm text-muted">{T.downloadHint}</p>
      <Button
        variant="outline"
        className="justify-self-start"
        disabled={download.isPending || !reachable}
        onClick={() =>
          download.mutate(undefined, {
            onError: (error) =>
              toast({
                title: T.toasts.downloadFailed,
                description: failureText(error),
                variant: 'destructive',
              }),
          })
        }
      >
        <Download size={16} aria-hidden />
        {download.isPending ? T.downloading : T.download}
      </Button>
    </section>
  );
}
