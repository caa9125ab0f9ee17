// /error-test (spec 002 "Error-test page", issue 14 item 6): each button makes a real failure (a real
// answer of the server, a dropped connection, a timeout, a missing download, a crashing component),
// through the app's request helper, and shows how the app classifies it; the real error screen and the
// real toast show it as a user would meet it. The route hands in the app's error boundary (app/screens).
import { useState, type ComponentType, type ErrorInfo, type ReactNode } from 'react';
import { useAuthStatus } from '@/lib/auth-session';
import { Button } from '@/ui/Button';
import { Page } from '@/ui/Page';
import { toast } from '@/ui/use-toast';
import { runCase } from '../api/run-case';
import {
  ERROR_CASES,
  errorOf,
  viewOf,
  type CaseOutcome,
  type ErrorCase,
} from '../model/error-cases';

export type BoundaryComponent = ComponentType<{
  children?: ReactNode;
  /** The app's boundary also passes React's ErrorInfo; the page needs only the error. */
  onError?: (error: unknown, info: ErrorInfo) => void;
}>;

/** Throws the error it is given while rendering, for the boundary to catch. */
function Thrower({ error }: { error: unknown }): ReactNode {
  throw error instanceof Error ? error : new Error(String(error));
}

/** A real bug: reads a property of something that is not there. */
function Crasher({ user }: { user?: { name: string } }) {
  return <span>{(user as { name: string }).name}</span>;
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="contents">
      <dt className="text-muted">{label}</dt>
      <dd
        className="break-words"
        data-testid={`classified-${label.toLowerCase().replace(/\s+/g, '-')}`}
      >
        {children}
      </dd>
    </div>
  );
}

type RunState =
  | { state: 'idle' }
  | { state: 'running' }
  | { state: 'done'; outcome: CaseOutcome }
  | { state: 'failed'; message: string };

function CaseCard({ errorCase, Boundary }: { errorCase: ErrorCase; Boundary: BoundaryComponent }) {
  const personaName = useAuthStatus().data?.personaName ?? 'Kiri';
  const [run, setRun] = useState<RunState>({ state: 'idle' });
  const [screenShown, setScreenShown] = useState(0);
  const isRender = errorCase.request.kind === 'render';

  const start = async () => {
    setScreenShown(0);
    if (isRender) {
      // The crash itself is the run: the boundary reports what it caught.
      setRun({ state: 'running' });
      setScreenShown((n) => n + 1);
      return;
    }
    setRun({ state: 'running' });
    try {
      setRun({ state: 'done', outcome: await runCase(errorCase) });
    } catch (error) {
      setRun({ state: 'failed', message: error instanceof Error ? error.message : String(error) });
    }
  };

  const outcome = run.state === 'done' ? run.outcome : null;
  const shown = outcome ? errorOf(outcome) : null;
  const view = shown ? viewOf(shown, personaName) : null;

  return (
    <section
      className="grid gap-3 rounded-xl border border-line bg-panel p-4"
      data-testid={`error-case-${errorCase.id}`}
      aria-labelledby={`error-case-${errorCase.id}-title`}
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="grid min-w-0 gap-1 break-words">
          <h2 id={`error-case-${errorCase.id}-title`} className="font-semibold">
            {errorCase.label}
          </h2>
          {/* The request's path, one long word: it wraps anywhere rather than widen the page. */}
          <p className="text-sm text-muted wrap-anywhere">{errorCase.how}</p>
        </div>
        <Button
          size="sm"
          onClick={() => void start()}
          disabled={run.state === 'running' && !isRender}
        >
          {run.state === 'running' && !isRender ? 'Running…' : 'Run'}
        </Button>
      </div>

      {run.state === 'failed' && (
        <p className="text-sm text-amber-700 dark:text-amber-400">{run.message}</p>
      )}

      {outcome?.kind === 'answered' && (
        <p className="text-sm" data-testid="not-thrown">
          Answered {outcome.status}, not thrown: the request helper logs a rate-limit warning and
          returns the answer (spec 000 §8)
          {outcome.retryAfter ? `; Retry-After ${outcome.retryAfter} s` : ''}. A query throws it, as
          below.
        </p>
      )}

      {view && (
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm" aria-live="polite">
          <Row label="Error">
            <code className="font-mono">{view.message}</code>
          </Row>
          <Row label="Type">{view.classification.type}</Row>
          <Row label="Severity">{view.classification.severity}</Row>
          <Row label="Retryable">{view.classification.retryable ? 'yes' : 'no'}</Row>
          <Row label="Message">{view.classification.message}</Row>
          <Row label="Suggested action">{view.classification.suggestedAction}</Row>
          <Row label="Error screen">
            {view.errorScreenText}{' '}
            {view.autoRetried ? '(retried by itself)' : '(no automatic retry)'}
          </Row>
          <Row label="Fallback">{view.fallbackTitle}</Row>
        </dl>
      )}

      {(view || isRender) && (
        <div className="flex flex-wrap gap-2">
          {view && (
            <>
              <Button size="sm" variant="outline" onClick={() => setScreenShown((n) => n + 1)}>
                Show Error Screen
              </Button>
              <Button
                size="sm"
                variant="outline"
                onClick={() =>
                  toast({
                    title: view.fallbackTitle,
                    description: view.classification.message,
                    variant: 'destructive',
                  })
                }
              >
                Show Toast
              </Button>
            </>
          )}
          {screenShown > 0 && (
            <Button size="sm" variant="ghost" onClick={() => setScreenShown(0)}>
              Hide Error Screen
            </Button>
          )}
        </div>
      )}

      {screenShown > 0 && (
        <div
          className="rounded-lg border border-dashed border-line"
          data-testid="error-screen-view"
        >
          <Boundary
            key={screenShown}
            onError={
              isRender
                ? (error) => setRun({ state: 'done', outcome: { kind: 'thrown', error } })
                : undefined
            }
          >
            {isRender ? <Crasher /> : <Thrower error={shown} />}
          </Boundary>
        </div>
      )}
    </section>
  );
}

export function ErrorTestPage({ Boundary }: { Boundary: BoundaryComponent }) {
  return (
    <Page
      title="Error Handling Test Dashboard"
      subtitle="Real failures from the server and the network, through the app's request helper, and how the app classifies and shows each."
    >
      {ERROR_CASES.map((errorCase) => (
        <CaseCard key={errorCase.id} errorCase={errorCase} Boundary={Boundary} />
      ))}
    </Page>
  );
}
