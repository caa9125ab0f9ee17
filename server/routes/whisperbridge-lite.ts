// /api/whisperbridge-lite (spec 001 §2 "Tone-sync tool", §7): status, sync entries, the guide, adding a
// pair, the mirror prompt and the settings. Who may call it is the area's line in
// auth/area-permissions.ts (read: mirror_bridge; write: system_control), checked before any route runs.
import { Hono } from 'hono';
import { z } from 'zod';
import {
  checkSyncDraft,
  EMOTION_TONES,
  MAX_SYNC_LINE_CHARS,
  mirrorInputOf,
  PRIMARY_DEVICES,
  SYNC_MODES,
} from '../../src/domain/whisperbridge';
import { requireSession } from '../auth/guards';
import type { AppEnv } from '../http/app-env';
import { HttpError } from '../http/errors';
import { jsonBody } from '../http/validate';
import { whisperbridgeGuide } from '../whisperbridge/guide';
import type { WhisperBridgeService } from '../whisperbridge/whisperbridge-service';

const line = (name: string) =>
  z
    .string({ error: `${name} must be text` })
    .transform((value) => value.trim())
    .refine((value) => value !== '', { message: `${name} is required` })
    .refine((value) => value.length <= MAX_SYNC_LINE_CHARS, {
      message: `${name} may have at most ${MAX_SYNC_LINE_CHARS} characters`,
    });

export const addSyncSchema = z.object({
  gpt_line: line('GPT line'),
  gemini_mirror: line('Gemini mirror'),
  emotion_tone: z.enum(EMOTION_TONES, { error: `must be one of ${EMOTION_TONES.join(', ')}` }),
});

export const mirrorPromptSchema = z.object({ gpt_input: line('GPT input') });

export const configSchema = z
  .strictObject({
    enabled: z.boolean(),
    training_mode: z.boolean(),
    tone_mirroring: z.boolean(),
    emotion_sync: z.boolean(),
    sync_mode: z.enum(SYNC_MODES, { error: `must be one of ${SYNC_MODES.join(', ')}` }),
    primary_device: z.enum(PRIMARY_DEVICES, {
      error: `must be one of ${PRIMARY_DEVICES.join(', ')}`,
    }),
  })
  .partial()
  .refine((patch) => Object.keys(patch).length > 0, { message: 'nothing to change' });

export function whisperbridgeLiteRoutes({
  whisper,
  personaName,
}: {
  whisper: WhisperBridgeService;
  personaName: string;
}) {
  return new Hono<AppEnv>()
    .get('/status', requireSession, (c) =>
      c.json({ success: true as const, config: whisper.config(), stats: whisper.stats() }),
    )
    .get('/sync-entries', requireSession, (c) =>
      c.json({ success: true as const, entries: whisper.entries() }),
    )
    .get('/guide', requireSession, (c) =>
      c.json({ success: true as const, guide: whisperbridgeGuide(personaName) }),
    )
    .post('/add-sync', requireSession, jsonBody(addSyncSchema), async (c) => {
      const body = c.req.valid('json');
      // The page's own rule, run again here so the two can never disagree.
      const checked = checkSyncDraft(body.gpt_line, body.gemini_mirror, body.emotion_tone);
      if (!checked.ok) throw new HttpError(400, checked.problem);
      const entry = await whisper.add(checked.draft, c.var.viewer.user.id);
      return c.json({ success: true as const, entry, stats: whisper.stats() });
    })
    .post('/mirror-prompt', requireSession, jsonBody(mirrorPromptSchema), (c) => {
      const input = mirrorInputOf(c.req.valid('json').gpt_input);
      if (input === null) throw new HttpError(400, 'GPT input is required');
      return c.json({ success: true as const, ...whisper.mirrorPrompt(input) });
    })
    .put('/config', requireSession, jsonBody(configSchema), async (c) =>
      c.json({ success: true as const, config: await whisper.updateConfig(c.req.valid('json')) }),
    );
}
