// One message of the list: its bubble, the quoted message it replies to, and (for the owner's) its
// delivery state in words. Long press or right click hands the message to the screen.
import { memo } from 'react';
import { useLiveQuery } from 'dexie-react-hooks';
import { Check } from 'lucide-react';
import { db } from '@/db/db';
import type { MessageRow } from '@/db/schema';
import { cn } from '@/ui/cn';
import { useLongPress, type PressPoint } from '../hooks/useLongPress';
import { formatTime, statusView } from '../model/message-view';
import { photoFailedText } from '../model/photo-view';
import { WRITTEN_OFFLINE_TEXT } from '../model/device-replies';
import { STATUS_TEXT } from '../model/texts';
import { KiriAvatar } from './KiriAvatar';
import { PhotoBubble } from './PhotoBubble';
import {
  ACCENT_TEXT,
  BUBBLE_COLUMN,
  BUBBLE_SHAPE,
  KIRI_BUBBLE,
  MESSAGE_TIME,
  USER_BUBBLE,
} from './palette';

export interface MessageItemProps {
  row: MessageRow;
  groupEnd: boolean;
  personaName: string;
  /** The message this one replies to, when it is among the loaded rows. */
  quoted: MessageRow | undefined;
  onPress: (row: MessageRow, point: PressPoint) => void;
  onRetry: (id: string) => void;
  onDelete: (id: string) => void;
}

export const MessageItem = memo(function MessageItem({
  row,
  groupEnd,
  personaName,
  quoted,
  onPress,
  onRetry,
  onDelete,
}: MessageItemProps) {
  const mine = row.sender === 'user';
  const press = useLongPress((point) => onPress(row, point));
  const photo = row.photoId !== undefined;
  const view = mine ? statusView(row.status, row.statusReason) : null;
  // A refused photo says so in the spec's words; sending it again would be refused again: no Retry.
  const status =
    view && photo && row.status === 'failed'
      ? { ...view, text: photoFailedText(row.statusReason) }
      : view;

  return (
    <div
      data-message-id={row.id}
      data-sender={row.sender}
      data-status={mine ? row.status : undefined}
      className={cn('flex items-end gap-2', mine ? 'justify-end' : 'justify-start')}
    >
      {!mine &&
        (groupEnd ? (
          <KiriAvatar name={personaName} size={28} className="mb-5" />
        ) : (
          <span className="w-7 shrink-0" />
        ))}
      <div className={cn(BUBBLE_COLUMN, mine ? 'items-end' : 'items-start')}>
        {row.replyToId && (
          <QuotedBlock id={row.replyToId} known={quoted} personaName={personaName} mine={mine} />
        )}
        <div
          {...press}
          data-message-text=""
          // Focusable so that the menu (own messages) and the reply target (Kiri's) are reachable
          // from the keyboard too.
          tabIndex={0}
          aria-haspopup={mine ? 'menu' : undefined}
          className={cn(
            BUBBLE_SHAPE,
            'outline-none focus-visible:ring-2 focus-visible:ring-accent/70',
            'pointer-coarse:select-none [-webkit-touch-callout:none]',
            mine ? USER_BUBBLE : KIRI_BUBBLE,
            mine && groupEnd && 'rounded-br-md',
            !mine && groupEnd && 'rounded-bl-md',
            row.status === 'failed' && 'opacity-80',
            photo && 'p-1',
          )}
        >
          {row.photoId !== undefined ? (
            <PhotoBubble photoId={row.photoId} size={row.photoSize} />
          ) : (
            row.message
          )}
        </div>
        {mine && status ? (
          <StatusLine
            row={row}
            text={status.text}
            tick={status.tick}
            tone={status.tone}
            actions={status.actions}
            canRetry={!photo}
            showTime={groupEnd}
            onRetry={onRetry}
            onDelete={onDelete}
          />
        ) : (
          groupEnd && (
            <span className={MESSAGE_TIME}>
              {formatTime(row.timestamp)}
              {row.writtenOffline && (
                <>
                  <span aria-hidden> · </span>
                  <span data-written-offline="">{WRITTEN_OFFLINE_TEXT}</span>
                </>
              )}
            </span>
          )
        )}
      </div>
    </div>
  );
});

