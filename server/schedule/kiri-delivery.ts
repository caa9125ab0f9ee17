// How a message Kiri starts herself reaches the owner: a Kiri entry in the conversation log (so the chat
// shows it on the next open, pulled like any reply) and a push to each device of the account.
import { findAccount, hasEntry, recentReplies } from '../chat/conversation-log';
import { OWNER_ACCOUNT } from '../chat/account';
import type { Logger } from '../log';
import type { PushMessage, PushSender, PushUrgency } from '../push/push-sender';
import type { AuthStore } from '../store/auth-store';
import type { ConversationEntry, ConversationStore } from '../store/conversation-store';
import { sessionIdAt } from '../../src/domain/day-session';

export interface KiriNotice {
  account: string;
  /** Chosen and kept by the caller before this runs: the entry is written once under it. */
  messageId: string;
  text: string;
  at: number;
  push: {
    tag: string;
    topic?: string;
    urgency: PushUrgency;
    ttlSeconds: number;
  };
  /** Written to the log only (deep pause sends nothing). */
  silent?: boolean;
}

export interface KiriDeliveryOptions {
  conversations: ConversationStore;
  auth: AuthStore;
  timeZone: string;
  personaName: string;
  /** Absent (the push module not built yet, or no keys): the message is still written to the log. */
  push?: PushSender;
  log?: Logger;
}

/** Push bodies are cut here: a notification shows a few lines, and the payload must stay small. */
const PUSH_BODY_CHARS = 180;

export class KiriDelivery {
  constructor(private readonly options: KiriDeliveryOptions) {}

  /** The user ids whose devices belong to an account (the owner's devices share 'owner'). */
  usersOf(account: string): string[] {
    const users = this.options.auth.data.users;
    if (account === OWNER_ACCOUNT) {
      return users.filter((user) => user.role === 'owner').map((user) => user.id);
    }
    const id = account.startsWith('user:') ? account.slice('user:'.length) : null;
    return users.some((user) => user.id === id) ? [id!] : [];
  }

  logOf(account: string): readonly ConversationEntry[] {
    return findAccount(this.options.conversations.data, account)?.log ?? [];
  }

  /**
   * The owner's last message in the account's log (read from the end: the log is in arrival order).
   * History the mirror bridge imported is not something the owner just said: counted, an old import
   * would read as a long silence and send a nudge (docs/mirror-bridge.md).
   */
  lastOwnerMessage(account: string): ConversationEntry | null {
    const log = this.logOf(account);
    for (let i = log.length - 1; i >= 0; i -= 1) {
      if (log[i]!.sender === 'user' && !log[i]!.imported) return log[i]!;
    }
    return null;
  }

  recentReplies(account: string): string[] {
    return recentReplies(this.logOf(account));
  }

  /** Writes the entry unless it is there already (a restart finishing a firing), then pushes it. */
  async deliver(notice: KiriNotice): Promise<void> {
    const { conversations, timeZone, personaName } = this.options;
    if (!hasEntry(this.logOf(notice.account), notice.messageId)) {
      const entry: ConversationEntry = {
        id: notice.messageId,
        message: notice.text,
        sender: 'kiri',
        timestamp: notice.at,
        replyToId: null,
        emotionalState: null,
        sessionId: sessionIdAt(notice.at, timeZone),
        answersId: null,
      };
      await conversations.commit({ account: notice.account, append: [entry] });
    }
    const push = this.options.push;
    if (!push || notice.silent) return;
    const body = [...notice.text];
    const message: PushMessage = {
      title: personaName,
      body:
        body.length > PUSH_BODY_CHARS
          ? `${body.slice(0, PUSH_BODY_CHARS - 1).join('')}…`
          : notice.text,
      url: `/?message=${encodeURIComponent(notice.messageId)}`,
      tag: notice.push.tag,
      urgency: notice.push.urgency,
      ttlSeconds: notice.push.ttlSeconds,
      messageId: notice.messageId,
      ...(notice.push.topic ? { topic: notice.push.topic } : {}),
    };
    for (const userId of this.usersOf(notice.account)) {
      try {
        await push.sendToUser(userId, message);
      } catch (error) {
        // The message is in the log: the chat shows it on the next open even if no push got through.
        this.options.log?.error(`Push to a device failed (${notice.push.tag})`, error);
      }
    }
  }
}
