// The chat's floating panels (spec 000 §2.2 variant A): features (memory panel, maintenance monitor,
// the raw JSON links, Core Systems Demo), settings (quick tone presets, night vision) and the image
// share panel (its slot; without it the panel says sharing is not built here). The parts other features build arrive as slots from the
// chat's route (src/app); an empty slot renders nothing. On a phone each panel is a bottom sheet over
// a backdrop, clear of the home indicator; wider, a floating panel under the header. Loaded when opened.
import { useEffect, type ReactNode } from 'react';
import { Link } from 'react-router';
import { Moon, Sun, X } from 'lucide-react';
import { ExternalLink } from '@/ui/frame-icons';
import { cn } from '@/ui/cn';
import type { VisionControl } from '../hooks/useFrameSettings';
import { useOfflineReplies } from '../hooks/useOfflineReplies';
import { OFFLINE_REPLIES_TEXT } from '../model/device-replies';
import { CORE_SYSTEMS_DEMO_PATH, FEATURE_JSON_LINKS, FRAME_TEXT } from '../model/frame';
import { FOCUS_RING, PANEL } from './palette';
import type { FramePanel } from './ToolsStrip';

export interface FrameSlots {
  /** The memory panel (src/features/memory), placed by the chat's route. */
  memoryPanel?: ReactNode;
  /** The maintenance monitor's card (src/features/devcore), placed by the chat's route. */
  devcoreCard?: ReactNode;
  /** The quick tone presets (src/features/personality), placed by the chat's route. */
  tonePresets?: ReactNode;
  /** The image share panel (src/features/images), placed by the chat's route. */
  imagePanel?: ReactNode;
}

export interface FramePanelsProps extends FrameSlots {
  panel: FramePanel;
  isMobile: boolean;
  vision: VisionControl;
  onClose: () => void;
}

const TITLES: Record<FramePanel, string> = {
  features: FRAME_TEXT.featuresTitle,
  settings: FRAME_TEXT.settingsTitle,
  image: FRAME_TEXT.imageTitle,
};

export default function FramePanels(props: FramePanelsProps) {
  const { panel, isMobile, onClose } = props;
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onClose();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [onClose]);

  const sheet = (
    <div
      role="dialog"
      aria-label={TITLES[panel]}
      data-testid={`${panel}-panel`}
      className={cn(
        PANEL,
        'flex flex-col overflow-hidden border border-line shadow-2xl',
        isMobile
          ? 'max-h-[85dvh] w-full rounded-t-2xl pb-[env(safe-area-inset-bottom)]'
          : 'max-h-[calc(100dvh-6rem)] w-[24rem] rounded-2xl',
      )}
    >
      <div className="flex items-center justify-between gap-2 border-b border-line px-4 py-2">
        <h2 className="text-base font-semibold">{TITLES[panel]}</h2>
        <button
          type="button"
          aria-label={FRAME_TEXT.close}
          title={FRAME_TEXT.close}
          onClick={onClose}
          className={cn(
            'inline-flex h-9 w-9 items-center justify-center rounded-full hover:bg-stone-100 dark:hover:bg-stone-800',
            FOCUS_RING,
          )}
        >
          <X size={18} aria-hidden />
        </button>
      </div>
      <div className="grid min-h-0 gap-4 overflow-y-auto overscroll-contain p-4 pr-[max(env(safe-area-inset-right),1rem)] pl-[max(env(safe-area-inset-left),1rem)]">
        {panel === 'features' && <FeaturesBody {...props} />}
        {panel === 'settings' && <SettingsBody {...props} />}
        {panel === 'image' &&
          (props.imagePanel ?? <p className="text-sm text-muted">{FRAME_TEXT.imageNotBuilt}</p>)}
      </div>
    </div>
  );

  return isMobile ? (
    <div className="fixed inset-0 z-40 flex flex-col justify-end">
      <button
        type="button"
        aria-label={FRAME_TEXT.close}
        className="absolute inset-0 bg-stone-950/40"
        onClick={onClose}
      />
      <div className="relative">{sheet}</div>
    </div>
  ) : (
    <div className="fixed top-[calc(env(safe-area-inset-top)+7rem)] right-[max(env(safe-area-inset-right),1rem)] z-30">
      {sheet}
    </div>
  );
}

