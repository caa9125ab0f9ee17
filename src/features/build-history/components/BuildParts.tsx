// The pieces the three build history screens share: the header, the offline and loading notices, the
// badges, text with the changelog's inline code, and a build's details.
import type { ReactNode } from 'react';
import type { BuildImpact, BuildRecord, BuildStatus } from '@/domain/build-history';
import { BackLink } from '@/ui/BackLink';
import { Button } from '@/ui/Button';
import { cn } from '@/ui/cn';
import { OfflineNotice } from '@/ui/OfflineNotice';
import { failureText } from '../api/build-history-api';
import { buildDateText, IMPACT_LABELS, inlineCode, STATUS_LABELS } from '../model/builds';
import { BUILD_TEXT as T } from '../model/texts';

export const card = 'grid gap-2 rounded-xl border border-line bg-panel p-4';

export function ScreenHeader({
  id,
  title,
  intro,
  backTo = '/',
  backLabel = T.back,
}: {
  id: string;
  title: string;
  intro?: string;
  backTo?: string;
  backLabel?: string;
}) {
  return (
    <header className="grid gap-1">
      {/* At large text the title goes under the back arrow rather than past the screen's edge. */}
      <div className="flex flex-wrap items-center gap-2">
        <BackLink label={backLabel} to={backTo} />
        <h1 id={id} className="min-w-0 flex-1 basis-48 text-2xl font-semibold wrap-anywhere">
          {title}
        </h1>
      </div>
      {intro && <p className="text-muted">{intro}</p>}
    </header>
  );
}

/**
 * What the screen can say about its data: offline or the server out of reach, with the last read (or
 * none); loading; or the read failed, in words, with Try Again. Nothing when the data is here.
 */
export function LoadNotice({
  online,
  hasData,
  updatedAt,
  loading,
  error,
  failedText,
  onRetry,
}: {
  online: boolean;
  hasData: boolean;
  updatedAt: number;
  loading: boolean;
  error: unknown;
  failedText: (why: string) => string;
  onRetry: () => void;
}) {
  // A request that got no answer (the helper's NetworkFailure is a TypeError): the commute.
  if (!online || error instanceof TypeError) {
    return (
      <OfflineNotice title={T.offlineTitle}>
        {hasData ? T.offlineSince(new Date(updatedAt).toLocaleTimeString()) : T.offlineNoData}
      </OfflineNotice>
    );
  }
  if (error) {
    return (
      <div className="grid gap-2" role="alert">
        <p className="text-red-700 dark:text-red-300">{failedText(failureText(error))}</p>
        <Button variant="outline" className="justify-self-start" onClick={onRetry}>
          {T.tryAgain}
        </Button>
      </div>
    );
  }
  if (loading && !hasData) {
    return (
      <p role="status" className="text-muted">
        {T.loading}
      </p>
    );
  }
  return null;
}

const STATUS_TONE: Record<BuildStatus, string> = {
  active: 'bg-emerald-100 text-emerald-900 dark:bg-emerald-900/50 dark:text-emerald-100',
  'in-progress': 'bg-amber-100 text-amber-900 dark:bg-amber-900/50 dark:text-amber-100',
  completed: 'bg-sky-100 text-sky-900 dark:bg-sky-900/50 dark:text-sky-100',
  archived: 'bg-stone-200 text-stone-800 dark:bg-stone-800 dark:text-stone-200',
};

const IMPACT_TONE: Record<BuildImpact, string> = {
  major: 'bg-accent-soft text-on-accent-soft',
  minor: 'bg-violet-100 text-violet-900 dark:bg-violet-900/50 dark:text-violet-100',
  patch: 'bg-stone-200 text-stone-800 dark:bg-stone-800 dark:text-stone-200',
};

export function Badge({ tone, children }: { tone: string; children: ReactNode }) {
  return (
    <span className={cn('rounded-full px-2.5 py-0.5 text-xs font-semibold', tone)}>{children}</span>
  );
}

export function BuildBadges({ build }: { build: BuildRecord }) {
  return (
    <span className="flex flex-wrap gap-1.5">
      <Badge tone={STATUS_TONE[build.status]}>{STATUS_LABELS[build.status]}</Badge>
      <Badge tone={IMPACT_TONE[build.impact]}>{IMPACT_LABELS[build.impact]}</Badge>
    </span>
  );
}

/** Text with the changelog's `inline code` shown as code. */
export function RichText({ text }: { text: string }) {
  return (
    <>
      {inlineCode(text).map((part, index) =>
        part.code ? (
          <code key={index} className="rounded bg-stone-200/70 px-1 text-[0.9em] dark:bg-stone-800">
            {part.text}
          </code>
        ) : (
          <span key={index}>{part.text}</span>
        ),
      )}
    </>
  );
}

/** Paragraphs (the changelog parts them with a blank line). */
export function Paragraphs({ text }: { text: string }) {
  return (
    <>
      {text.split('\n\n').map((paragraph, index) => (
        <p key={index}>
          <RichText text={paragraph} />
        </p>
      ))}
    </>
  );
}

/** The line under a build's name: its version, date and category. */
export function BuildMeta({ build }: { build: BuildRecord }) {
  return (
    <p className="text-sm text-muted">
      {[build.version ? `v${build.version}` : null, buildDateText(build.timestamp), build.category]
        .filter(Boolean)
        .join(' · ')}
    </p>
  );
}

export function BuildDetails({ build }: { build: BuildRecord }) {
  const D = T.details;
  return (
    <div className="grid gap-3 text-sm">
      <div className="grid gap-1">
        <h4 className="font-semibold">{D.description}</h4>
        <Paragraphs text={build.description} />
      </div>
      <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1">
        <dt className="text-muted">{D.version}</dt>
        <dd>{build.version ?? D.noVersion}</dd>
        <dt className="text-muted">{D.date}</dt>
        <dd>{buildDateText(build.timestamp)}</dd>
        <dt className="text-muted">{D.category}</dt>
        <dd>{build.category}</dd>
        <dt className="text-muted">{D.id}</dt>
        <dd className="break-all">{build.id}</dd>
      </dl>
      <div className="grid gap-1">
        <h4 className="font-semibold">{D.technologies}</h4>
        {build.technologies.length ? (
          <ul className="flex flex-wrap gap-1.5">
            {build.technologies.map((technology) => (
              <li
                key={technology}
                className="rounded-md border border-line px-2 py-0.5 text-xs font-medium"
              >
                {technology}
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-muted">{D.none}</p>
        )}
      </div>
      <div className="grid gap-1">
        <h4 className="font-semibold">{D.features}</h4>
        {build.features.length ? (
          <ul className="grid list-disc gap-1 pl-5">
            {build.features.map((feature, index) => (
              <li key={index}>
                <RichText text={feature} />
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-muted">{D.none}</p>
        )}
      </div>
      {build.notes && (
        <div className="grid gap-1">
          <h4 className="font-semibold">{D.notes}</h4>
          <Paragraphs text={build.notes} />
        </div>
      )}
    </div>
  );
}
