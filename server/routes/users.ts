// /api/users: the registration dialog's two calls.
import { Hono } from 'hono';
import { z } from 'zod';
import { requireSession } from '../auth/guards';
import type { AppEnv } from '../http/app-env';
import { HttpError } from '../http/errors';
import { jsonBody } from '../http/validate';
import type { ChatService } from '../chat/chat-service';
import type { RouteDeps } from './route-deps';

export const CLIENT_ID_MISMATCH = 'This client id does not belong to your session';
export const MAX_NAME_LENGTH = 64;

const registerBody = z.object({
  // A missing name is the dialog's 'Please enter your name', not a type error.
  name: z
    .string()
    .max(MAX_NAME_LENGTH, `must be at most ${MAX_NAME_LENGTH} characters`)
    .default(''),
  clientId: z.string().min(1, 'is required').max(100, 'must be at most 100 characters'),
});

export function usersRoutes({ users }: RouteDeps, chat: Pick<ChatService, 'appendWelcome'>) {
  return new Hono<AppEnv>()
    .get('/check-registration', requireSession, (c) => c.json(users.registrationOf(c.var.viewer)))
    .post('/register', requireSession, jsonBody(registerBody), async (c) => {
      const { name, clientId } = c.req.valid('json');
      const firstTime = c.var.viewer.user.name === null;
      const result = await users.register(c.var.viewer, name, clientId);
      if (result.kind === 'wrong-client') throw new HttpError(403, CLIENT_ID_MISMATCH);
      if (result.kind === 'invalid-name') throw new HttpError(400, result.error);
      // The welcome joins the conversation once, when the name is first given (not on a rename).
      if (firstTime) await chat.appendWelcome(c.var.viewer, result.welcomeMessage);
      return c.json({
        success: true as const,
        user: { name: result.user.name as string, clientId: result.user.clientId },
        welcomeMessage: result.welcomeMessage,
      });
    });
}
