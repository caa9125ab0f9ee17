// The opening snapshot's picture: today's newest messages, drawn with the DOM alone in the chat
// screen's frame (header, list, composer), before React has loaded. It is not interactive: React's
// first render of the app replaces the whole of #root, snapshot included, moments later.
import { MOBILE_QUERY, SIDEBAR_WIDTH_PX } from '../model/layout';
import { chatItems, formatTime } from '../model/message-view';
import {
  BAR,
  BUBBLE_COLUMN,
  BUBBLE_SHAPE,
  COMPOSER_FRAME,
  FOOTER_FRAME,
  HEADER_FRAME,
  KIRI_BUBBLE,
  MESSAGE_TIME,
  PAGE,
  PANEL,
  ROW_GUTTER,
  ROW_INNER,
  SIDEBAR_FRAME,
  USER_BUBBLE,
} from '../components/palette';
import type { OpeningSnapshot } from './read';

/** The snapshot's root carries this attribute (tests and the benchmark tell it from the app by it). */
export const SNAPSHOT_ATTRIBUTE = 'data-opening-snapshot';

function element(tag: string, className: string, children: Node[] = []): HTMLElement {
  const node = document.createElement(tag);
  if (className) node.className = className;
  node.append(...children);
  return node;
}

function messageRow(row: OpeningSnapshot['rows'][number], groupEnd: boolean): HTMLElement {
  const mine = row.sender === 'user';
  // textContent: the owner's words are never parsed as markup.
  const bubble = element(
    'div',
    `${BUBBLE_SHAPE} ${mine ? USER_BUBBLE : KIRI_BUBBLE}${groupEnd ? (mine ? ' rounded-br-md' : ' rounded-bl-md') : ''}`,
  );
  bubble.textContent = row.message;
  const column = element('div', `${BUBBLE_COLUMN} ${mine ? 'items-end' : 'items-start'}`, [bubble]);
  if (groupEnd) {
    const time = element('span', MESSAGE_TIME);
    time.textContent = formatTime(row.timestamp);
    column.append(time);
  }
  const line = element('div', `flex items-end gap-2 ${mine ? 'justify-end' : 'justify-start'}`, [
    ...(mine ? [] : [element('span', 'w-7 shrink-0')]),
    column,
  ]);
  line.setAttribute('data-snapshot-message-id', row.id);
  line.setAttribute('data-sender', row.sender);
  // The list's row spacing (MessageList): a small gap inside a group, a larger one after it.
  return element('div', `${ROW_GUTTER} ${groupEnd ? 'pb-3' : 'pb-1'}`, [
    element('div', ROW_INNER, [line]),
  ]);
}

/**
 * Draws the snapshot into the app's (still empty) root. Returns false and draws nothing when the
 * root already has content: React got there first, and its screen is the real one.
 */
export function paintOpeningSnapshot(
  root: HTMLElement,
  snapshot: OpeningSnapshot,
  now: number,
): boolean {
  if (root.childElementCount > 0) return false;
  const items = chatItems({ rows: snapshot.rows, now, showTyping: false });
  const rows: HTMLElement[] = [];
  for (const item of items) {
    if (item.kind === 'message') rows.push(messageRow(item.row, item.groupEnd));
  }
  if (rows.length === 0) return false;

  const wide = typeof matchMedia === 'function' && !matchMedia(MOBILE_QUERY).matches;
  const sidebar = element('aside', `${SIDEBAR_FRAME} ${PANEL}`);
  sidebar.style.width = `${SIDEBAR_WIDTH_PX}px`;
  // The newest at the bottom; older ones overflow at the top, as in the list opened at its end.
  const list = element(
    'main',
    'relative flex min-h-0 flex-1 flex-col justify-end overflow-hidden pt-4 pb-2',
    rows,
  );
  const composer = element('div', COMPOSER_FRAME, [element('div', 'h-10 flex-1')]);
  const frame = element('div', `fixed inset-x-0 flex overflow-hidden ${PAGE}`, [
    ...(wide ? [sidebar] : []),
    element('div', 'flex min-w-0 flex-1 flex-col', [
      element('header', `${HEADER_FRAME} ${BAR}`, [element('div', 'h-14')]),
      list,
      element('footer', FOOTER_FRAME, [composer]),
    ]),
  ]);
  frame.style.top = 'var(--kiri-vv-top, 0px)';
  frame.style.height = 'var(--kiri-vv-height, 100dvh)';
  frame.setAttribute(SNAPSHOT_ATTRIBUTE, '');
  frame.setAttribute('aria-busy', 'true');
  root.append(frame);
  return true;
}
