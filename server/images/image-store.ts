// images.json (+ its journal): one record per uploaded photo: where its files are (by id), what was
// measured, Kiri's answer, the upload's Idempotency-Key and the conversation entries it added. The
// bytes themselves are files in DATA_DIR/uploads/ (docs/images.md "Stored files").
import { z } from 'zod';
import {
  openJsonFileStore,
  type JsonFileStore,
  type StoreDefinition,
} from '../store/json-file-store';
import { COLOUR_NAMES } from '../../src/engine/companion/image-reply';

export const IMAGES_FILE_VERSION = 1;

const timestamp = z.number().int().nonnegative();

export const imageRecordSchema = z.object({
  /** UUIDv7; also the files' names (uploads/<id>.<ext>, uploads/<id>.thumb.webp). */
  id: z.string().min(1),
  account: z.string().min(1),
  uploadedAt: timestamp,
  format: z.enum(['jpeg', 'png', 'webp', 'gif']),
  bytes: z.number().int().nonnegative(),
  thumbnailBytes: z.number().int().nonnegative(),
  width: z.number().int().nonnegative(),
  height: z.number().int().nonnegative(),
  animated: z.boolean(),
  /** EXIF DateTimeOriginal as the camera's wall-clock time, read before it was stripped. */
  takenAt: z.string().nullable(),
  brightness: z.number().min(0).max(1),
  colours: z.array(z.enum(COLOUR_NAMES)),
  note: z.string(),
  /** hideFromMemory: never a memory, and deleted at expiresAt. */
  temporary: z.boolean(),
  expiresAt: timestamp.nullable(),
  kiriResponse: z.string(),
  emotionalTag: z.string(),
  /** The upload's Idempotency-Key and the fingerprint (image sha256 + fields) a replay must match. */
  key: z.string().nullable(),
  requestHash: z.string(),
  /** 'Image sent 📷' and Kiri's answer in the conversation log, once appended. */
  userMessageId: z.string().nullable(),
  kiriMessageId: z.string().nullable(),
  /** The memory node made from it (never for a temporary image). */
  memoryId: z.string().nullable(),
  /** Set when the upload's conversation entries are in the log: before that it is being finished. */
  completedAt: timestamp.nullable(),
  /** A temporary image after its retention: its files are gone, the record answers replays. */
  deletedAt: timestamp.nullable(),
});

export const imagesFileSchema = z.object({
  version: z.literal(IMAGES_FILE_VERSION),
  images: z.record(z.string(), imageRecordSchema),
});

export type ImageRecord = z.infer<typeof imageRecordSchema>;
export type ImagesFile = z.infer<typeof imagesFileSchema>;

export type ImageOp =
  | { put: ImageRecord }
  | {
      id: string;
      completed: {
        at: number;
        userMessageId: string;
        kiriMessageId: string;
        memoryId: string | null;
      };
    }
  | { id: string; deletedAt: number }
  | { remove: string[] };

export type ImageStore = JsonFileStore<ImagesFile, ImageOp>;

/** images.json's reducer (deterministic: the journal is replayed through it). */
export function applyImageOp(data: ImagesFile, op: ImageOp): void {
  if ('put' in op) {
    data.images[op.put.id] = op.put;
    return;
  }
  if ('remove' in op) {
    for (const id of op.remove) delete data.images[id];
    return;
  }
  const record = Object.hasOwn(data.images, op.id) ? data.images[op.id] : undefined;
  if (!record) return;
  if ('completed' in op) {
    record.userMessageId = op.completed.userMessageId;
    record.kiriMessageId = op.completed.kiriMessageId;
    record.memoryId = op.completed.memoryId;
    record.completedAt = op.completed.at;
  } else {
    record.deletedAt = op.deletedAt;
  }
}

export const imageStoreDefinition: StoreDefinition<ImagesFile, ImageOp> = {
  fileName: 'images.json',
  currentVersion: IMAGES_FILE_VERSION,
  schema: imagesFileSchema,
  defaults: () => ({ version: IMAGES_FILE_VERSION, images: {} }),
  migrations: {},
  apply: applyImageOp,
};

export function openImageStore(dataDir: string): Promise<ImageStore> {
  return openJsonFileStore(dataDir, imageStoreDefinition);
}
