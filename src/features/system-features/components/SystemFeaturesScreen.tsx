// The system features page (/system-features; spec 001 §2 "System Features page", §3, §7, §9): Back to
// Chat, the v2.0 badge, the four summary cards, the four tabs and the quick-action links. Every value is
// the server's (docs/system-features.md says where each comes from), polled at the spec's intervals;
// offline the page shows the last values this device read, marked with their time, never invented ones.
import { useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { ArrowLeft } from 'lucide-react';
import { Link } from 'react-router';
import { useOnline } from '@/lib/use-online';
import { cn } from '@/ui/cn';
import { useNow } from '@/lib/use-now';
import { useSystemFeatures, type useFeatureCall } from '../hooks/useSystemFeatures';
import {
  CALL_URL,
  POLL_MS,
  QUICK_LINKS,
  STATUS_LABEL,
  TABS,
  TEXT,
  ageText,
  endpointChips,
  levelPercent,
  syncIntervalLabel,
  type FeatureCall,
  type SystemStatus,
  type TabId,
  type TreeSystem,
} from '../model/system-features';
import { OfflineNotice } from '@/ui/OfflineNotice';

type Query<K extends FeatureCall> = ReturnType<typeof useFeatureCall<K>>;

const STATUS_STYLE: Record<SystemStatus, string> = {
  active: 'bg-emerald-700 text-white',
  development: 'bg-amber-500 text-stone-950',
  planned: 'bg-stone-300 text-stone-900 dark:bg-stone-600 dark:text-stone-50',
  vault: 'bg-indigo-600 text-white',
};

/** The data when known; else the reason it is not (no access, not answering, loading). */
function Known<T>({
  query,
  children,
}: {
  query: { data: T | undefined; isError: boolean; refused: boolean };
  children: (data: T) => ReactNode;
}) {
  if (query.data !== undefined) return <>{children(query.data)}</>;
  if (query.refused) return <p className="text-muted">{TEXT.denied}</p>;
  if (query.isError) return <p className="text-muted">{TEXT.unavailable}</p>;
  return (
    <p role="status" className="text-muted">
      {TEXT.loading}
    </p>
  );
}

function Card({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section
      aria-labelledby={id}
      className="grid content-start gap-3 rounded-2xl border border-line bg-panel p-4 shadow-sm"
    >
      <h2 id={id} className="text-lg font-semibold">
        {title}
      </h2>
      {children}
    </section>
  );
}

function Facts({ rows, label }: { rows: [string, ReactNode][]; label: string }) {
  return (
    <dl aria-label={label} className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2">
      {rows.map(([name, value]) => (
        <div key={name} className="contents">
          <dt className="text-muted">{name}</dt>
          <dd className="font-medium break-words">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

function SummaryCard({ label, value }: { label: string; value: ReactNode }) {
  return (
    <div className="grid gap-1 rounded-2xl border border-line bg-panel p-4 shadow-sm">
      <p className="text-sm text-muted">{label}</p>
      <p className="text-2xl font-semibold tabular-nums" aria-label={label}>
        {value}
      </p>
    </div>
  );
}

function SystemCard({ system }: { system: TreeSystem }) {
  const { chips, more } = endpointChips(system.endpoints);
  const rest = system.endpoints.slice(chips.length);
  return (
    <li
      aria-label={system.name}
      className="grid gap-2 rounded-xl border border-line bg-panel p-3"
      data-status={system.status}
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h4 className="font-semibold">{system.name}</h4>
        <span
          className={cn(
            'rounded-full px-2 py-0.5 text-xs font-semibold',
            STATUS_STYLE[system.status],
          )}
          title={system.reason ?? undefined}
        >
          {STATUS_LABEL[system.status]}
        </span>
      </div>
      <p className="text-sm text-muted">{system.description}</p>
      {system.reason && system.status !== 'active' && (
        <p className="text-xs text-muted">{system.reason}</p>
      )}
      <div className="grid gap-1">
        <div className="flex justify-between text-xs">
          <span>{TEXT.integration}</span>
          <span className="tabular-nums">{system.integrationLevel}%</span>
        </div>
        <div
          role="progressbar"
          aria-label={`${system.name} integration`}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={system.integrationLevel}
          className="h-1.5 overflow-hidden rounded-full bg-stone-200 dark:bg-stone-700"
        >
          <div
            className="h-full rounded-full bg-accent"
            style={{ width: `${system.integrationLevel}%` }}
          />
        </div>
      </div>
      {chips.length === 0 ? (
        <p className="text-xs text-muted">{TEXT.noEndpoints}</p>
      ) : (
        <ul aria-label={`${system.name} endpoints`} className="flex flex-wrap gap-1">
          {chips.map((endpoint) => (
            <li
              key={endpoint}
              className="rounded-md bg-stone-100 px-1.5 py-0.5 font-mono text-[11px] break-all dark:bg-stone-800"
            >
              {endpoint}
            </li>
          ))}
          {more && (
            <li
              className="rounded-md border border-line px-1.5 py-0.5 text-[11px]"
              title={rest.join('\n')}
            >
              {more}
            </li>
          )}
        </ul>
      )}
    </li>
  );
}

function ArchitectureTab({ tree }: { tree: Query<'tree'> }) {
  return (
    <Known query={tree}>
      {(data) => (
        <div className="grid gap-5">
          {data.branches.map((branch) => (
            <section key={branch.id} aria-labelledby={`branch-${branch.id}`} className="grid gap-2">
              <div>
                <h3 id={`branch-${branch.id}`} className="text-base font-semibold">
                  {branch.name}
                </h3>
                <p className="text-sm text-muted">{branch.description}</p>
              </div>
              <ul className="grid gap-2 md:grid-cols-2">
                {branch.systems.map((system) => (
                  <SystemCard key={system.id} system={system} />
                ))}
              </ul>
            </section>
          ))}
        </div>
      )}
    </Known>
  );
}

function ConsoleTab({ console: status }: { console: Query<'console'> }) {
  return (
    <Card id="console-status" title="Manual Console">
      <Known query={status}>
        {(data) => (
          <Facts
            label="Manual Console"
            rows={[
              [TEXT.version, data.version || TEXT.unavailable],
              [
                TEXT.recentExecutions,
                <>
                  {data.recentExecutions}
                  {!data.consoleBuilt && (
                    <span className="block text-xs font-normal text-muted">
                      {TEXT.consoleNotBuilt}
                    </span>
                  )}
                </>,
              ],
              [TEXT.uploadedFiles, data.uploadedFiles],
              [TEXT.fileAttachment, data.attachment.enabled ? TEXT.enabled : TEXT.disabled],
              [TEXT.sizeLimit, `${data.attachment.limitMb} MB`],
              [TEXT.formats, data.attachment.formats.join(', ') || TEXT.none],
            ]}
          />
        )}
      </Known>
    </Card>
  );
}

function AiTab({ fallback, mirror }: { fallback: Query<'fallback'>; mirror: Query<'mirror'> }) {
  return (
    <div className="grid gap-4 md:grid-cols-2">
      <Card id="fallback-providers" title={TEXT.fallbackProviders}>
        <Known query={fallback}>
          {(data) => (
            <Facts
              label={TEXT.fallbackProviders}
              rows={[
                [TEXT.primary, data.primary],
                [TEXT.secondary, data.secondary ?? TEXT.none],
                [TEXT.current, data.current],
                [TEXT.available, data.available.join(', ') || TEXT.none],
              ]}
            />
          )}
        </Known>
      </Card>
      <Card id="mirror-sync" title={TEXT.mirrorSync}>
        <Known query={mirror}>
          {(data) => (
            <>
              <Facts
                label={TEXT.mirrorSync}
                rows={[
                  [TEXT.enabled, data.enabled ? TEXT.enabled : TEXT.disabled],
                  [TEXT.autoSync, data.autoSync ? TEXT.enabled : TEXT.disabled],
                  [TEXT.syncInterval, syncIntervalLabel(data)],
                ]}
              />
              {data.built === false ? (
                <p className="text-sm text-muted">{TEXT.mirrorNotBuilt}</p>
              ) : data.configured === false ? (
                <p className="text-sm text-muted">{TEXT.notConfigured}</p>
              ) : null}
            </>
          )}
        </Known>
      </Card>
    </div>
  );
}

/** '1 snapshot', '2 snapshots'. */
const counted = (n: number, noun: string) => `${n} ${noun}${n === 1 ? '' : 's'}`;

const CALL_NAME: Record<FeatureCall, string> = {
  tree: 'Presence System Tree',
  console: 'Manual Console',
  fallback: 'Fallback System',
  mirror: 'Mirror Sync',
};

function RealtimeTab({ calls, now }: { calls: ReturnType<typeof useSystemFeatures>; now: number }) {
  const figure: { [K in FeatureCall]: (q: Query<K>) => string | null } = {
    tree: (q) =>
      q.data
        ? `${q.data.activeSystems} of ${q.data.totalSystems} active, consciousness ${levelPercent(q.data.consciousnessLevel)}`
        : null,
    console: (q) =>
      q.data
        ? `${counted(q.data.rollbackSnapshots, 'snapshot')}, ${counted(q.data.uploadedFiles, 'uploaded file')}`
        : null,
    fallback: (q) => (q.data ? `answering: ${q.data.current}` : null),
    mirror: (q) => (q.data ? (q.data.enabled ? 'syncing enabled' : 'not enabled') : null),
  };
  const row = <K extends FeatureCall>(call: K, query: Query<K>) => {
    const state = query.refused
      ? TEXT.denied
      : query.isError
        ? query.data
          ? 'Last known'
          : TEXT.unavailable
        : query.data
          ? 'Live'
          : TEXT.loading;
    return (
      <li
        key={call}
        aria-label={CALL_NAME[call]}
        className="grid gap-1 border-b border-line py-2 last:border-0"
      >
        <div className="flex flex-wrap items-center justify-between gap-2">
          <span className="font-medium">{CALL_NAME[call]}</span>
          <span
            className={cn(
              'rounded-full px-2 py-0.5 text-xs font-semibold',
              state === 'Live' ? 'bg-emerald-700 text-white' : 'bg-stone-200 dark:bg-stone-700',
            )}
          >
            {state}
          </span>
        </div>
        <p className="text-sm">{figure[call](query) ?? TEXT.unavailable}</p>
        <p className="text-xs text-muted">
          <span className="font-mono">GET {CALL_URL[call]}</span> · {TEXT.every(POLL_MS[call])} ·{' '}
          {TEXT.lastUpdate}:{' '}
          <span data-testid={`updated-${call}`}>
            {query.dataUpdatedAt ? ageText(query.dataUpdatedAt, now) : TEXT.never}
          </span>
        </p>
      </li>
    );
  };
  return (
    <Card id="realtime" title="Real-time Status">
      <ul className="grid">
        {row('tree', calls.tree)}
        {row('console', calls.console)}
        {row('fallback', calls.fallback)}
        {row('mirror', calls.mirror)}
      </ul>
    </Card>
  );
}

function Tabs({
  active,
  onChange,
  panels,
}: {
  active: TabId;
  onChange: (tab: TabId) => void;
  panels: Record<TabId, ReactNode>;
}) {
  const refs = useRef<Partial<Record<TabId, HTMLButtonElement | null>>>({});
  const onKeyDown = (event: KeyboardEvent) => {
    const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
    if (step === 0) return;
    event.preventDefault();
    const index = TABS.findIndex((tab) => tab.id === active);
    const next = TABS[(index + step + TABS.length) % TABS.length]!.id;
    onChange(next);
    refs.current[next]?.focus();
  };
  return (
    <div className="grid gap-3">
      <div
        role="tablist"
        aria-label={TEXT.title}
        onKeyDown={onKeyDown}
        className="flex gap-1 overflow-x-auto rounded-xl bg-stone-100 p-1 dark:bg-stone-800"
      >
        {TABS.map((tab) => (
          <button
            key={tab.id}
            ref={(node) => {
              refs.current[tab.id] = node;
            }}
            type="button"
            role="tab"
            id={`tab-${tab.id}`}
            aria-selected={active === tab.id}
            aria-controls={`panel-${tab.id}`}
            tabIndex={active === tab.id ? 0 : -1}
            onClick={() => onChange(tab.id)}
            className={cn(
              'shrink-0 rounded-lg px-3 py-2 text-sm font-medium whitespace-nowrap',
              active === tab.id ? 'bg-panel shadow-sm' : 'text-muted hover:bg-panel/60',
            )}
          >
            {tab.label}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`panel-${active}`} aria-labelledby={`tab-${active}`}>
        {panels[active]}
      </div>
    </div>
  );
}

export default function SystemFeaturesScreen() {
  const calls = useSystemFeatures();
  const online = useOnline();
  const now = useNow(1000);
  const [tab, setTab] = useState<TabId>('architecture');
  const queries = [calls.tree, calls.console, calls.fallback, calls.mirror];
  // Offline, or a call failing for a reason other than access: what is shown is the last known.
  const unreachable = !online || queries.some((q) => q.isError && !q.refused);
  const readTimes = queries.filter((q) => q.data !== undefined).map((q) => q.dataUpdatedAt);
  const oldestRead = readTimes.length > 0 ? Math.min(...readTimes) : null;
  const tree = calls.tree.data;

  return (
    <section className="mx-auto grid w-full max-w-5xl gap-4 px-4 py-6">
      <header className="grid gap-3">
        <Link
          to="/"
          className="inline-flex w-fit items-center gap-1 rounded-lg px-2 py-1 text-sm font-medium hover:bg-stone-100 dark:hover:bg-stone-800"
        >
          <ArrowLeft size={16} aria-hidden />
          {TEXT.back}
        </Link>
        <div className="flex flex-wrap items-center gap-2">
          <h1 className="text-2xl font-semibold">{TEXT.title}</h1>
          <span className="rounded-full bg-accent px-2 py-0.5 text-xs font-semibold text-on-accent">
            {TEXT.badge}
          </span>
        </div>
        <p className="text-sm text-muted">{TEXT.subtitle}</p>
      </header>

      {unreachable && (
        <OfflineNotice title={online ? TEXT.unreachableTitle : TEXT.offlineTitle}>
          {oldestRead === null ? TEXT.nothingKnown : TEXT.lastKnown(ageText(oldestRead, now))}
        </OfflineNotice>
      )}

      <div className="grid grid-cols-2 gap-3 md:grid-cols-4">
        <SummaryCard label={TEXT.totalSystems} value={tree ? tree.totalSystems : '—'} />
        <SummaryCard label={TEXT.activeSystems} value={tree ? tree.activeSystems : '—'} />
        <SummaryCard
          label={TEXT.consciousnessLevel}
          value={tree ? levelPercent(tree.consciousnessLevel) : '—'}
        />
        <SummaryCard
          label={TEXT.rollbackSnapshots}
          value={calls.console.data ? calls.console.data.rollbackSnapshots : '—'}
        />
      </div>

      <Tabs
        active={tab}
        onChange={setTab}
        panels={{
          architecture: <ArchitectureTab tree={calls.tree} />,
          console: <ConsoleTab console={calls.console} />,
          ai: <AiTab fallback={calls.fallback} mirror={calls.mirror} />,
          realtime: <RealtimeTab calls={calls} now={now} />,
        }}
      />

      <nav aria-labelledby="quick-actions" className="grid gap-2">
        <h2 id="quick-actions" className="text-lg font-semibold">
          {TEXT.quickActions}
        </h2>
        <ul className="grid grid-cols-2 gap-2 md:grid-cols-4">
          {QUICK_LINKS.map((link) => (
            <li key={link.to}>
              <Link
                to={link.to}
                className="flex min-h-11 items-center justify-center rounded-xl border border-line bg-panel px-3 py-2 text-center text-sm font-medium hover:bg-stone-100 dark:hover:bg-stone-800"
              >
                {link.label}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
    </section>
  );
}
