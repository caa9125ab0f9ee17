// conversations.json: per account, the conversation log (capped) and the idempotency records, in one
// file so that a reply and the record of the request that produced it are written in one update.
import { z } from 'zod';
import {
  openJsonFileStore,
  type JsonFileStore,
  type Migration,
  type StoreDefinition,
} from './json-file-store';

export const CONVERSATIONS_FILE_VERSION = 1;

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
});

export const idempotencyRecordSchema = z.object({
  /** Method and path, e.g. 'POST /api/chat' or 'DELETE /api/conversations/<id>'. */
  route: z.string().min(1),
  /** sha256 (hex) of the raw body text. */
  bodyHash: z.string().min(1),
  status: z.number().int(),
  /** The JSON answered the first time, answered again on every replay. */
  answer: z.json(),
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
export type IdempotencyRecord = z.infer<typeof idempotencyRecordSchema>;
export type ConversationAccount = z.infer<typeof conversationAccountSchema>;
export type ConversationsFile = z.infer<typeof conversationsFileSchema>;
export type ConversationStore = JsonFileStore<ConversationsFile>;

export function defaultConversationsFile(): ConversationsFile {
  return { version: CONVERSATIONS_FILE_VERSION, accounts: {} };
}

/** migrations[n] turns version n into n + 1. Version 1 is the first. */
export const CONVERSATIONS_MIGRATIONS: Record<number, Migration> = {};

export const conversationStoreDefinition: StoreDefinition<ConversationsFile> = {
  fileName: 'conversations.json',
  currentVersion: CONVERSATIONS_FILE_VERSION,
  schema: conversationsFileSchema,
  defaults: defaultConversationsFile,
  migrations: CONVERSATIONS_MIGRATIONS,
};

export function openConversationStore(dataDir: string): Promise<ConversationStore> {
  return openJsonFileStore(dataDir, conversationStoreDefinition);
}
