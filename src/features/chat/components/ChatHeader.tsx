// The chat's own header (spec 000 §2.2): the 'Tools' toggle, sidebar toggle, title with the status
// marks, the viewed session's title, theme, and 'Latest Reply'. It reaches under the status bar and
// keeps its content below the notch.
import type { ReactNode } from 'react';
import { MessageCircleHeart, PanelLeft, WifiOff } from 'lucide-react';
import { Wrench } from '@/ui/frame-icons';
import { IconButton } from '@/ui/IconButton';
import { ThemeToggle } from '@/ui/ThemeToggle';
import { FRAME_TEXT } from '../model/frame';
import { CHAT_TEXT } from '../model/texts';
import { KiriAvatar } from './KiriAvatar';
import { BAR, FOCUS_RING, HEADER_FRAME } from './palette';
import { cn } from '@/ui/cn';

export interface ChatHeaderProps {
  personaName: string;
  sessionTitle: string;
  sidebarOpen: boolean;
  onToggleSidebar: () => void;
  onLatestReply: () => void;
  /** The server cannot be reached although the browser says it is online. */
  offline: boolean;
  toolsOpen?: boolean;
  onToggleTools?: () => void;
  /** The soul star and consciousness indicator, beside the title (loaded after the first paint). */
  marks?: ReactNode;
  /** The settings sidebar's button (src/app hands it in; loaded after the first paint). */
  settings?: ReactNode;
}

export function ChatHeader({
  personaName,
  sessionTitle,
  sidebarOpen,
  onToggleSidebar,
  onLatestReply,
  offline,
  toolsOpen = false,
  onToggleTools,
  marks,
  settings,
}: ChatHeaderProps) {
  return (
    <header className={cn(HEADER_FRAME, BAR)}>
      <div className="flex h-14 items-center gap-2 pr-[max(env(safe-area-inset-right),0.5rem)] pl-[max(env(safe-area-inset-left),0.5rem)]">
        {onToggleTools && (
          <button
            type="button"
            onClick={onToggleTools}
            aria-expanded={toolsOpen}
            aria-label={FRAME_TEXT.tools}
            title={FRAME_TEXT.tools}
            className={cn(
              'inline-flex h-10 shrink-0 items-center gap-1.5 rounded-lg px-2 text-sm font-medium transition-colors sm:px-3',
              toolsOpen
                ? 'bg-accent-soft text-on-accent-soft'
                : 'text-stone-600 hover:bg-[#f3ebe4] dark:text-stone-300 dark:hover:bg-[#2a2522]',
              FOCUS_RING,
            )}
          >
            <Wrench size={18} aria-hidden />
            <span className="hidden sm:inline">{FRAME_TEXT.tools}</span>
          </button>
        )}
        <IconButton
          label={sidebarOpen ? 'Close sidebar' : 'Open sidebar'}
          aria-expanded={sidebarOpen}
          onClick={onToggleSidebar}
          className="text-stone-600 dark:text-stone-300"
        >
          <PanelLeft size={20} aria-hidden />
        </IconButton>
        <KiriAvatar name={personaName} size={32} />
        <div className="min-w-0 flex-1 leading-tight">
          <p className="flex items-center gap-2 truncate text-bubble font-semibold text-stone-900 dark:text-stone-50">
            <span className="truncate">{personaName}</span>
            {marks}
          </p>
          {/* The pill sits on the title's line: on a 390 px phone the name's line (with the marks and
              five buttons beside it) has no room for it, and it hid the name and was cut off. */}
          <div className="flex min-w-0 items-center gap-1.5">
            {offline && (
              <span
                className="inline-flex shrink-0 items-center gap-1 rounded-full bg-amber-100 px-1.5 text-tiny leading-4 font-medium text-amber-800 dark:bg-amber-900/40 dark:text-amber-200"
                title="The server cannot be reached; showing what this device has."
              >
                <WifiOff size={10} aria-hidden />
                {CHAT_TEXT.offline}
              </span>
            )}
            <h1 className="truncate text-xs text-stone-500 dark:text-stone-400">{sessionTitle}</h1>
          </div>
        </div>
        {settings}
        <ThemeToggle />
        <button
          type="button"
          onClick={onLatestReply}
          aria-label={CHAT_TEXT.latestReply}
          title={CHAT_TEXT.latestReply}
          className={cn(
            'inline-flex h-9 items-center gap-1.5 rounded-full border border-[#e7dbd0] bg-white px-3 text-sm font-medium text-stone-700 shadow-sm transition-colors hover:bg-[#f8f1eb] dark:border-stone-700 dark:bg-[#2a2522] dark:text-stone-200 dark:hover:bg-[#332d29]',
            FOCUS_RING,
          )}
        >
          <MessageCircleHeart size={16} aria-hidden className="text-accent" />
          <span className="hidden sm:inline">{CHAT_TEXT.latestReply}</span>
        </button>
      </div>
    </header>
  );
}
