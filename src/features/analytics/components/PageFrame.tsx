// The frame both pages share: the back link and heading, and what the read's state says (offline with
// the last figures, a refusal, a first load, a failure with Try again) around the figures themselves.
import type { ReactNode } from 'react';
import { errorMessage, serverMessageFrom } from '@/domain/errors';
import { isApiError } from '@/lib/api';
import { BackLink } from '@/ui/BackLink';
import { Button } from '@/ui/Button';
import { OfflineNotice } from '@/ui/OfflineNotice';
import type { PageState } from '../model/page-state';

export interface FrameTexts {
  title: string;
  back: string;
  loading: string;
  loadFailed: string;
  tryAgain: string;
  denied: string;
  offlineTitle: string;
  offlineSince: (time: string) => string;
  offlineNoData: string;
}

function failureText(error: unknown): string {
  if (isApiError(error)) return serverMessageFrom(error.bodyText) ?? error.message;
  return errorMessage(error);
}

export function PageFrame({
  id,
  texts,
  state,
  error,
  updatedAt,
  onRetry,
  actions,
  children,
}: {
  id: string;
  texts: FrameTexts;
  state: PageState;
  error: unknown;
  /** When the figures on screen were read (ms). */
  updatedAt: number;
  onRetry: () => void;
  actions?: ReactNode;
  children?: ReactNode;
}) {
  const readAt = updatedAt > 0 ? new Date(updatedAt).toLocaleString() : '';
  return (
    <section
      className="mx-auto grid w-full max-w-3xl min-w-0 gap-4 px-4 py-6"
      aria-labelledby={`${id}-title`}
    >
      {/* At large text the title goes under the back arrow and the actions under the title. */}
      <header className="flex flex-wrap items-center gap-2">
        <BackLink label={texts.back} />
        <h1
          id={`${id}-title`}
          className="min-w-0 flex-1 basis-48 text-2xl font-semibold break-words"
        >
          {texts.title}
        </h1>
        {actions && <div className="ml-auto">{actions}</div>}
      </header>

      {state.offline && (
        <OfflineNotice title={texts.offlineTitle}>
          {state.view === 'data' ? texts.offlineSince(readAt) : texts.offlineNoData}
        </OfflineNotice>
      )}
      {state.view === 'denied' && (
        <p role="alert" className="rounded-xl border border-line bg-panel p-4 text-muted">
          {texts.denied}
        </p>
      )}
      {state.view === 'loading' && (
        <p role="status" className="text-muted">
          {texts.loading}
        </p>
      )}
      {state.view === 'failed' && !state.offline && (
        <div className="grid gap-2">
          <p role="alert" className="text-muted">
            {texts.loadFailed} {failureText(error)}
          </p>
          <Button variant="outline" className="justify-self-start" onClick={onRetry}>
            {texts.tryAgain}
          </Button>
        </div>
      )}
      {state.stale && (
        <p role="alert" className="text-sm text-muted">
          {texts.loadFailed} {failureText(error)} {texts.offlineSince(readAt)}
        </p>
      )}
      {state.view === 'data' && children}
    </section>
  );
}
