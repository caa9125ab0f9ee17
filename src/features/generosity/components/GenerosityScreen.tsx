// The generosity page (/generosity; spec 002 "Generosity engine", §3, §9): the engine's state, the
// relationship's stage among the five, this session's statistics, the four principles and the emotional
// intelligence description. It says which parts are measured and which are fixed text. Offline it shows
// what was last read (docs/generosity.md).
import type { ReactNode } from 'react';
import { isRefusal } from '@/lib/api';
import { usePersonaName } from '@/lib/auth-session';
import { useOnline } from '@/lib/use-online';
import { useTimeZone } from '@/lib/use-time-zone';
import { BackLink } from '@/ui/BackLink';
import { cn } from '@/ui/cn';
import { QueryStateNotice } from '@/ui/QueryStateNotice';
import { useGenerosityStats, useGenerosityStatus } from '../hooks/useGenerosity';
import {
  firstDayText,
  PRINCIPLE_KEYS,
  relationshipAgeText,
  sessionStartText,
  type GenerosityStats,
  type GenerosityStatus,
} from '../model/generosity-model';
import { GENEROSITY_TEXT as T } from '../model/texts';

const card = 'grid gap-3 rounded-xl border border-line bg-panel p-4';

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex flex-wrap items-baseline justify-between gap-2">
      <dt className="text-muted">{label}</dt>
      <dd className="font-medium">{children}</dd>
    </div>
  );
}

function Note({ children }: { children: ReactNode }) {
  return <p className="text-sm text-muted">{children}</p>;
}

export default function GenerosityScreen() {
  const status = useGenerosityStatus();
  const stats = useGenerosityStats();
  const online = useOnline();
  const timeZone = useTimeZone();
  const persona = usePersonaName();
  const failed = status.isError ? status.error : stats.isError ? stats.error : null;
  const denied = isRefusal(failed);
  const reachable = online && !(failed !== null && !denied);
  const data = status.data;

  return (
    <section
      className="mx-auto grid w-full max-w-3xl gap-4 px-4 py-6"
      aria-labelledby="generosity-title"
    >
      {/* At large text the title goes under the back arrow rather than past the screen's edge. */}
      <header className="flex flex-wrap items-center gap-2">
        <BackLink label={T.back} />
        <h1
          id="generosity-title"
          className="min-w-0 flex-1 basis-48 text-2xl font-semibold wrap-anywhere"
        >
          {T.title}
        </h1>
      </header>
      <p className="text-sm text-muted">{T.intro}</p>

      <QueryStateNotice
        reachable={reachable}
        denied={denied}
        hasData={Boolean(data)}
        isError={status.isError}
        updatedAt={status.dataUpdatedAt}
        onRetry={() => void status.refetch()}
        texts={T}
      />

      {data && !denied && (
        <>
          <EngineCard status={data} />
          <StageCard status={data} />
          <SessionCard stats={stats.data} status={data} timeZone={timeZone} persona={persona} />
          <PrinciplesCard status={data} persona={persona} />
          <IntelligenceCard status={data} />
        </>
      )}
    </section>
  );
}

function EngineCard({ status }: { status: GenerosityStatus }) {
  const active = status.engine.state === 'active';
  return (
    <section className={card} aria-labelledby="generosity-engine">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="generosity-engine" className="text-lg font-semibold">
          {T.engine}
        </h2>
        <span
          data-testid="generosity-engine-state"
          className={cn(
            'rounded-full px-3 py-1 text-sm font-semibold',
            active
              ? 'bg-emerald-100 text-emerald-900 dark:bg-emerald-900/50 dark:text-emerald-100'
              : 'bg-stone-200 text-stone-800 dark:bg-stone-800 dark:text-stone-200',
          )}
        >
          {T.engineState[status.engine.state]}
        </span>
      </div>
      <Note>{status.engine.reason}</Note>
    </section>
  );
}

