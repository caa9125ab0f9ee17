// Replies written on the device (issue 12) in the list: apart from message-view.ts, which the opening
// snapshot's code carries (it shows no trouble lines, so it does not need this).
import type { MessageRow } from '@/db/schema';

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
