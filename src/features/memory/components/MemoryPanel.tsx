// The memory panel of the chat's features panel (spec 000 §2.2, §3.1, §4, §5, §9): the lattice's status
// polled every 5 s, search (from 3 characters; results scroll within 24rem, importance and the top 3
// feelings as percents), and the 'New Memory' form. An account without memory_threading is told so and
// offered nothing that would be refused; the status is not asked (each poll would be a 403).
import { useId, useState, type FormEvent } from 'react';
import { readPermissionOf } from '@/domain/area-permissions';
import { isRefusal } from '@/lib/api';
import { useAreaAccess } from '@/lib/auth-session';
import { Button } from '@/ui/Button';
import { cn } from '@/ui/cn';
import { failureText } from '../api/memory-api';
import { useCreateMemory, useMemorySearch, useMemoryStatus } from '../hooks/useMemory';
import {
  CONTEXT_TYPES,
  asPercent,
  canCreate,
  canSearch,
  topEmotions,
  type ContextType,
  type MemoryNode,
  MEMORY_STATUS_URL,
} from '../model/memory';
import { MEMORY_TEXT } from '../model/texts';

function StatusRow({ label, value, alert }: { label: string; value: string; alert?: boolean }) {
  return (
    <div className="flex items-center justify-between gap-2">
      <dt className="text-muted">{label}</dt>
      <dd className={cn('font-medium', alert && 'text-red-600 dark:text-red-400')}>{value}</dd>
    </div>
  );
}

function MemoryStatusView({ status }: { status: ReturnType<typeof useMemoryStatus> }) {
  const { data, isError, dataUpdatedAt } = status;
  if (!data) {
    return isError ? <p role="status">{MEMORY_TEXT.statusUnavailable}</p> : null;
  }
  return (
    <div aria-label="Memory status">
      {isError && (
        <p role="status" className="text-xs text-muted">
          {MEMORY_TEXT.lastKnown} ·{' '}
          {new Date(dataUpdatedAt).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' })}
        </p>
      )}
      <dl className="grid gap-1 text-sm">
        <StatusRow label={MEMORY_TEXT.totalNodes} value={String(data.totalNodes)} />
        <StatusRow label={MEMORY_TEXT.activeThreads} value={String(data.activeThreads)} />
        <StatusRow
          label={MEMORY_TEXT.integrity}
          value={data.corruptionDetected ? MEMORY_TEXT.corruption : MEMORY_TEXT.intact}
          alert={data.corruptionDetected}
        />
        <StatusRow
          label={MEMORY_TEXT.backup}
          value={data.backupRequired ? MEMORY_TEXT.backupRequired : MEMORY_TEXT.backedUp}
          alert={data.backupRequired}
        />
      </dl>
    </div>
  );
}

function MemoryResult({ node }: { node: MemoryNode }) {
  return (
    <li className="grid gap-1 rounded-lg border border-line p-2 text-sm">
      <p>{node.content}</p>
      <p className="flex flex-wrap gap-x-3 text-xs text-muted">
        <span>{node.contextType}</span>
        <span>
          {MEMORY_TEXT.importance} {asPercent(node.importance)}
        </span>
      </p>
      <ul aria-label="Feelings" className="flex flex-wrap gap-2 text-xs">
        {topEmotions(node.emotionalWeight).map(({ emotion, weight }) => (
          <li key={emotion} className="rounded-full bg-stone-200 px-2 dark:bg-stone-800">
            {emotion} {asPercent(weight)}
          </li>
        ))}
      </ul>
    </li>
  );
}

function MemorySearch() {
  const [text, setText] = useState('');
  const search = useMemorySearch();
  const inputId = useId();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (canSearch(text) && !search.isPending) search.mutate(text.trim());
  };
  return (
    <div className="grid gap-2">
      <form role="search" onSubmit={submit} className="flex gap-2">
        <label htmlFor={inputId} className="sr-only">
          {MEMORY_TEXT.searchLabel}
        </label>
        <input
          id={inputId}
          type="search"
          value={text}
          onChange={(event) => setText(event.target.value)}
          placeholder={MEMORY_TEXT.searchPlaceholder}
          className="min-w-0 flex-1 rounded-lg border border-line bg-transparent px-3 py-1.5 text-sm"
        />
        <Button type="submit" size="sm" disabled={!canSearch(text) || search.isPending}>
          {search.isPending ? MEMORY_TEXT.searching : MEMORY_TEXT.search}
        </Button>
      </form>
      {search.isError && (
        <p role="alert" className="text-sm text-red-600 dark:text-red-400">
          {MEMORY_TEXT.searchFailed}: {failureText(search.error)}
        </p>
      )}
      {search.data &&
        (search.data.length === 0 ? (
          <p className="text-sm text-muted">{MEMORY_TEXT.noResults}</p>
        ) : (
          <ul aria-label="Search results" className="grid max-h-[24rem] gap-2 overflow-y-auto">
            {search.data.map((node) => (
              <MemoryResult key={node.id} node={node} />
            ))}
          </ul>
        ))}
    </div>
  );
}

