// What the browser tests (Playwright's in tests/e2e, the WebKit runner's in tests/webkit) look for in
// the app, and what "exactly once" means on the server's log: in one place, with no test framework
// imported, so both suites share it. The texts come from the spec and the auth issue, so a wording
// change is fixed here once.

export const TEXT = {
  accessCodeLabel: 'Access Code',
  loginButton: 'Access Kiri',
  accessDenied: 'Access Denied',
  registrationTitle: 'Welcome to Kiri',
  registrationButton: 'Nice to meet you!',
  notFound: '404 Page Not Found',
  accessRestricted: 'Access Restricted',
  updateReady: 'A new version is ready',
} as const;

export const CHAT = {
  composerPlaceholder: 'Message Kiri',
  send: 'Send',
  emptyList: 'helloooo ~',
  /** The greeting filter's local reply (spec 000 §4). */
  noted: 'Mm, noted.',
  waiting: (count: number) =>
    count === 1 ? '1 message waiting to send' : `${count} messages waiting to send`,
  newDay: (title: string) => `New day, new session: ${title}`,
  /** The typing indicator's accessible name, while a part of Kiri's reply is still to come. */
  typing: 'Kiri is typing',
  sessions: 'Sessions',
  menu: {
    copy: 'Copy',
    selectAndCopy: 'Select and Copy',
    delete: 'Delete',
    unsend: 'Unsend',
    share: 'Share',
    reminder: 'Set Reminder',
  },
  toast: {
    deleted: 'Message deleted',
    unsent: 'Message unsent',
    copied: 'Copied to clipboard',
    copiedForSharing: 'Copied for sharing',
  },
  /** The sidebar's storage row where the browser cannot be asked to keep the chats (docs/webkit.md). */
  chatsMayBeCleared: 'The browser may clear them',
  openSidebar: 'Open sidebar',
  /** Issue 12: the quiet mark under a reply Kiri wrote on the device, and the setting that allows it. */
  writtenOffline: 'written offline',
  offlineReplies: 'Offline replies',
} as const;

export type MessageStatus = 'sending' | 'waiting' | 'sent' | 'answered' | 'failed' | 'local';

/** One entry of the server's conversation log (docs/chat-server.md). */
export interface LogEntry {
  id: string;
  message: string;
  sender: 'user' | 'kiri';
  timestamp: number;
  replyToId: string | null;
  sessionId: string;
  /** On Kiri's entries: the owner's message they answer (null for the greeting). */
  answersId: string | null;
  /** On Kiri's entries: written on a device while the server could not answer (issue 12). */
  writtenOffline?: boolean;
}

/** Kiri's entries answering one message of the owner's, in log order. */
export const repliesTo = (log: readonly LogEntry[], id: string): LogEntry[] =>
  log.filter((entry) => entry.sender === 'kiri' && entry.answersId === id);

/**
 * What is wrong with the server's log, if anything, for the owner's messages `sent` (empty when all
 * is well). It must hold each of them exactly once (by id and by text), no other message of the
 * owner's, and exactly one reply to each: Kiri's 1 to 3 parts right after the message they answer, in
 * the order the messages were sent. A replay that ran the engine twice would show as a second block
 * of parts, or as a second copy of the owner's message under another id.
 */
export function exactlyOnceProblems(
  log: readonly LogEntry[],
  sent: readonly { id: string; text: string }[],
): string[] {
  const problems: string[] = [];
  const users = log.filter((entry) => entry.sender === 'user');
  const ids = users.map((entry) => entry.id).join(', ');
  const expectedIds = sent.map((message) => message.id).join(', ');
  if (ids !== expectedIds) {
    problems.push(`the owner's messages on the server are [${ids}], expected [${expectedIds}]`);
  }
  const texts = JSON.stringify(users.map((entry) => entry.message));
  const expectedTexts = JSON.stringify(sent.map((message) => message.text));
  if (texts !== expectedTexts) {
    problems.push(`their texts are ${texts}, expected ${expectedTexts}`);
  }
  for (const { id } of sent) {
    const at = log.findIndex((entry) => entry.id === id);
    const parts = repliesTo(log, id);
    if (parts.length < 1 || parts.length > 3) {
      problems.push(`${parts.length} parts of Kiri's answer ${id}, expected 1 to 3`);
    }
    // One block, right after the message.
    const after = log.slice(at + 1, at + 1 + parts.length).map((entry) => entry.id);
    if (at >= 0 && after.join() !== parts.map((entry) => entry.id).join()) {
      problems.push(`the reply to ${id} is not one block right after it`);
    }
  }
  const all = log.map((entry) => entry.id);
  const twice = all.filter((id, index) => all.indexOf(id) !== index);
  if (twice.length > 0) problems.push(`ids twice in the log: ${twice.join(', ')}`);
  return problems;
}

/**
 * What is wrong with the server's log for messages Kiri answered on the device (issue 12), if
 * anything: each message's reply must be exactly the device's parts (`deviceIds[id]`, the ids the
 * device showed before it reconnected), marked `writtenOffline`, and no other Kiri entry may answer it
 * (a second answer written by the server). Use with exactlyOnceProblems.
 */
export function deviceReplyProblems(
  log: readonly LogEntry[],
  deviceIds: Readonly<Record<string, readonly string[]>>,
): string[] {
  const problems: string[] = [];
  for (const [id, own] of Object.entries(deviceIds)) {
    const parts = repliesTo(log, id);
    const ids = parts.map((entry) => entry.id);
    if (ids.join() !== own.join()) {
      problems.push(`the reply to ${id} on the server is [${ids}], the device wrote [${own}]`);
    }
    const unmarked = parts
      .filter((entry) => entry.writtenOffline !== true)
      .map((entry) => entry.id);
    if (unmarked.length > 0) problems.push(`not marked writtenOffline: ${unmarked.join(', ')}`);
  }
  return problems;
}
