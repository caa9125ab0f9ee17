// /systems and /systems-overview (spec 002 "Build history"): nine of Kiri's real systems, in the state the
// server's system tree gives them now, merged with every build; category filter buttons; each card opens
// to its details (docs/build-history.md has which nine, and why).
import { useId, useState } from 'react';
import { ChevronDown } from 'lucide-react';
import { Link } from 'react-router';
import { useOnline } from '@/lib/use-online';
import { cn } from '@/ui/cn';
import { useBuilds, useBuiltInSystems } from '../hooks/useBuildHistory';
import { ALL_CATEGORIES } from '../model/builds';
import {
  entriesOf,
  mergeOverview,
  overviewCategories,
  SYSTEM_STATUS_LABELS,
  type BuiltInSystem,
  type OverviewEntry,
  type SystemStatus,
} from '../model/systems-overview';
import { BUILD_TEXT as T } from '../model/texts';
import {
  Badge,
  BuildBadges,
  BuildDetails,
  BuildMeta,
  LoadNotice,
  ScreenHeader,
} from './BuildParts';

const SYSTEM_TONE: Record<SystemStatus, string> = {
  active: 'bg-emerald-100 text-emerald-900 dark:bg-emerald-900/50 dark:text-emerald-100',
  development: 'bg-amber-100 text-amber-900 dark:bg-amber-900/50 dark:text-amber-100',
  planned: 'bg-stone-200 text-stone-800 dark:bg-stone-800 dark:text-stone-200',
  vault: 'bg-red-100 text-red-900 dark:bg-red-900/50 dark:text-red-100',
};

function SystemDetails({ system }: { system: BuiltInSystem }) {
  const S = T.system;
  return (
    <div className="grid gap-3 text-sm">
      <p>{system.description}</p>
      <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1">
        <dt className="text-muted">{S.state}</dt>
        <dd>{SYSTEM_STATUS_LABELS[system.status]}</dd>
        <dt className="text-muted">{S.why}</dt>
        <dd>{system.statusReason}</dd>
        <dt className="text-muted">{S.integration}</dt>
        <dd>{system.integrationLevel}%</dd>
        {system.screen && (
          <>
            <dt className="text-muted">{S.screen}</dt>
            <dd>
              <Link to={system.screen} className="text-accent underline-offset-4 hover:underline">
                {system.screen}
              </Link>
            </dd>
          </>
        )}
      </dl>
      <div className="grid gap-1">
        <h4 className="font-semibold">{S.endpoints}</h4>
        {system.endpoints.length ? (
          <ul className="grid gap-0.5 font-mono text-xs break-all">
            {system.endpoints.map((endpoint) => (
              <li key={endpoint}>{endpoint}</li>
            ))}
          </ul>
        ) : (
          <p className="text-muted">{S.noEndpoints}</p>
        )}
      </div>
      {system.missingEndpoints.length > 0 && (
        <div className="grid gap-1">
          <h4 className="font-semibold">{S.missing}</h4>
          <ul className="grid gap-0.5 font-mono text-xs break-all">
            {system.missingEndpoints.map((endpoint) => (
              <li key={endpoint}>{endpoint}</li>
            ))}
          </ul>
        </div>
      )}
    </div>
  );
}

function EntryCard({ entry, panelId }: { entry: OverviewEntry; panelId: string }) {
  const [expanded, setExpanded] = useState(false);
  return (
    <li className="rounded-xl border border-line bg-panel" data-testid="overview-card">
      <h2>
        <button
          type="button"
          aria-expanded={expanded}
          aria-controls={panelId}
          onClick={() => setExpanded(!expanded)}
          className="grid w-full grid-cols-[1fr_auto] gap-x-2 gap-y-1 p-4 text-left"
        >
          <span className="text-base font-semibold">{entry.name}</span>
          <ChevronDown
            size={20}
            aria-hidden
            className={cn('mt-0.5 transition-transform', expanded && 'rotate-180')}
          />
          <span className="col-span-2 grid gap-1.5">
            {entry.kind === 'system' ? (
              <>
                <span className="text-sm text-muted">
                  {T.system.builtIn} · {entry.category}
                </span>
                <span className="flex flex-wrap gap-1.5">
                  <Badge tone={SYSTEM_TONE[entry.system.status]}>
                    {SYSTEM_STATUS_LABELS[entry.system.status]}
                  </Badge>
                </span>
              </>
            ) : (
              <>
                <BuildMeta build={entry.build} />
                <BuildBadges build={entry.build} />
              </>
            )}
          </span>
        </button>
      </h2>
      <div id={panelId} hidden={!expanded} className="border-t border-line p-4">
        {entry.kind === 'system' ? (
          <SystemDetails system={entry.system} />
        ) : (
          <BuildDetails build={entry.build} />
        )}
      </div>
    </li>
  );
}

export default function SystemsOverviewScreen() {
  const builds = useBuilds();
  const systems = useBuiltInSystems();
  const online = useOnline();
  const [category, setCategory] = useState(ALL_CATEGORIES);
  const ids = useId();
  const entries = mergeOverview(builds.data ?? [], systems.data ?? []);
  const categories = overviewCategories(entries);
  const chosen = categories.includes(category) ? category : ALL_CATEGORIES;
  const shown = entriesOf(entries, chosen);
  const hasData = builds.data !== undefined || systems.data !== undefined;

  return (
    <section
      className="mx-auto grid w-full max-w-3xl gap-4 px-4 py-6"
      aria-labelledby="systems-title"
    >
      <ScreenHeader id="systems-title" title={T.systemsTitle} intro={T.systemsIntro} />
      <LoadNotice
        online={online}
        hasData={hasData}
        updatedAt={Math.max(builds.dataUpdatedAt, systems.dataUpdatedAt)}
        loading={builds.isPending || systems.isPending}
        error={builds.error ?? systems.error}
        failedText={builds.error ? T.loadFailed : T.systemsFailed}
        onRetry={() => {
          void builds.refetch();
          void systems.refetch();
        }}
      />

      {hasData && (
        <>
          <div
            role="group"
            aria-label={T.filterBy}
            className="flex gap-1 overflow-x-auto rounded-xl border border-line bg-panel p-1"
          >
            {categories.map((name) => (
              <button
                key={name}
                type="button"
                aria-pressed={chosen === name}
                onClick={() => setCategory(name)}
                className={cn(
                  'h-9 shrink-0 rounded-lg px-3 text-sm font-medium',
                  chosen === name
                    ? 'bg-accent text-on-accent'
                    : 'hover:bg-stone-100 dark:hover:bg-stone-800',
                )}
              >
                {name}
              </button>
            ))}
          </div>
          {shown.length === 0 ? (
            <p className="text-muted">{T.noEntries}</p>
          ) : (
            <ul className="grid gap-2">
              {shown.map((entry) => (
                <EntryCard key={entry.key} entry={entry} panelId={`${ids}-${entry.key}`} />
              ))}
            </ul>
          )}
        </>
      )}
    </section>
  );
}
