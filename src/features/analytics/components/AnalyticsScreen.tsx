// The Analytics page (/settings/analytics; issue 20, docs/analytics.md): the viewer's own conversation over
// the last 30 days in the owner's zone: messages per day and by hour, reply latency per day and its
// spread, and who answered, each a chart with its table. Read on each visit; offline, the last figures.
import { useMemo } from 'react';
import { usePersonaName } from '@/lib/auth-session';
import { useOnline } from '@/lib/use-online';
import { useAnalyticsSummary } from '../hooks/useAnalytics';
import { dayLabel } from '../model/format';
import { pageStateOf } from '../model/page-state';
import { analyticsPanels } from '../model/panels';
import { ANALYTICS_TEXT as T } from '../model/texts';
import { ChartPanel } from './ChartPanel';
import { PageFrame } from './PageFrame';

export default function AnalyticsScreen() {
  const summary = useAnalyticsSummary();
  const online = useOnline();
  const persona = usePersonaName();
  const data = summary.data;
  const state = pageStateOf({ online, hasData: data !== undefined, error: summary.error });
  const panels = useMemo(() => (data ? analyticsPanels(data, { persona }) : []), [data, persona]);
  const logFull = data && data.log.entries >= data.log.cap && data.log.oldestAt;

  return (
    <PageFrame
      id="analytics"
      texts={T}
      state={state}
      error={summary.error}
      updatedAt={summary.dataUpdatedAt}
      onRetry={() => void summary.refetch()}
    >
      {data && (
        <>
          <div className="grid gap-1">
            <p>{T.intro(data.days, data.timeZone)}</p>
            <p className="text-muted" data-testid="analytics-totals">
              {dayLabel(data.from)} – {dayLabel(data.to)}:{' '}
              {T.totals(data.messages.owner, data.messages.kiri, persona)}
            </p>
            {logFull && (
              <p className="text-sm text-muted">
                {T.logFull(data.log.cap, new Date(data.log.oldestAt!).toLocaleDateString())}
              </p>
            )}
            {data.imported > 0 && <p className="text-sm text-muted">{T.imported(data.imported)}</p>}
          </div>
          {panels.map((panel) => (
            <ChartPanel key={panel.id} panel={panel} />
          ))}
        </>
      )}
    </PageFrame>
  );
}
