// The message menu (spec 000 §2.2 variant B, §8, §9): long press or right click.

export const LONG_PRESS_MS = 500;
export const LONG_PRESS_VIBRATION_MS = 50;
/** A finger that moves farther than this is scrolling, not pressing. */
export const LONG_PRESS_TOLERANCE_PX = 10;
export const REMINDER_PREVIEW_CHARS = 50;

export type MenuAction = 'copy' | 'select-copy' | 'delete' | 'unsend' | 'share' | 'reminder';

export const MENU_LABELS: Record<MenuAction, string> = {
  copy: 'Copy',
  'select-copy': 'Select and Copy',
  delete: 'Delete',
  unsend: 'Unsend',
  share: 'Share',
  reminder: 'Set Reminder',
};

/** A press on the owner's message opens the menu; on Kiri's, it makes it the reply target. */
export function pressAction(sender: 'user' | 'kiri'): 'menu' | 'reply' {
  return sender === 'user' ? 'menu' : 'reply';
}

/** Only the owner's own messages have Delete and Unsend (Kiri's open no menu at all). */
export function menuActions(sender: 'user' | 'kiri'): MenuAction[] {
  if (sender !== 'user') return [];
  return ['copy', 'select-copy', 'delete', 'unsend', 'share', 'reminder'];
}

/** 'Reminder set' acknowledges with the first 50 characters of the message (spec 000 §8). */
export function reminderPreview(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > REMINDER_PREVIEW_CHARS ? `${flat.slice(0, REMINDER_PREVIEW_CHARS)}…` : flat;
}

/** Keeps a menu of the given size inside the viewport, near the point that opened it. */
export function menuPosition(
  point: { x: number; y: number },
  menu: { width: number; height: number },
  viewport: { width: number; height: number },
  margin = 8,
): { left: number; top: number } {
  const left = Math.min(Math.max(margin, point.x), viewport.width - menu.width - margin);
  const below = point.y + menu.height + margin <= viewport.height;
  const top = below ? point.y : Math.max(margin, point.y - menu.height);
  return { left: Math.max(margin, left), top };
}

/** The gap between the lifted bubble and its menu. */
export const MENU_BUBBLE_GAP_PX = 8;

/**
 * Places the menu beside the lifted bubble, not over it: below the bubble when it fits, else above,
 * else (a bubble taller than the room left) at the bottom of the viewport. Its right edge lines up
 * with the bubble's (the owner's bubbles sit on the right), kept inside the viewport.
 */
export function menuBesideBubble(
  bubble: { left: number; top: number; right: number; bottom: number },
  menu: { width: number; height: number },
  viewport: { width: number; height: number },
  margin = 8,
): { left: number; top: number } {
  const left = Math.max(
    margin,
    Math.min(bubble.right - menu.width, viewport.width - menu.width - margin),
  );
  const below = bubble.bottom + MENU_BUBBLE_GAP_PX;
  if (below + menu.height <= viewport.height - margin) return { left, top: below };
  const above = bubble.top - MENU_BUBBLE_GAP_PX - menu.height;
  if (above >= margin) return { left, top: above };
  return { left, top: Math.max(margin, viewport.height - menu.height - margin) };
}
