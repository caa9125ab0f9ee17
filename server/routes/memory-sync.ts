// /api/memory-sync (spec 001 §7 'unified memory', 002 §7 console-memory; docs/memory-sync.md): recent,
// status, search, conversation-context and console-memory over the one memory lattice. Who may call it is
// the area's line in auth/area-permissions.ts (system_control, read and write), checked before any route.
import { Hono } from 'hono';
import { z } from 'zod';
import { requireSession } from '../auth/guards';
import { accountOf } from '../chat/account';
import { isWellFormedSessionId } from '../chat/chat-body';
import type { AppEnv } from '../http/app-env';
import { HttpError } from '../http/errors';
import { jsonBody } from '../http/validate';
import { MAX_MESSAGE_LENGTH } from '../../src/domain/chat-limits';
import {
  COUNT_INVALID,
  LIMIT_INVALID,
  MAX_QUERY_CHARS,
  QUERY_REQUIRED,
  recentCountOf,
  searchLimitOf,
} from '../memory-sync/memory-sync-rules';
import type { MemorySync } from '../memory-sync/memory-sync-service';

export const SESSION_ID_INVALID = 'id must be a day session (yyyy-MM-dd)';

export const searchSchema = z.object({
  query: z
    .string({ error: QUERY_REQUIRED })
    .trim()
    .min(1, QUERY_REQUIRED)
    .max(MAX_QUERY_CHARS, `query may have at most ${MAX_QUERY_CHARS} characters`),
  limit: z.number({ error: LIMIT_INVALID }).int(LIMIT_INVALID).positive(LIMIT_INVALID).optional(),
});

const exchangeText = (name: string) =>
  z
    .string({ error: `${name} is required` })
    .trim()
    .min(1, `${name} is required`)
    .max(MAX_MESSAGE_LENGTH, `${name} may have at most ${MAX_MESSAGE_LENGTH} characters`);

/** Spec 002 §7: {userMessage, kiriResponse, context ('console_conversation'), replyToId}. */
export const consoleMemorySchema = z.object({
  userMessage: exchangeText('userMessage'),
  // The console reads the chat's answer as kiriResponse.message (002 §7): the text or that object.
  kiriResponse: z.union(
    [exchangeText('kiriResponse'), z.object({ message: exchangeText('kiriResponse') })],
    {
      error: 'kiriResponse is required',
    },
  ),
  context: z.literal('console_conversation').optional(),
  // The console's own log id (kept on the device): accepted, not stored.
  replyToId: z.string().max(200).nullable().optional(),
});

export function memorySyncRoutes({ memorySync }: { memorySync: MemorySync }) {
  const recent = (count: string | undefined, account: string) => {
    const parsed = recentCountOf(count);
    if (parsed === null) throw new HttpError(400, COUNT_INVALID);
    return { success: true as const, memories: memorySync.recent(account, parsed) };
  };
  const context = (id: string | undefined, account: string) => {
    if (id !== undefined && !isWellFormedSessionId(id))
      throw new HttpError(400, SESSION_ID_INVALID);
    return { success: true as const, context: memorySync.conversationContext(account, id ?? null) };
  };
  return new Hono<AppEnv>()
    .get('/recent', requireSession, (c) => c.json(recent(undefined, accountOf(c.var.viewer!))))
    .get('/recent/:count', requireSession, (c) =>
      c.json(recent(c.req.param('count'), accountOf(c.var.viewer!))),
    )
    .get('/status', requireSession, (c) =>
      c.json({ success: true as const, stats: memorySync.stats(accountOf(c.var.viewer!)) }),
    )
    .post('/search', requireSession, jsonBody(searchSchema), async (c) => {
      const { query, limit } = c.req.valid('json');
      const results = await memorySync.search(
        accountOf(c.var.viewer!),
        query,
        searchLimitOf(limit),
      );
      return c.json({ success: true as const, results });
    })
    .get('/conversation-context', requireSession, (c) =>
      c.json(context(undefined, accountOf(c.var.viewer!))),
    )
    .get('/conversation-context/:id', requireSession, (c) =>
      c.json(context(c.req.param('id'), accountOf(c.var.viewer!))),
    )
    .post('/console-memory', requireSession, jsonBody(consoleMemorySchema), async (c) => {
      const { userMessage } = c.req.valid('json');
      const answer = await memorySync.consoleMemory(accountOf(c.var.viewer!), userMessage);
      return c.json({ success: true as const, ...answer }, answer.created ? 201 : 200);
    });
}
