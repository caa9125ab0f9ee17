// What the chat's polite live region says to a screen reader (issue 21; docs/accessibility.md): Kiri's
// new words, once, and nothing else. The message list is not a live region itself (rows mount and
// unmount as the reader scrolls), so this decides, from the messages on screen, what is new.

/** A message as the region sees it: who wrote it and its text. */
export interface AnnouncedMessage {
  id: string;
  sender: 'user' | 'kiri';
  message: string;
}

export interface LiveAnnouncement {
  /** The session these messages belong to: another session's messages are its history. */
  sessionId: string;
  /** Every message id the region has seen in this session, said or not. */
  known: ReadonlySet<string>;
  /** What the region says now ('' for nothing), and the id of the newest message it says. */
  text: string;
  key: string | null;
}

/** A batch of more new Kiri messages than this is a catch-up (a sync), not a reply: the last are said. */
export const MAX_ANNOUNCED_MESSAGES = 3;

/**
 * The region's next state from the messages on screen, oldest first.
 *
 * - On the first look at a session every message there is history: nothing is said (a reload or a
 *   session switch does not read the conversation out again).
 * - After that, Kiri's messages not seen before and below the first message seen are new: said
 *   once, with her name, the parts of a reply that arrive together in one line (at most the last
 *   MAX_ANNOUNCED_MESSAGES).
 * - The owner's own messages, and older messages loaded above as the reader scrolls up, are never said.
 * - Nothing new: the same state object back, so that the region's text does not change.
 */
export function nextLiveAnnouncement(
  previous: LiveAnnouncement | null,
  sessionId: string,
  messages: readonly AnnouncedMessage[],
  personaName: string,
): LiveAnnouncement {
  if (!previous || previous.sessionId !== sessionId) {
    return { sessionId, known: new Set(messages.map((m) => m.id)), text: '', key: null };
  }
  const unknown = messages.filter((m) => !previous.known.has(m.id));
  if (unknown.length === 0) return previous;

  // Older messages load above the first one seen; a reply may sit above a later message of the
  // owner's (a reply goes right under the message it answers), so "below the first seen" is new.
  const firstKnownIndex = messages.findIndex((m) => previous.known.has(m.id));
  const fresh = messages
    .slice(firstKnownIndex + 1)
    .filter((m) => m.sender === 'kiri' && !previous.known.has(m.id) && m.message.trim() !== '')
    .slice(-MAX_ANNOUNCED_MESSAGES);
  const known = new Set(previous.known);
  for (const m of unknown) known.add(m.id);
  if (fresh.length === 0) return { ...previous, known };
  return {
    sessionId,
    known,
    text: `${personaName}: ${fresh.map((m) => m.message.trim()).join(' ')}`,
    key: fresh.at(-1)!.id,
  };
}
