// POST /api/chat: every body shape of the spec (greeting, variants A and B, minimal, console), answered
// with kiriMessages + splitMessageTimings, exactly once per Idempotency-Key; a reply the device wrote
// offline (deviceReply) is stored as Kiri's answer instead of asking the companion; POST /api/chat/batch
// takes several such messages at once (docs/chat-server.md).
import { Hono } from 'hono';
// The area's permission is checked before any route runs (auth/area-permissions.ts).
import { requireSession } from '../auth/guards';
import { chatBatchSchema, runChatBatch } from '../chat/chat-batch';
import { chatBodySchema } from '../chat/chat-body';
import type { ChatService } from '../chat/chat-service';
import {
  chatBodyHash,
  checkIdempotencyKey,
  idempotentRequestOf,
  REPLAYED_HEADER,
} from '../chat/idempotency';
import type { AppEnv } from '../http/app-env';
import { jsonBody } from '../http/validate';

export interface ChatRouteDeps {
  chat: ChatService;
}

export function chatRoutes({ chat }: ChatRouteDeps) {
  return new Hono<AppEnv>()
    .post(
      // The outbox's waiting messages in one request (issue 21): each with its own key and body text.
      '/batch',
      requireSession,
      jsonBody(chatBatchSchema),
      async (c) => c.json(await runChatBatch(chat, c.var.viewer, c.req.valid('json'))),
    )
    .post('/', requireSession, checkIdempotencyKey, jsonBody(chatBodySchema), async (c) => {
      const request = await idempotentRequestOf(c.req, chatBodyHash);
      const result = await chat.chat(c.var.viewer, c.req.valid('json'), request);
      if (result.replayed) c.header(REPLAYED_HEADER, 'true');
      return c.json(result.answer, result.status);
    });
}