function FeaturesBody({ memoryPanel, devcoreCard }: FramePanelsProps) {
  return (
    <>
      {memoryPanel}
      {devcoreCard}
      <section aria-label="Raw data" className="grid gap-2">
        <ul className="grid grid-cols-2 gap-2">
          {FEATURE_JSON_LINKS.map((link) => (
            <li key={link.href}>
              <a
                href={link.href}
                target="_blank"
                rel="noopener noreferrer"
                title={`${FRAME_TEXT.openJson}: ${link.href}`}
                className={cn(
                  'flex h-10 items-center justify-between gap-1 rounded-lg border border-line px-3 text-sm hover:bg-[#f3ebe4] dark:hover:bg-[#2a2522]',
                  FOCUS_RING,
                )}
              >
                <span className="truncate">{link.label}</span>
                <ExternalLink size={13} aria-hidden className="shrink-0 text-muted" />
              </a>
            </li>
          ))}
        </ul>
        <Link
          to={CORE_SYSTEMS_DEMO_PATH}
          className={cn(
            'text-sm font-medium text-accent underline-offset-4 hover:underline',
            FOCUS_RING,
          )}
        >
          {FRAME_TEXT.coreSystemsDemo}
        </Link>
      </section>
    </>
  );
}

function SettingsBody({ tonePresets, vision }: FramePanelsProps) {
  const night = vision.vision === 'night';
  return (
    <>
      {tonePresets}
      <section aria-label={FRAME_TEXT.nightVision} className="grid gap-2 text-sm">
        <div className="flex items-center justify-between gap-3">
          <span className="flex items-center gap-2 font-medium">
            {night ? <Moon size={16} aria-hidden /> : <Sun size={16} aria-hidden />}
            {FRAME_TEXT.nightVision}
          </span>
          <button
            type="button"
            role="switch"
            aria-checked={night}
            aria-label={FRAME_TEXT.nightVision}
            onClick={vision.toggle}
            className={cn(
              'relative inline-flex h-7 w-12 shrink-0 items-center rounded-full transition-colors',
              night ? 'bg-accent' : 'bg-stone-300 dark:bg-stone-600',
              FOCUS_RING,
            )}
          >
            <span
              className={cn(
                'inline-block h-5 w-5 rounded-full bg-white shadow transition-transform',
                night ? 'translate-x-6' : 'translate-x-1',
              )}
            />
          </button>
        </div>
        <label className="flex min-h-10 items-center gap-2">
          <input
            type="checkbox"
            checked={vision.auto}
            onChange={(event) => vision.setAuto(event.target.checked)}
            className="h-4 w-4 accent-accent"
          />
          {FRAME_TEXT.nightVisionAuto}
        </label>
      </section>
      <OfflineRepliesSetting />
    </>
  );
}

/** Issue 12: whether Kiri answers on this device when the server cannot. */
function OfflineRepliesSetting() {
  const [on, setOn] = useOfflineReplies();
  return (
    <section aria-label={OFFLINE_REPLIES_TEXT.label} className="grid gap-1 text-sm">
      <div className="flex items-center justify-between gap-3">
        <span id="offline-replies-label" className="font-medium">
          {OFFLINE_REPLIES_TEXT.label}
        </span>
        <button
          type="button"
          role="switch"
          aria-checked={on}
          aria-labelledby="offline-replies-label"
          aria-describedby="offline-replies-hint"
          onClick={() => setOn(!on)}
          className={cn(
            'relative inline-flex h-7 w-12 shrink-0 items-center rounded-full transition-colors',
            on ? 'bg-accent' : 'bg-stone-300 dark:bg-stone-600',
            FOCUS_RING,
          )}
        >
          <span
            className={cn(
              'inline-block h-5 w-5 rounded-full bg-white shadow transition-transform',
              on ? 'translate-x-6' : 'translate-x-1',
            )}
          />
        </button>
      </div>
      <p id="offline-replies-hint" className="text-xs text-muted">
        {OFFLINE_REPLIES_TEXT.hint}
      </p>
    </section>
  );
}
