// The bodies of POST /api/chat (spec 000 §7, 002 §7) and POST /api/conversations, checked with zod and
// brought to one shape. Unknown fields are ignored, so an older or newer client still gets through.
import { z } from 'zod';
import { MAX_MESSAGE_LENGTH } from '../../src/domain/chat-limits';
import { UUID_V7_PATTERN } from '../../src/domain/uuidv7';
import type { DeviceReplyPart } from '../../src/engine/companion/types';
import type { CompanionInput } from '../companion';
import { TOO_LARGE_PARAM } from '../http/validate';

// One limit for the server and the client, which keeps a longer message on the device.
export { MAX_MESSAGE_LENGTH };
export const MAX_HISTORY_ITEMS = 50;
/** What the engine sees of the conversation (spec 000 §9: the last 10 messages). */
export const ENGINE_HISTORY_ITEMS = 10;
export const MAX_USER_NAME_LENGTH = 64;
export const MAX_ID_LENGTH = 200;
const MAX_UPLOADED_FILES = 50;

/** A text longer than one message may be is a 413 (validate.ts), not a 400: the request is too large. */
const messageText = z.string().refine((text) => text.length <= MAX_MESSAGE_LENGTH, {
  message: `must be at most ${MAX_MESSAGE_LENGTH} characters`,
  params: { [TOO_LARGE_PARAM]: true },
});
const idText = z.string().max(MAX_ID_LENGTH, `must be at most ${MAX_ID_LENGTH} characters`);

/** The last instant a JavaScript Date can hold (ms after 1970): anything later is no time at all. */
const MAX_DATE_MS = 8.64e15;
const MAX_TIMESTAMP_TEXT = 64;

/**
 * When the device says the message was written: a millisecond count, or a date string (at most 64
 * characters), from 1970 up to the last instant a Date can hold. Anything else (another type, negative,
 * not finite, beyond that range, unreadable) is null, as if absent: the server then uses its own time.
 */
export function readClientTimestamp(value: unknown): number | null {
  let ms: number;
  if (typeof value === 'number') ms = value;
  else if (typeof value === 'string' && value.length <= MAX_TIMESTAMP_TEXT) ms = Date.parse(value);
  else return null;
  return Number.isFinite(ms) && ms >= 0 && ms <= MAX_DATE_MS ? Math.floor(ms) : null;
}

/** Never a reason to refuse a message (docs/chat-server.md): what cannot be read is dropped. */
const clientTimestamp = z.unknown().optional().transform(readClientTimestamp);

const SESSION_ID = /^(\d{4})-(\d{2})-(\d{2})$/;

/** yyyy-MM-dd naming a real calendar day. */
export function isWellFormedSessionId(value: string): boolean {
  const match = SESSION_ID.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return (
    date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day
  );
}

/** Taken when well-formed; otherwise the server computes the day from the message's time. */
const sessionId = z
  .string()
  .max(64, 'must be at most 64 characters')
  .nullable()
  .optional()
  .transform((value) => (value && isWellFormedSessionId(value) ? value : null));

const optionalId = idText
  .nullable()
  .optional()
  .transform((value) => value || null);

/** Variant A sends { role, content }; variant B (and the device's outbox) { message, sender, timestamp }. */
const historyItem = z
  .object({
    role: z.enum(['user', 'assistant']).optional(),
    content: messageText.optional(),
    message: messageText.optional(),
    sender: z.enum(['user', 'kiri']).optional(),
    timestamp: z
      .union([z.number(), z.string().max(64, 'must be at most 64 characters')])
      .nullable()
      .optional(),
  })
  .refine(
    (item) =>
      (item.role !== undefined && item.content !== undefined) ||
      (item.sender !== undefined && item.message !== undefined),
    'must have role and content, or message and sender',
  );

/** Spec 000 §3.3: a reply is 1 to 3 messages; one written on the device is no different. */
export const MAX_DEVICE_REPLY_PARTS = 3;

/**
 * A part of Kiri's reply written on the device (issue 12): its id (a UUIDv7 the device made, so that the
 * device's row and the server's log entry are one message), its text and when the device showed it.
 */
const deviceReplyPart = z.object({
  id: idText.regex(UUID_V7_PATTERN, 'must be a UUIDv7'),
  message: messageText.refine((text) => text.trim() !== '', 'must not be empty'),
  // Any finite number: the server clamps it (deviceReplyTimes), so a device's wrong clock is no error.
  timestamp: z.number(),
});

