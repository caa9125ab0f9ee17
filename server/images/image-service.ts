// A photo shared with Kiri, from accepted bytes to her answer in the conversation: cleaned and stored
// under DATA_DIR/uploads with generated names, answered by the engine (src/engine/companion/image-reply),
// the 'Image sent 📷' + answer pair of spec 000 §7 appended to the log, exactly once per Idempotency-Key,
// and temporary photos deleted after their retention (docs/images.md).
import { readdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { Viewer } from '../auth/auth-service';
import { accountOf } from '../chat/account';
import type { ChatService } from '../chat/chat-service';
import {
  IdempotencyGate,
  IDEMPOTENCY_RETENTION_MS,
  KEY_REUSED,
  sha256Hex,
  type IdempotentRequest,
  type StoredOutcome,
} from '../chat/idempotency';
import { HttpError } from '../http/errors';
import type { Logger } from '../log';
import type { MemoryLattice } from '../memory/memory-lattice';
import { describePhoto, replyToImage, whenTaken } from '../../src/engine/companion/image-reply';
import { isWellFormedSessionId } from '../chat/chat-body';
import { sessionIdAt } from '../../src/domain/day-session';
import { uuidv7 } from '../../src/domain/uuidv7';
import {
  EXTENSION_OF,
  IMAGE_EXPIRED,
  IMAGE_NOT_FOUND,
  MIME_OF,
  SWEEP_INTERVAL_MS,
  TEMPORARY_RETENTION_MS,
} from './image-limits';
import { processImage } from './image-processing';
import type { ImageRecord, ImageStore } from './image-store';
import type { ReceivedUpload } from './upload-stream';

export const UPLOAD_ROUTE = 'POST /api/images/upload';
/** Spec 000 §7: the owner's entry of the image-sharing sequence ('Image sent' plus a camera marker). */
export const IMAGE_SENT_MESSAGE = 'Image sent 📷';
/** Spec 000 §7: Kiri's answer to a photo is stored with this emotional state. */
export const IMAGE_REPLY_EMOTIONAL_STATE = { curiosity: 75, contentment: 80, empathy: 85 } as const;
export const IMAGE_ID_PATTERN =
  /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

export interface UploadFields {
  userAnnotation: string;
  hideFromMemory: boolean;
  /** A day session id (yyyy-MM-dd) the photo belongs to; anything else is ignored. */
  conversationId: string | null;
  /** When the owner shared it (the device's clock, for a photo that waited in the outbox). */
  clientTimestamp: number | null;
}

/** What the device is told about a photo (POST answer, list). */
export interface PublicImage {
  id: string;
  /** Where the cleaned full image is served (same account's session only). */
  url: string;
  thumbnailUrl: string;
  kiriResponse: string;
  emotionalTag: string;
  width: number;
  height: number;
  mimeType: string;
  takenAt: string | null;
  uploadedAt: number;
  temporary: boolean;
  expiresAt: number | null;
  userMessageId: string | null;
  kiriMessageId: string | null;
}

export interface UploadAnswer {
  success: true;
  image: PublicImage;
}

export interface UploadResult {
  status: 201;
  answer: UploadAnswer;
  replayed: boolean;
}

export interface ImageServiceOptions {
  store: ImageStore;
  dataDir: string;
  clock: () => number;
  timeZone: string;
  chat: ChatService;
  /** Photos that are not temporary become memories (an observation); absent, none do. */
  memory?: MemoryLattice;
  log: Logger;
}

export function imageUrl(id: string): string {
  return `/api/images/${id}`;
}

export function publicImage(record: ImageRecord): PublicImage {
  return {
    id: record.id,
    url: imageUrl(record.id),
    thumbnailUrl: `${imageUrl(record.id)}/thumbnail`,
    kiriResponse: record.kiriResponse,
    emotionalTag: record.emotionalTag,
    width: record.width,
    height: record.height,
    mimeType: MIME_OF[record.format],
    takenAt: record.takenAt,
    uploadedAt: record.uploadedAt,
    temporary: record.temporary,
    expiresAt: record.expiresAt,
    userMessageId: record.userMessageId,
    kiriMessageId: record.kiriMessageId,
  };
}

/** Rule: the fingerprint two uploads under one key must share: the image's bytes and every field. */
export function uploadFingerprint(imageSha256: string, fields: UploadFields): string {
  return sha256Hex(
    JSON.stringify([
      imageSha256,
      fields.userAnnotation,
      fields.hideFromMemory,
      fields.conversationId,
    ]),
  );
}

/** Rule: when a temporary photo is deleted; null for one that is kept. */
export function expiryOf(uploadedAt: number, temporary: boolean): number | null {
  return temporary ? uploadedAt + TEMPORARY_RETENTION_MS : null;
}

export type ImageFile = 'full' | 'thumbnail';

export class ImageService {
  readonly gate = new IdempotencyGate();
  readonly uploadsDir: string;
  readonly incomingDir: string;
  private timer: NodeJS.Timeout | null = null;
  private sweeping: Promise<void> | null = null;

  constructor(private readonly options: ImageServiceOptions) {
    this.uploadsDir = join(options.dataDir, 'uploads');
    this.incomingDir = join(this.uploadsDir, '.incoming');
  }

  /** A file's path from the record's own id and format: nothing the client sent reaches a path. */
  pathOf(record: Pick<ImageRecord, 'id' | 'format'>, file: ImageFile): string {
    return join(
      this.uploadsDir,
      file === 'full' ? `${record.id}.${EXTENSION_OF[record.format]}` : `${record.id}.thumb.webp`,
    );
  }

  private records(): ImageRecord[] {
    return Object.values(this.options.store.data.images);
  }

  private byKey(account: string, key: string): ImageRecord | undefined {
    return this.records().find((record) => record.account === account && record.key === key);
  }

  /**
   * POST /api/images/upload after the bytes were received and sniffed. Removes the temp file whatever
   * happens. With a key, a replay (same image and fields) gets the first answer and changes nothing.
   */
  async upload(
    viewer: Viewer,
    received: ReceivedUpload,
    fields: UploadFields,
    key: string | null,
  ): Promise<UploadResult> {
    const account = accountOf(viewer);
    const requestHash = uploadFingerprint(received.sha256, fields);
    try {
      if (key === null) {
        const answer = await this.create(viewer, received, fields, null, requestHash);
        return { status: 201, answer, replayed: false };
      }
      const request: IdempotentRequest = { key, route: UPLOAD_ROUTE, bodyHash: requestHash };
      const result = await this.gate.run<UploadAnswer>(
        account,
        request,
        () => this.storedOutcome(account, key),
        async () => {
          // Started before a restart and not finished: finish it rather than store the photo again.
          const unfinished = this.byKey(account, key);
          if (unfinished) {
            if (unfinished.requestHash !== requestHash) throw new HttpError(422, KEY_REUSED);
            return { status: 201, answer: await this.finish(viewer, unfinished, fields) };
          }
          return {
            status: 201,
            answer: await this.create(viewer, received, fields, key, requestHash),
          };
        },
      );
      return { status: 201, answer: result.answer, replayed: result.replayed };
    } finally {
      await rm(received.tempPath, { force: true });
    }
  }

  private storedOutcome(account: string, key: string): StoredOutcome | undefined {
    const record = this.byKey(account, key);
    if (!record || record.completedAt === null) return undefined;
    const answer: UploadAnswer = { success: true, image: publicImage(record) };
    return { route: UPLOAD_ROUTE, bodyHash: record.requestHash, status: 201, answer };
  }

  private async create(
    viewer: Viewer,
    received: ReceivedUpload,
    fields: UploadFields,
    key: string | null,
    requestHash: string,
  ): Promise<UploadAnswer> {
    const { clock, timeZone, store } = this.options;
    const now = clock();
    const id = uuidv7(now);
    const base = { id, format: received.format };
    const processed = await processImage(
      received.tempPath,
      received.format,
      this.pathOf(base, 'full'),
      this.pathOf(base, 'thumbnail'),
    );
    const reply = replyToImage({
      note: fields.userAnnotation,
      width: processed.width,
      height: processed.height,
      brightness: processed.brightness,
      colours: processed.colours,
      animated: processed.animated,
      takenAt: processed.takenAt,
      today: sessionIdAt(now, timeZone),
      temporary: fields.hideFromMemory,
    });
    const record: ImageRecord = {
      id,
      account: accountOf(viewer),
      uploadedAt: now,
      format: received.format,
      bytes: processed.bytes,
      thumbnailBytes: processed.thumbnailBytes,
      width: processed.width,
      height: processed.height,
      animated: processed.animated,
      takenAt: processed.takenAt,
      brightness: processed.brightness,
      colours: processed.colours,
      note: fields.userAnnotation,
      temporary: fields.hideFromMemory,
      expiresAt: expiryOf(now, fields.hideFromMemory),
      kiriResponse: reply.kiriResponse,
      emotionalTag: reply.emotionalTag,
      key,
      requestHash,
      userMessageId: null,
      kiriMessageId: null,
      memoryId: null,
      completedAt: null,
      deletedAt: null,
    };
    // The record first: a crash after it leaves a photo a replay finishes (finish() is idempotent).
    await store.commit({ put: record });
    const answer = await this.finish(viewer, record, fields);
    // Expired temporary photos go on the next upload as well as on the timer.
    await this.sweep().catch((error) => this.options.log.error('image sweep failed', error));
    return answer;
  }

  /**
   * Appends the pair of conversation entries (each exactly once: their keys are derived from the image
   * id, so finishing twice finds them), makes the memory of a photo that is not temporary, and marks
   * the record complete.
   */
  private async finish(
    viewer: Viewer,
    record: ImageRecord,
    fields: UploadFields,
  ): Promise<UploadAnswer> {
    const { chat, store, clock, memory } = this.options;
    const entryRequest = (part: string): IdempotentRequest => ({
      key: `img:${record.id}:${part}`,
      route: `${UPLOAD_ROUTE} (${part})`,
      bodyHash: record.requestHash,
    });
    const sessionId =
      fields.conversationId && isWellFormedSessionId(fields.conversationId)
        ? fields.conversationId
        : null;
    const sent = await chat.storeMessage(
      viewer,
      {
        message: IMAGE_SENT_MESSAGE,
        sender: 'user',
        emotionalState: null,
        replyToId: null,
        sessionId,
        clientTimestamp: fields.clientTimestamp,
      },
      entryRequest('sent'),
    );
    const answered = await chat.storeMessage(
      viewer,
      {
        message: record.kiriResponse,
        sender: 'kiri',
        emotionalState: { ...IMAGE_REPLY_EMOTIONAL_STATE },
        replyToId: null,
        sessionId: sent.answer.message.sessionId,
        clientTimestamp: null,
      },
      entryRequest('reply'),
      // Kiri's answer answers the photo, in the log as in the chat (reply counts, the chaos books).
      sent.answer.message.id,
    );
    const userMessageId = sent.answer.message.id;
    let memoryId: string | null = null;
    if (!record.temporary && memory) {
      const existing = memory
        .list(record.account)
        .find((node) => node.sourceMessageId === userMessageId);
      memoryId =
        existing?.id ??
        (
          await memory.create(record.account, {
            content: memoryTextOf(record),
            contextType: 'observation',
            source: 'image',
            ownerOnly: false,
            sourceMessageId: userMessageId,
          })
        ).id;
    }
    const completed = {
      at: clock(),
      userMessageId,
      kiriMessageId: answered.answer.message.id,
      memoryId,
    };
    await store.commit({ id: record.id, completed });
    const stored = store.data.images[record.id] ?? record;
    return { success: true, image: publicImage(stored) };
  }

  /** The account's photo, or a 404 (another account's photo is not found, not forbidden); 410 once deleted. */
  find(viewer: Viewer, id: string): ImageRecord {
    const record = IMAGE_ID_PATTERN.test(id)
      ? Object.hasOwn(this.options.store.data.images, id)
        ? this.options.store.data.images[id]
        : undefined
      : undefined;
    if (!record || record.account !== accountOf(viewer) || record.completedAt === null) {
      throw new HttpError(404, IMAGE_NOT_FOUND);
    }
    if (record.deletedAt !== null) throw new HttpError(410, IMAGE_EXPIRED);
    return record;
  }

  /** The account's photos still stored, newest first. */
  list(viewer: Viewer, limit: number): PublicImage[] {
    const account = accountOf(viewer);
    return this.records()
      .filter((r) => r.account === account && r.completedAt !== null && r.deletedAt === null)
      .sort((a, b) => (a.id < b.id ? 1 : -1))
      .slice(0, limit)
      .map(publicImage);
  }

  /**
   * Deletes the files of temporary photos past their expiry (the record stays, marked, so a replay of
   * the upload still gets its answer), and forgets such records once no replay can come (30 days).
   * Runs at start, after each upload and every SWEEP_INTERVAL_MS; one sweep at a time.
   */
  sweep(): Promise<void> {
    this.sweeping ??= this.sweepNow().finally(() => (this.sweeping = null));
    return this.sweeping;
  }

  private async sweepNow(): Promise<void> {
    const { store, clock } = this.options;
    const now = clock();
    for (const record of this.records()) {
      if (record.expiresAt === null || record.deletedAt !== null || record.expiresAt > now)
        continue;
      await Promise.all([
        rm(this.pathOf(record, 'full'), { force: true }),
        rm(this.pathOf(record, 'thumbnail'), { force: true }),
      ]);
      await store.commit({ id: record.id, deletedAt: now });
    }
    const forgotten = this.records()
      .filter((r) => r.deletedAt !== null && now - r.deletedAt > IDEMPOTENCY_RETENTION_MS)
      .map((r) => r.id);
    if (forgotten.length > 0) await store.commit({ remove: forgotten });
  }

  /** Removes what a crash left half-written (temp files), sweeps, and starts the timer (unref'd). */
  async start(): Promise<void> {
    await rm(this.incomingDir, { recursive: true, force: true });
    const names = await readdir(this.uploadsDir).catch(() => [] as string[]);
    await Promise.all(
      names.filter((name) => name.endsWith('.tmp')).map((name) => rm(join(this.uploadsDir, name))),
    );
    await this.sweep().catch((error) => this.options.log.error('image sweep failed', error));
    this.timer ??= setInterval(() => {
      this.sweep().catch((error) => this.options.log.error('image sweep failed', error));
    }, SWEEP_INTERVAL_MS);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.sweeping;
  }
}

/** What Kiri keeps of a photo that is not temporary: what it looked like, when, and the note. */
export function memoryTextOf(record: ImageRecord): string {
  // A far 'today' makes the date absolute ('on 20 November 2026'): a memory outlives 'this morning'.
  const when = whenTaken(record.takenAt, '9999-12-31');
  const look = describePhoto(record);
  const note = record.note.trim();
  return `A photo shared with me: ${look}${when ? `, taken ${when}` : ''}${note ? `. "${note}"` : ''}`;
}
