// /api/images: POST /upload (spec 000 §7: multipart image, userAnnotation, hideFromMemory, optional
// conversationId), exactly once per Idempotency-Key; the account's photos (GET /), each served back
// cleaned (GET /:id) and as the chat's thumbnail (GET /:id/thumbnail) to a session of the same account
// only, cached privately by the browser (docs/images.md).
import { createReadStream } from 'node:fs';
import { rm, stat } from 'node:fs/promises';
import { Readable } from 'node:stream';
import { Hono } from 'hono';
import { z } from 'zod';
import { requirePermission } from '../auth/guards';
import { readClientTimestamp } from '../chat/chat-body';
import {
  checkIdempotencyKey,
  IDEMPOTENCY_HEADER,
  idempotencyKeyOf,
  REPLAYED_HEADER,
} from '../chat/idempotency';
import type { AppEnv } from '../http/app-env';
import { HttpError } from '../http/errors';
import { MAX_MESSAGE_LENGTH } from '../../src/domain/chat-limits';
import {
  FILE_TOO_LARGE,
  IMAGE_NOT_FOUND,
  MAX_UPLOAD_BODY_BYTES,
  MIME_OF,
} from '../images/image-limits';
import type { ImageFile, ImageService, UploadFields } from '../images/image-service';
import { receiveUpload } from '../images/upload-stream';

export const IMAGE_UPLOAD_PATH = '/api/images/upload';
/** A photo never changes under its id: a year in the browser's own cache, never a shared one. */
export const KEPT_IMAGE_CACHE = 'private, max-age=31536000, immutable';
export const DEFAULT_LIST_LIMIT = 100;
export const MAX_LIST_LIMIT = 500;

/**
 * The image files set their own Cache-Control (the API's default is no-store): app.ts leaves these
 * paths out of its noStore middleware.
 */
export function isImageFileRequest(method: string, path: string): boolean {
  return (
    (method === 'GET' || method === 'HEAD') &&
    /^\/api\/images\/[0-9a-f-]{36}(\/thumbnail)?$/.test(path)
  );
}

const TRUE_WORDS = new Set(['true', '1', 'on', 'yes']);

/** Rule: the multipart text fields, read leniently (a client sends strings): never a reason to refuse but the note's length. */
export function readUploadFields(fields: Record<string, string>): UploadFields {
  const note = (fields.userAnnotation ?? '').trim();
  if (note.length > MAX_MESSAGE_LENGTH) {
    throw new HttpError(413, `userAnnotation: must be at most ${MAX_MESSAGE_LENGTH} characters`);
  }
  const conversationId = (fields.conversationId ?? '').trim();
  return {
    userAnnotation: note,
    hideFromMemory: TRUE_WORDS.has((fields.hideFromMemory ?? '').trim().toLowerCase()),
    conversationId: conversationId === '' ? null : conversationId.slice(0, 64),
    clientTimestamp: readClientTimestamp(
      fields.clientTimestamp !== undefined && /^\d+$/.test(fields.clientTimestamp)
        ? Number(fields.clientTimestamp)
        : fields.clientTimestamp,
    ),
  };
}

const listQuery = z.object({
  limit: z.coerce.number().int().min(1).max(MAX_LIST_LIMIT).default(DEFAULT_LIST_LIMIT),
});

export interface ImageRouteDeps {
  images: ImageService;
  clock: () => number;
}

export function imagesRoutes({ images, clock }: ImageRouteDeps) {
  const fileResponse = async (
    viewer: NonNullable<AppEnv['Variables']['viewer']>,
    id: string,
    file: ImageFile,
    ifNoneMatch: string | undefined,
    method: string,
  ): Promise<Response> => {
    const record = images.find(viewer, id);
    const path = images.pathOf(record, file);
    const size = await stat(path).then(
      (info) => info.size,
      () => null,
    );
    if (size === null) throw new HttpError(404, IMAGE_NOT_FOUND);
    const etag = `"${record.id}-${file}"`;
    const cacheControl =
      record.expiresAt === null
        ? KEPT_IMAGE_CACHE
        : // A temporary photo is not kept by the browser past its deletion either.
          `private, max-age=${Math.max(0, Math.floor((record.expiresAt - clock()) / 1000))}`;
    const headers: Record<string, string> = {
      'Cache-Control': cacheControl,
      ETag: etag,
      Vary: 'Cookie',
      'Content-Type': file === 'full' ? MIME_OF[record.format] : 'image/webp',
      'Content-Disposition': 'inline',
      'X-Content-Type-Options': 'nosniff',
    };
    if (ifNoneMatch !== undefined && ifNoneMatch.split(/\s*,\s*/).includes(etag)) {
      return new Response(null, { status: 304, headers });
    }
    headers['Content-Length'] = String(size);
    if (method === 'HEAD') return new Response(null, { status: 200, headers });
    const body = Readable.toWeb(createReadStream(path)) as ReadableStream<Uint8Array>;
    return new Response(body, { status: 200, headers });
  };

  return new Hono<AppEnv>()
    .post('/upload', requirePermission('chat'), checkIdempotencyKey, async (c) => {
      // A declared length past the cap is refused before a byte is read; a chunked body as it streams.
      const length = c.req.header('content-length');
      if (
        length !== undefined &&
        c.req.header('transfer-encoding') === undefined &&
        parseInt(length, 10) > MAX_UPLOAD_BODY_BYTES
      ) {
        throw new HttpError(413, FILE_TOO_LARGE, { Connection: 'close' });
      }
      let received;
      try {
        received = await receiveUpload(
          c.req.raw.body,
          c.req.header('content-type'),
          images.incomingDir,
        );
      } catch (error) {
        // The rest of the body was not read: the connection cannot carry another request.
        if (error instanceof HttpError) {
          throw new HttpError(error.status, error.message, { Connection: 'close' });
        }
        throw error;
      }
      let fields: UploadFields;
      try {
        fields = readUploadFields(received.fields);
      } catch (error) {
        await rm(received.tempPath, { force: true });
        throw error;
      }
      const key = idempotencyKeyOf(c.req.header(IDEMPOTENCY_HEADER)) ?? null;
      const result = await images.upload(c.var.viewer, received, fields, key);
      if (result.replayed) c.header(REPLAYED_HEADER, 'true');
      return c.json(result.answer, result.status);
    })
    .get('/', requirePermission('chat'), (c) => {
      const parsed = listQuery.safeParse({ limit: c.req.query('limit') ?? undefined });
      if (!parsed.success) {
        throw new HttpError(400, `limit: must be a whole number from 1 to ${MAX_LIST_LIMIT}`);
      }
      return c.json({
        success: true as const,
        images: images.list(c.var.viewer, parsed.data.limit),
      });
    })
    .get('/:id', requirePermission('chat'), (c) =>
      fileResponse(
        c.var.viewer,
        c.req.param('id'),
        'full',
        c.req.header('if-none-match'),
        c.req.method,
      ),
    )
    .get('/:id/thumbnail', requirePermission('chat'), (c) =>
      fileResponse(
        c.var.viewer,
        c.req.param('id'),
        'thumbnail',
        c.req.header('if-none-match'),
        c.req.method,
      ),
    );
}
