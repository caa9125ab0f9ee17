// Reads a multipart upload as it streams (busboy), never whole in memory: the image part goes to a temp
// file under uploads/.incoming, counted and hashed on the way, and the request is refused as soon as it
// is known to be wrong: 413 when the body or the image passes its cap, 415 when the first bytes are not
// a JPEG, PNG, WebP or GIF (file-type reads the magic numbers; the declared type and name are ignored).
import { createHash, randomUUID } from 'node:crypto';
import { once } from 'node:events';
import { createWriteStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import busboy from 'busboy';
import { fileTypeFromBuffer } from 'file-type';
import { HttpError } from '../http/errors';
import {
  ACCEPTED_IMAGE_TYPES,
  FILE_TOO_LARGE,
  INVALID_FILE_TYPE,
  MAX_FIELD_BYTES,
  MAX_IMAGE_BYTES,
  MAX_UPLOAD_BODY_BYTES,
  NO_IMAGE,
  NOT_MULTIPART,
  unsupportedFormat,
  type ImageFormat,
} from './image-limits';

/** file-type reads at most this many bytes from the start of a file to know its type. */
export const SNIFF_BYTES = 4100;

export interface ReceivedUpload {
  /** The image's bytes, in a temp file the caller removes (receiveUpload removes it on a refusal). */
  tempPath: string;
  bytes: number;
  format: ImageFormat;
  /** sha256 (hex) of the image bytes. */
  sha256: string;
  /** The text fields, each once (the first wins). */
  fields: Record<string, string>;
}

/** Rule: an image part's type from its first bytes (magic numbers): one of the four, else a 415. */
export async function sniffImageFormat(head: Uint8Array): Promise<ImageFormat> {
  const found = await fileTypeFromBuffer(head);
  if (!found) throw new HttpError(415, INVALID_FILE_TYPE);
  const format = (ACCEPTED_IMAGE_TYPES as Record<string, ImageFormat>)[found.mime];
  if (!format) throw new HttpError(415, unsupportedFormat(found.mime));
  return format;
}

/**
 * Streams `body` through busboy. Resolves once the image is on disk; rejects with an HttpError (and
 * stops reading the body) at the first reason to refuse. `imageField` is the file part read; other
 * files are skipped.
 */
export async function receiveUpload(
  body: ReadableStream<Uint8Array> | null,
  contentType: string | undefined,
  incomingDir: string,
  imageField = 'image',
): Promise<ReceivedUpload> {
  if (!contentType || !/^multipart\/form-data\b/i.test(contentType) || !body) {
    throw new HttpError(400, NOT_MULTIPART);
  }
  await mkdir(incomingDir, { recursive: true });
  // A generated name: nothing the client sent reaches a path.
  const tempPath = join(incomingDir, `${randomUUID()}.part`);
  let parser: busboy.Busboy;
  try {
    parser = busboy({
      headers: { 'content-type': contentType },
      // busboy reports 'limit' on reaching fileSize: one byte more than allowed is the first too many.
      limits: { fileSize: MAX_IMAGE_BYTES + 1, files: 4, fields: 16, fieldSize: MAX_FIELD_BYTES },
    });
  } catch {
    throw new HttpError(400, NOT_MULTIPART);
  }

  const fields: Record<string, string> = {};
  let failure: HttpError | null = null;
  let image: Promise<Omit<ReceivedUpload, 'tempPath' | 'fields'>> | null = null;
  const reader = body.getReader();
  let stop!: () => void;
  const refused = new Promise<void>((resolve) => (stop = resolve));
  const fail = (error: HttpError) => {
    failure ??= error;
    stop();
  };

  parser.on('field', (name, value) => {
    if (!Object.hasOwn(fields, name)) fields[name] = value;
  });
  parser.on('file', (name, stream) => {
    if (name !== imageField || image) {
      stream.resume();
      return;
    }
    image = saveImage(stream, tempPath, fail, () => failure !== null);
    // Its failure is read through `failure` and the await below; never an unhandled rejection.
    image.catch(() => undefined);
  });
  const parsed = new Promise<void>((resolve, reject) => {
    parser.on('close', resolve);
    parser.on('error', reject);
  });
  parsed.catch(() => undefined);

  try {
    let received = 0;
    for (;;) {
      if (failure) break;
      const { done, value } = await reader.read();
      if (done) break;
      received += value.byteLength;
      if (received > MAX_UPLOAD_BODY_BYTES) {
        fail(new HttpError(413, FILE_TOO_LARGE));
        break;
      }
      // Backpressure: when the temp file lags, busboy says so and the body waits.
      if (!parser.write(value)) await Promise.race([once(parser, 'drain'), parsed, refused]);
    }
    if (failure) throw failure;
    parser.end();
    await parsed.catch(() => {
      throw new HttpError(400, NOT_MULTIPART);
    });
    if (!image) throw new HttpError(400, NO_IMAGE);
    const saved = await (image as Promise<Omit<ReceivedUpload, 'tempPath' | 'fields'>>);
    if (failure) throw failure;
    return { ...saved, tempPath, fields };
  } catch (error) {
    // Stop reading: the rest of the body is not wanted (the socket is closed after the answer).
    void reader.cancel().catch(() => undefined);
    parser.destroy();
    await rm(tempPath, { force: true });
    throw error;
  }
}

/** Writes the image part to `path`, hashing it and checking its first bytes as soon as there are enough. */
async function saveImage(
  stream: NodeJS.ReadableStream & { truncated?: boolean },
  path: string,
  fail: (error: HttpError) => void,
  failed: () => boolean,
): Promise<Omit<ReceivedUpload, 'tempPath' | 'fields'>> {
  const hash = createHash('sha256');
  const out = createWriteStream(path);
  const head: Buffer[] = [];
  let headBytes = 0;
  let bytes = 0;
  let format: ImageFormat | null = null;
  let sniffing: Promise<void> | null = null;
  const sniff = () => {
    sniffing ??= sniffImageFormat(Buffer.concat(head)).then(
      (found) => {
        format = found;
      },
      (error: HttpError) => fail(error),
    );
    return sniffing;
  };
  stream.on('limit', () => fail(new HttpError(413, FILE_TOO_LARGE)));
  try {
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      if (failed()) break;
      bytes += chunk.length;
      hash.update(chunk);
      if (headBytes < SNIFF_BYTES) {
        head.push(chunk);
        headBytes += chunk.length;
        if (headBytes >= SNIFF_BYTES) await sniff();
      }
      if (!out.write(chunk)) await once(out, 'drain');
    }
    if (!sniffing) await sniff();
    else await sniffing;
  } finally {
    out.end();
    await once(out, 'close').catch(() => undefined);
  }
  if (stream.truncated) fail(new HttpError(413, FILE_TOO_LARGE));
  if (bytes === 0) fail(new HttpError(400, NO_IMAGE));
  if (!format) fail(new HttpError(415, INVALID_FILE_TYPE));
  return { bytes, format: format ?? 'jpeg', sha256: hash.digest('hex') };
}
