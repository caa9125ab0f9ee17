// /api/build-rundown (spec 002 "Build history", §3, §4, §7 "Builds"; docs/build-history.md): the builds and
// the four stats for any logged-in account, the systems overview's nine built-in entries, and the admin's
// add, change and remove of a build. The area's line in auth/area-permissions.ts (read: a session; write:
// system_control, refused 'Admin access required') runs before any route; the write routes check it again
// themselves, so a route moved out of the area stays guarded. Bodies are checked here, at the door.
import { Hono } from 'hono';
import { z } from 'zod';
import {
  BUILD_IMPACTS,
  BUILD_STATUSES,
  FIELD_PROBLEMS,
  isBuildId,
  MAX_CATEGORY_CHARS,
  MAX_DESCRIPTION_CHARS,
  MAX_FEATURE_CHARS,
  MAX_FEATURES,
  MAX_NAME_CHARS,
  MAX_NOTES_CHARS,
  MAX_TECHNOLOGIES,
  MAX_TECHNOLOGY_CHARS,
  MAX_VERSION_CHARS,
  normalizeTimestamp,
} from '../../src/domain/build-history';
import { ADMIN_REQUIRED, requirePermission, requireSession } from '../auth/guards';
import type { BuildRundownService } from '../build-rundown/build-rundown-service';
import type { BuiltInSystem } from '../build-rundown/built-in-systems';
import type { AppEnv } from '../http/app-env';
import { jsonBody, pathParams } from '../http/validate';

const trimmed = z.string({ error: 'must be text' }).transform((value) => value.trim());

/** Trimmed text, required, at most `max` characters. */
const text = (max: number) =>
  trimmed
    .refine((value) => value !== '', { message: FIELD_PROBLEMS.required })
    .refine((value) => value.length <= max, { message: FIELD_PROBLEMS.tooLong(max) });

/** Optional text: absent, null or blank is null. */
const optionalText = (max: number) =>
  z.preprocess(
    (value) =>
      value === undefined || (typeof value === 'string' && value.trim() === '') ? null : value,
    trimmed
      .refine((value) => value.length <= max, { message: FIELD_PROBLEMS.tooLong(max) })
      .nullable(),
  );

/** A list of short texts: each trimmed and non-empty, at most `maxItems` of `maxChars`; absent is []. */
const list = (maxItems: number, maxChars: number) =>
  z
    .array(text(maxChars), { error: 'must be a list of text' })
    .max(maxItems, { message: FIELD_PROBLEMS.tooMany(maxItems) })
    .default([]);

const timestamp = z.string({ error: 'must be text' }).transform((value, context) => {
  const iso = normalizeTimestamp(value);
  if (iso === null) {
    context.addIssue({ code: 'custom', message: FIELD_PROBLEMS.timestamp });
    return z.NEVER;
  }
  return iso;
});

const buildId = z
  .string({ error: 'must be text' })
  .refine(isBuildId, { message: FIELD_PROBLEMS.id });

const fields = {
  name: text(MAX_NAME_CHARS),
  description: text(MAX_DESCRIPTION_CHARS),
  category: text(MAX_CATEGORY_CHARS),
  status: z.enum(BUILD_STATUSES, { error: FIELD_PROBLEMS.status }),
  impact: z.enum(BUILD_IMPACTS, { error: FIELD_PROBLEMS.impact }),
  version: optionalText(MAX_VERSION_CHARS),
  timestamp,
  technologies: list(MAX_TECHNOLOGIES, MAX_TECHNOLOGY_CHARS),
  features: list(MAX_FEATURES, MAX_FEATURE_CHARS),
  notes: optionalText(MAX_NOTES_CHARS),
};

/** A new build: every field; the id is the admin's choice or, absent, made by the server. */
export const createBuildSchema = z.strictObject({
  ...fields,
  id: buildId.optional(),
  // Absent: now (the server's clock).
  timestamp: timestamp.optional(),
});
/** A change replaces the record's fields whole (PUT); its id stays. */
export const replaceBuildSchema = z.strictObject(fields);

const idParam = z.object({ id: buildId });

export interface BuildRundownRouteDeps {
  builds: BuildRundownService;
  /** The nine built-in entries of the systems overview, read from the live system tree. */
  systems: () => BuiltInSystem[];
  clock: () => number;
}

export function buildRundownRoutes({ builds, systems, clock }: BuildRundownRouteDeps) {
  const admin = requirePermission('system_control', ADMIN_REQUIRED);
  return new Hono<AppEnv>()
    .get('/builds', requireSession, (c) =>
      c.json({ success: true as const, builds: builds.list() }),
    )
    .get('/stats', requireSession, (c) => c.json({ success: true as const, ...builds.stats() }))
    .get('/systems', requireSession, (c) =>
      c.json({
        success: true as const,
        systems: systems(),
        generatedAt: new Date(clock()).toISOString(),
      }),
    )
    .post('/builds', admin, jsonBody(createBuildSchema), async (c) => {
      const body = c.req.valid('json');
      const build = await builds.add({
        ...body,
        timestamp: body.timestamp ?? new Date(clock()).toISOString(),
      });
      return c.json({ success: true as const, build }, 201);
    })
    .put('/builds/:id', admin, pathParams(idParam), jsonBody(replaceBuildSchema), async (c) =>
      c.json({
        success: true as const,
        build: await builds.replace(c.req.valid('param').id, c.req.valid('json')),
      }),
    )
    .delete('/builds/:id', admin, pathParams(idParam), async (c) => {
      await builds.remove(c.req.valid('param').id);
      return c.json({ success: true as const });
    });
}
