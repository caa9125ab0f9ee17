// /console, /manual-console and the Manual Console tab of /mirror-bridge (spec 002 "Manual console"):
// the header titled by the mode, the five-mode selector with its 400 ms transition, and each mode's
// content. The memory, self-mod and system modes show panels other features build (spec 001 §2), handed
// in by the route (src/app/screens/ConsoleRoute.tsx), since a feature never imports another.
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { BackLink } from '@/ui/BackLink';
import { cn } from '@/ui/cn';
import { useEngineStatus } from '../hooks/useConsole';
import { engineBadge } from '../model/engine-status';
import { ConsolePanel } from './ConsolePanel';
import {
  CONSOLE_MODES,
  CONSOLE_TEXT,
  modeInfo,
  modeSwitch,
  MODE_TRANSITION_MS,
  type ConsoleMode,
} from '../model/console-modes';

export type ConsolePanels = Partial<Record<'memory' | 'self-mod' | 'system', ReactNode>>;

export function ConsoleScreen({
  panels,
  embedded = false,
}: {
  panels: ConsolePanels;
  /** Inside another page's tab (the mirror bridge): no page frame and no back link of its own. */
  embedded?: boolean;
}) {
  const [mode, setMode] = useState<ConsoleMode>('console');
  const [switching, setSwitching] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const choose = (chosen: ConsoleMode) => {
    const next = modeSwitch(mode, chosen);
    if (next === null) return;
    setMode(next);
    setSwitching(true);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setSwitching(false), MODE_TRANSITION_MS);
  };

  const info = modeInfo(mode);
  const Heading = embedded ? 'h2' : 'h1';
  return (
    <section
      className={cn('grid w-full gap-4', !embedded && 'mx-auto max-w-5xl px-4 py-6')}
      aria-labelledby="console-title"
    >
      {/* At large text the title goes under the back arrow and the badge under the title. */}
      <header className="flex flex-wrap items-center gap-3">
        {!embedded && <BackLink label={CONSOLE_TEXT.back} />}
        <div className="grid min-w-0 flex-1 basis-48 gap-0.5 wrap-anywhere">
          <Heading id="console-title" className="text-2xl font-semibold">
            {info.title}
          </Heading>
          <p className="text-sm text-muted">{info.description}</p>
        </div>
        <EngineBadgeView />
      </header>
      <nav aria-label={CONSOLE_TEXT.modes} className="flex flex-wrap gap-2">
        {CONSOLE_MODES.map((entry) => (
          <button
            key={entry.id}
            type="button"
            aria-pressed={entry.id === mode}
            onClick={() => choose(entry.id)}
            className={cn(
              'min-h-10 rounded-lg border px-3 text-sm font-medium transition-colors',
              entry.id === mode
                ? 'border-accent bg-accent text-on-accent'
                : 'border-line bg-panel hover:bg-stone-100 dark:hover:bg-stone-800',
            )}
          >
            {entry.title}
          </button>
        ))}
      </nav>
      <div
        data-testid="console-mode-content"
        data-switching={switching || undefined}
        className={cn(
          'transition-opacity motion-reduce:transition-none',
          switching ? 'opacity-60' : 'opacity-100',
        )}
        style={{ transitionDuration: `${MODE_TRANSITION_MS}ms` }}
      >
        <ModeContent mode={mode} panels={panels} />
      </div>
    </section>
  );
}

function ModeContent({ mode, panels }: { mode: ConsoleMode; panels: ConsolePanels }) {
  if (mode === 'console') return <ConsolePanel />;
  if (mode === 'chat') return <Note>{CONSOLE_TEXT.chatPlaceholder}</Note>;
  return panels[mode] ?? <Note>{CONSOLE_TEXT.panelNotBuilt}</Note>;
}

function Note({ children }: { children: ReactNode }) {
  return (
    <p className="rounded-2xl border border-dashed border-accent-line/70 bg-panel p-4 text-stone-700 dark:text-stone-300">
      {children}
    </p>
  );
}

const BADGE_TONE = {
  good: 'border-emerald-600 bg-emerald-50 text-emerald-800 dark:bg-emerald-950 dark:text-emerald-200',
  idle: 'border-stone-400 bg-stone-100 text-stone-700 dark:bg-stone-900 dark:text-stone-300',
  bad: 'border-red-600 bg-red-50 text-red-800 dark:bg-red-950 dark:text-red-200',
  unknown: 'border-line text-muted',
} as const;

/** The execution engine's Active/Inactive badge; unreachable is said as such, never as 'Inactive'. */
function EngineBadgeView() {
  const status = useEngineStatus();
  const badge = engineBadge({ active: status.data?.active, failed: status.isError });
  return (
    <span
      className={cn(
        'ml-auto rounded-full border px-3 py-1 text-xs font-semibold',
        BADGE_TONE[badge.tone],
      )}
      data-testid="engine-badge"
      title={badge.lastKnown ? 'Last known: the engine did not answer the latest check' : undefined}
    >
      {badge.label === 'Unreachable' ? 'Engine unreachable' : badge.label}
      {badge.lastKnown && ' (last known)'}
    </span>
  );
}
