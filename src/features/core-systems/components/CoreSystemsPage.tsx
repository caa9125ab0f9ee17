// The core systems dashboard (/core-systems, spec 001 §2): 'Test All Core Systems' reads every module at
// once and shows each as a card in the three groups; the cards stay until the next test. The demo
// (/core-systems-demo, whose content the spec does not show: this page with `demo`, one chunk for both)
// is the same live dashboard with an explanation and each card's source, without the actions
// (docs/core-systems.md).
import { Activity } from 'lucide-react';
import { Link } from 'react-router';
import { useTimeZone } from '@/lib/use-time-zone';
import { Button } from '@/ui/Button';
import { useCoreSystems } from '../hooks/useCoreSystems';
import { CORE_TEXT, modulesByGroup } from '../model/core-systems';
import { ModuleCard } from './ModuleCard';
import { BackLink } from '@/ui/BackLink';

export default function CoreSystemsPage({ demo = false }: { demo?: boolean }) {
  const { started, testAll, testing, results, refusedFor } = useCoreSystems();
  const timeZone = useTimeZone();
  const all = Object.entries(results).map(([id, query]) => ({ query, refused: refusedFor[id] }));
  const open = all.filter(({ refused }) => !refused).map(({ query }) => query);
  const answered = open.filter((query) => query.data !== undefined && !query.isError).length;
  const failed = open.filter((query) => query.isError).length;
  const refused = all.length - open.length;

  return (
    <section className="mx-auto grid w-full max-w-6xl gap-4 px-4 py-6">
      <header className="flex flex-wrap items-center gap-3">
        <BackLink label={CORE_TEXT.back} />
        {/* At large text the title goes under the back arrow, and the badge under the title. */}
        <div className="grid min-w-0 flex-1 basis-48 gap-0.5 wrap-anywhere">
          <div className="flex flex-wrap items-center gap-x-2">
            <h1 className="min-w-0 text-2xl font-semibold">{CORE_TEXT.title}</h1>
            {demo && (
              <span className="rounded-full bg-stone-200 px-2 py-0.5 text-xs font-semibold dark:bg-stone-800">
                {CORE_TEXT.demoBadge}
              </span>
            )}
          </div>
          <p className="text-sm text-muted">{CORE_TEXT.subtitle}</p>
        </div>
        <Button onClick={testAll} disabled={testing} className="w-full sm:w-auto">
          <Activity size={16} aria-hidden className="mr-2" />
          {testing ? CORE_TEXT.testing : CORE_TEXT.testAll}
        </Button>
      </header>

      {demo && (
        <div className="grid gap-2 rounded-xl border border-line bg-panel p-4 text-sm">
          <p>{CORE_TEXT.demoExplanation}</p>
          <Link
            to="/core-systems"
            className="font-medium text-accent underline-offset-4 hover:underline"
          >
            {CORE_TEXT.openDashboard}
          </Link>
        </div>
      )}

      {!started ? (
        <p className="rounded-xl border border-dashed border-line p-6 text-center text-muted">
          {CORE_TEXT.beforeTest}
        </p>
      ) : (
        <>
          <p role="status" data-testid="core-summary" className="text-sm text-muted">
            {testing ? CORE_TEXT.testing : CORE_TEXT.summary(answered, failed, all.length, refused)}
          </p>
          {modulesByGroup().map((group) => (
            <section
              key={group.id}
              aria-labelledby={`core-group-${group.id}`}
              data-testid={`core-group-${group.id}`}
              className="grid gap-3"
            >
              <h2 id={`core-group-${group.id}`} className="text-lg font-semibold">
                {group.title}
              </h2>
              <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
                {group.modules.map((module) => (
                  <ModuleCard
                    key={module.id}
                    module={module}
                    query={results[module.id]!}
                    refusedFor={refusedFor[module.id] ?? null}
                    demo={demo}
                    timeZone={timeZone}
                  />
                ))}
              </div>
            </section>
          ))}
        </>
      )}
    </section>
  );
}
