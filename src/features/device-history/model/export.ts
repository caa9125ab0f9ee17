// Rule: buildHistoryFile. What the device's history file holds (docs/backup.md "What is in the file").
import type { MessageRow, OutboxRow, SessionRow, TombstoneRow } from '@/db/schema';
import {
  HISTORY_FORMAT,
  HISTORY_VERSION,
  type ExportedPhoto,
  type HistoryFile,
  type SettingKey,
} from './history-file';

export interface DeviceHistory {
  sessions: readonly SessionRow[];
  messages: readonly MessageRow[];
  /** The outbox: the request of a message not delivered yet goes with it, so Retry can send it. */
  outbox: readonly OutboxRow[];
  photos: readonly ExportedPhoto[];
  tombstones: readonly TombstoneRow[];
  settings: Partial<Record<SettingKey, string>>;
}

function isUndelivered(message: MessageRow): boolean {
  return message.status === 'sending' || message.status === 'waiting';
}

/**
 * The whole history as one file: sessions by day, messages in each day's order, every photo of the
 * device, the ids deleted here, the owner's preferences. A message still in the outbox carries its
 * request (`retryBody`), so the device it is imported on can send it with Retry.
 */
export function buildHistoryFile(history: DeviceHistory, now: Date): HistoryFile {
  const chatBodies = new Map<string, string>();
  for (const entry of history.outbox) {
    if (entry.kind === 'chat' && entry.messageId && entry.body !== null) {
      chatBodies.set(entry.messageId, entry.body);
    }
  }
  const messages = history.messages.map((message) => {
    const body = chatBodies.get(message.id);
    return isUndelivered(message) && body !== undefined && message.retryBody === undefined
      ? { ...message, retryBody: body }
      : { ...message };
  });
  const key = (m: MessageRow) => `${m.sessionId}\u0000${m.order ?? ''}\u0000${m.id}`;
  messages.sort((a, b) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0));
  return {
    format: HISTORY_FORMAT,
    version: HISTORY_VERSION,
    exportedAt: now.toISOString(),
    sessions: [...history.sessions].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0)),
    messages,
    photos: [...history.photos],
    tombstones: [...history.tombstones],
    settings: { ...history.settings },
  };
}
