// GET /api/companion/context (issue 12): the device's copy of what the companion engine needs to answer
// offline (EngineContext in src/engine/companion/types.ts), for the caller's account. Guarded as the chat
// is (a session and the `chat` permission): it is the chat's own data, and only the chat uses it.
import { Hono } from 'hono';
import { requirePermission } from '../auth/guards';
import type { ChatService } from '../chat/chat-service';
import type { AppEnv } from '../http/app-env';

export interface CompanionRouteDeps {
  chat: ChatService;
}

export function companionRoutes({ chat }: CompanionRouteDeps) {
  return new Hono<AppEnv>().get('/context', requirePermission('chat'), (c) => {
    // Memories and the owner's name: never kept by a cache between the server and the device.
    c.header('Cache-Control', 'no-store');
    return c.json({ success: true as const, ...chat.engineContext(c.var.viewer) });
  });
}
