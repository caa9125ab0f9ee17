// The hybrid protocol's calls (spec 001 §7): GET /api/hybrid-protocol-status, GET
// /api/advanced-capabilities-status and POST /api/hybrid-protocol-config (the dashboard's settings form).
// Each path is its own area (auth/area-permissions.ts): the two reads need 'consciousness', the settings
// 'system_control', refused as the admin area is. docs/hybrid-protocol.md says where each value comes from.
import { Hono } from 'hono';
import { z } from 'zod';
import { SETTING_MAX, SETTING_MIN } from '../../src/domain/hybrid-protocol';
import { requireSession } from '../auth/guards';
import { accountOf } from '../chat/account';
import type { AppEnv } from '../http/app-env';
import { HttpError } from '../http/errors';
import { jsonBody } from '../http/validate';
import type { HybridService } from '../hybrid/hybrid-service';
import { EncryptionKeyMissingError } from '../store/at-rest';

export const NOTHING_TO_CHANGE =
  'Send at least one of encryptionEnabled, consciousnessDevelopmentRate, emotionalDepth';

/** Read from the system they describe, never set: named in the refusal so a caller knows why. */
export const DERIVED_SETTINGS: Readonly<Record<string, string>> = {
  localFallbackEnabled: 'localFallbackEnabled is read from the provider chain and cannot be set',
  webAwarenessEnabled:
    'webAwarenessEnabled is read from the configured news and weather feeds and cannot be set',
};

const share = (name: string) =>
  z
    .number({ error: `${name} must be a number from ${SETTING_MIN} to ${SETTING_MAX}` })
    .min(SETTING_MIN, `${name} must be a number from ${SETTING_MIN} to ${SETTING_MAX}`)
    .max(SETTING_MAX, `${name} must be a number from ${SETTING_MIN} to ${SETTING_MAX}`);

export const hybridConfigSchema = z
  .object({
    encryptionEnabled: z.boolean({ error: 'encryptionEnabled must be true or false' }).optional(),
    consciousnessDevelopmentRate: share('consciousnessDevelopmentRate').optional(),
    emotionalDepth: share('emotionalDepth').optional(),
  })
  .catchall(z.unknown())
  .superRefine((body, ctx) => {
    const known = ['encryptionEnabled', 'consciousnessDevelopmentRate', 'emotionalDepth'];
    for (const key of Object.keys(body)) {
      if (known.includes(key)) continue;
      ctx.addIssue({
        code: 'custom',
        path: [key],
        message: DERIVED_SETTINGS[key] ?? `${key} is not a setting of the hybrid protocol`,
      });
    }
    if (!known.some((key) => body[key] !== undefined)) {
      ctx.addIssue({ code: 'custom', message: NOTHING_TO_CHANGE });
    }
  });

/** Mounted at /api/hybrid-protocol-status. */
export function hybridStatusRoutes({ hybrid }: { hybrid: HybridService }) {
  return new Hono<AppEnv>().get('/', requireSession, (c) =>
    c.json(hybrid.status(accountOf(c.var.viewer!))),
  );
}

/** Mounted at /api/advanced-capabilities-status. */
export function advancedCapabilitiesRoutes({ hybrid }: { hybrid: HybridService }) {
  return new Hono<AppEnv>().get('/', requireSession, (c) => c.json(hybrid.capabilities()));
}

/** Mounted at /api/hybrid-protocol-config: POST saves, and answers the status as it now is. */
export function hybridConfigRoutes({ hybrid }: { hybrid: HybridService }) {
  return new Hono<AppEnv>().post('/', requireSession, jsonBody(hybridConfigSchema), async (c) => {
    const body = c.req.valid('json');
    const viewer = c.var.viewer!;
    let result;
    try {
      result = await hybrid.configure(
        {
          encryptionEnabled: body.encryptionEnabled,
          consciousnessDevelopmentRate: body.consciousnessDevelopmentRate,
          emotionalDepth: body.emotionalDepth,
        },
        viewer.user.name ?? viewer.user.id,
      );
    } catch (error) {
      if (error instanceof EncryptionKeyMissingError) throw new HttpError(409, error.message);
      throw error;
    }
    return c.json({
      success: true as const,
      status: hybrid.status(accountOf(viewer)),
      rewrittenFiles: result?.rewritten.length ?? 0,
    });
  });
}