function StageCard({ status }: { status: GenerosityStatus }) {
  const { current, stages } = status;
  return (
    <section className={card} aria-labelledby="generosity-stage">
      <h2 id="generosity-stage" className="text-lg font-semibold">
        {T.stageTitle}
      </h2>
      <div>
        <p className="text-2xl font-semibold text-accent" data-testid="generosity-stage">
          {current.name}
        </p>
        <p className="text-sm text-muted">
          <span data-testid="generosity-day">{relationshipAgeText(current)}</span> ·{' '}
          {T.stageSince(firstDayText(current.firstDay))}
        </p>
      </div>
      <h3 className="font-medium">{T.stagesList}</h3>
      <ol className="grid gap-2" aria-label={T.stagesList}>
        {stages.map((stage) => {
          const isCurrent = stage.id === current.id;
          return (
            <li
              key={stage.id}
              aria-current={isCurrent ? 'step' : undefined}
              className={cn(
                'rounded-lg border px-3 py-2',
                isCurrent ? 'border-accent-line bg-accent-soft text-on-accent-soft' : 'border-line',
              )}
            >
              <p className="font-medium">
                {stage.name}
                {isCurrent && <span className="ml-2 text-sm font-normal">({T.currentStage})</span>}
              </p>
              <p className={cn('text-sm', !isCurrent && 'text-muted')}>{stage.span}</p>
            </li>
          );
        })}
      </ol>
    </section>
  );
}

function SessionCard({
  stats,
  status,
  timeZone,
  persona,
}: {
  stats: GenerosityStats | undefined;
  status: GenerosityStatus;
  timeZone: string | undefined;
  persona: string;
}) {
  const feelings = status.emotionalIntelligence.supportFeelings.join(' or ');
  return (
    <section className={card} aria-labelledby="generosity-session">
      <h2 id="generosity-session" className="text-lg font-semibold">
        {T.sessionTitle}
      </h2>
      <Note>{T.sessionMeasured}</Note>
      {stats ? (
        <dl className="grid gap-2">
          <Row label={T.sessionStart}>
            <span data-testid="generosity-session-start">
              {sessionStartText(stats.sessionStart, timeZone)}
            </span>
          </Row>
          <Row label={T.interactions}>
            <span data-testid="generosity-interactions">{stats.interactionCount}</span>
          </Row>
          <Row label={T.support}>
            <span data-testid="generosity-support">{stats.emotionalSupportProvided}</span>
          </Row>
        </dl>
      ) : (
        <p role="status" className="text-muted">
          {T.loading}
        </p>
      )}
      <Note>{T.supportHint(persona, feelings)}</Note>
    </section>
  );
}

function PrinciplesCard({ status, persona }: { status: GenerosityStatus; persona: string }) {
  return (
    <section className={card} aria-labelledby="generosity-principles">
      <h2 id="generosity-principles" className="text-lg font-semibold">
        {T.principlesTitle}
      </h2>
      <Note>{T.principlesNote(persona)}</Note>
      <ul className="grid gap-2">
        {PRINCIPLE_KEYS.map((key) => (
          <li key={key}>
            <p className="font-medium">{status.principles[key].title}</p>
            <p className="text-sm">{status.principles[key].description}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}

function IntelligenceCard({ status }: { status: GenerosityStatus }) {
  const ei = status.emotionalIntelligence;
  return (
    <section className={card} aria-labelledby="generosity-ei">
      <h2 id="generosity-ei" className="text-lg font-semibold">
        {T.eiTitle}
      </h2>
      <Note>{T.eiNote}</Note>
      <p className="text-sm">{ei.description}</p>
      <div>
        <h3 className="text-sm font-medium">{T.feelingsRead}</h3>
        <ul className="mt-1 flex flex-wrap gap-1.5" aria-label={T.feelingsRead}>
          {ei.feelings.map((feeling) => (
            <li
              key={feeling}
              className={cn(
                'rounded-full border px-2.5 py-0.5 text-sm',
                ei.supportFeelings.includes(feeling)
                  ? 'border-accent-line bg-accent-soft text-on-accent-soft'
                  : 'border-line text-muted',
              )}
            >
              {feeling}
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
