// The sync control screen (/sync-control; spec 002 §2 "Sync control screen", §4): the status overview,
// the Weekly Deep Sync and Bloom Sync cards with their commands, the safety notes and the sync log. The
// status is polled every 3 s; the triggers are disabled while a sync runs. Offline it shows the last
// status read and offers no command (docs/sync-control.md).
import type { ReactNode } from 'react';
import { readPermissionOf } from '@/domain/area-permissions';
import { isRefusal } from '@/lib/api';
import { useAreaAccess } from '@/lib/auth-session';
import { useOnline } from '@/lib/use-online';
import { useTimeZone } from '@/lib/use-time-zone';
import { BackLink } from '@/ui/BackLink';
import { Button } from '@/ui/Button';
import { cn } from '@/ui/cn';
import { QueryStateNotice } from '@/ui/QueryStateNotice';
import { useSyncAction, useSyncStatus } from '../hooks/useSyncControl';
import {
  daemonLabel,
  durationRangeText,
  durationText,
  stateLabel,
  triggersDisabled,
  whenText,
  type WeeklySyncStatus,
  WEEKLY_SYNC_STATUS_URL,
} from '../model/sync-status';
import { SYNC_TEXT as T } from '../model/texts';

const card = 'grid gap-3 rounded-xl border border-line bg-panel p-4';

function Badge({ on, children, testId }: { on: boolean; children: ReactNode; testId: string }) {
  return (
    <span
      data-testid={testId}
      className={cn(
        'rounded-full px-3 py-1 text-sm font-semibold',
        on
          ? 'bg-emerald-100 text-emerald-900 dark:bg-emerald-900/50 dark:text-emerald-100'
          : 'bg-stone-200 text-stone-800 dark:bg-stone-800 dark:text-stone-200',
      )}
    >
      {children}
    </span>
  );
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex flex-wrap justify-between gap-2">
      <dt className="text-muted">{label}</dt>
      <dd className="font-medium">{children}</dd>
    </div>
  );
}

