// /api/consciousness (spec 001 §2, §3, §7; docs/consciousness.md): the stream's status (polled 30 s on
// its page, and by the chat's header and sidebar), its data (60 s), Update Now, and the stream's settings
// for its page's form. Reading is spec 002 §6's 'consciousness'; Update Now is system control
// (auth/area-permissions.ts); the settings, which decide what the server fetches, are the admin's.
import { Hono } from 'hono';
import { z } from 'zod';
import { viewerPermissions } from '../auth/access-rules';
import { AREA_PERMISSIONS } from '../auth/area-permissions';
import { requireAdmin, requireSession } from '../auth/guards';
import type { ConsciousnessService } from '../consciousness/consciousness-service';
import {
  FEED_KINDS,
  FEEDS_CAP,
  MAX_INTERVAL_MS,
  MIN_INTERVAL_MS,
  type StreamConfig,
} from '../consciousness/consciousness-store';
import { holidayCountries, isKnownCountry } from '../consciousness/sources/cultural';
import { isFetchableUrl } from '../consciousness/sources/fetch-capped';
import type { AppEnv } from '../http/app-env';
import { jsonBody } from '../http/validate';

export const TRIGGER_PERMISSION = AREA_PERMISSIONS.consciousness.write;

/** Rule 'feed URL' at the door: http(s), absolute, no user name or password in it. */
export function feedUrlProblem(value: string): string | null {
  if (!isFetchableUrl(value)) return 'must be an http:// or https:// URL';
  const url = new URL(value);
  if (url.username || url.password) return 'must not hold a user name or password';
  return null;
}

export const streamConfigBodySchema = z
  .object({
    place: z
      .object({
        name: z.string().trim().min(1, 'a place needs a name').max(80),
        latitude: z.number().min(-90).max(90),
        longitude: z.number().min(-180).max(180),
      })
      .nullable(),
    country: z
      .string()
      .trim()
      .toUpperCase()
      .refine(isKnownCountry, 'not a country code the holiday calendar knows (e.g. SG, DE, US)')
      .nullable(),
    weather: z.boolean(),
    feeds: z
      .array(
        z.object({
          url: z
            .string()
            .trim()
            .max(2048)
            .superRefine((value, ctx) => {
              const problem = feedUrlProblem(value);
              if (problem) ctx.addIssue({ code: 'custom', message: problem });
            }),
          kind: z.enum(FEED_KINDS),
        }),
      )
      .max(FEEDS_CAP, `at most ${FEEDS_CAP} feeds`)
      .refine(
        (feeds) => new Set(feeds.map((feed) => feed.url)).size === feeds.length,
        'a feed is listed twice',
      ),
    updateIntervalMs: z
      .number()
      .int()
      .min(MIN_INTERVAL_MS, 'at least 5 minutes')
      .max(MAX_INTERVAL_MS, 'at most 24 hours'),
  })
  .strict()
  .superRefine((body, ctx) => {
    if (body.weather && !body.place) {
      ctx.addIssue({ code: 'custom', path: ['weather'], message: 'weather needs a place' });
    }
  });

export type StreamConfigBody = z.infer<typeof streamConfigBodySchema>;

function configAnswer(config: StreamConfig) {
  const { place, country, weather, feeds, updateIntervalMs, changedAt } = config;
  return {
    place,
    country,
    weather,
    feeds,
    updateIntervalMs,
    changedAt: changedAt === null ? null : new Date(changedAt).toISOString(),
  };
}

export function consciousnessRoutes({ consciousness }: { consciousness: ConsciousnessService }) {
  return new Hono<AppEnv>()
    .get('/status', requireSession, (c) => c.json(consciousness.status()))
    .get('/data', requireSession, (c) =>
      c.json({ success: true as const, streamData: consciousness.streamData() }),
    )
    .post('/trigger', requireSession, async (c) => {
      const report = await consciousness.trigger();
      return c.json({
        success: true as const,
        added: report.added,
        status: consciousness.status(),
      });
    })
    .get('/config', requireSession, (c) => {
      const viewer = c.var.viewer;
      const countries = holidayCountries();
      return c.json({
        success: true as const,
        config: configAnswer(consciousness.config()),
        canConfigure: viewer.isAdmin,
        canTrigger: viewerPermissions(viewer).includes(TRIGGER_PERMISSION),
        limits: {
          feeds: FEEDS_CAP,
          minIntervalMs: MIN_INTERVAL_MS,
          maxIntervalMs: MAX_INTERVAL_MS,
        },
        countries: Object.keys(countries)
          .sort()
          .map((code) => ({ code, name: countries[code]! })),
      });
    })
    .put('/config', requireAdmin, jsonBody(streamConfigBodySchema), async (c) => {
      const saved = await consciousness.configure(c.req.valid('json'), c.var.viewer.user.id);
      return c.json({ success: true as const, config: configAnswer(saved) });
    });
}
