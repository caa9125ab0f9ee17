// /api/conversations: the account's conversation log (all, or after ?since=<id>), storing a message
// (the image-sharing sequence), and Unsend. Writes honour Idempotency-Key like POST /api/chat.
import { Hono } from 'hono';
// The area's permission is checked before any route runs (auth/area-permissions.ts).
import { requireSession } from '../auth/guards';
import { conversationMessageSchema, MAX_ID_LENGTH, messageIdParam } from '../chat/chat-body';
import type { ChatService } from '../chat/chat-service';
import { checkIdempotencyKey, idempotentRequestOf, REPLAYED_HEADER } from '../chat/idempotency';
import type { AppEnv } from '../http/app-env';
import { HttpError } from '../http/errors';
import { jsonBody, pathParams } from '../http/validate';

export interface ConversationRouteDeps {
  chat: ChatService;
}

export function conversationsRoutes({ chat }: ConversationRouteDeps) {
  return new Hono<AppEnv>()
    .get('/', requireSession, (c) => {
      const since = c.req.query('since') || undefined;
      if (since !== undefined && since.length > MAX_ID_LENGTH) {
        throw new HttpError(400, `since: must be at most ${MAX_ID_LENGTH} characters`);
      }
      return c.json(chat.list(c.var.viewer, since));
    })
    .post(
      '/',
      requireSession,
      checkIdempotencyKey,
      jsonBody(conversationMessageSchema),
      async (c) => {
        const request = await idempotentRequestOf(c.req);
        const result = await chat.storeMessage(c.var.viewer, c.req.valid('json'), request);
        if (result.replayed) c.header(REPLAYED_HEADER, 'true');
        return c.json(result.answer, result.status);
      },
    )
    .delete('/:id', requireSession, checkIdempotencyKey, pathParams(messageIdParam), async (c) => {
      const request = await idempotentRequestOf(c.req);
      const result = await chat.unsend(c.var.viewer, c.req.valid('param').id, request);
      if (result.replayed) c.header(REPLAYED_HEADER, 'true');
      return c.json(result.answer, result.status);
    });
}
