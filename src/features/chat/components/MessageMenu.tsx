// The message menu on the owner's own messages (spec 000 §2.2 variant B, §8): Copy, Select and Copy,
// Delete, Unsend, Share, Set Reminder (which opens the screen's reminder dialog). While it is open the page is dimmed and the pressed bubble is
// lifted above the dimming, with the menu beside it, so the owner sees which message it acts on.
// It closes on any click elsewhere, on Escape, or after an action. Loaded only when first opened.
import { useEffect, useLayoutEffect, useRef, useState, type KeyboardEvent } from 'react';
import { BellRing, Copy, Share2, TextSelect, Trash2, Undo2, type LucideIcon } from 'lucide-react';
import { db } from '@/db/db';
import { deleteMessageHere, unsendMessage } from '@/db/messages';
import type { MessageRow } from '@/db/schema';
import { requestReplay } from '@/lib/outbox-sync';
import { cn } from '@/ui/cn';
import { toast } from '@/ui/use-toast';
import { copyText } from '@/lib/clipboard';
import type { PressPoint } from '../hooks/useLongPress';
import {
  MENU_LABELS,
  menuActions,
  menuBesideBubble,
  menuPosition,
  type MenuAction,
} from '../model/message-menu';
import { TOAST_TEXT } from '../model/texts';

const ICONS: Record<MenuAction, LucideIcon> = {
  copy: Copy,
  'select-copy': TextSelect,
  delete: Trash2,
  unsend: Undo2,
  share: Share2,
  reminder: BellRing,
};

export interface MessageMenuProps {
  row: MessageRow;
  point: PressPoint;
  onClose: () => void;
  /** 'Set Reminder': the screen opens its dialog (it outlives the menu, which closes first). */
  onSetReminder: (row: MessageRow) => void;
}

function bubbleOf(id: string): Element | null {
  const safeId = typeof CSS !== 'undefined' && CSS.escape ? CSS.escape(id) : id;
  return document.querySelector(`[data-message-id="${safeId}"] [data-message-text]`);
}

interface Lifted {
  rect: { left: number; top: number; right: number; bottom: number; width: number; height: number };
  className: string;
}

/** Where the pressed bubble is on screen and how it looks, for its lifted copy above the dimming. */
function liftedBubble(id: string): Lifted | null {
  const bubble = bubbleOf(id);
  if (!(bubble instanceof HTMLElement)) return null;
  const { left, top, right, bottom, width, height } = bubble.getBoundingClientRect();
  if (width === 0 || height === 0) return null;
  return { rect: { left, top, right, bottom, width, height }, className: bubble.className };
}

function selectBubbleText(id: string): void {
  const bubble = bubbleOf(id);
  const selection = window.getSelection();
  if (!(bubble instanceof HTMLElement) || !selection) return;
  // On a touch screen the bubble is not selectable (a long press opens the menu, not the system's
  // selection): make this one selectable while its text is selected.
  bubble.style.userSelect = 'text';
  bubble.style.webkitUserSelect = 'text';
  const restore = () => {
    if (selection.containsNode(bubble, true)) return;
    bubble.style.userSelect = '';
    bubble.style.webkitUserSelect = '';
    document.removeEventListener('selectionchange', restore);
  };
  document.addEventListener('selectionchange', restore);
  selection.removeAllRanges();
  const range = document.createRange();
  range.selectNodeContents(bubble);
  selection.addRange(range);
}

async function copied(text: string, title: string): Promise<void> {
  if (await copyText(text)) toast({ title });
  else toast({ title: TOAST_TEXT.copyFailed, variant: 'destructive' });
}

export async function runMenuAction(
  action: MenuAction,
  row: MessageRow,
  onSetReminder: (row: MessageRow) => void,
): Promise<void> {
  switch (action) {
    case 'copy':
      return copied(row.message, TOAST_TEXT.copied);
    case 'select-copy':
      selectBubbleText(row.id);
      return copied(row.message, TOAST_TEXT.selectedAndCopied);
    case 'delete':
      await deleteMessageHere(db, row.id, Date.now());
      toast({ title: TOAST_TEXT.deleted });
      return;
    case 'unsend':
      await unsendMessage(db, row.id, Date.now());
      requestReplay();
      toast({ title: TOAST_TEXT.unsent });
      return;
    case 'share':
      if (typeof navigator.share === 'function') {
        try {
          await navigator.share({ text: row.message });
        } catch (error) {
          // Closing the share sheet is not a failure.
          if ((error as { name?: string })?.name !== 'AbortError') {
            await copied(row.message, TOAST_TEXT.copiedForSharing);
          }
        }
        return;
      }
      return copied(row.message, TOAST_TEXT.copiedForSharing);
    case 'reminder':
      // Issue 10: asks when, then stores it (the spec's original only acknowledged).
      onSetReminder(row);
      return;
  }
}

