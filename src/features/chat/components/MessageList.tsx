// The message list: virtualized (a day of 10,000 messages scrolls smoothly), anchored at the end so it
// opens at the newest, follows new messages while the reader is at the end, keeps its place when older
// messages load above, and shows the round scroll-to-latest button past 100 px from the bottom.
import { memo, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useVirtualizer } from '@tanstack/react-virtual';
import { ArrowDown } from 'lucide-react';
import type { MessageRow } from '@/db/schema';
import { useAfterFirstPaint } from '@/lib/after-paint';
import { cn } from '@/ui/cn';
import { markSeen } from '../hooks/useLatestReply';
import type { PressPoint } from '../hooks/useLongPress';
import { useReaderHand } from '../hooks/useReaderHand';
import { useRevealClock } from '../hooks/useSessionMessages';
import { chatItems, type ChatItem } from '../model/message-view';
import {
  distanceFromEnd,
  estimatedEndOffset,
  followsEndOnChange,
  followsEndOnResize,
  isAtEnd,
  LOAD_OLDER_THRESHOLD_PX,
  SCROLL_TO_LATEST_THRESHOLD_PX,
  showScrollToLatest,
} from '../model/scroll';
import { CHAT_TEXT } from '../model/texts';
import { ChatAnnouncer } from './ChatAnnouncer';
import { KiriAvatar } from './KiriAvatar';
import { MessageItem, TroubleLine, TypingBubble } from './MessageItem';
import { withoutTroubleAnsweredHere } from '../model/device-replies';
import { ROW_GUTTER, ROW_INNER } from './palette';

export interface MessageListProps {
  /** The viewed session: the list opens at its newest message. */
  sessionId: string;
  rows: MessageRow[];
  readAt: number;
  hasMore: boolean;
  isToday: boolean;
  dayTitle: string;
  personaName: string;
  /** Changes when the list must go to the newest message (a send, 'Continue Conversation'). */
  jumpSignal: number;
  /** A message to scroll into view and mark (a notification opened the chat at it). */
  focusId?: string | null;
  /** The list has scrolled to `focusId`. */
  onFocused?: (id: string) => void;
  onLoadOlder: () => void;
  onPress: (row: MessageRow, point: PressPoint) => void;
  onRetry: (id: string) => void;
  onDelete: (id: string) => void;
}

const ESTIMATED_ITEM_PX = 68;
const OVERSCAN_ROWS = 8;
const LIST_PADDING_START_PX = 16;
const LIST_PADDING_END_PX = 8;

function initialViewport(): { width: number; height: number } {
  return typeof window === 'undefined'
    ? { width: 0, height: 0 }
    : { width: window.innerWidth, height: window.innerHeight };
}

