// The conversation's order, the same on every device and on the server (issue 8): each reply of Kiri's
// goes right under the message it answers, its parts in order; every other message by its time.
//
// Time alone is not it: the replies to messages queued offline are made when the queue is replayed,
// so by time they stack up after the whole queue, while the server's log interleaves each message with
// its reply. The rule is written as a sort key, so the device's store can keep it in an index.

export interface OrderedMessage {
  id: string;
  timestamp: number;
}

/**
 * 16 digits hold any time a Date can (8.64e15 ms). A space separates the fields: it sorts before every
 * character an id may hold, so a message's key is a prefix that sorts before the keys of its replies,
 * and ids of different lengths still compare field by field.
 */
function timeField(timestamp: number): string {
  const ms = Number.isFinite(timestamp) ? Math.max(0, Math.floor(timestamp)) : 0;
  return String(ms).padStart(16, '0');
}

/**
 * The sort key of a message in its day. A reply (`answers`: the owner's message it answers, when the
 * device has it) sorts right after that message and after the replies' earlier parts, which are stamped
 * before it; anything else (the owner's messages, the greeting, a push, a reply whose question is not
 * here) by its own time, then id.
 */
export function conversationOrderKey(
  message: OrderedMessage,
  answers?: OrderedMessage | null,
): string {
  const own = `${timeField(message.timestamp)} ${message.id}`;
  return answers ? `${timeField(answers.timestamp)} ${answers.id} ${own}` : own;
}

/** Compares two messages of a day in the conversation's order (by their keys, else as time would). */
export function compareConversationOrder(
  a: OrderedMessage & { order?: string },
  b: OrderedMessage & { order?: string },
): number {
  const keyA = a.order ?? conversationOrderKey(a);
  const keyB = b.order ?? conversationOrderKey(b);
  return keyA < keyB ? -1 : keyA > keyB ? 1 : 0;
}
