// The message list's scrolling rules (spec 000 §2.2, §9).

export const SCROLL_TO_LATEST_THRESHOLD_PX = 100;
/** Within this distance of the end the list counts as "at the latest" and follows new messages. */
export const AT_END_THRESHOLD_PX = 80;
/** Older messages load when the reader comes this close to the top. */
export const LOAD_OLDER_THRESHOLD_PX = 600;
/** The newest messages read at first (a day of 10,000 opens with these), and the least read more. */
export const INITIAL_MESSAGE_LIMIT = 60;
export const MESSAGE_PAGE = 120;

/**
 * How many messages to read once the reader nears the top of what is loaded. Each read brings the
 * whole window again (it is a live query), so a fixed page would make the way back through a day of
 * 10,000 some 80 reads of up to 10,000 rows; growing with what is loaded, it is a handful.
 */
export function nextMessageLimit(current: number): number {
  return current + Math.max(MESSAGE_PAGE, current);
}

/** How far a scroller's end lies below what it shows. */
export function distanceFromEnd(el: {
  scrollHeight: number;
  scrollTop: number;
  clientHeight: number;
}): number {
  return el.scrollHeight - el.scrollTop - el.clientHeight;
}

/** The list follows new messages while the reader is this close to its end. */
export function isAtEnd(distanceFromEnd: number): boolean {
  return distanceFromEnd <= AT_END_THRESHOLD_PX;
}

/**
 * Whether the list goes to its end after its rows changed (a message, the typing indicator, a row
 * measured taller): while the reader is at the end, unless the reader has a hand on it: a finger
 * dragging it up, or a wheel or key that has begun to scroll it up, whose scroll event comes a frame
 * after the list has moved (the last one still says "at the end"). Going to the end then would take
 * the list from under the reader.
 */
export function followsEndOnChange(list: {
  atEnd: boolean;
  readerHolds: boolean;
  distanceFromEnd: number;
}): boolean {
  return list.atEnd && !list.readerHolds && list.distanceFromEnd > 1;
}

/**
 * What the reader did to the list: a wheel turned, a key pressed while it has the focus, or a finger
 * moved on it (how far down the screen since it was put there).
 */
export type ListInput =
  | { type: 'wheel'; deltaY: number; ctrlKey: boolean }
  | { type: 'keydown'; key: string; shiftKey: boolean }
  | { type: 'touchmove'; fingerMovedDownPx: number };

/**
 * A wheel turned towards the top (not a pinch: Ctrl+wheel zooms), a key that scrolls up, or a finger
 * drawn down the screen, which takes the list up towards older messages.
 */
export function scrollsUp(input: ListInput): boolean {
  if (input.type === 'wheel') return input.deltaY < 0 && !input.ctrlKey;
  if (input.type === 'touchmove') return input.fingerMovedDownPx > 0;
  return (
    input.key === 'ArrowUp' ||
    input.key === 'PageUp' ||
    input.key === 'Home' ||
    (input.key === ' ' && input.shiftKey)
  );
}

/**
 * How long a wheel or key that began to scroll the list up holds it after the last wheel, key or scroll
 * event: a wheel's scroll glides over several frames, and one turned over something else that scrolls
 * brings no scroll event of the list at all.
 */
export const SCROLL_UP_HOLD_MS = 300;

export interface ResizedList {
  scrollHeight: number;
  scrollTop: number;
  /** The list's visible height now, and before the change. */
  height: number;
  heightBefore: number;
  /** The last scroll event found the reader at the end. */
  atEnd: boolean;
  /** False while the list is on its way to a message away from the end (a notification's). */
  trustGeometry: boolean;
}

/**
 * The list's box changed height (a banner or the keyboard took room below it): it goes to its end when
 * the reader was at the end just before, by the last scroll event or by the geometry before the change
 * (the end can come into view with no scroll event, when rows turn out shorter than estimated).
 */
export function followsEndOnResize(list: ResizedList): boolean {
  const distance = list.scrollHeight - list.scrollTop - list.height;
  if (distance <= 1) return false;
  const distanceBefore = list.scrollHeight - list.scrollTop - list.heightBefore;
  return list.atEnd || (list.trustGeometry && distanceBefore >= -1 && isAtEnd(distanceBefore));
}

/** The round scroll-to-latest button shows when the reader is more than 100 px from the bottom. */
export function showScrollToLatest(distanceFromEnd: number): boolean {
  return distanceFromEnd > SCROLL_TO_LATEST_THRESHOLD_PX;
}

/**
 * Where the end of a list of `count` rows of an estimated height lies, for a viewport of
 * `viewportPx`: the offset the list opens at before anything has been measured.
 */
export function estimatedEndOffset(
  count: number,
  itemPx: number,
  paddingPx: number,
  viewportPx: number,
): number {
  return Math.max(0, count * itemPx + paddingPx - viewportPx);
}

/** Load older messages when near the top and the last read filled the limit (more may exist). */
export function shouldLoadOlder(scrollTop: number, loaded: number, limit: number): boolean {
  return scrollTop < LOAD_OLDER_THRESHOLD_PX && loaded >= limit;
}
