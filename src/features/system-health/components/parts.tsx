// The pieces the three settings pages share: the page frame with its header, a card, a label and its
// figure, and the server half's notices (offline with the last figures, a refusal, a failure, a wait).
import type { ReactNode } from 'react';
import { RefreshCw } from 'lucide-react';
import { BackLink } from '@/ui/BackLink';
import { Button } from '@/ui/Button';
import { cn } from '@/ui/cn';
import { OfflineNotice } from '@/ui/OfflineNotice';
import type { ServerHalfState } from '../model/server-half';
import { HEALTH_TEXT as T } from '../model/texts';

export const card = 'grid gap-3 rounded-xl border border-line bg-panel p-4';

export function HealthPage({
  id,
  title,
  subtitle,
  children,
}: {
  id: string;
  title: string;
  subtitle: string;
  children: ReactNode;
}) {
  return (
    <section className="mx-auto grid w-full max-w-3xl gap-4 px-4 py-6" aria-labelledby={id}>
      {/* At large text the title goes under the back arrow rather than past the screen's edge. */}
      <header className="flex flex-wrap items-center gap-3">
        <BackLink label={T.back} />
        <div className="grid min-w-0 flex-1 basis-48 gap-0.5 wrap-anywhere">
          <h1 id={id} className="text-2xl font-semibold">
            {title}
          </h1>
          <p className="text-sm text-muted">{subtitle}</p>
        </div>
      </header>
      {children}
    </section>
  );
}

export function Card({
  id,
  title,
  action,
  children,
  className,
}: {
  id: string;
  title: string;
  action?: ReactNode;
  children: ReactNode;
  className?: string;
}) {
  return (
    <section className={cn(card, className)} aria-labelledby={id}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id={id} className="min-w-0 text-lg font-semibold break-words">
          {title}
        </h2>
        {action}
      </div>
      {children}
    </section>
  );
}

export function Row({
  label,
  children,
  testId,
}: {
  label: string;
  children: ReactNode;
  testId?: string;
}) {
  return (
    <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-0.5">
      <dt className="min-w-0 text-muted wrap-anywhere">{label}</dt>
      <dd
        className="min-w-0 text-right font-medium tabular-nums wrap-anywhere"
        data-testid={testId}
      >
        {children}
      </dd>
    </div>
  );
}

/**
 * What stands above (or instead of) a server half's figures: the offline notice with the time of the
 * last figures, the refusal, the failure with Try again, or the wait. Nothing when the figures are fresh.
 */
export function ServerHalfNotice({
  state,
  hasData,
  updatedAt,
  forbiddenText,
  onRetry,
}: {
  state: ServerHalfState;
  hasData: boolean;
  updatedAt: number;
  forbiddenText: string;
  onRetry: () => void;
}) {
  switch (state) {
    case 'ready':
      return null;
    case 'forbidden':
      return <p className="text-muted">{forbiddenText}</p>;
    case 'loading':
      return (
        <p role="status" className="text-muted">
          {T.loading}
        </p>
      );
    case 'offline':
      return (
        <OfflineNotice title={T.offlineTitle}>
          {hasData ? T.offlineSince(new Date(updatedAt).toLocaleTimeString()) : T.offlineNoData}
        </OfflineNotice>
      );
    case 'failed':
      return (
        <div role="alert" className="grid justify-items-start gap-2">
          <p className="font-medium">{T.loadFailed}</p>
          <Button variant="outline" size="sm" onClick={onRetry}>
            <RefreshCw size={14} aria-hidden />
            {T.tryAgain}
          </Button>
        </div>
      );
  }
}
