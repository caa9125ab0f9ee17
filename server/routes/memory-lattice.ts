// The memory lattice's calls (spec 000 §7) and the JSON the features panel opens in a new tab (000 §2.2):
// /api/memory-lattice (status, search, create), /api/memories, /api/backup/list,
// /api/soul-awakening-status, /api/dreams/sequences. Memory is the 'memory_threading' feature of spec
// 002 §6: owners and admins hold it, a user when an admin grants it. Each account sees its own memories.
import { Hono } from 'hono';
import { z } from 'zod';
import { requireSession } from '../auth/guards';
import { accountOf } from '../chat/account';
import type { AppEnv } from '../http/app-env';
import { HttpError } from '../http/errors';
import { jsonBody } from '../http/validate';
import { MIN_SEARCH_CHARS, SEARCH_TOO_SHORT } from '../memory/lattice-rules';
import type { MemoryLattice } from '../memory/memory-lattice';
import { MAX_MESSAGE_LENGTH } from '../chat/chat-body';
import { MEMORY_CONTEXT_TYPES } from '../store/memory-store';

export const MEMORY_CONTENT_REQUIRED = 'Memory content is required';

export const createMemorySchema = z.object({
  content: z
    .string({ error: MEMORY_CONTENT_REQUIRED })
    .trim()
    .min(1, MEMORY_CONTENT_REQUIRED)
    .max(MAX_MESSAGE_LENGTH, `must be at most ${MAX_MESSAGE_LENGTH} characters`),
  contextType: z.enum(MEMORY_CONTEXT_TYPES).default('conversation'),
  source: z.string().trim().min(1).max(40).default('user'),
  /** Spec 000 §3.1 'an owner-only flag'; the panel sends it false. Both spellings are read. */
  ownerOnly: z.boolean().optional(),
  isOwnerOnly: z.boolean().optional(),
});

// The session's; the area's permission is checked before any route (auth/area-permissions.ts).

const memoryGuard = requireSession;

export function memoryLatticeRoutes({ lattice }: { lattice: MemoryLattice }) {
  return new Hono<AppEnv>()
    .get('/status', memoryGuard, async (c) =>
      c.json(await lattice.status(accountOf(c.var.viewer!))),
    )
    .get('/search', memoryGuard, async (c) => {
      const query = (c.req.query('query') ?? c.req.query('q') ?? '').trim();
      if (query.length < MIN_SEARCH_CHARS) throw new HttpError(400, SEARCH_TOO_SHORT);
      const hits = await lattice.search(accountOf(c.var.viewer!), query);
      // The nodes as they are after this search counted its access.
      return c.json(
        hits.map((hit) => ({ ...hit.node, relevance: Math.round(hit.score * 1000) / 1000 })),
      );
    })
    .post('/create', memoryGuard, jsonBody(createMemorySchema), async (c) => {
      const body = c.req.valid('json');
      const node = await lattice.create(accountOf(c.var.viewer!), {
        content: body.content,
        contextType: body.contextType,
        source: body.source,
        ownerOnly: body.ownerOnly ?? body.isOwnerOnly ?? false,
      });
      return c.json({ success: true as const, node }, 201);
    });
}

/** GET /api/memories: the account's nodes, newest first. */
export function memoriesRoutes({ lattice }: { lattice: MemoryLattice }) {
  return new Hono<AppEnv>().get('/', memoryGuard, (c) => {
    const nodes = lattice.list(accountOf(c.var.viewer!));
    return c.json({ total: nodes.length, nodes });
  });
}

/** GET /api/backup/list: memory.json's snapshots, newest first. */
export function backupRoutes({ lattice }: { lattice: MemoryLattice }) {
  return new Hono<AppEnv>().get('/list', memoryGuard, async (c) => {
    const verified = await lattice.verifyNewestSnapshot();
    return c.json({
      file: 'memory.json',
      newestVerified: verified,
      snapshots: lattice.snapshots(),
    });
  });
}

/** GET /api/soul-awakening-status: {awakened, anchors, timestamp} (spec 001 §7). */
export function soulAwakeningRoutes({ lattice }: { lattice: MemoryLattice }) {
  return new Hono<AppEnv>().get('/', memoryGuard, (c) =>
    c.json(lattice.soulAwakening(accountOf(c.var.viewer!))),
  );
}

/** GET /api/dreams/sequences: the account's dream sequences, newest first. */
export function dreamsRoutes({ lattice }: { lattice: MemoryLattice }) {
  return new Hono<AppEnv>().get('/sequences', memoryGuard, (c) => {
    const sequences = lattice.dreams(accountOf(c.var.viewer!));
    return c.json({ total: sequences.length, sequences });
  });
}