function NewMemoryForm({ onClose }: { onClose: () => void }) {
  const [content, setContent] = useState('');
  const [contextType, setContextType] = useState<ContextType>('conversation');
  const create = useCreateMemory();
  const contentId = useId();
  const typeId = useId();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!canCreate(content, create.isPending)) return;
    create.mutate(
      { content, contextType },
      {
        onSuccess: () => {
          setContent('');
          setContextType('conversation');
          onClose();
        },
      },
    );
  };
  return (
    <form onSubmit={submit} aria-label={MEMORY_TEXT.newMemory} className="grid gap-2">
      <label htmlFor={contentId} className="text-sm font-medium">
        {MEMORY_TEXT.contentLabel}
      </label>
      <textarea
        id={contentId}
        value={content}
        onChange={(event) => setContent(event.target.value)}
        placeholder={MEMORY_TEXT.contentPlaceholder}
        rows={3}
        className="rounded-lg border border-line bg-transparent px-3 py-1.5 text-sm"
      />
      <label htmlFor={typeId} className="text-sm font-medium">
        {MEMORY_TEXT.contextTypeLabel}
      </label>
      <select
        id={typeId}
        value={contextType}
        onChange={(event) => setContextType(event.target.value as ContextType)}
        className="rounded-lg border border-line bg-panel px-2 py-1.5 text-sm"
      >
        {CONTEXT_TYPES.map((type) => (
          <option key={type} value={type}>
            {type}
          </option>
        ))}
      </select>
      <div className="flex justify-end gap-2">
        <Button variant="outline" size="sm" onClick={onClose}>
          {MEMORY_TEXT.cancel}
        </Button>
        <Button type="submit" size="sm" disabled={!canCreate(content, create.isPending)}>
          {create.isPending ? MEMORY_TEXT.creating : MEMORY_TEXT.create}
        </Button>
      </div>
    </form>
  );
}

export function MemoryPanel({ className }: { className?: string }) {
  const [creating, setCreating] = useState(false);
  // Known from the auth status (then not asked), or from the server's 403 when it has no list.
  const access = useAreaAccess(readPermissionOf(MEMORY_STATUS_URL));
  const asked = access.ask;
  const status = useMemoryStatus(asked);
  const denied = access.denied || isRefusal(status.error);
  const titleId = useId();
  return (
    <section
      aria-labelledby={titleId}
      className={cn('grid gap-3 rounded-2xl border border-line bg-panel p-4', className)}
    >
      <div className="flex items-center justify-between gap-2">
        <h2 id={titleId} className="text-base font-semibold">
          {MEMORY_TEXT.title}
        </h2>
        {!creating && !denied && (
          <Button variant="outline" size="sm" onClick={() => setCreating(true)}>
            {MEMORY_TEXT.newMemory}
          </Button>
        )}
      </div>
      {denied ? (
        <p className="text-sm text-muted">{MEMORY_TEXT.denied}</p>
      ) : (
        <>
          <MemoryStatusView status={status} />
          {creating && <NewMemoryForm onClose={() => setCreating(false)} />}
          <MemorySearch />
        </>
      )}
    </section>
  );
}