export default function MessageMenu({ row, point, onClose, onSetReminder }: MessageMenuProps) {
  const ref = useRef<HTMLDivElement>(null);
  // Read once, as the menu opens: the page under the dimming does not move while it is open.
  const [lifted] = useState(() => liftedBubble(row.id));

  useLayoutEffect(() => {
    const menu = ref.current;
    if (!menu) return;
    const size = { width: menu.offsetWidth, height: menu.offsetHeight };
    const viewport = { width: window.innerWidth, height: window.innerHeight };
    const { left, top } = lifted
      ? menuBesideBubble(lifted.rect, size, viewport)
      : menuPosition(point, size, viewport);
    menu.style.left = `${left}px`;
    menu.style.top = `${top}px`;
    menu.style.visibility = 'visible';
    menu.querySelector<HTMLButtonElement>('[role="menuitem"]')?.focus();
  }, [point, lifted]);

  // Opened from the keyboard on a focused bubble: focus goes back there when the menu closes (a
  // menu opened by touch leaves focus alone, so that no on-screen keyboard pops up). Read during
  // the first render, before the layout effect above moves focus into the menu.
  const [opener] = useState(() => document.activeElement);
  useEffect(
    () => () => {
      if (
        opener instanceof HTMLElement &&
        opener.isConnected &&
        opener.hasAttribute('data-message-text')
      ) {
        opener.focus();
      }
    },
    [opener],
  );

  useEffect(() => {
    const onPointerDown = (event: Event) => {
      if (!ref.current?.contains(event.target as Node)) onClose();
    };
    const onKey = (event: globalThis.KeyboardEvent) => {
      if (event.key === 'Escape') onClose();
    };
    document.addEventListener('pointerdown', onPointerDown, true);
    document.addEventListener('keydown', onKey);
    window.addEventListener('resize', onClose);
    return () => {
      document.removeEventListener('pointerdown', onPointerDown, true);
      document.removeEventListener('keydown', onKey);
      window.removeEventListener('resize', onClose);
    };
  }, [onClose]);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
    event.preventDefault();
    const buttons = [
      ...(ref.current?.querySelectorAll<HTMLButtonElement>('[role="menuitem"]') ?? []),
    ];
    const at = buttons.indexOf(document.activeElement as HTMLButtonElement);
    const next = (at + (event.key === 'ArrowDown' ? 1 : -1) + buttons.length) % buttons.length;
    buttons[next]?.focus();
  };

  return (
    <>
      <div
        data-message-menu-backdrop=""
        aria-hidden
        className="fixed inset-0 z-40 bg-stone-950/30 backdrop-blur-[2px] dark:bg-black/55"
      />
      {lifted && (
        <div
          data-lifted-bubble=""
          aria-hidden
          className={cn(lifted.className, 'fixed z-50 m-0 shadow-2xl')}
          style={{
            left: lifted.rect.left,
            top: lifted.rect.top,
            width: lifted.rect.width,
            minHeight: lifted.rect.height,
            transform: 'scale(1.03)',
            transformOrigin: 'right center',
          }}
        >
          {row.message}
        </div>
      )}
      <div
        ref={ref}
        role="menu"
        aria-label="Message actions"
        onKeyDown={onKeyDown}
        className="fixed z-50 w-56 overflow-hidden rounded-2xl bg-white/95 py-1.5 shadow-2xl ring-1 ring-stone-200 backdrop-blur dark:bg-stone-900/95 dark:ring-stone-700"
        style={{ left: point.x, top: point.y, visibility: 'hidden' }}
      >
        {menuActions(row.sender).map((action) => {
          const Icon = ICONS[action];
          const danger = action === 'delete' || action === 'unsend';
          return (
            <button
              key={action}
              type="button"
              role="menuitem"
              onClick={() => {
                onClose();
                void runMenuAction(action, row, onSetReminder).catch((error: unknown) => {
                  console.warn(`Message action ${action} failed`, error);
                });
              }}
              className={cn(
                'flex w-full items-center gap-3 px-4 py-2.5 text-left text-bubble outline-none',
                'hover:bg-stone-100 focus-visible:bg-stone-100 dark:hover:bg-stone-800 dark:focus-visible:bg-stone-800',
                danger ? 'text-red-600 dark:text-red-400' : 'text-stone-800 dark:text-stone-100',
              )}
            >
              <Icon size={17} aria-hidden className="shrink-0 opacity-80" />
              {MENU_LABELS[action]}
            </button>
          );
        })}
      </div>
    </>
  );
}
