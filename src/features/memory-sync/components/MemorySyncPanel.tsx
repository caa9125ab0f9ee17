// The unified memory panel (spec 001 §2, §8, §9), shown in the manual console's Memory Sync mode: the
// stats card, a search box (Enter runs it), and the recent memories (20) with Refresh. One memory: the
// lattice the chat uses (docs/memory-sync.md).
import { useId, useState, type FormEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Button } from '@/ui/Button';
import { cn } from '@/ui/cn';
import { useOnline } from '@/lib/use-online';
import { RECENT_KEY, STATUS_KEY } from '../api/memory-sync-api';
import { useMemoryStats, useMemorySyncSearch, useRecentMemories } from '../hooks/useMemorySync';
import {
  RECENT_TEXT_CHARS,
  SEARCH_TEXT_CHARS,
  canSearchMemory,
  importanceColour,
  isOffline,
  listViewOf,
  truncateMemoryText,
  type ImportanceColour,
  type SyncedMemory,
} from '../model/memory-sync';
import { MEMORY_SYNC_TEXT as TEXT } from '../model/texts';

const IMPORTANCE_CLASS: Record<ImportanceColour, string> = {
  red: 'bg-red-100 text-red-800 dark:bg-red-950 dark:text-red-300',
  yellow: 'bg-amber-100 text-amber-800 dark:bg-amber-950 dark:text-amber-300',
  green: 'bg-emerald-100 text-emerald-800 dark:bg-emerald-950 dark:text-emerald-300',
};

const percent = (value: number) => `${Math.round(value * 100)}%`;
const timeOf = (ms: number) =>
  new Date(ms).toLocaleString([], {
    month: 'short',
    day: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
  });

function originLabel(source: string): string {
  if (source === 'console') return TEXT.fromConsole;
  if (source === 'main_chat') return TEXT.fromMainChat;
  return TEXT.fromOther;
}

function LastKnown({ at }: { at: number }) {
  return (
    <p role="status" className="text-xs text-muted">
      {TEXT.lastKnown} · {timeOf(at)}
    </p>
  );
}

function StatsCard() {
  const { data, error, dataUpdatedAt } = useMemoryStats();
  const online = useOnline();
  const titleId = useId();
  const rows: [string, string][] = data
    ? [
        [TEXT.totalMemories, String(data.totalMemories)],
        [TEXT.consoleMemories, String(data.consoleMemories)],
        [TEXT.mainChatMemories, String(data.mainChatMemories)],
        [TEXT.syncedMemories, String(data.syncedMemories)],
        [TEXT.averageImportance, data.totalMemories > 0 ? percent(data.averageImportance) : '—'],
      ]
    : [];
  return (
    <section aria-labelledby={titleId} className="grid gap-2 rounded-xl border border-line p-3">
      <h3 id={titleId} className="text-sm font-semibold">
        {TEXT.statsTitle}
      </h3>
      {data && error ? <LastKnown at={dataUpdatedAt} /> : null}
      {!data && error ? (
        <p role="status" className="text-sm text-muted">
          {isOffline(error, online) ? TEXT.offline : TEXT.statsUnavailable}
        </p>
      ) : null}
      {data && (
        <dl className="grid grid-cols-2 gap-x-4 gap-y-1 text-sm sm:grid-cols-3 lg:grid-cols-5">
          {rows.map(([label, value]) => (
            <div key={label} className="grid">
              <dt className="text-xs text-muted">{label}</dt>
              <dd className="text-lg font-semibold tabular-nums">{value}</dd>
            </div>
          ))}
        </dl>
      )}
    </section>
  );
}

function MemoryItem({ memory, maxChars }: { memory: SyncedMemory; maxChars: number }) {
  const colour = importanceColour(memory.importance);
  return (
    <li className="grid gap-1 rounded-lg border border-line p-2 text-sm">
      <p className="wrap-anywhere">{truncateMemoryText(memory.content, maxChars)}</p>
      <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-muted">
        <span
          data-testid="memory-importance"
          data-colour={colour}
          className={cn('rounded-full px-2 py-0.5 font-semibold', IMPORTANCE_CLASS[colour])}
        >
          {TEXT.importance} {percent(memory.importance)}
        </span>
        <span>{originLabel(memory.context.source)}</span>
        <span>{memory.emotion}</span>
        <time dateTime={new Date(memory.timestamp).toISOString()}>{timeOf(memory.timestamp)}</time>
      </p>
    </li>
  );
}

