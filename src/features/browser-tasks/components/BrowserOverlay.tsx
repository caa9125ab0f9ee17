// The browser overlay (spec 000 §2.2 variant B, §4): the page a task opened, with minimise, maximise
// and close. Many sites refuse to be framed and a cross-origin frame cannot tell us so, so the address
// and a link that opens it outside are always shown.
import { cn } from '@/ui/cn';
import { Close, Globe, Maximize, Minimize, Minus } from '@/ui/task-icons';
import { BROWSER_TEXT, openOutsideLabel } from '../model/texts';
import type { OverlayState } from '../api/task-runner';
import type { BrowserTaskView } from '../model/task-tabs';

export interface BrowserOverlayProps {
  state: OverlayState;
  onView: (view: BrowserTaskView) => void;
  onClose: () => void;
}

const BUTTON =
  'inline-flex h-8 w-8 items-center justify-center rounded-full text-stone-600 hover:bg-stone-100 focus-visible:outline-2 focus-visible:outline-accent dark:text-stone-300 dark:hover:bg-stone-800';

function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
}

export default function BrowserOverlay({ state, onView, onClose }: BrowserOverlayProps) {
  const { task, view } = state;
  const outside = openOutsideLabel(typeof navigator === 'undefined' ? undefined : navigator.vendor);
  const closeButton = (
    <button type="button" aria-label={BROWSER_TEXT.close} className={BUTTON} onClick={onClose}>
      <Close size={16} aria-hidden />
    </button>
  );

  if (view === 'minimised') {
    return (
      <div
        role="region"
        aria-label={BROWSER_TEXT.overlayLabel}
        data-testid="browser-overlay"
        data-view="minimised"
        className="fixed bottom-[calc(env(safe-area-inset-bottom)+5.5rem)] left-3 z-40 flex max-w-[70vw] items-center gap-1 rounded-full border border-line bg-panel py-1 pr-1 pl-3 shadow-lg"
      >
        <Globe size={14} aria-hidden className="shrink-0 text-accent" />
        <button
          type="button"
          className="min-w-0 truncate px-1 text-sm"
          aria-label={`${BROWSER_TEXT.restore}: ${hostOf(task.url)}`}
          onClick={() => onView('normal')}
        >
          {hostOf(task.url)}
        </button>
        {closeButton}
      </div>
    );
  }

  return (
    <div
      role="dialog"
      aria-label={BROWSER_TEXT.overlayLabel}
      data-testid="browser-overlay"
      data-view={view}
      className={cn(
        'fixed z-40 flex flex-col overflow-hidden border border-line bg-panel shadow-2xl',
        view === 'maximised'
          ? 'inset-0 pt-[env(safe-area-inset-top)] pb-[env(safe-area-inset-bottom)]'
          : 'inset-x-0 bottom-0 h-[75dvh] rounded-t-2xl pb-[env(safe-area-inset-bottom)] md:inset-x-auto md:right-4 md:bottom-4 md:h-[70dvh] md:w-[32rem] md:rounded-2xl md:pb-0',
      )}
    >
      <div className="flex items-center gap-1 border-b border-line px-2 py-1.5">
        <Globe size={16} aria-hidden className="ml-1 shrink-0 text-accent" />
        <p
          className="min-w-0 flex-1 truncate px-1 text-sm"
          title={task.url}
          data-testid="browser-address"
        >
          {task.url}
        </p>
        <a
          href={task.url}
          target="_blank"
          rel="noopener noreferrer"
          className="shrink-0 rounded-full px-2 py-1 text-xs font-medium text-accent hover:underline"
        >
          {outside}
        </a>
        <button
          type="button"
          aria-label={BROWSER_TEXT.minimise}
          className={BUTTON}
          onClick={() => onView('minimised')}
        >
          <Minus size={16} aria-hidden />
        </button>
        <button
          type="button"
          aria-label={view === 'maximised' ? BROWSER_TEXT.restore : BROWSER_TEXT.maximise}
          className={BUTTON}
          onClick={() => onView(view === 'maximised' ? 'normal' : 'maximised')}
        >
          {view === 'maximised' ? (
            <Minimize size={16} aria-hidden />
          ) : (
            <Maximize size={16} aria-hidden />
          )}
        </button>
        {closeButton}
      </div>
      {state.popupBlocked && (
        <p className="border-b border-line px-3 py-1.5 text-xs text-muted" role="status">
          {BROWSER_TEXT.popupBlocked}
        </p>
      )}
      <iframe
        key={task.id}
        src={task.url}
        title={hostOf(task.url)}
        // The page is another site's: its own scripts and forms run, but it cannot reach the app.
        sandbox="allow-scripts allow-forms allow-same-origin allow-popups allow-popups-to-escape-sandbox"
        referrerPolicy="no-referrer"
        className="min-h-0 w-full flex-1 bg-white"
      />
      <p className="px-3 py-1.5 text-[11px] text-muted">{BROWSER_TEXT.frameNote}</p>
    </div>
  );
}
