// The consciousness stream page (/consciousness; spec 001 §2, §7, §9; docs/consciousness.md): the live
// card with Active/Inactive and Update Now, the four cards, the latest insights, the 500 px stream list,
// what each source did on the last collection, and the admin's settings. Every value is the server's;
// offline the page shows the last answers it had, marked as such, never an invented one. An account
// without the 'consciousness' permission is told so, and the page asks the server nothing (nor shows
// what the device kept from before the permission was taken away).
import type { ReactNode } from 'react';
import { ArrowLeft, RefreshCw, Sparkles, WifiOff } from 'lucide-react';
import { Link } from 'react-router';
import { readPermissionOf } from '@/domain/area-permissions';
import { isRefusal } from '@/lib/api';
import { useAreaAccess, usePersonaName } from '@/lib/auth-session';
import { useOnline } from '@/lib/use-online';
import { Button } from '@/ui/Button';
import { cn } from '@/ui/cn';
import {
  useStreamData,
  useStreamSettings,
  useStreamStatus,
  useUpdateNow,
} from '../hooks/useConsciousness';
import { useNow } from '@/lib/use-now';
import {
  CYCLE_TEXT,
  intervalHours,
  percent,
  significanceColour,
  sourceLabel,
  STATUS_URL,
  STREAM_LIST_HEIGHT_PX,
  TEXT,
} from '../model/stream';
import { StreamEntryItem, SIGNIFICANCE_TEXT, TypeBadge } from './StreamEntryItem';
import { StreamSettingsForm } from './StreamSettingsForm';

function StatCard({ label, value, testId }: { label: string; value: ReactNode; testId: string }) {
  return (
    <div className="grid min-w-0 content-start gap-1 rounded-xl border border-line bg-panel p-3 wrap-anywhere">
      <span className="text-xs text-muted">{label}</span>
      <span data-testid={testId} className="text-lg font-semibold tabular-nums">
        {value}
      </span>
    </div>
  );
}

const timeText = (iso: string) =>
  new Date(iso).toLocaleString(undefined, { dateStyle: 'short', timeStyle: 'medium' });

export default function ConsciousnessPage() {
  const persona = usePersonaName();
  const access = useAreaAccess(readPermissionOf(STATUS_URL));
  const asked = access.ask;
  const status = useStreamStatus(asked);
  const data = useStreamData(asked);
  const settings = useStreamSettings(asked);
  const denied = access.denied || isRefusal(status.error) || isRefusal(data.error);

  return (
    <section className="mx-auto grid w-full max-w-5xl gap-4 px-4 py-6">
      <header className="grid gap-3">
        <div>
          <Link
            to="/"
            className="inline-flex items-center gap-1 text-sm font-medium text-accent underline-offset-2 hover:underline"
          >
            <ArrowLeft size={16} aria-hidden />
            {TEXT.back}
          </Link>
        </div>
        <h1 className="text-2xl font-semibold wrap-anywhere">{TEXT.title(persona)}</h1>
      </header>
      {denied ? (
        <p className="text-muted" data-testid="stream-denied">
          {TEXT.denied}
        </p>
      ) : (
        <StreamView status={status} data={data} settings={settings} />
      )}
    </section>
  );
}

