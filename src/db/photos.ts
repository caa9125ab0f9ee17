// Photos shared with Kiri (issue 13, docs/images.md "The device"): the photo, its 'Image sent 📷'
// entry and its outbox entry are written in one transaction, so the chat shows it at once (offline
// too) and it is never shown without being queued. The drainer builds the multipart body from the
// stored Blob on every attempt and records the server's answer here.
import { conversationOrderKey } from '@/domain/conversation-order';
import { IMAGE_SENT_TEXT } from '@/domain/image-rules';
import { queuedStatusNow, touchSession, withQueuedStatus } from './messages';
import type { KiriDatabase, MessageRow, OutboxRow, PhotoRow, StoredBytes } from './schema';

export const IMAGE_UPLOAD_URL = '/api/images/upload';

/** Spec 000 §7: Kiri's entry of the image-sharing sequence carries this emotional state. */
export const IMAGE_REPLY_EMOTION = { curiosity: 75, contentment: 80, empathy: 85 } as const;

export interface NewPhoto {
  /** UUIDv7: the photo's id and its upload's Idempotency-Key. */
  id: string;
  /** UUIDv7 of its 'Image sent 📷' entry on this device. */
  messageId: string;
  sessionId: string;
  file: Blob;
  name: string;
  mimeType: string;
  note: string;
  temporary: boolean;
  width: number | null;
  height: number | null;
  thumbnail: Blob | null;
  now: number;
  /** The browser says it is offline: the entry waits from the start. */
  offline?: boolean;
}

/** What the outbox entry keeps besides the Blob: the form's text fields, the same on every attempt. */
export interface ImageUploadFields {
  photoId: string;
  userAnnotation: string;
  hideFromMemory: boolean;
  conversationId: string;
  clientTimestamp: number;
}

/** A photo's stored bytes as a Blob again, whichever way they were kept. */
export function photoBlob(value: Blob | StoredBytes | null | undefined): Blob | null {
  if (!value) return null;
  if (value instanceof Blob) return value;
  return new Blob([value.bytes], { type: value.type });
}

async function asBytes(blob: Blob | null): Promise<StoredBytes | null> {
  if (!blob) return null;
  return { bytes: await blob.arrayBuffer(), type: blob.type, size: blob.size };
}

/**
 * Stores the photo, its entry in the chat and its upload in the outbox, in one transaction. WebKit in
 * private browsing (and under WebDriver) aborts a transaction that puts a Blob (docs/webkit.md): the
 * aborted transaction wrote nothing, so it is tried once more with the bytes as an ArrayBuffer.
 */
export async function sharePhoto(db: KiriDatabase, input: NewPhoto): Promise<PhotoRow> {
  try {
    return await storePhoto(db, input, input.file, input.thumbnail);
  } catch (blobRefused) {
    try {
      return await storePhoto(db, input, await asBytes(input.file), await asBytes(input.thumbnail));
    } catch {
      // Not the Blob, then: the first failure says what went wrong.
      throw blobRefused;
    }
  }
}

async function storePhoto(
  db: KiriDatabase,
  input: NewPhoto,
  file: Blob | StoredBytes | null,
  thumbnail: Blob | StoredBytes | null,
): Promise<PhotoRow> {
  const fields: ImageUploadFields = {
    photoId: input.id,
    userAnnotation: input.note.trim(),
    hideFromMemory: input.temporary,
    conversationId: input.sessionId,
    clientTimestamp: input.now,
  };
  const entry: OutboxRow = {
    kind: 'image',
    key: input.id,
    method: 'POST',
    url: IMAGE_UPLOAD_URL,
    body: JSON.stringify(fields),
    messageId: input.messageId,
    createdAt: input.now,
    attempts: 0,
    nextAttemptAt: input.now,
  };
  const photo: PhotoRow = {
    id: input.id,
    messageId: input.messageId,
    sessionId: input.sessionId,
    sharedAt: input.now,
    name: input.name,
    mimeType: input.mimeType,
    size: input.file.size,
    note: fields.userAnnotation,
    temporary: input.temporary,
    width: input.width,
    height: input.height,
    status: 'queued',
  };
  const tables = [db.messages, db.outbox, db.sessions, db.photos, db.photoFiles];
  return db.transaction('rw', tables, async () => {
    const message = withQueuedStatus(
      {
        id: input.messageId,
        sessionId: input.sessionId,
        sender: 'user',
        message: IMAGE_SENT_TEXT,
        timestamp: input.now,
        replyToId: null,
        emotionalState: null,
        photoId: input.id,
        ...(input.width && input.height
          ? { photoSize: { width: input.width, height: input.height } }
          : {}),
      },
      await queuedStatusNow(db, input.offline ?? false),
    );
    await db.photoFiles.add({ id: input.id, file, thumbnail });
    await db.photos.add(photo);
    await db.messages.add(message);
    await db.outbox.add(entry);
    await touchSession(db, input.sessionId, input.now, 1);
    return photo;
  });
}

