// What the message list shows of the device's rows at a given time (spec 000 §2.2, §4, §7).
import type { MessageRow, MessageStatus } from '@/db/schema';
import { formatClockTime } from '@/domain/clock-time';
import { deliveryOutcome } from '@/domain/outbox-rules';
import { STATUS_TEXT } from './texts';

/**
 * A message stays 'sending' while its request is in flight. Past this age it counts as stuck (the app
 * was killed mid-send, or a request hangs on a weak signal): the composer no longer waits for it.
 */
export const SEND_IN_FLIGHT_MAX_MS = 20_000;

/** Messages closer together than this, from the same sender, form one group (one time stamp). */
export const GROUP_GAP_MS = 5 * 60_000;

/** The reason the outbox gives when no answer came at all: the plain offline case. */
export const OFFLINE_REASON = (deliveryOutcome(null) as { reason: string }).reason;

/** A message's time stamp as the list shows it, in the device's locale (domain/clock-time.ts). */
export function formatTime(timestamp: number): string {
  return formatClockTime(timestamp);
}

/** A part of a split reply is stored at once and shown from its reveal time. */
export function isRevealed(row: MessageRow, now: number): boolean {
  return row.revealAt === undefined || row.revealAt <= now;
}

function newestUserMessage(rows: readonly MessageRow[]): MessageRow | undefined {
  for (let i = rows.length - 1; i >= 0; i -= 1) {
    if (rows[i]!.sender === 'user') return rows[i];
  }
  return undefined;
}

/** The owner's newest message is still on its way (in flight, not stuck). */
export function isSendInFlight(rows: readonly MessageRow[], now: number): boolean {
  const newest = newestUserMessage(rows);
  return newest?.status === 'sending' && now - newest.timestamp < SEND_IN_FLIGHT_MAX_MS;
}

/** Kiri is "typing" while a part of her reply is still to come, or while the owner's message is in flight. */
export function isTyping(rows: readonly MessageRow[], now: number): boolean {
  return rows.some((row) => !isRevealed(row, now)) || isSendInFlight(rows, now);
}

/**
 * When the view must be drawn again although no row changed: the next part's reveal time, or the moment
 * an in-flight send counts as stuck. Null when nothing is pending.
 */
export function nextChangeAt(rows: readonly MessageRow[], now: number): number | null {
  let next = Infinity;
  for (const row of rows) {
    if (row.revealAt !== undefined && row.revealAt > now) next = Math.min(next, row.revealAt);
  }
  const newest = newestUserMessage(rows);
  if (newest?.status === 'sending') {
    const stuckAt = newest.timestamp + SEND_IN_FLIGHT_MAX_MS;
    if (stuckAt > now) next = Math.min(next, stuckAt);
  }
  return Number.isFinite(next) ? next : null;
}

export type ChatItem =
  | { kind: 'day'; key: string; title: string }
  | { kind: 'message'; key: string; row: MessageRow; groupEnd: boolean }
  | { kind: 'trouble'; key: string; afterId: string }
  | { kind: 'typing'; key: string };

export interface ChatItemsInput {
  rows: readonly MessageRow[];
  now: number;
  /** The day's title at the top, when the whole session is loaded. */
  dayTitle?: string | null;
  /** Typing is shown only in today's session. */
  showTyping?: boolean;
}

/**
 * The list's items, oldest first: the revealed messages; after a message the server refused, or one
 * that waits because the server answered with an error, the companion's line "I'm having trouble
 * connecting…" (derived, never stored: it goes away when the message is delivered, retried or
 * deleted); and the typing indicator last.
 */
export function chatItems({ rows, now, dayTitle, showTyping = true }: ChatItemsInput): ChatItem[] {
  const shown = rows.filter((row) => isRevealed(row, now));
  const items: ChatItem[] = [];
  if (dayTitle && shown.length > 0)
    items.push({ kind: 'day', key: `day:${dayTitle}`, title: dayTitle });
  shown.forEach((row, index) => {
    const next = shown[index + 1];
    const groupEnd =
      !next ||
      next.sender !== row.sender ||
      next.timestamp - row.timestamp > GROUP_GAP_MS ||
      row.status === 'failed';
    items.push({ kind: 'message', key: row.id, row, groupEnd });
    // A photo the server refused says why under itself ('Failed to process image: …'): it was the
    // photo, not the connection.
    const refusedPhoto = row.photoId !== undefined && row.status === 'failed';
    if (
      row.sender === 'user' &&
      !refusedPhoto &&
      (row.status === 'failed' || isTroubledWait(row))
    ) {
      items.push({ kind: 'trouble', key: `${row.id}:trouble`, afterId: row.id });
    }
  });
  if (showTyping && isTyping(rows, now)) items.push({ kind: 'typing', key: 'typing' });
  return items;
}

function isTroubledWait(row: MessageRow): boolean {
  return row.status === 'waiting' && row.serverTrouble === true;
}

export interface StatusView {
  /** The state in words, or null when there is nothing to say. */
  text: string | null;
  /** 'Delivered' is a subtle tick; its words are its accessible name. */
  tick: boolean;
  tone: 'muted' | 'warn' | 'error';
  /** Retry and Delete are offered. */
  actions: boolean;
}

/** How an owner's message shows its delivery state, small under the bubble. */
export function statusView(status: MessageStatus | undefined, reason?: string): StatusView {
  switch (status) {
    case 'sending':
      return { text: STATUS_TEXT.sending, tick: false, tone: 'muted', actions: false };
    case 'waiting': {
      const why = reason && reason !== OFFLINE_REASON ? ` · ${reason}` : '';
      return { text: `${STATUS_TEXT.waiting}${why}`, tick: false, tone: 'warn', actions: false };
    }
    case 'sent':
      // Delivered, the answer still to come: in deep pause the reason says when (after waking).
      return {
        text: reason ? `${STATUS_TEXT.sent} · ${reason}` : STATUS_TEXT.sent,
        tick: false,
        tone: 'muted',
        actions: false,
      };
    case 'answered':
      return { text: STATUS_TEXT.delivered, tick: true, tone: 'muted', actions: false };
    case 'failed':
      return {
        text: STATUS_TEXT.notSent(reason || 'refused by the server'),
        tick: false,
        tone: 'error',
        actions: true,
      };
    default:
      return { text: null, tick: false, tone: 'muted', actions: false };
  }
}
