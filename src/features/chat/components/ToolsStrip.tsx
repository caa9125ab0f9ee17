// The tools strip that the header's 'Tools' toggle opens (spec 000 §2.2 variant A): sidebar, image
// upload panel, dyslexia-friendly mode, settings panel; and the features panel, which the spec puts on
// the screen without saying where it opens from.
import { PanelLeft } from 'lucide-react';
import { BookOpen, ImagePlus, LayoutGrid, SlidersHorizontal } from '@/ui/frame-icons';
import type { ReactNode } from 'react';
import { cn } from '@/ui/cn';
import { FRAME_TEXT } from '../model/frame';
import { FOCUS_RING } from './palette';

export type FramePanel = 'image' | 'settings' | 'features';

export interface ToolsStripProps {
  sidebarOpen: boolean;
  dyslexia: boolean;
  panel: FramePanel | null;
  onToggleSidebar: () => void;
  onToggleDyslexia: () => void;
  onTogglePanel: (panel: FramePanel) => void;
}

function Tool({
  label,
  pressed,
  onClick,
  children,
}: {
  label: string;
  pressed: boolean;
  onClick: () => void;
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      aria-label={label}
      title={label}
      aria-pressed={pressed}
      onClick={onClick}
      className={cn(
        'inline-flex h-10 w-10 shrink-0 items-center justify-center rounded-xl transition-colors',
        pressed
          ? 'bg-accent-soft text-on-accent-soft'
          : 'text-stone-600 hover:bg-[#f3ebe4] dark:text-stone-300 dark:hover:bg-[#2a2522]',
        FOCUS_RING,
      )}
    >
      {children}
    </button>
  );
}

export function ToolsStrip(props: ToolsStripProps) {
  return (
    <div
      role="toolbar"
      aria-label={FRAME_TEXT.toolsStrip}
      className="flex items-center gap-1 overflow-x-auto border-b border-line bg-panel/90 py-1 pr-[max(env(safe-area-inset-right),0.5rem)] pl-[max(env(safe-area-inset-left),0.5rem)]"
    >
      <Tool
        label={FRAME_TEXT.toggleSidebar}
        pressed={props.sidebarOpen}
        onClick={props.onToggleSidebar}
      >
        <PanelLeft size={18} aria-hidden />
      </Tool>
      <Tool
        label={FRAME_TEXT.toggleImagePanel}
        pressed={props.panel === 'image'}
        onClick={() => props.onTogglePanel('image')}
      >
        <ImagePlus size={18} aria-hidden />
      </Tool>
      <Tool
        label={FRAME_TEXT.toggleDyslexia}
        pressed={props.dyslexia}
        onClick={props.onToggleDyslexia}
      >
        <BookOpen size={18} aria-hidden />
      </Tool>
      <Tool
        label={FRAME_TEXT.toggleSettings}
        pressed={props.panel === 'settings'}
        onClick={() => props.onTogglePanel('settings')}
      >
        <SlidersHorizontal size={18} aria-hidden />
      </Tool>
      <Tool
        label={FRAME_TEXT.toggleFeatures}
        pressed={props.panel === 'features'}
        onClick={() => props.onTogglePanel('features')}
      >
        <LayoutGrid size={18} aria-hidden />
      </Tool>
    </div>
  );
}
