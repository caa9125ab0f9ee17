// The device's side of export and import: Dexie and localStorage. Decisions are in model/.
import type { KiriDatabase, StoredBytes } from '@/db/schema';
import { base64ToBytes, bytesToBase64 } from '../model/base64';
import { buildHistoryFile, type DeviceHistory } from '../model/export';
import {
  SETTING_KEYS,
  type EncodedBytes,
  type ExportedPhoto,
  type HistoryFile,
  type SettingKey,
} from '../model/history-file';
import { planImport, type ImportSummary } from '../model/merge';

async function encode(value: Blob | StoredBytes | null): Promise<EncodedBytes | null> {
  if (value instanceof Blob) {
    return { type: value.type, base64: bytesToBase64(new Uint8Array(await value.arrayBuffer())) };
  }
  // Not instanceof: an ArrayBuffer read back from IndexedDB may come from another realm.
  if (value && Object.prototype.toString.call(value.bytes) === '[object ArrayBuffer]') {
    return { type: value.type, base64: bytesToBase64(new Uint8Array(value.bytes)) };
  }
  return null;
}

/** Kept as bytes (not a Blob): WebKit refuses a Blob in IndexedDB in some modes (docs/webkit.md). */
function decode(value: EncodedBytes | null): StoredBytes | null {
  if (!value) return null;
  const bytes = base64ToBytes(value.base64);
  if (!bytes) return null;
  const buffer = bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength);
  return { bytes: buffer as ArrayBuffer, type: value.type, size: bytes.byteLength };
}

function readSetting(key: SettingKey): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

/** The whole history of this device, read in one transaction, as the file to download. */
export async function exportDeviceHistory(db: KiriDatabase, now: Date): Promise<HistoryFile> {
  const tables = [db.sessions, db.messages, db.outbox, db.photos, db.photoFiles, db.tombstones];
  const read = await db.transaction('r', tables, async () => ({
    sessions: await db.sessions.toArray(),
    messages: await db.messages.toArray(),
    outbox: await db.outbox.toArray(),
    photos: await db.photos.toArray(),
    photoFiles: await db.photoFiles.toArray(),
    tombstones: await db.tombstones.toArray(),
  }));
  const files = new Map(read.photoFiles.map((row) => [row.id, row]));
  const photos: ExportedPhoto[] = [];
  for (const row of read.photos) {
    const stored = files.get(row.id);
    photos.push({
      row,
      file: await encode(stored?.file ?? null),
      thumbnail: await encode(stored?.thumbnail ?? null),
    });
  }
  const settings: DeviceHistory['settings'] = {};
  for (const key of SETTING_KEYS) {
    const value = readSetting(key);
    if (value !== null) settings[key] = value;
  }
  return buildHistoryFile({ ...read, photos, settings }, now);
}

/**
 * Adds what the file holds and this device lacks (model/merge.ts), all in one transaction: a failure
 * writes nothing. The preferences are written after it, only where this device has none.
 */
export async function importDeviceHistory(
  db: KiriDatabase,
  file: HistoryFile,
): Promise<ImportSummary> {
  const tables = [db.sessions, db.messages, db.photos, db.photoFiles, db.tombstones];
  const settings: Partial<Record<SettingKey, string | null>> = {};
  for (const key of SETTING_KEYS) settings[key] = readSetting(key);
  const plan = await db.transaction('rw', tables, async () => {
    const [sessions, messages, tombstones, photos] = await Promise.all([
      db.sessions.bulkGet(file.sessions.map((s) => s.id)),
      db.messages.bulkGet(file.messages.map((m) => m.id)),
      db.tombstones.bulkGet([
        ...file.messages.map((m) => m.id),
        ...file.tombstones.map((t) => t.id),
      ]),
      db.photos.bulkGet(file.photos.map((p) => p.row.id)),
    ]);
    const plan = planImport(file, {
      sessions: new Map(sessions.flatMap((s) => (s ? [[s.id, s] as const] : []))),
      messageIds: new Set(messages.flatMap((m) => (m ? [m.id] : []))),
      tombstoneIds: new Set(tombstones.flatMap((t) => (t ? [t.id] : []))),
      photoIds: new Set(photos.flatMap((p) => (p ? [p.id] : []))),
      settings,
    });
    await db.sessions.bulkPut(plan.sessions);
    await db.messages.bulkAdd(plan.messages);
    await db.tombstones.bulkAdd(plan.tombstones);
    await db.photos.bulkAdd(plan.photos.map((p) => p.row));
    await db.photoFiles.bulkPut(
      plan.photos.map((p) => ({
        id: p.row.id,
        file: decode(p.file),
        thumbnail: decode(p.thumbnail),
      })),
    );
    return plan;
  });
  for (const [key, value] of plan.settings) {
    try {
      localStorage.setItem(key, value);
    } catch {
      // Not kept (storage full or refused): the history is in; the preference stays this device's.
    }
  }
  return plan.summary;
}
