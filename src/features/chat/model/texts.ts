// The chat's words (spec 000 §2.2, §8). Texts that name the persona take its display name.
import { MAX_MESSAGE_LENGTH } from '@/domain/chat-limits';

export const CHAT_TEXT = {
  defaultSessionTitle: 'Chat',
  emptyList: 'helloooo ~',
  composerPlaceholder: (persona: string) => `Message ${persona}`,
  send: 'Send',
  latestReply: 'Latest Reply',
  continueConversation: 'Continue Conversation',
  scrollToLatest: 'Scroll to latest',
  replyingTo: (persona: string) => `Replying to ${persona}`,
  cancelReply: 'Cancel reply',
  newDay: (title: string) => `New day, new session: ${title}`,
  /** Spec 000 §8: what the companion adds when a chat send fails for good. */
  trouble: "I'm having trouble connecting right now, but I'm still here with you.",
  offline: 'Offline',
  typing: (persona: string) => `${persona} is typing`,
  viewingPast: (title: string) => `Viewing ${title}. New messages go to today.`,
  backToToday: 'Back to today',
} as const;

export const STATUS_TEXT = {
  sending: 'Sending…',
  waiting: 'Waiting to send',
  sent: 'Sent',
  delivered: 'Delivered',
  notSent: (reason: string) => `Not sent: ${reason}`,
  retry: 'Retry',
  delete: 'Delete',
} as const;

/** Spec 000 §8, 'Other toasts'. */
export const TOAST_TEXT = {
  copied: 'Copied to clipboard',
  selectedAndCopied: 'Selected and copied',
  deleted: 'Message deleted',
  unsent: 'Message unsent',
  copiedForSharing: 'Copied for sharing',
  reminderSet: 'Reminder set',
  copyFailed: 'Could not copy',
  tooLongTitle: 'Message too long',
  tooLong: (length: number) =>
    `Messages can be up to ${MAX_MESSAGE_LENGTH.toLocaleString('en-US')} characters; this one has ${length.toLocaleString('en-US')}. Shorten it or send it in parts.`,
} as const;

export const SIMPLE_CHAT_TEXT = {
  title: 'Simple Chat',
  placeholder: 'Type a message...',
  busy: '...',
  greeting: 'helloooo is me~~~',
  failure: "Sorry, I'm having trouble connecting right now.",
} as const;
