// The 'Latest Reply' overlay (spec 000 §2.2 variant A): Kiri's newest message with its time, and
// 'Continue Conversation'. Loaded only when first opened.
import { useLiveQuery } from 'dexie-react-hooks';
import { db } from '@/db/db';
import { newestKiriMessage } from '@/db/messages';
import { Dialog } from '@/ui/Dialog';
import { CHAT_TEXT } from '../model/texts';
import { cn } from '@/ui/cn';
import { KiriAvatar } from './KiriAvatar';
import { ACCENT_BUTTON, FOCUS_RING } from './palette';

const stampFormat = new Intl.DateTimeFormat(undefined, {
  weekday: 'long',
  month: 'long',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
});

export interface LatestReplyOverlayProps {
  personaName: string;
  /** Closed by the owner: `shownId` is the reply it showed (now seen). */
  onClose: (shownId: string | null) => void;
  onContinue: (shownId: string | null) => void;
}

export default function LatestReplyOverlay({
  personaName,
  onClose,
  onContinue,
}: LatestReplyOverlayProps) {
  const latest = useLiveQuery(() => newestKiriMessage(db, Date.now()).then((m) => m ?? null), []);
  const shownId = latest?.id ?? null;
  return (
    <Dialog
      open
      onOpenChange={(open) => {
        if (!open) onClose(shownId);
      }}
      title={CHAT_TEXT.latestReply}
      className="max-w-lg"
    >
      {latest === undefined ? (
        <p className="h-16" aria-busy="true" />
      ) : latest === null ? (
        <p className="text-stone-500 dark:text-stone-400">No replies from {personaName} yet.</p>
      ) : (
        <div className="grid gap-3" data-latest-reply-id={latest.id}>
          <div className="flex items-center gap-2">
            <KiriAvatar name={personaName} size={32} />
            <div className="leading-tight">
              <p className="font-semibold">{personaName}</p>
              <time
                dateTime={new Date(latest.timestamp).toISOString()}
                className="text-xs text-stone-500 dark:text-stone-400"
              >
                {stampFormat.format(latest.timestamp)}
              </time>
            </div>
          </div>
          <p className="max-h-[50dvh] overflow-y-auto rounded-2xl bg-[#f8f3ee] px-4 py-3 text-bubble leading-relaxed whitespace-pre-wrap text-stone-800 dark:bg-[#2a2522] dark:text-stone-100">
            {latest.message}
          </p>
        </div>
      )}
      <button
        type="button"
        className={cn(
          'h-11 w-full rounded-full font-medium transition-colors',
          ACCENT_BUTTON,
          FOCUS_RING,
        )}
        onClick={() => onContinue(shownId)}
      >
        {CHAT_TEXT.continueConversation}
      </button>
    </Dialog>
  );
}