// Memoized: the screen renders again for every answer of its live queries and of the status check,
// which leave the list's props as they were.
export const MessageList = memo(function MessageList({
  sessionId,
  rows,
  readAt,
  hasMore,
  isToday,
  dayTitle,
  personaName,
  jumpSignal,
  focusId = null,
  onFocused,
  onLoadOlder,
  onPress,
  onRetry,
  onDelete,
}: MessageListProps) {
  const scrollRef = useRef<HTMLDivElement>(null);
  const painted = useAfterFirstPaint();
  const now = useRevealClock(rows, readAt);
  const items = useMemo(
    () =>
      withoutTroubleAnsweredHere(
        chatItems({ rows, now, dayTitle: hasMore ? null : dayTitle, showTyping: isToday }),
        rows,
      ),
    [rows, now, hasMore, dayTitle, isToday],
  );
  const byId = useMemo(() => new Map(rows.map((row) => [row.id, row])), [rows]);
  const [awayFromEnd, setAwayFromEnd] = useState(false);

  // Whether the reader is at the end, by the last scroll event (and the rows' last measuring, below).
  const atEnd = useRef(true);
  // A reader who has begun to scroll up holds the list: what arrives meanwhile is not followed.
  const { readerHolds, isHeld, noteMissed, onListScrolled } = useReaderHand(scrollRef, atEnd);

  // eslint-disable-next-line react-hooks/incompatible-library -- the virtualizer is read in render by design
  const virtualizer = useVirtualizer({
    count: items.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ESTIMATED_ITEM_PX,
    getItemKey: (index) => items[index]!.key,
    anchorTo: 'end',
    followOnAppend: !readerHolds,
    // While the reader holds the list, the virtualizer does not keep its end in view either (as rows
    // are measured): a distance from the end is never below -1.
    scrollEndThreshold: readerHolds ? -1 : SCROLL_TO_LATEST_THRESHOLD_PX,
    // Rows beyond the viewport are there for scrolling: the first frame renders only what it shows.
    overscan: painted ? OVERSCAN_ROWS : 1,
    paddingStart: LIST_PADDING_START_PX,
    paddingEnd: LIST_PADDING_END_PX,
    // Before the scroller is measured, assume the window's size, scrolled to the end: the first render
    // then already holds the newest rows, instead of nothing (a 0×0 viewport) and a measuring pass.
    initialRect: initialViewport(),
    initialOffset: () =>
      estimatedEndOffset(
        items.length,
        ESTIMATED_ITEM_PX,
        LIST_PADDING_START_PX + LIST_PADDING_END_PX,
        initialViewport().height,
      ),
  });

  // Open each session at its newest message, once its rows are there.
  const openedFor = useRef<string | null>(null);
  const hasItems = items.length > 0;
  useLayoutEffect(() => {
    if (!hasItems || openedFor.current === sessionId) return;
    openedFor.current = sessionId;
    virtualizer.scrollToEnd();
  }, [hasItems, sessionId, virtualizer]);

  // Set when the list leaves the end for a notification's message, until a scroll event shows where it
  // went: until then the geometry still says "at the end", and must not carry the view back there.
  const awayForFocus = useRef(false);
  const totalSize = virtualizer.getTotalSize();
  const lastKey = items.at(-1)?.key;
  // Follow the end while the reader is at it (and does not hold the list): a new message, the typing
  // indicator, a part of a split reply, or a row that turned out taller than its estimate once
  // measured. The virtualizer's own followOnAppend goes to the estimated end, so a taller last row was
  // left below the composer.
  useLayoutEffect(() => {
    const el = scrollRef.current;
    if (!el || !hasItems) return;
    const held = isHeld();
    const change = { atEnd: atEnd.current, distanceFromEnd: distanceFromEnd(el) };
    if (followsEndOnChange({ ...change, readerHolds: held })) {
      el.scrollTop = el.scrollHeight;
    } else if (held && followsEndOnChange({ ...change, readerHolds: false })) {
      noteMissed();
    }
    // Rows measured shorter than their estimate bring the end into view with no scroll event, which
    // left the flag saying "away" from the last one: the next message or banner was then not followed.
    // Not while the reader holds the list: what came meanwhile is followed when they let go.
    if (!awayForFocus.current && !held) {
      atEnd.current = isAtEnd(distanceFromEnd(el));
    }
  }, [totalSize, lastKey, hasItems, isHeld, noteMissed]);

  // The list's own box shrinks when something takes room below it (the reply banner, a connection
  // note, the keyboard): the newest message stays in view above it, as when a message arrives. Whether
  // the reader was at the end is read from the box's height before the change as well, not only from
  // the last scroll event, which can be older than the rows' last measuring.
  useEffect(() => {
    const el = scrollRef.current;
    if (!el || typeof ResizeObserver === 'undefined') return;
    let heightBefore = el.clientHeight;
    const observer = new ResizeObserver(() => {
      const height = el.clientHeight;
      const geometry = { scrollHeight: el.scrollHeight, scrollTop: el.scrollTop };
      const wasAtEnd = { atEnd: atEnd.current, trustGeometry: !awayForFocus.current };
      if (followsEndOnResize({ ...geometry, height, heightBefore, ...wasAtEnd })) {
        el.scrollTop = el.scrollHeight;
        atEnd.current = true;
      }
      heightBefore = height;
    });
    observer.observe(el);
    return () => observer.disconnect();
  }, []);

  const lastJump = useRef(jumpSignal);
  useEffect(() => {
    if (lastJump.current === jumpSignal) return;
    lastJump.current = jumpSignal;
    virtualizer.scrollToEnd();
  }, [jumpSignal, virtualizer]);

  // Scroll to the message a notification named, once it is among the rows (MessageTarget has the day
  // read far enough back). Centred, and no longer following the end, so what arrives next does not
  // carry the view away from it.
  const focusIndex = focusId
    ? items.findIndex((item) => item.kind === 'message' && item.row.id === focusId)
    : -1;
  const focusedFor = useRef<string | null>(null);
  useLayoutEffect(() => {
    if (!focusId || focusIndex < 0 || focusedFor.current === focusId) return;
    focusedFor.current = focusId;
    atEnd.current = false;
    awayForFocus.current = true;
    virtualizer.scrollToIndex(focusIndex, { align: 'center' });
    onFocused?.(focusId);
  }, [focusId, focusIndex, virtualizer, onFocused]);

  // The newest reply counts as seen once the owner is at the end of today's list with the page in view.
  const newestKiriId = useMemo(() => {
    for (let i = items.length - 1; i >= 0; i -= 1) {
      const item = items[i]!;
      if (item.kind === 'message' && item.row.sender === 'kiri') return item.row.id;
    }
    return null;
  }, [items]);
  useEffect(() => {
    if (!newestKiriId || awayFromEnd || document.visibilityState !== 'visible') return;
    markSeen(newestKiriId);
  }, [newestKiriId, awayFromEnd]);

  const shownMessages = useMemo(
    () =>
      items.flatMap((item) =>
        item.kind === 'message'
          ? [{ id: item.row.id, sender: item.row.sender, message: item.row.message }]
          : [],
      ),
    [items],
  );

  const onScroll = () => {
    const el = scrollRef.current;
    if (!el) return;
    const distance = distanceFromEnd(el);
    atEnd.current = isAtEnd(distance);
    awayForFocus.current = false;
    // A wheel's or key's scroll goes on: the reader's hold does too.
    onListScrolled();
    setAwayFromEnd(showScrollToLatest(distance));
    if (hasMore && el.scrollTop < LOAD_OLDER_THRESHOLD_PX && distance > 0) onLoadOlder();
  };

  const virtualItems = virtualizer.getVirtualItems();

  return (
    <div className="relative h-full">
      <div
        ref={scrollRef}
        onScroll={onScroll}
        data-chat-scroller=""
        className="h-full overflow-y-auto overscroll-contain [overflow-anchor:none]"
        role="region"
        aria-label="Messages"
      >
        {items.length === 0 ? (
          <EmptyChat personaName={personaName} />
        ) : (
          <div className="relative w-full" style={{ height: virtualizer.getTotalSize() }}>
            {virtualItems.map((virtual) => {
              const item = items[virtual.index]!;
              return (
                <div
                  key={virtual.key}
                  ref={virtualizer.measureElement}
                  data-index={virtual.index}
                  className={cn(
                    'absolute top-0 left-0 w-full',
                    ROW_GUTTER,
                    item.kind === 'message' && !item.groupEnd ? 'pb-1' : 'pb-3',
                  )}
                  style={{ transform: `translateY(${virtual.start}px)` }}
                >
                  <div
                    className={cn(
                      ROW_INNER,
                      'rounded-2xl transition-[background-color,box-shadow] duration-700',
                      item.kind === 'message' &&
                        item.row.id === focusId &&
                        'bg-accent-soft/70 ring-2 ring-accent-line',
                    )}
                    data-focused={
                      item.kind === 'message' && item.row.id === focusId ? '' : undefined
                    }
                  >
                    <ListItem
                      item={item}
                      byId={byId}
                      personaName={personaName}
                      onPress={onPress}
                      onRetry={onRetry}
                      onDelete={onDelete}
                    />
                  </div>
                </div>
              );
            })}
          </div>
        )}
      </div>
      <ChatAnnouncer
        sessionId={sessionId}
        messages={shownMessages}
        personaName={personaName}
        speaks={isToday}
      />
      {awayFromEnd && items.length > 0 && (
        <button
          type="button"
          aria-label={CHAT_TEXT.scrollToLatest}
          title={CHAT_TEXT.scrollToLatest}
          onClick={() => virtualizer.scrollToEnd({ behavior: 'smooth' })}
          className="absolute right-4 bottom-3 z-10 inline-flex h-10 w-10 items-center justify-center rounded-full bg-white text-stone-700 shadow-lg ring-1 ring-stone-200 transition hover:bg-stone-50 dark:bg-stone-800 dark:text-stone-200 dark:ring-stone-700 dark:hover:bg-stone-700"
        >
          <ArrowDown size={18} aria-hidden />
        </button>
      )}
    </div>
  );
});

