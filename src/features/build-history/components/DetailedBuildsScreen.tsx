// /detailed-builds (spec 002 "Build history"): every build, sortable by date, name, impact or status and
// filtered by a search, a category and a status, each row opening to its description, technologies,
// features, notes and version. Admins add, edit and remove builds here (docs/build-history.md).
import { useId, useState } from 'react';
import { ChevronDown, Plus } from 'lucide-react';
import type { BuildRecord, BuildStatus } from '@/domain/build-history';
import { useOnline } from '@/lib/use-online';
import { Button } from '@/ui/Button';
import { cn } from '@/ui/cn';
import { useBuilds, useCanEditBuilds } from '../hooks/useBuildHistory';
import {
  ALL_CATEGORIES,
  categoryTabs,
  filterBuilds,
  NO_FILTER,
  SORT_KEYS,
  sortBuilds,
  STATUS_LABELS,
  STATUS_OPTIONS,
  type BuildFilter,
  type SortDirection,
  type SortKey,
} from '../model/builds';
import { BUILD_TEXT as T } from '../model/texts';
import { BuildForm, ConfirmRemove } from './BuildForm';
import { BuildBadges, BuildDetails, BuildMeta, LoadNotice, ScreenHeader } from './BuildParts';

const control = 'w-full rounded-lg border border-line bg-page px-3 py-2 text-base';

type Editing = { kind: 'add' } | { kind: 'edit'; build: BuildRecord } | null;

