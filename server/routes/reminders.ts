// /api/reminders (issue 10 point 4): create by the client's id (the outbox replays it: the same id and
// body answer the same reminder, nothing new), list the pending ones, cancel. The caller's own only.
import { Hono } from 'hono';
import { z } from 'zod';
import { requireSession } from '../auth/guards';
import { accountOf } from '../chat/account';
import { MAX_ID_LENGTH, MAX_MESSAGE_LENGTH } from '../chat/chat-body';
import {
  checkIdempotencyKey,
  IDEMPOTENCY_HEADER,
  isValidIdempotencyKey,
  REPLAYED_HEADER,
  sha256Hex,
} from '../chat/idempotency';
import type { AppEnv } from '../http/app-env';
import { HttpError } from '../http/errors';
import { jsonBody, pathParams } from '../http/validate';
import { MAX_REMINDER_AHEAD_MS } from '../reminders/reminder-phrases';
import { viewOf, type ReminderService } from '../reminders/reminder-service';

/** A reminder set offline is sent when the phone comes back: a due time this far back is still taken. */
export const MAX_REMINDER_PAST_MS = 7 * 24 * 60 * 60_000;

const idField = z
  .string({ error: 'is required' })
  .min(1, 'is required')
  .max(MAX_ID_LENGTH, `must be at most ${MAX_ID_LENGTH} characters`)
  .refine(isValidIdempotencyKey, "must be letters, digits, '.', '_', ':' or '-'");

export const reminderBodySchema = z.object({
  id: idField,
  text: z
    .string({ error: 'is required' })
    .trim()
    .min(1, 'must not be empty')
    .max(MAX_MESSAGE_LENGTH, `must be at most ${MAX_MESSAGE_LENGTH} characters`),
  /** Milliseconds since the epoch, or an ISO 8601 date-time with its offset. */
  dueAt: z.union([
    z.number().int('must be whole milliseconds').nonnegative(),
    z.iso.datetime({ offset: true, error: 'must be an ISO date-time or milliseconds' }),
  ]),
  messageId: idField.nullish(),
});

export function remindersRoutes({
  reminders,
  clock,
}: {
  reminders: ReminderService;
  clock: () => number;
}) {
  // The session's; the area's permission is checked before any route (auth/area-permissions.ts).
  const guard = requireSession;
  return new Hono<AppEnv>()
    .get('/', guard, (c) =>
      c.json({
        success: true as const,
        reminders: reminders.pending(accountOf(c.var.viewer)).map(viewOf),
      }),
    )
    .post('/', guard, checkIdempotencyKey, jsonBody(reminderBodySchema), async (c) => {
      const body = c.req.valid('json');
      const dueAt = typeof body.dueAt === 'number' ? body.dueAt : Date.parse(body.dueAt);
      const now = clock();
      if (dueAt < now - MAX_REMINDER_PAST_MS) {
        throw new HttpError(400, 'dueAt: must not be more than 7 days in the past');
      }
      if (dueAt > now + MAX_REMINDER_AHEAD_MS) {
        throw new HttpError(400, 'dueAt: must be within a year');
      }
      // With an Idempotency-Key the body bytes decide "the same request", as on POST /api/chat.
      const keyed = c.req.header(IDEMPOTENCY_HEADER) !== undefined;
      const { reminder, created } = await reminders.create(accountOf(c.var.viewer), {
        id: body.id,
        text: body.text,
        dueAt,
        messageId: body.messageId ?? null,
        source: 'api',
        createdBy: c.var.viewer.user.id,
        bodyHash: keyed ? sha256Hex(await c.req.text()) : null,
      });
      if (!created) c.header(REPLAYED_HEADER, 'true');
      return c.json({ success: true as const, reminder: viewOf(reminder) }, 201);
    })
    .delete(
      '/:id',
      guard,
      checkIdempotencyKey,
      pathParams(z.object({ id: idField })),
      async (c) => {
        const { id } = c.req.valid('param');
        await reminders.cancel(accountOf(c.var.viewer), id);
        return c.json({ success: true as const, id });
      },
    );
}
