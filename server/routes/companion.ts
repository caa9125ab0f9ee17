// GET /api/companion/context (issue 12): the device's copy of what the companion engine needs to answer
// offline (EngineContext in src/engine/companion/types.ts), for the caller's account. Guarded as the chat
// is (a session and the `chat` permission): it is the chat's own data, and only the chat uses it.
import { Hono } from 'hono';
// The area's permission is checked before any route runs (auth/area-permissions.ts).
import { requireSession } from '../auth/guards';
import type { ChatService } from '../chat/chat-service';
import type { AppEnv } from '../http/app-env';
import type { ToneStyle } from '../../src/engine/companion/types';

export interface CompanionRouteDeps {
  chat: ChatService;
  /** WhisperBridge Lite's style while tone_mirroring is on: the device's offline replies follow it too. */
  toneStyle?: () => ToneStyle | null;
}

export function companionRoutes({ chat, toneStyle }: CompanionRouteDeps) {
  return new Hono<AppEnv>().get('/context', requireSession, (c) => {
    // Memories and the owner's name: never kept by a cache between the server and the device.
    c.header('Cache-Control', 'no-store');
    // Only while tone_mirroring is on: the answer is otherwise what it was before WhisperBridge Lite.
    const style = toneStyle?.() ?? null;
    return c.json({
      success: true as const,
      ...chat.engineContext(c.var.viewer),
      ...(style ? { toneStyle: style } : {}),
    });
  });
}
