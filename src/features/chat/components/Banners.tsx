// The small banners of the chat: the new day, the connection, the reply target, a past day in view.
import { CloudOff, Reply, Sun, X } from 'lucide-react';
import type { MessageRow } from '@/db/schema';
import type { ConnectionView } from '../model/offline-banner';
import { cn } from '@/ui/cn';
import { CHAT_TEXT } from '../model/texts';
import { ACCENT_TEXT } from './palette';

export function NewDayBanner({ title, onDismiss }: { title: string; onDismiss: () => void }) {
  return (
    <div className="pointer-events-none absolute inset-x-0 top-3 z-20 flex justify-center px-4">
      <div
        role="status"
        className="pointer-events-auto flex max-w-md items-center gap-2 rounded-2xl bg-amber-50/95 py-2 pr-2 pl-3 text-sm text-amber-900 shadow-lg ring-1 ring-amber-200 backdrop-blur dark:bg-amber-950/90 dark:text-amber-100 dark:ring-amber-800"
      >
        <Sun size={16} aria-hidden className="shrink-0 text-amber-500" />
        <span>{CHAT_TEXT.newDay(title)}</span>
        <button
          type="button"
          aria-label="Dismiss"
          onClick={onDismiss}
          className="rounded-full p-1 text-amber-700 hover:bg-amber-100 dark:text-amber-200 dark:hover:bg-amber-900"
        >
          <X size={14} aria-hidden />
        </button>
      </div>
    </div>
  );
}

export function ConnectionBanner({ banner }: { banner: NonNullable<ConnectionView['banner']> }) {
  return (
    <div
      role="status"
      className="mx-auto mb-2 flex w-fit max-w-full items-center gap-2 rounded-full bg-amber-100/90 px-3 py-1 text-xs font-medium text-amber-900 ring-1 ring-amber-200 dark:bg-amber-900/40 dark:text-amber-100 dark:ring-amber-800/60"
    >
      <CloudOff size={13} aria-hidden className="shrink-0" />
      {banner.offline && <span>{CHAT_TEXT.offline}</span>}
      {banner.offline && banner.waiting && <span aria-hidden>·</span>}
      {banner.waiting && <span>{banner.waiting}</span>}
    </div>
  );
}

export function ReplyBanner({
  target,
  personaName,
  onCancel,
}: {
  target: MessageRow;
  personaName: string;
  onCancel: () => void;
}) {
  return (
    <div className="mx-auto mb-2 flex w-full max-w-3xl items-center gap-2 rounded-2xl border-l-4 border-accent-line bg-white/90 py-1.5 pr-1.5 pl-3 shadow-sm ring-1 ring-[#eee3d9] dark:bg-[#221e1b]/90 dark:ring-stone-700">
      <Reply size={15} aria-hidden className={cn('shrink-0', ACCENT_TEXT)} />
      <div className="min-w-0 flex-1">
        <p className={cn('text-tiny font-semibold', ACCENT_TEXT)}>
          {CHAT_TEXT.replyingTo(personaName)}
        </p>
        <p className="truncate text-sm text-stone-700 dark:text-stone-300">{target.message}</p>
      </div>
      <button
        type="button"
        aria-label={CHAT_TEXT.cancelReply}
        onClick={onCancel}
        className="rounded-full p-1.5 text-muted hover:bg-stone-100 dark:hover:bg-stone-800"
      >
        <X size={16} aria-hidden />
      </button>
    </div>
  );
}

export function PastDayBanner({ title, onToday }: { title: string; onToday: () => void }) {
  return (
    <div className="mx-auto mb-2 flex w-fit max-w-full items-center gap-2 rounded-full bg-stone-200/70 py-1 pr-1 pl-3 text-xs text-stone-700 dark:bg-stone-800 dark:text-stone-300">
      <span className="truncate">{CHAT_TEXT.viewingPast(title)}</span>
      <button
        type="button"
        onClick={onToday}
        className={cn(
          'shrink-0 rounded-full bg-white px-2.5 py-0.5 font-medium shadow-sm hover:bg-[#f8f1eb] dark:bg-stone-700 dark:hover:bg-stone-600',
          ACCENT_TEXT,
        )}
      >
        {CHAT_TEXT.backToToday}
      </button>
    </div>
  );
}
