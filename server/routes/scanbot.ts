// /api/scanbot (spec 002 §2 "File-watching auto-repair control", §3, §7): status (polled 3 s), logs
// (polled 5 s), scan, start, stop, add-file and remove-file. Operator tooling that writes into DATA_DIR:
// the area needs system_control, refused as the admin area is (auth/area-permissions.ts).
import { Hono } from 'hono';
import { z } from 'zod';
import { MAX_WORKSPACE_FILE_BYTES } from '../../src/domain/self-mod';
import { requireSession } from '../auth/guards';
import type { AppEnv } from '../http/app-env';
import { jsonBody, pathParams, TOO_LARGE_PARAM } from '../http/validate';
import type { ScanbotService } from '../scanbot/scanbot-service';
import { MAX_SCAN_INTERVAL_MINUTES, MIN_SCAN_INTERVAL_MINUTES } from '../scanbot/scanbot-store';

const filename = z
  .string({ error: 'filename must be text' })
  .refine((value) => value.trim() !== '', { message: 'filename is required' });

export const addFileSchema = z.object({
  filename,
  autoFix: z
    .string({ error: 'autoFix must be text' })
    .optional()
    .refine(
      (value) =>
        value === undefined || Buffer.byteLength(value, 'utf8') <= MAX_WORKSPACE_FILE_BYTES,
      {
        message: `autoFix may have at most ${MAX_WORKSPACE_FILE_BYTES / 1024} KB`,
        params: { [TOO_LARGE_PARAM]: true },
      },
    ),
});

export const startSchema = z.strictObject({
  scanInterval: z
    .number({ error: 'scanInterval must be a number of minutes' })
    .int('scanInterval must be a whole number of minutes')
    .min(MIN_SCAN_INTERVAL_MINUTES, `scanInterval must be at least ${MIN_SCAN_INTERVAL_MINUTES}`)
    .max(MAX_SCAN_INTERVAL_MINUTES, `scanInterval must be at most ${MAX_SCAN_INTERVAL_MINUTES}`)
    .optional(),
});

const filenameParam = z.object({ filename });

export function scanbotRoutes({ scanbot }: { scanbot: ScanbotService }) {
  return new Hono<AppEnv>()
    .get('/status', requireSession, async (c) =>
      c.json({ success: true as const, ...(await scanbot.status()) }),
    )
    .get('/logs', requireSession, (c) => c.json({ success: true as const, logs: scanbot.logs() }))
    .post('/scan', requireSession, async (c) => {
      const report = await scanbot.scanNow();
      return c.json({ success: true as const, ...report, status: await scanbot.status() });
    })
    .post('/start', requireSession, jsonBody(startSchema), async (c) =>
      c.json({
        success: true as const,
        ...(await scanbot.start(c.req.valid('json').scanInterval)),
      }),
    )
    .post('/stop', requireSession, async (c) =>
      c.json({ success: true as const, ...(await scanbot.stop()) }),
    )
    .post('/add-file', requireSession, jsonBody(addFileSchema), async (c) => {
      const body = c.req.valid('json');
      return c.json({
        success: true as const,
        ...(await scanbot.addFile(body.filename, body.autoFix)),
      });
    })
    .delete('/remove-file/:filename', requireSession, pathParams(filenameParam), async (c) =>
      c.json({
        success: true as const,
        ...(await scanbot.removeFile(c.req.valid('param').filename)),
      }),
    );
}