function SearchBox() {
  const [text, setText] = useState('');
  const search = useMemorySyncSearch();
  const online = useOnline();
  const inputId = useId();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (canSearchMemory(text) && !search.isPending) search.mutate(text.trim());
  };
  // A failed search shows empty results (spec 001 §8), except offline, which is said.
  const results = search.isError ? [] : search.data;
  return (
    <div className="grid gap-2">
      <form role="search" onSubmit={submit}>
        <label htmlFor={inputId} className="sr-only">
          {TEXT.searchLabel}
        </label>
        <input
          id={inputId}
          type="search"
          enterKeyHint="search"
          value={text}
          onChange={(event) => setText(event.target.value)}
          placeholder={TEXT.searchPlaceholder}
          className="w-full rounded-lg border border-line bg-transparent px-3 py-2 text-sm"
        />
      </form>
      {search.isPending && (
        <p role="status" className="text-sm text-muted">
          {TEXT.searching}
        </p>
      )}
      {search.isError && isOffline(search.error, online) && (
        <p role="status" className="text-sm text-muted">
          {TEXT.searchOffline}
        </p>
      )}
      {results &&
        !search.isPending &&
        !(search.isError && isOffline(search.error, online)) &&
        (results.length === 0 ? (
          <p className="text-sm text-muted">{TEXT.noResults}</p>
        ) : (
          <ul aria-label={TEXT.searchResults} className="grid max-h-[24rem] gap-2 overflow-y-auto">
            {results.map((memory) => (
              <MemoryItem key={memory.id} memory={memory} maxChars={SEARCH_TEXT_CHARS} />
            ))}
          </ul>
        ))}
    </div>
  );
}

function RecentList() {
  const recent = useRecentMemories();
  const online = useOnline();
  const queryClient = useQueryClient();
  const titleId = useId();
  const view = listViewOf({
    data: recent.data,
    error: recent.error,
    online,
    pending: recent.isPending,
  });
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: RECENT_KEY });
    void queryClient.invalidateQueries({ queryKey: STATUS_KEY });
  };
  return (
    <section aria-labelledby={titleId} className="grid gap-2">
      <div className="flex items-center justify-between gap-2">
        <h3 id={titleId} className="text-sm font-semibold">
          {TEXT.recentTitle}
        </h3>
        <Button variant="outline" size="sm" onClick={refresh} disabled={recent.isFetching}>
          {recent.isFetching ? TEXT.refreshing : TEXT.refresh}
        </Button>
      </div>
      {view.kind === 'loading' && (
        <p role="status" className="text-sm text-muted">
          {TEXT.loading}
        </p>
      )}
      {view.kind === 'offline' && (
        <p role="status" className="text-sm text-muted">
          {TEXT.offline}
        </p>
      )}
      {view.kind === 'empty' && <p className="text-sm text-muted">{TEXT.empty}</p>}
      {view.kind === 'memories' && (
        <>
          {view.lastKnown && <LastKnown at={recent.dataUpdatedAt} />}
          <ul aria-labelledby={titleId} className="grid gap-2">
            {view.memories.map((memory) => (
              <MemoryItem key={memory.id} memory={memory} maxChars={RECENT_TEXT_CHARS} />
            ))}
          </ul>
        </>
      )}
    </section>
  );
}

export function MemorySyncPanel({ className }: { className?: string }) {
  const titleId = useId();
  return (
    <section
      aria-labelledby={titleId}
      className={cn('grid gap-4 rounded-2xl border border-line bg-panel p-4', className)}
    >
      <div className="grid gap-1">
        <h2 id={titleId} className="text-base font-semibold">
          {TEXT.title}
        </h2>
        <p className="text-sm text-muted">{TEXT.description}</p>
      </div>
      <StatsCard />
      <SearchBox />
      <RecentList />
    </section>
  );
}
