// POST /api/chat/batch (issue 21, docs/chat-server.md "Batches"): the messages an outbox kept while
// offline, sent in one request. Each item is a POST /api/chat in all but the transport: its own
// Idempotency-Key and the exact body text the single request sends, so a message sent alone and then
// again in a batch (or the other way round) is still answered exactly once, with the same answer.
import { z } from 'zod';
import type { Viewer } from '../auth/auth-service';
import { errorBody, HttpError, type ErrorBody } from '../http/errors';
import { describeZodError, MALFORMED_JSON, TOO_LARGE_PARAM } from '../http/validate';
import { chatBodySchema } from './chat-body';
import type { ChatAnswer, ChatService } from './chat-service';
import { chatBodyHash, INVALID_KEY, isValidIdempotencyKey } from './idempotency';

/** At most this many messages in one batch (the device sends fewer: src/domain/outbox-batch.ts). */
export const MAX_BATCH_MESSAGES = 50;
/** The route each item is recorded under: the single request's, so the two share their records. */
export const CHAT_ROUTE = 'POST /api/chat';

export const chatBatchSchema = z.object({
  messages: z
    .array(
      z.object({
        key: z.string().refine(isValidIdempotencyKey, INVALID_KEY),
        /** The JSON text POST /api/chat would be sent, byte for byte (its hash is the record's). */
        body: z.string(),
      }),
    )
    .min(1, 'must hold at least one message')
    .refine((messages) => messages.length <= MAX_BATCH_MESSAGES, {
      message: `must hold at most ${MAX_BATCH_MESSAGES} messages`,
      params: { [TOO_LARGE_PARAM]: true },
    }),
});

export type ChatBatchRequest = z.output<typeof chatBatchSchema>;

export interface ChatBatchResult {
  key: string;
  /** What POST /api/chat would have answered this message. */
  status: number;
  answer: ChatAnswer | ErrorBody;
  /** The stored answer of an earlier request under this key: nothing ran. */
  replayed: boolean;
}

export interface ChatBatchAnswer {
  /**
   * In the order sent. The batch stops after the first message that was not answered with a 2xx: the
   * messages after it are left out (not run, nothing written), so none is answered before one ahead of
   * it; the device sends them again.
   */
  results: ChatBatchResult[];
}

function parseItemBody(text: string) {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new HttpError(400, MALFORMED_JSON);
  }
  const parsed = chatBodySchema.safeParse(value);
  if (!parsed.success) {
    const tooLarge = parsed.error.issues.some(
      (issue) => issue.code === 'custom' && issue.params?.[TOO_LARGE_PARAM] === true,
    );
    throw new HttpError(tooLarge ? 413 : 400, describeZodError(parsed.error));
  }
  return parsed.data;
}

/**
 * Runs the messages in order, each exactly as POST /api/chat runs it. Each message's exchange is
 * applied at once (the next one reads it) and its journal line started; the answer waits until every
 * line is on disk, as a single chat's does, but the lines share their fdatasyncs (group commit).
 */
export async function runChatBatch(
  chat: ChatService,
  viewer: Viewer,
  batch: ChatBatchRequest,
): Promise<ChatBatchAnswer> {
  const results: ChatBatchResult[] = [];
  const writes: Promise<void>[] = [];
  for (const { key, body } of batch.messages) {
    let result: ChatBatchResult;
    try {
      const request = { key, route: CHAT_ROUTE, bodyHash: chatBodyHash(body) };
      const outcome = await chat.chat(viewer, parseItemBody(body), request, (durable) =>
        writes.push(durable),
      );
      result = { key, status: outcome.status, answer: outcome.answer, replayed: outcome.replayed };
    } catch (error) {
      // Anything but a refusal (an engine or disk failure) fails the batch: a 500, as for one message.
      if (!(error instanceof HttpError)) throw error;
      result = { key, status: error.status, answer: errorBody(error.message), replayed: false };
    }
    results.push(result);
    if (result.status < 200 || result.status >= 300) break;
  }
  await Promise.all(writes);
  return { results };
}
