// The device's database (Dexie over IndexedDB): the owner's chat lives here first (DESIGN.md).
import Dexie, { type EntityTable } from 'dexie';
import { conversationOrderKey } from '@/domain/conversation-order';
import type { DeviceReminder } from '@/domain/reminders';
import type { EngineContext } from '@/engine/companion/types';
import { pageTransactionsMiddleware } from './page-transactions';

export const DB_NAME = 'kiri';

export type Sender = 'user' | 'kiri';

/** sending: in the outbox; waiting: an attempt failed and it will be retried; sent: stored by the
 * server; answered: Kiri replied; failed: the server refused it for good; local: never leaves the device. */
export type MessageStatus = 'sending' | 'waiting' | 'sent' | 'answered' | 'failed' | 'local';

export interface EmotionalState {
  curiosity: number;
  contentment: number;
  empathy: number;
}

export interface SessionRow {
  id: string; // yyyy-MM-dd in the owner's zone
  title: string;
  startedAt: number;
  closedAt: number | null;
  messageCount: number;
  lastActivity: number;
}

export interface MessageRow {
  id: string; // UUIDv7
  sessionId: string;
  sender: Sender;
  message: string;
  timestamp: number;
  replyToId: string | null;
  emotionalState: EmotionalState | null;
  /** Only the owner's messages have a delivery status. */
  status?: MessageStatus;
  /** Why the last attempt failed, in words. */
  statusReason?: string;
  /**
   * Waiting because the server answered with an error (not because the device is offline): the list
   * shows Kiri's "I'm having trouble connecting…" after it until it is delivered.
   */
  serverTrouble?: true;
  /** A part of a split reply is stored at once and shown from this time on. */
  revealAt?: number;
  /** The request the server refused, kept so that Retry sends exactly it again. */
  retryBody?: string;
  /**
   * Where it goes in its day (`conversationOrderKey`): a reply right under the message it answers.
   * Filled from the time when a writer leaves it out (the table's hooks), so no row is missing from
   * the `[sessionId+order]` index the list reads.
   */
  order?: string;
  /**
   * Kiri's reply written on this device while the server could not answer (issue 12), or one the
   * server's log marks so (written on another device): the list says 'written offline' under it.
   */
  writtenOffline?: true;
  /**
   * The owner's 'Image sent 📷' entry of a photo shared from this device (issue 13): the `photos` row
   * the chat draws it from.
   */
  photoId?: string;
  /**
   * The photo's size as shown (width × height), kept on the row so the chat draws its box in the right
   * shape in the row's first frame, before the photo's own row is read: the list never jumps.
   */
  photoSize?: { width: number; height: number };
}

/**
 * push: the device's push subscription told to the server (subscribe and unsubscribe share the kind,
 * so they reach the server in the order the owner tapped them). reminder: a reminder's create (POST)
 * and cancel (DELETE), one kind so a cancel never overtakes its create.
 */
export type OutboxKind = 'chat' | 'conversation' | 'unsend' | 'push' | 'reminder' | 'image';

export interface OutboxRow {
  seq?: number; // auto-increment: the order entries were made in
  kind: OutboxKind;
  /** The Idempotency-Key: the message's own id for chat and conversation writes. */
  key: string;
  method: 'POST' | 'DELETE';
  url: string;
  /** The exact JSON text sent on every attempt, so a replay is byte-identical. */
  body: string | null;
  messageId: string | null;
  createdAt: number;
  attempts: number;
  nextAttemptAt: number;
  lastError?: string;
}

export interface KeyValueRow {
  key: string;
  value: unknown;
}

export interface SessionLogRow {
  id?: number;
  sessionId: string;
  timestamp: number;
}

/** A reminder on this device (issue 10): the server's pending ones and those it has not heard yet. */
export type ReminderRow = DeviceReminder;

/**
 * The device's copy of what the engine needs to answer offline (`GET /api/companion/context`), one row
 * (key 'context'), replaced on every pull that reaches the server.
 */
export interface CompanionCopyRow {
  key: string;
  context: EngineContext;
  /** When the server's answer arrived. */
  fetchedAt: number;
}

/**
 * What the owner asked Kiri to remember in a message answered on the device, kept until the server has
 * heard the message (its outbox entry is gone): 'remember that …' said offline is recalled offline at
 * once, and not forgotten when an older copy is refreshed before the message reached the server.
 */
export interface OfflineMemoryRow {
  /** The owner's message that said it. */
  messageId: string;
  content: string;
  timestamp: number;
}

/** Ids the owner deleted here, so a later pull from the server does not bring them back. */
export interface TombstoneRow {
  id: string;
  deletedAt: number;
}

/**
 * A photo shared from this device (issue 13, docs/images.md). Small: the chat's list reads it for
 * every photo it shows; the photo's bytes are in `photoFiles`, read only to send it or draw it.
 */
export interface PhotoRow {
  /** UUIDv7 made on the device when it was shared; also its outbox entry's Idempotency-Key. */
  id: string;
  /** The owner's 'Image sent 📷' entry: the device's id until uploaded, then the server's. */
  messageId: string;
  sessionId: string;
  /** When the owner shared it (sent as `clientTimestamp`). */
  sharedAt: number;
  name: string;
  mimeType: string;
  size: number;
  note: string;
  /** The 'temporary' switch (`hideFromMemory`): never a memory, deleted by the server after 24 h. */
  temporary: boolean;
  /** As the device decoded it, so the chat reserves its box before the picture loads; null if unknown. */
  width: number | null;
  height: number | null;
  /** queued: in the outbox (the message says sending or waiting); uploaded; failed: refused for good. */
  status: 'queued' | 'uploaded' | 'failed';
  /** The server's refusal, in its words. */
  error?: string;
  /** The server's answer (spec 000 §3.3) once uploaded. */
  server?: {
    imageId: string;
    url: string;
    thumbnailUrl: string;
    kiriMessageId: string;
    kiriResponse: string;
    emotionalTag: string | null;
    expiresAt: number | null;
  };
}