/**
 * The multipart body of an upload, built again from the stored Blob on every attempt (a FormData
 * cannot be stored). Null when the photo's bytes are gone (deleted meanwhile): nothing to send.
 */
export async function imageUploadForm(
  db: KiriDatabase,
  entry: Pick<OutboxRow, 'body'>,
): Promise<FormData | null> {
  const fields = parseFields(entry.body);
  if (!fields) return null;
  const [photo, stored] = await Promise.all([
    db.photos.get(fields.photoId),
    db.photoFiles.get(fields.photoId),
  ]);
  const file = photoBlob(stored?.file);
  if (!photo || !file) return null;
  const form = new FormData();
  form.append('image', file, photo.name || 'photo');
  form.append('userAnnotation', fields.userAnnotation);
  form.append('hideFromMemory', String(fields.hideFromMemory));
  form.append('conversationId', fields.conversationId);
  form.append('clientTimestamp', String(fields.clientTimestamp));
  return form;
}

function parseFields(body: string | null): ImageUploadFields | null {
  try {
    const fields = JSON.parse(body ?? '') as Partial<ImageUploadFields>;
    return typeof fields.photoId === 'string' ? (fields as ImageUploadFields) : null;
  } catch {
    return null;
  }
}

/** The part of the server's 201 (spec 000 §3.3, docs/images.md) the device keeps. */
export interface UploadedImage {
  id: string;
  url: string;
  thumbnailUrl: string;
  kiriResponse: string;
  emotionalTag?: string | null;
  expiresAt?: number | null;
  uploadedAt?: number;
  userMessageId: string;
  kiriMessageId: string;
}

/** A success must carry the server's image with the ids of the two entries it appended. */
export function uploadedImageOf(json: unknown): UploadedImage | null {
  const image = (json as { success?: unknown; image?: Partial<UploadedImage> } | null)?.image;
  if ((json as { success?: unknown } | null)?.success !== true || !image) return null;
  const strings = [
    image.id,
    image.url,
    image.thumbnailUrl,
    image.userMessageId,
    image.kiriMessageId,
  ];
  if (!strings.every((value) => typeof value === 'string' && value)) return null;
  return {
    ...(image as UploadedImage),
    kiriResponse: typeof image.kiriResponse === 'string' ? image.kiriResponse : '',
  };
}

/**
 * A 201: the entry leaves the outbox, the photo keeps the server's answer, and the two entries the
 * server appended are written here under the server's ids (the device's 'Image sent 📷' entry takes
 * the server's id and keeps its place), so a later pull finds both and adds neither. Kiri's answer goes
 * right under the photo. The photo's bytes go (the server has them); the small copy stays for offline.
 */
export async function recordPhotoDelivery(
  db: KiriDatabase,
  entry: OutboxRow,
  json: unknown,
  now: number,
): Promise<void> {
  const image = uploadedImageOf(json);
  const fields = parseFields(entry.body);
  if (!image || !fields) throw new Error('Not an upload answer');
  const tables = [db.outbox, db.messages, db.sessions, db.photos, db.photoFiles, db.tombstones];
  await db.transaction('rw', tables, async () => {
    if (!(await db.outbox.get(entry.seq!))) return; // deleted meanwhile: nothing to record
    await db.outbox.delete(entry.seq!);
    const photo = await db.photos.get(fields.photoId);
    const local = photo ? await db.messages.get(photo.messageId) : undefined;
    const pulled = await db.messages.get(image.userMessageId);
    let owner: MessageRow | undefined = local ?? pulled;
    if (local) {
      owner = {
        ...local,
        id: image.userMessageId,
        status: 'answered',
        statusReason: undefined,
        serverTrouble: undefined,
      };
      if (local.id !== image.userMessageId) {
        await db.messages.delete(local.id);
        // A pull brought the server's copy first: ours replaces it, one entry stays.
        if (pulled) await touchSession(db, pulled.sessionId, now, -1);
      }
      await db.messages.put(owner);
    } else if (pulled && photo) {
      await db.messages.update(pulled.id, { photoId: photo.id });
    }
    if (owner && !(await db.tombstones.get(image.kiriMessageId))) {
      const at = typeof image.uploadedAt === 'number' ? image.uploadedAt : now;
      const reply: MessageRow = {
        id: image.kiriMessageId,
        sessionId: owner.sessionId,
        sender: 'kiri',
        message: image.kiriResponse,
        timestamp: Math.max(at, owner.timestamp),
        replyToId: null,
        emotionalState: { ...IMAGE_REPLY_EMOTION },
      };
      // Right under the photo: the owner's entry keeps the key it was shown with (made from the
      // device's id), and a reply's key is its question's key followed by its own.
      reply.order = `${owner.order ?? conversationOrderKey(owner)} ${conversationOrderKey(reply)}`;
      const known = await db.messages.get(reply.id);
      if (known) await db.messages.update(reply.id, { order: reply.order });
      else {
        await db.messages.add(reply);
        await touchSession(db, reply.sessionId, reply.timestamp, 1);
      }
    }
    if (photo) {
      await db.photos.update(photo.id, {
        status: 'uploaded',
        error: undefined,
        messageId: image.userMessageId,
        server: {
          imageId: image.id,
          url: image.url,
          thumbnailUrl: image.thumbnailUrl,
          kiriMessageId: image.kiriMessageId,
          kiriResponse: image.kiriResponse,
          emotionalTag: image.emotionalTag ?? null,
          expiresAt: image.expiresAt ?? null,
        },
      });
      await keepOnlyThumbnail(db, photo.id);
    }
  });
}

