// conversations.json (+ its journal): per account, the conversation log (capped) and the idempotency
// records, in one store so that a reply and the record of the request that produced it are one change.
import { z } from 'zod';
import { applyConversationOp, type ConversationOp } from '../chat/conversation-log';
import { migrateRecordsToV2 } from '../chat/idempotency';
import {
  openJsonFileStore,
  type JsonFileStore,
  type Migration,
  type StoreDefinition,
} from './json-file-store';

export const CONVERSATIONS_FILE_VERSION = 2;

const timestamp = z.number().int().nonnegative();

export const emotionalStateSchema = z.object({
  curiosity: z.number(),
  contentment: z.number(),
  empathy: z.number(),
});

export const conversationEntrySchema = z.object({
  id: z.string().min(1),
  message: z.string(),
  sender: z.enum(['user', 'kiri']),
  timestamp,
  replyToId: z.string().nullable(),
  emotionalState: emotionalStateSchema.nullable(),
  /** yyyy-MM-dd in TIME_ZONE: the day session the message belongs to. */
  sessionId: z.string().min(1),
  /** On Kiri's messages: the owner's message they answer (null for a greeting or a stored message). */
  answersId: z.string().nullable(),
  /**
   * Kiri's part written on the owner's device while the server was out of reach (issue 12), stored from
   * the chat body's deviceReply. Present only when true: every other entry leaves it out.
   */
  writtenOffline: z.literal(true).optional(),
  /**
   * History brought in by the mirror bridge from a chat export (docs/mirror-bridge.md): never answered,
   * never pushed. Present only when true.
   */
  imported: z.literal(true).optional(),
  /**
   * On the first part of Kiri's answer made on the server: who wrote it ('local', a configured provider's
   * name). Only there, to keep the log small; a device's parts say `writtenOffline` instead, and entries
   * written before this field have none (docs/analytics.md "Provider use").
   */
  provider: z.string().min(1).optional(),
});

const kiriMessageSchema = z.object({ id: z.string().min(1), message: z.string(), timestamp });

/**
 * What a replay's answer is rebuilt from: the ids of the log entries the first answer gave, never a
 * copy of the request's text (docs/chat-server.md "Exactly once").
 */
export const storedAnswerSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('chat'),
    kiriIds: z.array(z.string().min(1)),
    userMessage: z.object({ id: z.string().min(1), sessionId: z.string().min(1) }).nullable(),
    provider: z.string(),
    /** Only for a reply that is not logged (the console's): its parts, as the log would hold them. */
    parts: z.array(kiriMessageSchema).optional(),
    /** Stored in deep pause: replayed as the deep-pause answer until Kiri's reply replaces this record. */
    deepPause: z.boolean().optional(),
  }),
  z.object({
    kind: z.literal('stored'),
    /** The stored entry less its text, which is read from the log. */
    entry: conversationEntrySchema.omit({ message: true }),
  }),
  z.object({ kind: z.literal('unsent'), id: z.string().min(1) }),
]);

export const idempotencyRecordSchema = z.object({
  /** Method and path, e.g. 'POST /api/chat' or 'DELETE /api/conversations/<id>'. */
  route: z.string().min(1),
  /** sha256 (hex) of the raw body text. */
  bodyHash: z.string().min(1),
  status: z.number().int(),
  answer: storedAnswerSchema,
  at: timestamp,
});

export const conversationAccountSchema = z.object({
  /** Oldest first, in the order the server appended them (not by id or timestamp). */
  log: z.array(conversationEntrySchema),
  /** Keyed by the Idempotency-Key the client sent. */
  idempotency: z.record(z.string(), idempotencyRecordSchema),
});

export const conversationsFileSchema = z.object({
  version: z.literal(CONVERSATIONS_FILE_VERSION),
  /** Keyed by account (server/chat/account.ts): the owner's devices share one. */
  accounts: z.record(z.string(), conversationAccountSchema),
});

export type EmotionalState = z.infer<typeof emotionalStateSchema>;
export type ConversationEntry = z.infer<typeof conversationEntrySchema>;
export type StoredAnswer = z.infer<typeof storedAnswerSchema>;
export type IdempotencyRecord = z.infer<typeof idempotencyRecordSchema>;
export type ConversationAccount = z.infer<typeof conversationAccountSchema>;
export type ConversationsFile = z.infer<typeof conversationsFileSchema>;
export type ConversationStore = JsonFileStore<ConversationsFile, ConversationOp>;

export function defaultConversationsFile(): ConversationsFile {
  return { version: CONVERSATIONS_FILE_VERSION, accounts: {} };
}

/** migrations[n] turns version n into n + 1. */
export const CONVERSATIONS_MIGRATIONS: Record<number, Migration> = {
  // Records kept a copy of the first answer; now they name the log entries it is rebuilt from.
  1: migrateRecordsToV2,
};

export const conversationStoreDefinition: StoreDefinition<ConversationsFile, ConversationOp> = {
  fileName: 'conversations.json',
  currentVersion: CONVERSATIONS_FILE_VERSION,
  schema: conversationsFileSchema,
  defaults: defaultConversationsFile,
  migrations: CONVERSATIONS_MIGRATIONS,
  apply: applyConversationOp,
};

export function openConversationStore(dataDir: string): Promise<ConversationStore> {
  return openJsonFileStore(dataDir, conversationStoreDefinition);
}
