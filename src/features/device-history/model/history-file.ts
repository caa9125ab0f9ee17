// The file of a device's history (issue 21 point 4, docs/backup.md): its shape, checked whole with zod
// before anything is written, its name, and the errors in words.
import { z } from 'zod';
import type { MessageRow, PhotoRow, SessionRow, TombstoneRow } from '@/db/schema';

export const HISTORY_FORMAT = 'kiri-device-history';
export const HISTORY_VERSION = 1;

/**
 * The owner's preferences kept in this device's localStorage that a new device should take over: theme,
 * screen settings (font size, wallpaper), the chat's vision and dyslexia modes, offline replies, the
 * browser bubble. The keys are the features' own (a unit test holds them equal); device state (drafts,
 * kept copies of server answers, the sign-in flag) is not a preference and stays out.
 */
export const SETTING_KEYS = [
  'kiri-theme',
  'kiri-font-size',
  'kiri-wallpaper',
  'kiri-vision',
  'kiri-dyslexia-mode',
  'kiri-offline-replies',
  'kiri-browser-bubble',
] as const;
export type SettingKey = (typeof SETTING_KEYS)[number];

const time = z.number().finite().nonnegative();
const id = z.string().min(1).max(200);

const sessionSchema = z.object({
  id: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'a session id is a day, yyyy-MM-dd'),
  title: z.string().max(500),
  startedAt: time,
  closedAt: time.nullable(),
  messageCount: z.number().int().nonnegative(),
  lastActivity: time,
}) satisfies z.ZodType<SessionRow>;

const messageSchema = z.object({
  id,
  sessionId: z.string(),
  sender: z.enum(['user', 'kiri']),
  message: z.string(),
  timestamp: time,
  replyToId: id.nullable(),
  emotionalState: z
    .object({ curiosity: z.number(), contentment: z.number(), empathy: z.number() })
    .nullable(),
  status: z.enum(['sending', 'waiting', 'sent', 'answered', 'failed', 'local']).optional(),
  statusReason: z.string().optional(),
  serverTrouble: z.literal(true).optional(),
  revealAt: time.optional(),
  retryBody: z.string().optional(),
  order: z.string().optional(),
  writtenOffline: z.literal(true).optional(),
  photoId: id.optional(),
  photoSize: z.object({ width: z.number(), height: z.number() }).optional(),
}) satisfies z.ZodType<MessageRow>;

/** A photo's bytes in the file. */
const encodedBytesSchema = z.object({
  type: z.string().max(200),
  base64: z.string().regex(/^[A-Za-z0-9+/]*={0,2}$/, 'not base64'),
});
export type EncodedBytes = z.infer<typeof encodedBytesSchema>;

const photoSchema = z.object({
  id,
  messageId: id,
  sessionId: z.string(),
  sharedAt: time,
  name: z.string(),
  mimeType: z.string(),
  size: z.number().int().nonnegative(),
  note: z.string(),
  temporary: z.boolean(),
  width: z.number().nullable(),
  height: z.number().nullable(),
  status: z.enum(['queued', 'uploaded', 'failed']),
  error: z.string().optional(),
  server: z
    .object({
      imageId: z.string(),
      url: z.string(),
      thumbnailUrl: z.string(),
      kiriMessageId: z.string(),
      kiriResponse: z.string(),
      emotionalTag: z.string().nullable(),
      expiresAt: time.nullable(),
    })
    .optional(),
}) satisfies z.ZodType<PhotoRow>;

const exportedPhotoSchema = z.object({
  row: photoSchema,
  /** The photo itself while the server did not have it yet; null once uploaded (the server keeps it). */
  file: encodedBytesSchema.nullable(),
  /** The small copy the chat draws. */
  thumbnail: encodedBytesSchema.nullable(),
});
export type ExportedPhoto = z.infer<typeof exportedPhotoSchema>;

const tombstoneSchema = z.object({ id, deletedAt: time }) satisfies z.ZodType<TombstoneRow>;

const settingsSchema = z.partialRecord(z.enum(SETTING_KEYS), z.string().max(10_000));

export const historyFileSchema = z
  .object({
    format: z.literal(HISTORY_FORMAT),
    version: z.literal(HISTORY_VERSION),
    exportedAt: z.iso.datetime(),
    sessions: z.array(sessionSchema),
    messages: z.array(messageSchema),
    photos: z.array(exportedPhotoSchema),
    tombstones: z.array(tombstoneSchema),
    settings: settingsSchema,
  })
  .superRefine((file, ctx) => {
    const sessions = new Set<string>();
    for (const session of file.sessions) {
      if (sessions.has(session.id))
        ctx.addIssue({ code: 'custom', message: `session ${session.id} is in it twice` });
      sessions.add(session.id);
    }
    const messages = new Set<string>();
    for (const message of file.messages) {
      if (messages.has(message.id))
        ctx.addIssue({ code: 'custom', message: `message ${message.id} is in it twice` });
      messages.add(message.id);
      if (!sessions.has(message.sessionId)) {
        ctx.addIssue({
          code: 'custom',
          message: `message ${message.id} belongs to no session in the file`,
        });
      }
    }
    const tombstones = new Set<string>();
    for (const tombstone of file.tombstones) {
      if (tombstones.has(tombstone.id))
        ctx.addIssue({ code: 'custom', message: `deletion ${tombstone.id} is in it twice` });
      tombstones.add(tombstone.id);
    }
    const photos = new Set<string>();
    for (const photo of file.photos) {
      if (photos.has(photo.row.id))
        ctx.addIssue({ code: 'custom', message: `photo ${photo.row.id} is in it twice` });
      photos.add(photo.row.id);
    }
  });
export type HistoryFile = z.infer<typeof historyFileSchema>;

export const IMPORT_ERRORS = {
  notJson: 'This file is not a Kiri history file: it is not JSON. Nothing was imported.',
  notHistory:
    'This file is not a Kiri history file (made by Export history). Nothing was imported.',
  newer: (version: number) =>
    `This history file is version ${version}, newer than this Kiri reads (${HISTORY_VERSION}). Update Kiri on this device, then import it again. Nothing was imported.`,
  damaged: (where: string) => `This history file is damaged (${where}). Nothing was imported.`,
} as const;

export type ParsedHistory = { ok: true; file: HistoryFile } | { ok: false; error: string };

/** Rule: the file is checked whole before anything is written; any fault says what, in words. */
export function parseHistoryFile(text: string): ParsedHistory {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    return { ok: false, error: IMPORT_ERRORS.notJson };
  }
  const header = z.object({ format: z.string(), version: z.number() }).safeParse(raw);
  if (!header.success || header.data.format !== HISTORY_FORMAT) {
    return { ok: false, error: IMPORT_ERRORS.notHistory };
  }
  if (header.data.version > HISTORY_VERSION) {
    return { ok: false, error: IMPORT_ERRORS.newer(header.data.version) };
  }
  const parsed = historyFileSchema.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const where = issue.path.length ? `${issue.path.join('.')}: ${issue.message}` : issue.message;
    return { ok: false, error: IMPORT_ERRORS.damaged(where) };
  }
  return { ok: true, file: parsed.data };
}

/** Rule: the file's name, `kiri-history-YYYY-MM-DD.json`, the day in the device's own zone. */
export function historyFileName(at: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `kiri-history-${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}.json`;
}