function StatusLine({
  row,
  text,
  tick,
  tone,
  actions,
  canRetry = true,
  showTime,
  onRetry,
  onDelete,
}: {
  row: MessageRow;
  text: string | null;
  tick: boolean;
  tone: 'muted' | 'warn' | 'error';
  actions: boolean;
  canRetry?: boolean;
  showTime: boolean;
  onRetry: (id: string) => void;
  onDelete: (id: string) => void;
}) {
  if (!text && !showTime) return null;
  return (
    <div
      className={cn(
        'mt-1 flex flex-wrap items-center justify-end gap-x-1.5 gap-y-1 px-1 text-tiny',
        tone === 'muted' && 'text-muted',
        tone === 'warn' && 'text-amber-700 dark:text-amber-300',
        tone === 'error' && 'text-red-600 dark:text-red-400',
      )}
    >
      {showTime && <span>{formatTime(row.timestamp)}</span>}
      {tick ? (
        <span role="img" aria-label={text ?? undefined} title={text ?? undefined}>
          <Check size={12} strokeWidth={2.5} aria-hidden className={ACCENT_TEXT} />
        </span>
      ) : (
        text && (
          <span data-status-text="">
            {showTime && <span aria-hidden>· </span>}
            {text}
          </span>
        )
      )}
      {actions && (
        <span className="flex gap-1">
          {canRetry && (
            <button
              type="button"
              onClick={() => onRetry(row.id)}
              className="rounded-full bg-red-50 px-2 py-0.5 font-medium text-red-700 hover:bg-red-100 dark:bg-red-950/60 dark:text-red-300 dark:hover:bg-red-900/60"
            >
              {STATUS_TEXT.retry}
            </button>
          )}
          <button
            type="button"
            onClick={() => onDelete(row.id)}
            className="rounded-full px-2 py-0.5 font-medium text-muted hover:bg-stone-100 dark:hover:bg-stone-800"
          >
            {STATUS_TEXT.delete}
          </button>
        </span>
      )}
    </div>
  );
}

function QuotedBlock({
  id,
  known,
  personaName,
  mine,
}: {
  id: string;
  known: MessageRow | undefined;
  personaName: string;
  mine: boolean;
}) {
  // Older than what is loaded: read it by id.
  const looked = useLiveQuery(() => (known ? undefined : db.messages.get(id)), [id, known]);
  const quoted = known ?? looked;
  return (
    <div
      data-quoted-id={id}
      className={cn(
        'mb-1 max-w-full rounded-2xl border-l-[3px] px-3 py-1.5 text-quote leading-snug',
        mine
          ? 'border-accent-line bg-[#f6ebe2] text-[#5b3b2a] dark:bg-[#2f2420] dark:text-[#f0d6c6]'
          : 'border-accent-line bg-white/70 text-stone-700 ring-1 ring-[#eee3d9] dark:bg-[#221e1b] dark:text-stone-300 dark:ring-white/5',
      )}
    >
      <p className="text-tiny font-semibold opacity-80">
        {quoted ? (quoted.sender === 'kiri' ? personaName : 'You') : ''}
      </p>
      <p className="line-clamp-2">{quoted ? quoted.message : 'Message not available'}</p>
    </div>
  );
}

export function TroubleLine({ personaName, text }: { personaName: string; text: string }) {
  return (
    <div data-sender="kiri" data-local-line="trouble" className="flex items-end gap-2">
      <KiriAvatar name={personaName} size={28} />
      <div
        className={cn(
          'max-w-[82%] rounded-[20px] rounded-bl-md px-3.5 py-2 text-bubble leading-relaxed sm:max-w-[70%]',
          KIRI_BUBBLE,
        )}
      >
        {text}
      </div>
    </div>
  );
}

export function TypingBubble({ personaName, label }: { personaName: string; label: string }) {
  return (
    <div role="status" aria-label={label} className="flex items-end gap-2" data-typing="">
      <KiriAvatar name={personaName} size={28} />
      <div
        className={cn('flex h-9 items-center gap-1 rounded-[20px] rounded-bl-md px-4', KIRI_BUBBLE)}
      >
        {[0, 150, 300].map((delay) => (
          <span
            key={delay}
            className="h-1.5 w-1.5 animate-bounce rounded-full bg-[#c9a48e] dark:bg-[#8a6a58]"
            style={{ animationDelay: `${delay}ms`, animationDuration: '1s' }}
          />
        ))}
      </div>
    </div>
  );
}