/**
 * A refusal for good (413, 415, 422…): the photo says why, in the server's words, and is not sent
 * again. Called inside the drainer's refusal transaction (which holds the photo tables).
 */
export async function recordPhotoRefusal(
  db: KiriDatabase,
  entry: Pick<OutboxRow, 'kind' | 'body'>,
  reason: string,
): Promise<void> {
  if (entry.kind !== 'image') return;
  const fields = parseFields(entry.body);
  if (!fields) return;
  await db.photos.update(fields.photoId, { status: 'failed', error: reason });
  await keepOnlyThumbnail(db, fields.photoId);
}

/** The full bytes are no longer needed here: uploaded, or refused for good. */
async function keepOnlyThumbnail(db: KiriDatabase, photoId: string): Promise<void> {
  const stored = await db.photoFiles.get(photoId);
  if (!stored) return;
  if (stored.thumbnail)
    await db.photoFiles.put({ id: photoId, file: null, thumbnail: stored.thumbnail });
  else await db.photoFiles.delete(photoId);
}

/** A photo as the chat shows it. */
export function readPhoto(db: KiriDatabase, id: string): Promise<PhotoRow | undefined> {
  return db.photos.get(id);
}

/** What the chat draws a photo from on the device: its small copy, else the photo itself. */
export async function readPhotoPicture(db: KiriDatabase, id: string): Promise<Blob | null> {
  const stored = await db.photoFiles.get(id);
  return photoBlob(stored?.thumbnail ?? stored?.file);
}

/** A photo as `GET /api/images` lists it (docs/images.md). */
interface ListedImage extends UploadedImage {
  width?: number;
  height?: number;
  mimeType?: string;
  temporary?: boolean;
  userMessageId: string;
}

/**
 * The 'Image sent 📷' entries a pull brought from the server that this device did not share (another
 * device did): their photos are looked up in `GET /api/images` and kept here as uploaded photos (the
 * server's thumbnail, no bytes), so the chat shows the photo on every device. Best effort: a failed
 * look-up leaves the entries as text. Returns how many were linked.
 */
export async function linkServerPhotos(
  db: KiriDatabase,
  messageIds: readonly string[],
  fetchImpl: typeof fetch,
): Promise<number> {
  if (messageIds.length === 0) return 0;
  const bare = (await db.messages.bulkGet([...messageIds])).filter(
    (row): row is MessageRow => row !== undefined && row.photoId === undefined,
  );
  if (bare.length === 0) return 0;
  const response = await fetchImpl('/api/images?limit=500', { credentials: 'same-origin' });
  if (!response.ok) return 0;
  const listed = ((await response.json()) as { images?: ListedImage[] }).images ?? [];
  const byMessage = new Map(listed.map((image) => [image.userMessageId, image]));
  return db.transaction('rw', db.messages, db.photos, async () => {
    let linked = 0;
    for (const row of bare) {
      const image = byMessage.get(row.id);
      const current = await db.messages.get(row.id);
      if (!image || !current || current.photoId !== undefined) continue;
      await db.photos.put({
        id: image.id,
        messageId: row.id,
        sessionId: row.sessionId,
        sharedAt: row.timestamp,
        name: '',
        mimeType: image.mimeType ?? '',
        size: 0,
        note: '',
        temporary: image.temporary === true,
        width: image.width ?? null,
        height: image.height ?? null,
        status: 'uploaded',
        server: {
          imageId: image.id,
          url: image.url,
          thumbnailUrl: image.thumbnailUrl,
          kiriMessageId: image.kiriMessageId,
          kiriResponse: image.kiriResponse,
          emotionalTag: image.emotionalTag ?? null,
          expiresAt: image.expiresAt ?? null,
        },
      });
      await db.messages.update(row.id, {
        photoId: image.id,
        ...(image.width && image.height
          ? { photoSize: { width: image.width, height: image.height } }
          : {}),
      });
      linked += 1;
    }
    return linked;
  });
}