function ListItem({
  item,
  byId,
  personaName,
  onPress,
  onRetry,
  onDelete,
}: {
  item: ChatItem;
  byId: Map<string, MessageRow>;
  personaName: string;
  onPress: MessageListProps['onPress'];
  onRetry: MessageListProps['onRetry'];
  onDelete: MessageListProps['onDelete'];
}) {
  switch (item.kind) {
    case 'day':
      return (
        <p className="text-center">
          <span className="inline-block rounded-full bg-stone-200/60 px-3 py-1 text-tiny font-medium text-muted dark:bg-stone-800/80">
            {item.title}
          </span>
        </p>
      );
    case 'message':
      return (
        <MessageItem
          row={item.row}
          groupEnd={item.groupEnd}
          personaName={personaName}
          quoted={item.row.replyToId ? byId.get(item.row.replyToId) : undefined}
          onPress={onPress}
          onRetry={onRetry}
          onDelete={onDelete}
        />
      );
    case 'trouble':
      return <TroubleLine personaName={personaName} text={CHAT_TEXT.trouble} />;
    case 'typing':
      return <TypingBubble personaName={personaName} label={CHAT_TEXT.typing(personaName)} />;
  }
}

function EmptyChat({ personaName }: { personaName: string }) {
  return (
    <div className="flex h-full flex-col items-center justify-center gap-3 px-6 text-center">
      <KiriAvatar name={personaName} size={56} />
      <p className="text-lg text-stone-500 dark:text-stone-400">{CHAT_TEXT.emptyList}</p>
    </div>
  );
}