/**
 * A photo's bytes where the browser refuses to keep a Blob in IndexedDB (WebKit's private browsing and
 * automation sessions: docs/webkit.md); read back as a Blob with `photoBlob` (src/db/photos.ts).
 */
export interface StoredBytes {
  bytes: ArrayBuffer;
  type: string;
  size: number;
}

/** The bytes of a photo not uploaded yet (the Blob, as chosen), and a small copy made on the device. */
export interface PhotoFileRow {
  id: string;
  /** Null once the server has it (or refused it for good): only the small copy stays. */
  file: Blob | StoredBytes | null;
  /** A JPEG inside 320×320 made on the device for the chat; null where it could not be made. */
  thumbnail: Blob | StoredBytes | null;
}

export class KiriDatabase extends Dexie {
  sessions!: EntityTable<SessionRow, 'id'>;
  messages!: EntityTable<MessageRow, 'id'>;
  outbox!: EntityTable<OutboxRow, 'seq'>;
  engineState!: EntityTable<KeyValueRow, 'key'>;
  uiState!: EntityTable<KeyValueRow, 'key'>;
  settings!: EntityTable<KeyValueRow, 'key'>;
  sessionLog!: EntityTable<SessionLogRow, 'id'>;
  tombstones!: EntityTable<TombstoneRow, 'id'>;
  reminders!: EntityTable<ReminderRow, 'id'>;
  companionCopy!: EntityTable<CompanionCopyRow, 'key'>;
  offlineMemories!: EntityTable<OfflineMemoryRow, 'messageId'>;
  photos!: EntityTable<PhotoRow, 'id'>;
  photoFiles!: EntityTable<PhotoFileRow, 'id'>;

  constructor(name = DB_NAME) {
    // No query cache: Dexie 4's cache forgets a write made in another context (the service worker)
    // whose news arrives while a live query is reading again, when the write moved no index key (a
    // status change): the list then keeps a stale status until some other write. Without the cache,
    // each live query checks the news that came during its read against the rows it read.
    super(name, { cache: 'disabled' });
    // A page ends its transactions under way as it is cached (page-transactions.ts).
    this.use(pageTransactionsMiddleware);
    // Version 1. A schema change is a new version() with an upgrade that never drops messages,
    // and a test that opens a database made by the version before (tests/unit/db/migrations.test.ts).
    this.version(1).stores({
      sessions: 'id, startedAt',
      messages: 'id, [sessionId+timestamp], timestamp',
      outbox: '++seq, kind, key, messageId',
      engineState: 'key',
      uiState: 'key',
      settings: 'key',
      sessionLog: '++id, sessionId, timestamp',
      tombstones: 'id',
    });
    // Version 2 (issue 8): the list reads the conversation's order, not the time. Rows made before
    // keep the order they were shown in (by time): their replies do not say what they answer.
    this.version(2)
      .stores({ messages: 'id, [sessionId+timestamp], [sessionId+order], timestamp' })
      .upgrade((tx) =>
        tx.table<MessageRow, string>('messages').toCollection().modify(giveOrderKey),
      );
    // Version 3 (issue 10): reminders set from the message menu, kept here until the server has them
    // and as the last known list offline. A new table: nothing to move.
    this.version(3).stores({ reminders: 'id, dueAt' });
    // Version 4 (issue 12): the engine's copy of the server's context and the memories said offline,
    // so Kiri answers on the device. New tables: nothing to move; `writtenOffline` on a message needs
    // no index.
    this.version(4).stores({ companionCopy: 'key', offlineMemories: 'messageId, timestamp' });
    // Version 5 (issue 13): photos shared with Kiri, kept here until uploaded and shown from here. New
    // tables: nothing to move; `photoId` on a message needs no index.
    this.version(5).stores({ photos: 'id, messageId, sharedAt', photoFiles: 'id' });
    // Code of the release before (a page or worker not yet replaced by an update) writes rows without a
    // key, which the list's index would leave out: give them one when the database opens. Counting
    // both ways is cheap; the scan runs only when they differ.
    this.on('ready', async () => {
      try {
        const [all, ordered] = await Promise.all([
          this.messages.count(),
          this.messages.orderBy('[sessionId+order]').count(),
        ]);
        if (all === ordered) return;
        await this.messages.toCollection().modify(giveOrderKey);
      } catch (error) {
        // Never keep the database from opening: the rows stay, and the next start tries again.
        console.warn('Messages without an order key could not be given one', error);
      }
    });
    this.messages.hook('creating', (_key, row) => giveOrderKey(row));
    this.messages.hook('updating', (changes, _key, row) => {
      const next = { ...row, ...changes } as MessageRow;
      return typeof next.order === 'string' ? undefined : { order: conversationOrderKey(next) };
    });
  }
}

/** A row written without its place in the conversation gets one (upgrade, open, and every write). */
function giveOrderKey(row: MessageRow): void {
  if (typeof row.order !== 'string') row.order = conversationOrderKey(row);
}
