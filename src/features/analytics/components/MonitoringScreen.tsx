// The Monitoring page (/settings/monitoring; issue 20, docs/analytics.md): the viewer's own conversation in
// the last 24 hours by the owner's clock hours: messages in and replies out, reply latency, pushes to
// their devices, and replies written offline that arrived. Read every minute and on Refresh; offline,
// the last figures.
import { useMemo } from 'react';
import { useOnline } from '@/lib/use-online';
import { Button } from '@/ui/Button';
import { useMonitoring } from '../hooks/useAnalytics';
import { pageStateOf } from '../model/page-state';
import { monitoringPanels, monitoringTotals } from '../model/panels';
import { MONITORING_TEXT as T } from '../model/texts';
import { ChartPanel } from './ChartPanel';
import { PageFrame } from './PageFrame';

export default function MonitoringScreen() {
  const monitoring = useMonitoring();
  const online = useOnline();
  const data = monitoring.data;
  const state = pageStateOf({ online, hasData: data !== undefined, error: monitoring.error });
  const panels = useMemo(() => (data ? monitoringPanels(data) : []), [data]);
  const totals = useMemo(() => (data ? monitoringTotals(data) : []), [data]);

  return (
    <PageFrame
      id="monitoring"
      texts={T}
      state={state}
      error={monitoring.error}
      updatedAt={monitoring.dataUpdatedAt}
      onRetry={() => void monitoring.refetch()}
      actions={
        <Button
          variant="outline"
          size="sm"
          disabled={monitoring.isFetching || !online}
          onClick={() => void monitoring.refetch()}
        >
          {monitoring.isFetching ? T.refreshing : T.refresh}
        </Button>
      }
    >
      {data && (
        <>
          <div className="grid gap-1">
            <p>{T.intro(data.timeZone)}</p>
            <p className="text-sm text-muted">
              {T.updated(new Date(monitoring.dataUpdatedAt).toLocaleTimeString())}
            </p>
          </div>
          <section
            className="grid gap-3 rounded-xl border border-line bg-panel p-4"
            aria-labelledby="monitoring-totals"
          >
            <h2 id="monitoring-totals" className="text-lg font-semibold">
              {T.summaryTitle}
            </h2>
            <dl className="grid grid-cols-[repeat(auto-fit,minmax(min(100%,9rem),1fr))] gap-x-4 gap-y-2 text-sm sm:grid-cols-3">
              {totals.map((total) => (
                <div key={total.label} className="grid min-w-0 gap-0.5 wrap-anywhere">
                  <dt className="text-muted">{total.label}</dt>
                  <dd className="text-lg font-semibold tabular-nums">{total.value}</dd>
                </div>
              ))}
            </dl>
          </section>
          {panels.map((panel) => (
            <ChartPanel key={panel.id} panel={panel} />
          ))}
        </>
      )}
    </PageFrame>
  );
}
