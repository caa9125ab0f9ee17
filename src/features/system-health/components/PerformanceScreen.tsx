// /settings/performance (spec 000 §2.1; docs/settings-health.md): this device's load and cold-start
// timings from the Performance API and the app's own marks, and the server's request timings per route
// over the last 15 minutes (polled every 15 s; offline, the last figures read).
import type { RouteTiming } from '../api/health-api';
import { useTimeline } from '../hooks/useDeviceFigures';
import { useServerPerformance } from '../hooks/useServerFigures';
import { deviceTimings, navigationTypeText } from '../model/device-timings';
import { msText } from '../model/format';
import { HEALTH_TEXT as T } from '../model/texts';
import { Card, HealthPage, Row, ServerHalfNotice } from './parts';

export default function PerformanceScreen() {
  return (
    <HealthPage id="perf-title" title={T.performance} subtitle={T.performanceSubtitle}>
      <DeviceTimingsCard />
      <ServerTimingsCard />
    </HealthPage>
  );
}

function DeviceTimingsCard() {
  const timeline = useTimeline();
  const timings = deviceTimings(timeline);
  const opened =
    timeline.startedAt === null ? '—' : new Date(timeline.startedAt).toLocaleTimeString();
  return (
    <Card id="perf-device" title={T.deviceTimings}>
      <p className="text-sm text-muted">
        {T.deviceTimingsNote(opened, navigationTypeText(timings.type))}
      </p>
      <dl className="grid gap-2" data-testid="device-timings">
        {timings.rows.map((row) => (
          <Row key={row.id} label={row.label} testId={`timing-${row.id}`}>
            {row.ms === null ? (
              <span className="font-normal text-muted">{T.notMeasured}</span>
            ) : (
              msText(row.ms)
            )}
          </Row>
        ))}
        <Row label={T.servedByWorker}>
          {timings.servedByWorker === null ? T.notMeasured : timings.servedByWorker ? T.yes : T.no}
        </Row>
      </dl>
      <p className="text-xs text-muted">{T.snapshotNote}</p>
    </Card>
  );
}

function ServerTimingsCard() {
  const server = useServerPerformance();
  const data = server.state === 'forbidden' ? undefined : server.data;
  return (
    <Card id="perf-server" title={T.serverTimings}>
      <ServerHalfNotice
        state={server.state}
        hasData={server.data !== undefined}
        updatedAt={server.updatedAt}
        forbiddenText={T.noInfrastructure}
        onRetry={() => void server.query.refetch()}
      />
      {data && (
        <>
          <p className="text-sm text-muted">
            {T.serverTimingsNote(data.windowMinutes, data.total)}
          </p>
          {data.routes.length === 0 ? (
            <p className="text-muted">{T.noServerTimings}</p>
          ) : (
            <ul className="grid gap-2" aria-label={T.serverTimings}>
              {data.routes.map((row) => (
                <RouteItem key={row.route} row={row} />
              ))}
            </ul>
          )}
        </>
      )}
    </Card>
  );
}

function RouteItem({ row }: { row: RouteTiming }) {
  const figures: [string, string][] = [
    [T.count, String(row.count)],
    [T.p50, msText(row.p50Ms)],
    [T.p95, msText(row.p95Ms)],
    [T.max, msText(row.maxMs)],
  ];
  return (
    <li data-testid="route-timing" className="grid gap-1 border-t border-line pt-2 text-sm">
      <p className="break-all font-mono text-xs">{row.route}</p>
      {/* Four columns, two at 200% text: a column is at least 3.5rem, so it grows with the text. */}
      <dl className="grid grid-cols-[repeat(auto-fit,minmax(min(100%,3.5rem),1fr))] gap-1">
        {figures.map(([label, value]) => (
          <div key={label} className="grid min-w-0 wrap-anywhere">
            <dt className="text-xs text-muted">{label}</dt>
            <dd className="font-medium tabular-nums">{value}</dd>
          </div>
        ))}
      </dl>
    </li>
  );
}