export default function SyncControlScreen() {
  // Known from the auth status: not asked (it would be a 403), and nothing kept from before shown.
  const access = useAreaAccess(readPermissionOf(WEEKLY_SYNC_STATUS_URL));
  const asked = access.ask;
  const status = useSyncStatus(asked);
  const action = useSyncAction();
  const online = useOnline();
  const timeZone = useTimeZone();
  const denied = access.denied || isRefusal(status.error);
  const data: WeeklySyncStatus | undefined = denied ? undefined : status.data;
  const reachable = online && !(status.isError && !denied);
  const commandsOff = action.isPending || !reachable || denied;
  const triggersOff = triggersDisabled({
    syncing: data?.syncing ?? true,
    pending: action.isPending,
    reachable: reachable && !denied,
  });
  const zone = data?.timeZone ?? timeZone;

  return (
    <section className="mx-auto grid w-full max-w-3xl gap-4 px-4 py-6" aria-labelledby="sync-title">
      <header className="flex items-center gap-2">
        <BackLink label={T.back} />
        <h1 id="sync-title" className="text-2xl font-semibold">
          {T.title}
        </h1>
      </header>

      <QueryStateNotice
        reachable={reachable}
        denied={denied}
        hasData={Boolean(data)}
        isError={status.isError}
        updatedAt={status.dataUpdatedAt}
        onRetry={() => void status.refetch()}
        texts={T}
      />

      {data && (
        <>
          <section className={card} aria-labelledby="sync-overview">
            <h2 id="sync-overview" className="text-lg font-semibold">
              {T.overview}
            </h2>
            <dl className="grid gap-2">
              <Row label={T.daemon}>
                <Badge on={data.enabled} testId="sync-daemon">
                  {daemonLabel(data.enabled)}
                </Badge>
              </Row>
              <Row label={T.state}>
                <Badge on={data.syncing} testId="sync-state">
                  {stateLabel(data.syncing)}
                </Badge>
              </Row>
              <Row label={T.nextSync}>
                {data.nextSyncAt
                  ? `${data.nextSyncDay} ${data.nextSyncTime} (${whenText(data.nextSyncAt, zone, '')})`
                  : T.notScheduled}
              </Row>
              <Row label={T.lastSync}>
                <span data-testid="sync-last">{whenText(data.lastSync, zone, T.never)}</span>
              </Row>
            </dl>
          </section>

          <section className={card} aria-labelledby="sync-weekly">
            <h2 id="sync-weekly" className="text-lg font-semibold">
              {T.weeklyTitle}
            </h2>
            <dl className="grid gap-2">
              <Row label={T.scheduleType}>{data.weeklyConfig.syncType}</Row>
              <Row label={T.duration}>{durationText(data.weeklyConfig.durationMinutes)}</Row>
              <Row label={T.day}>{data.nextSyncDay}</Row>
              <Row label={T.time}>{data.nextSyncTime}</Row>
            </dl>
            <div>
              <h3 className="font-medium">{T.includes}</h3>
              <ul className="list-disc pl-5 text-sm">
                {data.weeklyConfig.includes.map((item) => (
                  <li key={item}>{item}</li>
                ))}
              </ul>
            </div>
            <div className="flex flex-wrap gap-2">
              {data.enabled ? (
                <Button
                  variant="outline"
                  disabled={commandsOff}
                  onClick={() => action.mutate('stop')}
                >
                  {T.stopDaemon}
                </Button>
              ) : (
                <Button
                  variant="outline"
                  disabled={commandsOff}
                  onClick={() => action.mutate('start')}
                >
                  {T.startDaemon}
                </Button>
              )}
              <Button disabled={triggersOff} onClick={() => action.mutate('trigger')}>
                {T.manualTrigger}
              </Button>
            </div>
          </section>

          <section className={card} aria-labelledby="sync-bloom">
            <h2 id="sync-bloom" className="text-lg font-semibold">
              {T.bloomTitle}
            </h2>
            <p className="text-sm">{data.bloomConfig.description}</p>
            <dl className="grid gap-2">
              <Row label={T.durationRange}>
                {durationRangeText(data.bloomConfig.durationRangeMinutes)}
              </Row>
            </dl>
            <div>
              <h3 className="font-medium">{T.triggerOptions}</h3>
              <ul className="list-disc pl-5 text-sm">
                {T.options.map((option) => (
                  <li key={option}>{option}</li>
                ))}
              </ul>
            </div>
            <Button
              className="justify-self-start"
              disabled={triggersOff}
              onClick={() => action.mutate('bloom')}
            >
              {T.triggerBloom}
            </Button>
          </section>

          <section className={card} aria-labelledby="sync-safety">
            <h2 id="sync-safety" className="text-lg font-semibold">
              {T.safetyTitle}
            </h2>
            <ul className="list-disc pl-5 text-sm">
              {T.safety.map((note) => (
                <li key={note}>{note}</li>
              ))}
            </ul>
          </section>

          <section className={card} aria-labelledby="sync-log">
            <h2 id="sync-log" className="text-lg font-semibold">
              {T.recentRuns}
            </h2>
            {data.recentRuns.length === 0 ? (
              <p className="text-muted">{T.noRuns}</p>
            ) : (
              <ul className="grid gap-2">
                {data.recentRuns.map((run) => (
                  <li key={run.id} data-testid="sync-run" className="text-sm">
                    <p className="font-medium">
                      {run.kind === 'weekly' ? T.weeklyTitle : T.bloomTitle} · {run.status} ·{' '}
                      {whenText(run.startedAt, zone, '')} · {run.trigger}
                    </p>
                    <ul className="pl-4 text-muted">
                      {run.steps.map((step) => (
                        <li key={step.name}>
                          {step.name}: {step.detail}
                        </li>
                      ))}
                      {run.error && <li>{run.error}</li>}
                    </ul>
                  </li>
                ))}
              </ul>
            )}
          </section>
        </>
      )}
    </section>
  );
}
