// /api/personality (spec 000 §3.4, §7): Kiri's current personality, its baseline and its tone, and the
// save. There is one personality, Kiri's own, heard by every account: reading it is part of the chat;
// changing it changes what Kiri does for everyone, which is system control (002 §6), held by the owner
// and admins and by a user only when an admin grants it (the same rule as sleep mode).
import { Hono } from 'hono';
import { z } from 'zod';
import { dimensionProblems, TONES, type Dimensions } from '../../src/domain/personality';
import { viewerPermissions } from '../auth/access-rules';
import { AREA_PERMISSIONS } from '../auth/area-permissions';
import type { Viewer } from '../auth/auth-service';
import { requireSession } from '../auth/guards';
import type { AppEnv } from '../http/app-env';
import { jsonBody } from '../http/validate';
import type { PersonalitySnapshot, PersonalityService } from '../personality/personality-service';

/** Saving is the area's write permission (auth/area-permissions.ts). */
export const ADJUST_PERMISSION = AREA_PERMISSIONS.personality.write;

export const adjustSchema = z.object({
  // Checked by the shared rule so the page and the server name the same problems.
  dimensions: z.unknown().superRefine((value, ctx) => {
    const problems = dimensionProblems(value);
    if (problems) ctx.addIssue({ code: 'custom', message: problems });
  }),
  // The label the client derived. The server derives it again from the dimensions and stores its own, so
  // a quick preset named 'casual' whose values the spec's rule reads as 'balanced' cannot disagree.
  tone: z.enum(TONES, { error: `must be one of ${TONES.join(', ')}` }).optional(),
});

function canAdjust(viewer: Viewer): boolean {
  return viewerPermissions(viewer).includes(ADJUST_PERMISSION);
}

export function personalityRoutes({ personality }: { personality: PersonalityService }) {
  const answer = (snapshot: PersonalitySnapshot, viewer: Viewer) => ({
    success: true as const,
    ...snapshot,
    /** Whether this viewer may save (the page disables its controls otherwise). */
    canAdjust: canAdjust(viewer),
  });
  return new Hono<AppEnv>()
    .get('/current', requireSession, (c) => c.json(answer(personality.snapshot(), c.var.viewer)))
    .post('/adjust', requireSession, jsonBody(adjustSchema), async (c) => {
      const { dimensions } = c.req.valid('json');
      const saved = await personality.adjust(dimensions as Dimensions, c.var.viewer.user.id);
      return c.json(answer(saved, c.var.viewer));
    });
}