const deviceReply = z.object({
  kiriMessages: z
    .array(deviceReplyPart)
    .min(1, 'must have at least 1 item')
    .max(MAX_DEVICE_REPLY_PARTS, `must have at most ${MAX_DEVICE_REPLY_PARTS} items`)
    .refine(
      (parts) => new Set(parts.map((part) => part.id)).size === parts.length,
      'must not repeat an id',
    ),
});

type ChatTurn = CompanionInput['history'][number];

function toTurn(item: z.output<typeof historyItem>): ChatTurn {
  if (item.role !== undefined && item.content !== undefined) {
    return { role: item.role, content: item.content };
  }
  return { role: item.sender === 'user' ? 'user' : 'assistant', content: item.message ?? '' };
}

export const chatBodySchema = z
  .object({
    message: messageText,
    isInitialGreeting: z.boolean().optional(),
    history: z
      .array(historyItem)
      .max(MAX_HISTORY_ITEMS, `must have at most ${MAX_HISTORY_ITEMS} items`)
      .optional(),
    replyToId: optionalId,
    userName: z
      .string()
      .max(MAX_USER_NAME_LENGTH, `must be at most ${MAX_USER_NAME_LENGTH} characters`)
      .nullable()
      .optional(),
    sessionId,
    clientTimestamp,
    context: z.enum(['chat', 'manual_console']).optional(),
    uploadedFiles: z
      .array(z.string().max(255, 'must be at most 255 characters'))
      .max(MAX_UPLOADED_FILES, `must have at most ${MAX_UPLOADED_FILES} items`)
      .optional(),
    deviceReply: deviceReply.nullable().optional(),
  })
  .superRefine((body, ctx) => {
    const blank = body.message.trim() === '';
    // A device answers the owner's messages only: the greeting and the console are asked of the server.
    if (body.deviceReply && body.isInitialGreeting) {
      ctx.addIssue({
        code: 'custom',
        path: ['deviceReply'],
        message: 'must not be sent with the initial greeting',
      });
    }
    if (body.deviceReply && body.context === 'manual_console') {
      ctx.addIssue({
        code: 'custom',
        path: ['deviceReply'],
        message: 'must not be sent with the manual console',
      });
    }
    if (body.isInitialGreeting && !blank) {
      ctx.addIssue({
        code: 'custom',
        path: ['message'],
        message: 'must be empty for the initial greeting',
      });
    }
    if (!body.isInitialGreeting && blank) {
      ctx.addIssue({ code: 'custom', path: ['message'], message: 'must not be empty' });
    }
  })
  .transform((body) => ({
    isInitialGreeting: body.isInitialGreeting === true,
    message: body.isInitialGreeting ? '' : body.message,
    context: body.context ?? ('chat' as const),
    history: (body.history ?? []).slice(-ENGINE_HISTORY_ITEMS).map(toTurn),
    replyToId: body.replyToId,
    userName: body.userName?.trim() || null,
    sessionId: body.sessionId,
    clientTimestamp: body.clientTimestamp,
    deviceReply: (body.deviceReply?.kiriMessages ?? null) as DeviceReplyPart[] | null,
  }));

export type ChatRequest = z.output<typeof chatBodySchema>;

/** Spec 000 §7: the image-sharing sequence stores 'Image sent 📷' and Kiri's answer this way. */
export const conversationMessageSchema = z
  .object({
    message: messageText.refine((text) => text.trim() !== '', 'must not be empty'),
    sender: z.enum(['user', 'kiri']),
    emotionalState: z
      .object({
        curiosity: z.number().min(0).max(100),
        contentment: z.number().min(0).max(100),
        empathy: z.number().min(0).max(100),
      })
      .nullable()
      .optional(),
    replyToId: optionalId,
    sessionId,
    clientTimestamp,
  })
  .transform((body) => ({ ...body, emotionalState: body.emotionalState ?? null }));

export type ConversationMessageRequest = z.output<typeof conversationMessageSchema>;

export const messageIdParam = z.object({
  id: z
    .string()
    .min(1, 'is required')
    .max(MAX_ID_LENGTH, `must be at most ${MAX_ID_LENGTH} characters`),
});
