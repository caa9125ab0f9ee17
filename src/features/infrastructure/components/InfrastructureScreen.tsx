// The infrastructure page (/infrastructure, /metrics; spec 002 "Infrastructure", §4): each feature with
// its status badge (ready, pending, disabled), the reason, and when it was checked; Refresh checks again.
// Persistent storage is checked on this device; the rest comes from the server. Offline it shows the
// last list read under the offline notice; a 403 is 'Access Restricted' (docs/infrastructure.md).
import { ShieldAlert } from 'lucide-react';
import { Link } from 'react-router';
import { isRefusal } from '@/lib/api';
import { useOnline } from '@/lib/use-online';
import { useTimeZone } from '@/lib/use-time-zone';
import { BackLink } from '@/ui/BackLink';
import { Button } from '@/ui/Button';
import { cn } from '@/ui/cn';
import { QueryStateNotice } from '@/ui/QueryStateNotice';
import { useInfrastructureStatus, useStorageCheck } from '../hooks/useInfrastructure';
import {
  checkedText,
  featureList,
  statusCounts,
  statusLabel,
  storageFeatureOf,
  type FeatureRow,
  type FeatureStatus,
} from '../model/infrastructure-model';
import { INFRASTRUCTURE_TEXT as T } from '../model/texts';

const card = 'grid gap-3 rounded-xl border border-line bg-panel p-4';

const BADGE: Record<FeatureStatus, string> = {
  ready: 'bg-emerald-100 text-emerald-900 dark:bg-emerald-900/50 dark:text-emerald-100',
  pending: 'bg-amber-100 text-amber-900 dark:bg-amber-900/40 dark:text-amber-100',
  disabled: 'bg-stone-200 text-stone-800 dark:bg-stone-800 dark:text-stone-200',
};

function StatusBadge({ status, testId }: { status: FeatureStatus; testId?: string }) {
  return (
    <span
      data-testid={testId}
      className={cn('shrink-0 rounded-full px-2.5 py-0.5 text-sm font-semibold', BADGE[status])}
    >
      {statusLabel(status)}
    </span>
  );
}

export default function InfrastructureScreen() {
  const status = useInfrastructureStatus();
  const storage = useStorageCheck();
  const online = useOnline();
  const timeZone = useTimeZone();
  const denied = status.isError && isRefusal(status.error);
  const reachable = online && !(status.isError && !denied);
  const rows = featureList(
    denied ? undefined : status.data?.features,
    storage.data ? storageFeatureOf(storage.data) : undefined,
  );
  const counts = statusCounts(rows);
  const checking = status.isFetching || storage.isFetching;

  const refresh = () => {
    void storage.refetch();
    if (online) void status.refetch();
  };

  return (
    <section
      className="mx-auto grid w-full max-w-3xl gap-4 px-4 py-6"
      aria-labelledby="infrastructure-title"
    >
      {/* At large text the title goes under the back arrow rather than past the screen's edge. */}
      <header className="flex flex-wrap items-center gap-2">
        <BackLink label={T.back} />
        <h1
          id="infrastructure-title"
          className="min-w-0 flex-1 basis-48 text-2xl font-semibold wrap-anywhere"
        >
          {T.title}
        </h1>
      </header>

      {denied ? (
        <div role="alert" className={cn(card, 'justify-items-start')}>
          <p className="flex items-center gap-2 font-semibold">
            <ShieldAlert size={20} aria-hidden className="text-red-500" />
            {T.deniedTitle}
          </p>
          <p className="text-muted">{T.denied}</p>
          <Link to="/" className="font-medium text-accent underline-offset-2 hover:underline">
            Return to Chat
          </Link>
        </div>
      ) : (
        <>
          <p className="text-sm text-muted">{T.intro}</p>
          <div className="flex flex-wrap items-center justify-between gap-2">
            <p className="text-sm font-medium" data-testid="infrastructure-summary">
              {T.summary(counts.ready, counts.pending, counts.disabled)}
            </p>
            <Button variant="outline" size="sm" onClick={refresh} disabled={checking}>
              {checking ? T.refreshing : T.refresh}
            </Button>
          </div>

          {/* The denied page is drawn above, so no denied state here. */}
          <QueryStateNotice
            reachable={reachable}
            hasData={Boolean(status.data)}
            isError={status.isError}
            updatedAt={status.dataUpdatedAt}
            onRetry={() => void status.refetch()}
            texts={T}
          />

          {rows.length > 0 && (
            <ul className="grid gap-3" aria-label={T.features}>
              {rows.map((row) => (
                <FeatureItem key={row.id} row={row} timeZone={timeZone} />
              ))}
            </ul>
          )}
        </>
      )}
    </section>
  );
}

function FeatureItem({ row, timeZone }: { row: FeatureRow; timeZone: string | undefined }) {
  const titleId = `feature-${row.id}`;
  return (
    <li className={card} aria-labelledby={titleId} data-testid={`infra-${row.id}`}>
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h2 id={titleId} className="min-w-0 font-semibold break-words">
          {row.name}
        </h2>
        <StatusBadge status={row.status} testId={`infra-status-${row.id}`} />
      </div>
      <p className="text-sm" data-testid={`infra-reason-${row.id}`}>
        {row.reason}
      </p>
      {row.details.length > 0 && (
        <ul className="grid gap-2 border-t border-line pt-2" aria-label={`${row.name}: each`}>
          {row.details.map((detail) => (
            <li key={detail.name} className="grid gap-0.5">
              <div className="flex flex-wrap items-start justify-between gap-2">
                <p className="min-w-0 text-sm font-medium break-words">{detail.name}</p>
                <StatusBadge status={detail.status} />
              </div>
              <p className="text-sm text-muted">{detail.reason}</p>
            </li>
          ))}
        </ul>
      )}
      <p className="text-xs text-muted">{checkedText(row.checkedAt, timeZone)}</p>
    </li>
  );
}
