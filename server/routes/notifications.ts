// /api/notifications: the VAPID public key, subscribe, unsubscribe and a test push (spec 002 §3, §7).
// Subscribe and unsubscribe come through the device's outbox with an Idempotency-Key: both are
// idempotent by endpoint, so a replay finds the state it asked for and gets the same answer
// (docs/push.md "Exactly once").
import { Hono } from 'hono';
import { z } from 'zod';
// The area's permission is checked before any route runs (auth/area-permissions.ts).
import { requireSession } from '../auth/guards';
import { checkIdempotencyKey, REPLAYED_HEADER } from '../chat/idempotency';
import type { AppEnv } from '../http/app-env';
import { HttpError } from '../http/errors';
import { jsonBody } from '../http/validate';
import type { PushService } from '../push/push-service';
import type { PushMessage } from '../push/push-sender';
import type { RetryPolicy } from '../push/push-retry';

/** Apple's endpoints are about 200 characters, FCM's and WNS's a little more. */
export const MAX_ENDPOINT_LENGTH = 2048;
/** deviceInfo is for the owner to tell devices apart, not storage: its JSON stays small. */
export const MAX_DEVICE_INFO_BYTES = 1024;

export const SUBSCRIPTION_NOT_YOURS = 'This push subscription belongs to another account';
export const NO_SUBSCRIPTIONS =
  'No device of this account is subscribed to notifications: enable them first';
export const SUBSCRIPTIONS_EXPIRED =
  'The push service says this subscription has expired: enable notifications again';
export const TEST_NOT_DELIVERED = 'The push service did not accept the test notification';

/** The owner is waiting on the button: one quick retry, not the scheduler's minutes. */
const TEST_RETRY: RetryPolicy = { attempts: 2, baseDelayMs: 500, maxDelayMs: 5_000 };

/** base64url (browsers) or base64 (some polyfills) of exactly `bytes` bytes; stored as base64url. */
function base64Key(bytes: number, what: string, check?: (key: Buffer) => boolean) {
  return z
    .string()
    .max(200)
    .transform((text, ctx) => {
      const decoded = /^[A-Za-z0-9_+/-]+={0,2}$/.test(text)
        ? Buffer.from(text.replace(/=+$/, ''), 'base64url')
        : null;
      if (!decoded || decoded.length !== bytes || (check && !check(decoded))) {
        ctx.addIssue({ code: 'custom', message: `must be ${what} in base64url` });
        return z.NEVER;
      }
      return decoded.toString('base64url');
    });
}

const endpointSchema = z.string().min(1).max(MAX_ENDPOINT_LENGTH);

export const subscriptionBodySchema = z.object({
  endpoint: endpointSchema,
  keys: z.object({
    // An uncompressed P-256 point starts with 0x04.
    p256dh: base64Key(65, 'a 65-byte P-256 public key', (key) => key[0] === 4),
    auth: base64Key(16, 'a 16-byte secret'),
  }),
  deviceInfo: z
    .union([z.string().max(MAX_DEVICE_INFO_BYTES), z.record(z.string(), z.unknown())])
    .optional()
    .refine(
      (info) =>
        info === undefined || Buffer.byteLength(JSON.stringify(info)) <= MAX_DEVICE_INFO_BYTES,
      { message: `must be at most ${MAX_DEVICE_INFO_BYTES} bytes as JSON` },
    ),
});

const unsubscribeBodySchema = z.object({ endpoint: endpointSchema });

export interface NotificationRouteDeps {
  push: PushService;
  personaName: string;
}

export function notificationsRoutes({ push, personaName }: NotificationRouteDeps) {
  return new Hono<AppEnv>()
    .get('/public-key', (c) => c.json({ publicKey: push.publicKey }))
    .post(
      '/subscribe',
      requireSession,
      checkIdempotencyKey,
      jsonBody(subscriptionBodySchema),
      async (c) => {
        const body = c.req.valid('json');
        const problem = push.endpointProblem(body.endpoint);
        if (problem) throw new HttpError(400, problem);
        const { subscription, changed } = await push.subscribe(c.var.viewer.user.id, body);
        if (!changed) c.header(REPLAYED_HEADER, 'true');
        return c.json({
          success: true as const,
          endpoint: subscription.endpoint,
          createdAt: new Date(subscription.createdAt).toISOString(),
        });
      },
    )
    .post(
      '/unsubscribe',
      requireSession,
      checkIdempotencyKey,
      jsonBody(unsubscribeBodySchema),
      async (c) => {
        const result = await push.unsubscribe(c.var.viewer.user.id, c.req.valid('json').endpoint);
        if (result === 'not-yours') throw new HttpError(403, SUBSCRIPTION_NOT_YOURS);
        if (result === 'absent') c.header(REPLAYED_HEADER, 'true');
        return c.json({ success: true as const, removed: result === 'removed' });
      },
    )
    .post('/test', requireSession, async (c) => {
      const subscriptions = push.subscriptionsOf(c.var.viewer.user.id);
      if (subscriptions.length === 0) throw new HttpError(409, NO_SUBSCRIPTIONS);
      const message: PushMessage = {
        title: personaName,
        body: 'Test notification: notifications work on this device.',
        url: '/',
        tag: 'kiri-test',
        topic: 'kiri-test',
        urgency: 'high',
        // A test that arrives an hour later tests nothing.
        ttlSeconds: 5 * 60,
      };
      const outcome = await push.sendTo(subscriptions, message, TEST_RETRY);
      if (outcome.sent === 0) {
        throw new HttpError(
          outcome.failed === 0 ? 410 : 502,
          outcome.failed === 0 ? SUBSCRIPTIONS_EXPIRED : TEST_NOT_DELIVERED,
        );
      }
      return c.json({ success: true as const, ...outcome });
    });
}
