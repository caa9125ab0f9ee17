// Replies written on the device (issue 12) in the list: apart from message-view.ts, which the opening
// snapshot's code carries (it shows no trouble lines, so it does not need this).
import type { MessageRow } from '@/db/schema';
import type { ChatItem } from './message-view';

/**
 * The setting's words, here and not in FRAME_TEXT (model/frame.ts): the chat's first load carries that
 * object whole, and the settings panel that shows these is lazy.
 */
export const OFFLINE_REPLIES_TEXT = {
  label: 'Offline replies',
  hint: "When the server can't be reached, replies are written on this device and marked 'written offline'. Off: your messages wait until the server answers.",
} as const;

/** The quiet mark under a reply Kiri wrote on the device while the server was out of reach. */
export const WRITTEN_OFFLINE_TEXT = 'written offline';

/**
 * The owner's messages that Kiri answered on the device: a reply written offline follows them, shown or
 * still being typed. They wait to reach the server, but Kiri did answer: no trouble line after them.
 */
export function answeredOnDevice(rows: readonly MessageRow[]): Set<string> {
  const answered = new Set<string>();
  let lastUser: MessageRow | undefined;
  for (const row of rows) {
    if (row.sender === 'user') lastUser = row;
    else if (row.writtenOffline && lastUser) answered.add(lastUser.id);
  }
  return answered;
}

/**
 * The list's items without the trouble line after a message Kiri answered on the device: it waits to
 * reach the server, but she did answer. Applied by the list after `chatItems`, not inside it, because
 * the opening snapshot's code (the chat's first load) carries `chatItems`.
 */
export function withoutTroubleAnsweredHere(
  items: ChatItem[],
  rows: readonly MessageRow[],
): ChatItem[] {
  const answered = answeredOnDevice(rows);
  if (answered.size === 0) return items;
  return items.filter((item) => item.kind !== 'trouble' || !answered.has(item.afterId));
}
