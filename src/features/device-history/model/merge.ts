// Rule: planImport. What an imported history file adds to this device (docs/backup.md "Import"): only
// what is missing, nothing twice, nothing the owner deleted here, and nothing already here changed except
// a day's count and last activity.
import type { MessageRow, PhotoRow, SessionRow, TombstoneRow } from '@/db/schema';
import type { EncodedBytes, HistoryFile, SettingKey } from './history-file';

/** What this device holds of the ids the file names (read in the import's transaction). */
export interface LocalState {
  sessions: ReadonlyMap<string, SessionRow>;
  messageIds: ReadonlySet<string>;
  tombstoneIds: ReadonlySet<string>;
  photoIds: ReadonlySet<string>;
  /** This device's value of each preference, null where it has none. */
  settings: Partial<Record<SettingKey, string | null>>;
}

export interface ImportPlan {
  /** New days, and days already here with their count and last activity moved on. */
  sessions: SessionRow[];
  messages: MessageRow[];
  photos: { row: PhotoRow; file: EncodedBytes | null; thumbnail: EncodedBytes | null }[];
  tombstones: TombstoneRow[];
  settings: [SettingKey, string][];
  summary: ImportSummary;
}

export interface ImportSummary {
  messagesAdded: number;
  /** In the file and already on this device (or deleted here): left as they are. */
  messagesSkipped: number;
  sessionsAdded: number;
  photosAdded: number;
  settingsApplied: number;
}

export const NOT_SENT_REASON = 'Not sent from the device it was exported on: tap Retry to send it.';
export const NOT_UPLOADED_REASON = 'Not uploaded from the device it was exported on.';

/**
 * Rule: undeliveredBecomesRetryable. A message that was still waiting in the other device's outbox has
 * no outbox here: it is imported as failed (with its request, Retry sends it under its own id, which the
 * server never stores twice); a photo not uploaded is imported as failed.
 */
function importedMessage(message: MessageRow): MessageRow {
  if (message.status !== 'sending' && message.status !== 'waiting') return { ...message };
  const { serverTrouble: _trouble, ...rest } = message;
  return { ...rest, status: 'failed', statusReason: NOT_SENT_REASON };
}

function importedPhoto(row: PhotoRow): PhotoRow {
  return row.status === 'queued'
    ? { ...row, status: 'failed', error: NOT_UPLOADED_REASON }
    : { ...row };
}

export function planImport(file: HistoryFile, local: LocalState): ImportPlan {
  // Rules: messageAlreadyHereStaysOnce, deletedHereStaysDeleted.
  const messages: MessageRow[] = [];
  let messagesSkipped = 0;
  for (const message of file.messages) {
    if (local.messageIds.has(message.id) || local.tombstoneIds.has(message.id)) {
      messagesSkipped += 1;
      continue;
    }
    messages.push(importedMessage(message));
  }

  // Rule: sessionCountsStayRight. A day's count goes up by the messages added to it, as every other
  // writer moves it; a new day counts the messages it was given.
  const added = new Map<string, MessageRow[]>();
  for (const message of messages) {
    const list = added.get(message.sessionId) ?? [];
    list.push(message);
    added.set(message.sessionId, list);
  }
  const sessions: SessionRow[] = [];
  let sessionsAdded = 0;
  for (const session of file.sessions) {
    const mine = added.get(session.id) ?? [];
    const here = local.sessions.get(session.id);
    if (!here) {
      sessions.push({ ...session, messageCount: mine.length });
      sessionsAdded += 1;
    } else if (mine.length > 0) {
      const newest = Math.max(...mine.map((m) => m.timestamp));
      sessions.push({
        ...here,
        messageCount: here.messageCount + mine.length,
        lastActivity: Math.max(here.lastActivity, newest),
      });
    }
  }

  const photos = file.photos
    .filter((photo) => !local.photoIds.has(photo.row.id))
    .map((photo) => ({ ...photo, row: importedPhoto(photo.row) }));

  const tombstones = file.tombstones.filter((t) => !local.tombstoneIds.has(t.id));

  // Rule: thisDevicesSettingsWin. A preference is taken from the file only where this device has none.
  const settings: [SettingKey, string][] = [];
  for (const [key, value] of Object.entries(file.settings) as [SettingKey, string | undefined][]) {
    if (value === undefined) continue;
    const mine = local.settings[key];
    if (mine === null || mine === undefined) settings.push([key, value]);
  }

  return {
    sessions,
    messages,
    photos,
    tombstones,
    settings,
    summary: {
      messagesAdded: messages.length,
      messagesSkipped,
      sessionsAdded,
      photosAdded: photos.length,
      settingsApplied: settings.length,
    },
  };
}

/** The import's outcome in words, for the page. */
export function importSummaryText(summary: ImportSummary): string {
  const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;
  const parts = [`Added ${plural(summary.messagesAdded, 'message', 'messages')}`];
  if (summary.messagesSkipped > 0) parts[0] += ` (${summary.messagesSkipped} already here)`;
  parts.push(plural(summary.sessionsAdded, 'new day', 'new days'));
  if (summary.photosAdded > 0) parts.push(plural(summary.photosAdded, 'photo', 'photos'));
  if (summary.settingsApplied > 0)
    parts.push(plural(summary.settingsApplied, 'setting', 'settings'));
  return `${parts.join(', ')}.`;
}

export function exportSummaryText(messages: number, sessions: number, fileName: string): string {
  const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;
  return `Exported ${plural(messages, 'message', 'messages')} in ${plural(sessions, 'day', 'days')} to ${fileName}.`;
}