function StreamView({
  status,
  data,
  settings,
}: {
  status: ReturnType<typeof useStreamStatus>;
  data: ReturnType<typeof useStreamData>;
  settings: ReturnType<typeof useStreamSettings>;
}) {
  const online = useOnline();
  const now = useNow(5_000);
  const update = useUpdateNow();
  const s = status.data ?? null;
  const entries = data.data ?? null;
  const lastKnown = !online || status.isError || data.isError;
  const canTrigger = settings.data?.canTrigger ?? true;
  const stopped = s?.cycle === 'stopped';

  return (
    <>
      {lastKnown && (s || entries) && (
        <p
          role="status"
          data-testid="stream-last-known"
          className="flex items-center gap-2 rounded-lg bg-amber-100 px-3 py-2 text-sm text-amber-900 dark:bg-amber-900/30 dark:text-amber-100"
        >
          <WifiOff size={16} aria-hidden />
          {TEXT.lastKnown}
          {status.dataUpdatedAt > 0 &&
            ` (read ${timeText(new Date(status.dataUpdatedAt).toISOString())})`}
        </p>
      )}

      <div
        data-testid="stream-live-card"
        className="flex flex-wrap items-center gap-3 rounded-2xl border border-line bg-panel p-4"
      >
        <Sparkles size={20} aria-hidden className="text-accent" />
        <div className="grid min-w-0 gap-0.5 wrap-anywhere">
          <span className="font-semibold">{TEXT.live}</span>
          {s?.cycle && (
            <span className="text-xs text-muted">
              {CYCLE_TEXT[s.cycle]}
              {s.nextUpdate && ` · next at ${timeText(s.nextUpdate)}`}
            </span>
          )}
        </div>
        {s && (
          <span
            data-testid="stream-state"
            className={cn(
              'rounded-full px-2 py-0.5 text-xs font-semibold',
              s.isStreaming
                ? 'bg-emerald-100 text-emerald-800 dark:bg-emerald-900/40 dark:text-emerald-200'
                : 'bg-stone-200 text-stone-700 dark:bg-stone-800 dark:text-stone-200',
            )}
          >
            {s.isStreaming ? TEXT.active : TEXT.inactive}
          </span>
        )}
        <Button
          className="ml-auto"
          size="sm"
          onClick={() => update.mutate()}
          disabled={update.isPending || !online || !canTrigger || stopped}
        >
          <RefreshCw size={14} aria-hidden className={cn(update.isPending && 'animate-spin')} />
          {update.isPending ? TEXT.updating : TEXT.updateNow}
        </Button>
        {!canTrigger && <p className="w-full text-xs text-muted">{TEXT.cannotTrigger}</p>}
      </div>

      {!s ? (
        <p className="text-muted">{status.isPending ? 'Loading…' : TEXT.unavailable}</p>
      ) : (
        <>
          {/* Two columns on a phone, one at 200% text: a column is at least 9rem, it grows with the text. */}
          <div className="grid grid-cols-[repeat(auto-fit,minmax(min(100%,9rem),1fr))] gap-3 md:grid-cols-4">
            <StatCard
              label={TEXT.lastUpdate}
              testId="stream-last-update"
              value={s.lastUpdate ? timeText(s.lastUpdate) : TEXT.never}
            />
            <StatCard
              label={TEXT.dataPoints}
              testId="stream-data-points"
              value={s.dataPointsCollected}
            />
            <StatCard
              label={TEXT.updateInterval}
              testId="stream-interval"
              value={intervalHours(s.updateInterval)}
            />
            <StatCard
              label={TEXT.recentInsights}
              testId="stream-insight-count"
              value={s.recentInsights.length}
            />
          </div>

          <section aria-labelledby="insights-title" className="grid gap-2">
            <h2 id="insights-title" className="font-semibold">
              {TEXT.insightsPreview}
            </h2>
            {s.recentInsights.length === 0 ? (
              <p className="text-sm text-muted">{TEXT.noInsights}</p>
            ) : (
              <ul className="grid gap-2" data-testid="stream-insights">
                {s.recentInsights.map((insight, index) => {
                  const colour = significanceColour(insight.significance);
                  return (
                    <li
                      key={`${index}-${insight.content}`}
                      className="flex flex-wrap items-start gap-2 rounded-lg border border-line p-2 text-sm"
                    >
                      <TypeBadge type={insight.type} />
                      <span className="min-w-0 flex-1 wrap-anywhere">{insight.content}</span>
                      <span
                        data-colour={colour}
                        className={cn(
                          'text-xs font-semibold tabular-nums',
                          SIGNIFICANCE_TEXT[colour],
                        )}
                      >
                        {percent(insight.significance)}
                      </span>
                    </li>
                  );
                })}
              </ul>
            )}
          </section>
        </>
      )}

      <section aria-labelledby="stream-title" className="grid gap-2">
        <h2 id="stream-title" className="font-semibold">
          {TEXT.streamData}
        </h2>
        <div
          data-testid="stream-list"
          className="overflow-y-auto rounded-xl border border-line p-2"
          style={{ height: STREAM_LIST_HEIGHT_PX }}
        >
          {entries === null ? (
            <p className="p-2 text-sm text-muted">
              {data.isPending ? 'Loading…' : TEXT.unavailable}
            </p>
          ) : entries.length === 0 ? (
            <p className="p-2 text-sm text-muted">{TEXT.empty}</p>
          ) : (
            <ul className="grid gap-2">
              {entries.map((entry) => (
                <StreamEntryItem key={entry.id} entry={entry} now={now} />
              ))}
            </ul>
          )}
        </div>
      </section>

      {s && (
        <section aria-labelledby="sources-title" className="grid gap-2">
          <h2 id="sources-title" className="font-semibold">
            {TEXT.sources}
          </h2>
          {s.sources.length === 0 ? (
            <p className="text-sm text-muted">{TEXT.noRunYet}</p>
          ) : (
            <ul className="grid gap-1 text-sm" data-testid="stream-sources">
              {s.sources.map((source) => (
                <li
                  key={source.id}
                  data-outcome={source.outcome}
                  className={cn(
                    'wrap-anywhere',
                    source.outcome === 'skipped' ? 'text-red-700 dark:text-red-400' : 'text-muted',
                  )}
                >
                  {sourceLabel(source)}
                </li>
              ))}
            </ul>
          )}
        </section>
      )}

      {settings.data?.canConfigure && (
        <details
          className="rounded-2xl border border-line bg-panel p-4"
          data-testid="stream-settings-panel"
        >
          <summary className="cursor-pointer font-semibold">{TEXT.settings}</summary>
          <div className="mt-3">
            <StreamSettingsForm settings={settings.data} disabled={!online} />
          </div>
        </details>
      )}
    </>
  );
}