export default function DetailedBuildsScreen() {
  const builds = useBuilds();
  const online = useOnline();
  const canEdit = useCanEditBuilds();
  const [filter, setFilter] = useState<BuildFilter>(NO_FILTER);
  const [sortKey, setSortKey] = useState<SortKey>('date');
  const [direction, setDirection] = useState<SortDirection>('desc');
  const [open, setOpen] = useState<ReadonlySet<string>>(new Set());
  const [editing, setEditing] = useState<Editing>(null);
  const [removing, setRemoving] = useState<BuildRecord | null>(null);
  const ids = useId();

  const all = builds.data ?? [];
  const categories = categoryTabs(all).slice(1);
  const shown = sortBuilds(filterBuilds(all, filter), sortKey, direction);
  const writable = canEdit && online;
  const toggle = (id: string) => {
    const next = new Set(open);
    if (next.has(id)) next.delete(id);
    else next.add(id);
    setOpen(next);
  };

  return (
    <section
      className="mx-auto grid w-full max-w-3xl gap-4 px-4 py-6"
      aria-labelledby="detailed-title"
    >
      <ScreenHeader
        id="detailed-title"
        title={T.detailedTitle}
        backTo="/build-rundown"
        backLabel={T.toRundown}
      />
      <LoadNotice
        online={online}
        hasData={builds.data !== undefined}
        updatedAt={builds.dataUpdatedAt}
        loading={builds.isPending}
        error={builds.error}
        failedText={T.loadFailed}
        onRetry={() => void builds.refetch()}
      />
      {canEdit && (
        <div className="flex flex-wrap items-center justify-between gap-2">
          <p className="text-sm text-muted">{online ? '' : T.admin.offline}</p>
          <Button disabled={!writable} onClick={() => setEditing({ kind: 'add' })}>
            <Plus size={18} aria-hidden />
            {T.admin.add}
          </Button>
        </div>
      )}

      {builds.data && (
        <>
          <div className="grid gap-3 rounded-xl border border-line bg-panel p-3">
            <div className="grid gap-1">
              <label htmlFor={`${ids}-search`} className="text-sm font-medium">
                {T.search}
              </label>
              <input
                id={`${ids}-search`}
                type="search"
                className={control}
                placeholder={T.searchPlaceholder}
                value={filter.text}
                onChange={(e) => setFilter({ ...filter, text: e.target.value })}
              />
            </div>
            <div className="grid grid-cols-2 gap-3">
              <div className="grid gap-1">
                <label htmlFor={`${ids}-category`} className="text-sm font-medium">
                  {T.category}
                </label>
                <select
                  id={`${ids}-category`}
                  className={control}
                  value={filter.category}
                  onChange={(e) => setFilter({ ...filter, category: e.target.value })}
                >
                  <option value={ALL_CATEGORIES}>{T.allCategories}</option>
                  {categories.map((category) => (
                    <option key={category} value={category}>
                      {category}
                    </option>
                  ))}
                </select>
              </div>
              <div className="grid gap-1">
                <label htmlFor={`${ids}-status`} className="text-sm font-medium">
                  {T.status}
                </label>
                <select
                  id={`${ids}-status`}
                  className={control}
                  value={filter.status}
                  onChange={(e) =>
                    setFilter({ ...filter, status: e.target.value as BuildStatus | 'all' })
                  }
                >
                  <option value="all">{T.allStatuses}</option>
                  {STATUS_OPTIONS.map((status) => (
                    <option key={status} value={status}>
                      {STATUS_LABELS[status]}
                    </option>
                  ))}
                </select>
              </div>
            </div>
            {/* The sort field and its direction; at 200% text the button goes under the field. */}
            <div className="flex flex-wrap items-end gap-3">
              <div className="grid min-w-0 flex-1 basis-40 gap-1">
                <label htmlFor={`${ids}-sort`} className="text-sm font-medium">
                  {T.sortBy}
                </label>
                <select
                  id={`${ids}-sort`}
                  className={control}
                  value={sortKey}
                  onChange={(e) => setSortKey(e.target.value as SortKey)}
                >
                  {SORT_KEYS.map((key) => (
                    <option key={key} value={key}>
                      {T.sortKeys[key]}
                    </option>
                  ))}
                </select>
              </div>
              <Button
                variant="outline"
                className="h-[2.625rem]"
                aria-label={`${T.sortBy} ${T.sortKeys[sortKey]}: ${
                  direction === 'asc' ? T.ascending : T.descending
                }`}
                onClick={() => setDirection(direction === 'asc' ? 'desc' : 'asc')}
              >
                {direction === 'asc' ? `↑ ${T.ascending}` : `↓ ${T.descending}`}
              </Button>
            </div>
          </div>

          <div className="flex flex-wrap items-center justify-between gap-2">
            <p className="text-sm text-muted" role="status" data-testid="detailed-count">
              {T.showing(shown.length, all.length)}
            </p>
            {(filter.text !== '' ||
              filter.category !== ALL_CATEGORIES ||
              filter.status !== 'all') && (
              <Button variant="link" size="sm" onClick={() => setFilter(NO_FILTER)}>
                {T.clearFilters}
              </Button>
            )}
          </div>

          {shown.length === 0 ? (
            <p className="text-muted">{all.length === 0 ? T.noBuilds : T.noMatch}</p>
          ) : (
            <ul className="grid gap-2">
              {shown.map((build) => {
                const expanded = open.has(build.id);
                const panel = `${ids}-build-${build.id}`;
                return (
                  <li
                    key={build.id}
                    className="rounded-xl border border-line bg-panel"
                    data-testid="detailed-build"
                  >
                    <h2>
                      <button
                        type="button"
                        aria-expanded={expanded}
                        aria-controls={panel}
                        onClick={() => toggle(build.id)}
                        className="grid w-full grid-cols-[minmax(0,1fr)_auto] gap-x-2 gap-y-1 p-4 text-left wrap-anywhere"
                      >
                        <span className="text-base font-semibold">{build.name}</span>
                        <ChevronDown
                          size={20}
                          aria-hidden
                          className={cn('mt-0.5 transition-transform', expanded && 'rotate-180')}
                        />
                        <span className="col-span-2 grid gap-1.5">
                          <BuildMeta build={build} />
                          <BuildBadges build={build} />
                        </span>
                      </button>
                    </h2>
                    {
                      <div
                        id={panel}
                        hidden={!expanded}
                        className="grid gap-3 border-t border-line p-4"
                      >
                        <BuildDetails build={build} />
                        {canEdit && (
                          <div className="flex gap-2">
                            <Button
                              variant="outline"
                              size="sm"
                              disabled={!writable}
                              onClick={() => setEditing({ kind: 'edit', build })}
                            >
                              {T.admin.edit}
                            </Button>
                            <Button
                              variant="outline"
                              size="sm"
                              disabled={!writable}
                              className="text-red-700 dark:text-red-300"
                              onClick={() => setRemoving(build)}
                            >
                              {T.admin.remove}
                            </Button>
                          </div>
                        )}
                      </div>
                    }
                  </li>
                );
              })}
            </ul>
          )}
        </>
      )}

      {editing && (
        <BuildForm
          build={editing.kind === 'edit' ? editing.build : null}
          takenIds={all.map((build) => build.id)}
          categories={categories}
          onClose={() => setEditing(null)}
        />
      )}
      {removing && <ConfirmRemove build={removing} onClose={() => setRemoving(null)} />}
    </section>
  );
}
