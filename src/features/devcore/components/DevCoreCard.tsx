// The maintenance monitor's card in the chat's features panel (spec 000 §2.2, §4): ACTIVE or INACTIVE,
// uptime, last scan and the evolution metrics in their colours; Manual Scan only while active, Emergency
// Halt while active and Emergency Restore while inactive. The header expands and collapses it. The
// server decides who may press the controls; the card says so to a user who may not.
import { useId, useState } from 'react';
import { ChevronDown, Cpu, OctagonX, RotateCcw, ScanSearch } from '@/ui/frame-icons';
import { useAuthStatus } from '@/lib/auth-session';
import { Button } from '@/ui/Button';
import { cn } from '@/ui/cn';
import { useDevcoreAction, useDevcoreStatus } from '../hooks/useDevcore';
import {
  DEVCORE_TEXT,
  METRIC_KEYS,
  METRIC_LABELS,
  formatUptime,
  metricColour,
  type DevcoreAction,
  type MetricColour,
} from '../model/devcore';

const COLOUR_TEXT: Record<MetricColour, string> = {
  green: 'text-emerald-700 dark:text-emerald-400',
  yellow: 'text-amber-700 dark:text-amber-300',
  red: 'text-red-700 dark:text-red-400',
};
const COLOUR_BAR: Record<MetricColour, string> = {
  green: 'bg-emerald-500',
  yellow: 'bg-amber-400',
  red: 'bg-red-500',
};

export function DevCoreCard() {
  const [expanded, setExpanded] = useState(true);
  const bodyId = useId();
  const status = useDevcoreStatus();
  const action = useDevcoreAction();
  const isAdmin = useAuthStatus().data?.isAdmin === true;
  const data = status.data ?? null;
  const run = (which: DevcoreAction) => action.mutate(which);
  const busy = action.isPending;

  return (
    <section
      aria-label="DevCore maintenance monitor"
      data-testid="devcore-card"
      className="rounded-2xl border border-line bg-panel shadow-sm"
    >
      <button
        type="button"
        aria-expanded={expanded}
        aria-controls={bodyId}
        onClick={() => setExpanded((open) => !open)}
        className="flex w-full items-center gap-2 rounded-2xl px-4 py-3 text-left"
      >
        <Cpu size={18} aria-hidden className="text-accent" />
        <span className="font-semibold">{DEVCORE_TEXT.title}</span>
        <span className="text-xs text-muted">{DEVCORE_TEXT.version}</span>
        {data && (
          <span
            data-testid="devcore-state"
            className={cn(
              'ml-auto rounded-full px-2 py-0.5 text-xs font-semibold',
              data.active
                ? 'bg-emerald-100 text-emerald-800 dark:bg-emerald-900/40 dark:text-emerald-200'
                : 'bg-red-100 text-red-800 dark:bg-red-900/40 dark:text-red-200',
            )}
          >
            {data.active ? DEVCORE_TEXT.active : DEVCORE_TEXT.inactive}
          </span>
        )}
        <ChevronDown
          size={16}
          aria-hidden
          className={cn(
            'shrink-0 transition-transform',
            !data && 'ml-auto',
            expanded && 'rotate-180',
          )}
        />
      </button>

      {expanded && (
        <div id={bodyId} className="grid gap-3 px-4 pb-4 text-sm">
          {!data ? (
            <p className="text-muted">{status.isPending ? 'Loading…' : DEVCORE_TEXT.unavailable}</p>
          ) : (
            <>
              {status.isError && (
                <p className="text-xs text-amber-700 dark:text-amber-300">
                  {DEVCORE_TEXT.lastKnown}
                </p>
              )}
              <dl className="grid grid-cols-2 gap-2">
                <div>
                  <dt className="text-xs text-muted">{DEVCORE_TEXT.uptime}</dt>
                  <dd data-testid="devcore-uptime">{formatUptime(data.uptime)}</dd>
                </div>
                <div>
                  <dt className="text-xs text-muted">{DEVCORE_TEXT.lastScan}</dt>
                  <dd data-testid="devcore-last-scan">
                    {data.lastScan
                      ? new Date(data.lastScan).toLocaleString(undefined, {
                          dateStyle: 'short',
                          timeStyle: 'short',
                        })
                      : DEVCORE_TEXT.never}
                  </dd>
                </div>
              </dl>
              {data.scan &&
                (data.scan.ok ? (
                  <p className="text-xs text-muted">{DEVCORE_TEXT.scanClean}</p>
                ) : (
                  <ul
                    className="grid gap-1 text-xs text-red-700 dark:text-red-400"
                    aria-label="Scan problems"
                  >
                    {data.scan.problems.map((problem) => (
                      <li key={problem} className="wrap-anywhere">
                        {problem}
                      </li>
                    ))}
                  </ul>
                ))}

              <div>
                <h3 className="mb-1 text-xs font-medium text-muted">{DEVCORE_TEXT.metricsTitle}</h3>
                <ul className="grid gap-1.5">
                  {METRIC_KEYS.map((key) => {
                    const value = data.evolutionMetrics[key];
                    const colour = value === null ? null : metricColour(value);
                    return (
                      <li key={key} data-testid={`metric-${key}`} data-colour={colour ?? 'none'}>
                        <div className="flex justify-between gap-2">
                          <span>{METRIC_LABELS[key]}</span>
                          <span
                            className={cn(
                              'font-medium tabular-nums',
                              colour ? COLOUR_TEXT[colour] : 'text-muted',
                            )}
                          >
                            {value === null ? DEVCORE_TEXT.notMeasured : `${Math.round(value)}%`}
                          </span>
                        </div>
                        {colour && value !== null && (
                          <div
                            className="mt-0.5 h-1 rounded-full bg-stone-200 dark:bg-stone-700"
                            aria-hidden
                          >
                            <div
                              className={cn('h-1 rounded-full', COLOUR_BAR[colour])}
                              style={{ width: `${value}%` }}
                            />
                          </div>
                        )}
                      </li>
                    );
                  })}
                </ul>
              </div>

              <div className="flex flex-wrap gap-2">
                <Button
                  size="sm"
                  variant="outline"
                  disabled={!data.active || busy || !isAdmin}
                  onClick={() => run('manual-scan')}
                >
                  <ScanSearch size={14} aria-hidden />
                  {DEVCORE_TEXT.manualScan}
                </Button>
                {data.active ? (
                  <Button
                    size="sm"
                    variant="destructive"
                    disabled={busy || !isAdmin}
                    onClick={() => run('emergency-halt')}
                  >
                    <OctagonX size={14} aria-hidden />
                    {DEVCORE_TEXT.emergencyHalt}
                  </Button>
                ) : (
                  <Button
                    size="sm"
                    disabled={busy || !isAdmin}
                    onClick={() => run('emergency-restore')}
                  >
                    <RotateCcw size={14} aria-hidden />
                    {DEVCORE_TEXT.emergencyRestore}
                  </Button>
                )}
              </div>
              {!isAdmin && <p className="text-xs text-muted">{DEVCORE_TEXT.adminOnly}</p>}
            </>
          )}
        </div>
      )}
    </section>
  );
}

export default DevCoreCard;
