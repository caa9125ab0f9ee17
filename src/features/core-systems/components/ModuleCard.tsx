// One module's card: its title and source, then every field of its answer (the spec's named ones first),
// or why it failed (the answer's status and message). The self-evolve and emergence cards carry their
// action, whose result is shown under the button. A module not open to the account says which
// permission it needs, and shows nothing kept from before.
import type { UseQueryResult } from '@tanstack/react-query';
import { AlertTriangle, Loader2, Lock } from 'lucide-react';
import type { CoreModule } from '@/domain/core-systems';
import type { PermissionId } from '@/domain/permissions';
import { Button } from '@/ui/Button';
import { cn } from '@/ui/cn';
import { useCoreAction } from '../hooks/useCoreSystems';
import { CORE_ACTIONS, CORE_TEXT, cardRowsOf, failureTextOf } from '../model/core-systems';

interface ModuleCardProps {
  module: CoreModule;
  query: UseQueryResult<unknown>;
  /** The demo shows the card's source in words and no action. */
  demo: boolean;
  timeZone?: string;
  /** The permission the module needs when the account lacks it. */
  refusedFor: PermissionId | null;
}

export function ModuleCard({ module, query, demo, timeZone, refusedFor }: ModuleCardProps) {
  const titleId = `core-${module.id}-title`;
  const hasData = refusedFor === null && query.data !== undefined;
  const rows = hasData ? cardRowsOf(module.id, query.data, timeZone) : [];
  const state = refusedFor
    ? 'refused'
    : query.isError && !hasData
      ? 'failed'
      : hasData
        ? 'ok'
        : 'loading';
  return (
    <section
      aria-labelledby={titleId}
      data-testid={`core-card-${module.id}`}
      data-state={state}
      className={cn(
        'grid content-start gap-2 rounded-xl border bg-panel p-4',
        state === 'failed' ? 'border-red-300 dark:border-red-800' : 'border-line',
      )}
    >
      <header className="grid min-w-0 gap-0.5 wrap-anywhere">
        <h3 id={titleId} className="font-semibold">
          {module.title}
        </h3>
        <p className="text-xs text-muted">{module.source}</p>
      </header>
      {state === 'loading' && (
        <p role="status" className="flex items-center gap-2 text-sm text-muted">
          <Loader2 size={14} aria-hidden className="animate-spin" />
          {CORE_TEXT.loading}
        </p>
      )}
      {refusedFor && (
        <p data-testid="core-card-refused" className="flex gap-2 text-sm text-muted">
          <Lock size={16} aria-hidden className="mt-0.5 shrink-0" />
          <span>{CORE_TEXT.needsPermission(refusedFor)}</span>
        </p>
      )}
      {state === 'failed' && (
        <p role="alert" className="flex gap-2 text-sm text-red-700 dark:text-red-400">
          <AlertTriangle size={16} aria-hidden className="mt-0.5 shrink-0" />
          <span>
            {CORE_TEXT.failed}:{' '}
            <span data-testid="core-card-error">{failureTextOf(query.error)}</span>
          </span>
        </p>
      )}
      {hasData && query.isError && (
        <p className="text-xs text-amber-700 dark:text-amber-300">
          {CORE_TEXT.lastKnown} ({failureTextOf(query.error)})
        </p>
      )}
      {hasData && (
        <dl className="grid gap-1 text-sm wrap-anywhere">
          {rows.map((row) => (
            <div
              key={row.key}
              data-field={row.key}
              className="grid grid-cols-[minmax(0,2fr)_minmax(0,3fr)] gap-2"
            >
              <dt className={cn('text-muted', row.headline && 'font-medium text-current')}>
                {row.label}
              </dt>
              <dd className={cn('break-words', row.headline && 'font-semibold')}>{row.value}</dd>
            </div>
          ))}
        </dl>
      )}
      {!demo && CORE_ACTIONS[module.id] && hasData && <CardAction moduleId={module.id} />}
    </section>
  );
}

function CardAction({ moduleId }: { moduleId: string }) {
  const action = useCoreAction(moduleId);
  const label = CORE_ACTIONS[moduleId]!.label;
  return (
    <div className="grid justify-items-start gap-1 border-t border-line pt-2">
      <Button
        size="sm"
        variant="outline"
        disabled={action.isPending}
        onClick={() => action.mutate()}
      >
        {action.isPending && <Loader2 size={14} aria-hidden className="mr-1 animate-spin" />}
        {label}
      </Button>
      <p role="status" data-testid={`core-action-${moduleId}`} className="text-sm">
        {action.isSuccess && action.data.message}
        {action.isError && (
          <span className="text-red-700 dark:text-red-400">{failureTextOf(action.error)}</span>
        )}
      </p>
    </div>
  );
}
