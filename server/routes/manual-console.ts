// The manual console's file calls (spec 002 §7, issue 17 point 5), admin only as the console is (002
// §6): upload (base64 JSON, 10 MB decoded), the list, one file's content, delete, and the task processor
// (process-with-hydra: lines, functions, imports and syntax errors found by parsing). GET /status, the
// system features page's read of the same area, stays in routes/system-features.ts; app.ts mounts both
// under /api/manual-console.
import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { z } from 'zod';
import { requireAdmin } from '../auth/guards';
import type { AppEnv } from '../http/app-env';
import { HttpError } from '../http/errors';
import { jsonBody } from '../http/validate';
import {
  fileTooLarge,
  isProcessableFile,
  MAX_CONSOLE_FILE_BYTES,
} from '../../src/domain/console-input';
import { analyseFile } from '../manual-console/file-analysis';
import type { ConsoleFiles } from '../manual-console/console-files';

export const CONSOLE_UPLOAD_PATH = '/api/manual-console/upload';

/**
 * The upload's body cap: a 10 MB file in base64 (4 characters per 3 bytes) and room for its name and
 * fields. A bigger body is refused from its declared length before it is read (or as it streams).
 */
export const CONSOLE_UPLOAD_BODY_BYTES = Math.ceil(MAX_CONSOLE_FILE_BYTES / 3) * 4 + 64 * 1024;

export const NOT_PROCESSABLE = 'Only .py, .js and .ts files can be processed';
export const NOT_BASE64 = 'fileContent: must be base64';

/** 413 in the API's error format with 002 §5's words: title as `error`, description as `message`. */
function tooLarge(fileName: string | null) {
  const { title, description } = fileTooLarge(fileName ?? 'The file');
  return { success: false as const, error: title, message: description };
}

const uploadBody = z.object({
  fileName: z.string().min(1, 'must not be empty').max(255, 'must be at most 255 characters'),
  fileContent: z.string(),
  fileType: z.string().max(100, 'must be at most 100 characters').optional(),
  fileSize: z.number().int().min(0).optional(),
});

const processBody = z.object({
  fileName: z.string().min(1, 'must not be empty').max(255, 'must be at most 255 characters'),
});

/** Rule: strict base64 (what btoa makes): a body of other characters is refused, not half-decoded. */
export function decodeBase64(text: string): Buffer | null {
  if (text.length % 4 !== 0 || !/^[A-Za-z0-9+/]*={0,2}$/.test(text)) return null;
  return Buffer.from(text, 'base64');
}

export interface ManualConsoleDeps {
  files: ConsoleFiles;
  /** The python3 the task processor parses Python with (tests: a missing one). */
  python?: string;
}

export function manualConsoleFileRoutes({ files, python }: ManualConsoleDeps) {
  const uploadLimit = bodyLimit({
    maxSize: CONSOLE_UPLOAD_BODY_BYTES,
    onError: (c) => c.json(tooLarge(null), 413, { Connection: 'close' }),
  });
  return new Hono<AppEnv>()
    .post('/upload', requireAdmin, uploadLimit, jsonBody(uploadBody), async (c) => {
      const body = c.req.valid('json');
      // The declared size is the browser's word: refused early when it says too much, never trusted
      // when it says little (the decoded bytes are counted below).
      if (body.fileSize !== undefined && body.fileSize > MAX_CONSOLE_FILE_BYTES) {
        return c.json(tooLarge(body.fileName), 413);
      }
      files.pathOf(body.fileName);
      const bytes = decodeBase64(body.fileContent);
      if (bytes === null) throw new HttpError(400, NOT_BASE64);
      if (bytes.length > MAX_CONSOLE_FILE_BYTES) return c.json(tooLarge(body.fileName), 413);
      const info = await files.save(body.fileName, bytes, body.fileType);
      return c.json({
        success: true as const,
        file_info: { fileName: info.fileName, fileSize: info.fileSize, fileType: info.fileType },
      });
    })
    .get('/files', requireAdmin, async (c) =>
      c.json({ success: true as const, files: await files.list() }),
    )
    .get('/files/:fileName', requireAdmin, async (c) => {
      const bytes = await files.read(c.req.param('fileName'));
      return c.json({ success: true as const, content: bytes.toString('utf8') });
    })
    .delete('/files/:fileName', requireAdmin, async (c) => {
      await files.remove(c.req.param('fileName'));
      return c.json({ success: true as const });
    })
    .post('/process-with-hydra', requireAdmin, jsonBody(processBody), async (c) => {
      const { fileName } = c.req.valid('json');
      files.pathOf(fileName);
      if (!isProcessableFile(fileName)) throw new HttpError(400, NOT_PROCESSABLE);
      const bytes = await files.read(fileName);
      const analysis = await analyseFile(fileName, bytes, { python });
      return c.json({ success: true as const, analysis });
    });
}
