// /build-rundown (spec 002 "Build history"): the four stat cards, the category tabs (All and each
// category of the builds) with the chosen tab's builds, newest first, and the way to the detailed list
// and the systems overview. Offline it shows the last read (the persisted query cache).
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { useOnline } from '@/lib/use-online';
import { cn } from '@/ui/cn';
import { useBuilds, useBuildStats } from '../hooks/useBuildHistory';
import { ALL_CATEGORIES, buildsOfTab, categoryTabs } from '../model/builds';
import { BUILD_TEXT as T } from '../model/texts';
import { BuildBadges, BuildMeta, card, LoadNotice, RichText, ScreenHeader } from './BuildParts';
import { StatCards } from './StatCards';

const linkClass =
  'inline-flex h-10 items-center rounded-lg border border-stone-300 px-4 font-medium hover:bg-stone-100 dark:border-stone-700 dark:hover:bg-stone-800';

export default function BuildRundownScreen() {
  const builds = useBuilds();
  const stats = useBuildStats();
  const online = useOnline();
  const [tab, setTab] = useState(ALL_CATEGORIES);
  const panelId = useId();
  const all = builds.data ?? [];
  const tabs = categoryTabs(all);
  const chosen = tabs.includes(tab) ? tab : ALL_CATEGORIES;
  const shown = buildsOfTab(all, chosen);
  const tabId = (name: string) => `${panelId}-tab-${tabs.indexOf(name)}`;

  return (
    <section
      className="mx-auto grid w-full max-w-3xl gap-4 px-4 py-6"
      aria-labelledby="rundown-title"
    >
      <ScreenHeader id="rundown-title" title={T.rundownTitle} intro={T.rundownIntro} />
      <LoadNotice
        online={online}
        hasData={builds.data !== undefined}
        updatedAt={builds.dataUpdatedAt}
        loading={builds.isPending}
        error={builds.error ?? stats.error}
        failedText={T.loadFailed}
        onRetry={() => {
          void builds.refetch();
          void stats.refetch();
        }}
      />

      <StatCards stats={stats.data} />

      <nav className="flex flex-wrap gap-2" aria-label={T.rundownTitle}>
        <Link to="/detailed-builds" className={linkClass}>
          {T.toDetailed}
        </Link>
        <Link to="/systems-overview" className={linkClass}>
          {T.toSystems}
        </Link>
      </nav>

      {builds.data && (
        <section className="grid gap-3" aria-labelledby="rundown-categories">
          <h2 id="rundown-categories" className="text-lg font-semibold">
            {T.categories}
          </h2>
          <div
            role="tablist"
            aria-labelledby="rundown-categories"
            className="flex gap-1 overflow-x-auto rounded-xl border border-line bg-panel p-1"
          >
            {tabs.map((name) => (
              <button
                key={name}
                type="button"
                role="tab"
                id={tabId(name)}
                aria-selected={chosen === name}
                aria-controls={panelId}
                onClick={() => setTab(name)}
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
          <div role="tabpanel" id={panelId} aria-labelledby={tabId(chosen)} className="grid gap-3">
            {shown.length === 0 ? (
              <p className="text-muted">{all.length === 0 ? T.noBuilds : T.noBuildsInTab}</p>
            ) : (
              shown.map((build) => (
                <article key={build.id} className={card} data-testid="rundown-build">
                  <div className="flex flex-wrap items-start justify-between gap-2">
                    <h3 className="text-base font-semibold">{build.name}</h3>
                    <BuildBadges build={build} />
                  </div>
                  <BuildMeta build={build} />
                  <p className="line-clamp-3 text-sm">
                    <RichText text={build.description.split('\n\n')[0] ?? ''} />
                  </p>
                </article>
              ))
            )}
          </div>
        </section>
      )}
    </section>
  );
}
