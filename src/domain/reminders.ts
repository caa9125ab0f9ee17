// Reminders the owner set from the message menu (issue 10): their shape on the wire, how the server's
// list is read, and how it is merged with what this device holds but the server has not heard yet.

/** What the server keeps and lists (GET /api/reminders, POST /api/reminders). */
export interface Reminder {
  id: string; // UUIDv7 made on the device: also the POST's Idempotency-Key
  text: string;
  dueAt: string; // ISO 8601, UTC
  messageId?: string | null;
}

/**
 * Where a reminder stands on this device. queued: in the outbox, not yet taken by the server; set: the
 * server has it; refused: the server said no for good (the reason says why); cancelling: a cancel waits
 * in the outbox.
 */
export type ReminderSync = 'queued' | 'set' | 'refused' | 'cancelling';

export interface DeviceReminder {
  id: string;
  text: string;
  dueAt: string;
  messageId: string | null;
  sync: ReminderSync;
  reason?: string;
  createdAt: number;
  /** When the server's answer was recorded here (set, or a cancel refused). */
  settledAt?: number;
}

function isReminder(value: unknown): value is Reminder {
  if (typeof value !== 'object' || value === null) return false;
  const r = value as Record<string, unknown>;
  return (
    typeof r.id === 'string' &&
    r.id.length > 0 &&
    typeof r.text === 'string' &&
    typeof r.dueAt === 'string' &&
    !Number.isNaN(Date.parse(r.dueAt)) &&
    (r.messageId === undefined || r.messageId === null || typeof r.messageId === 'string')
  );
}

/**
 * The server's list of pending reminders. Read as a bare array, or wrapped as `{reminders: [...]}`
 * (with or without `success: true`), since the route is written apart from this client. Entries that
 * are not reminders are left out rather than failing the whole list. Anything else is null (not a list).
 */
export function parseReminderList(json: unknown): Reminder[] | null {
  const list = Array.isArray(json)
    ? json
    : typeof json === 'object' &&
        json !== null &&
        Array.isArray((json as { reminders?: unknown }).reminders)
      ? (json as { reminders: unknown[] }).reminders
      : null;
  if (!list) return null;
  return list.filter(isReminder).map(({ id, text, dueAt, messageId }) => ({
    id,
    text,
    dueAt,
    messageId: messageId ?? null,
  }));
}

export interface ReminderMerge {
  put: DeviceReminder[];
  remove: string[];
}

/**
 * Brings the device's copy in line with the server's list, read at `fetchedAt`.
 * - Each reminder the server lists is 'set' here, unless a cancel of it waits to be sent (it stays
 *   'cancelling': the owner's tap wins over an older list).
 * - A 'set' reminder the server no longer lists has fired or was cancelled elsewhere: it goes, unless
 *   it was settled after the list was asked for (the list could not know it yet).
 * - 'queued' and 'refused' ones are this device's own business: they stay as they are.
 * - A 'cancelling' one the server no longer lists stays until its cancel is answered.
 */
export function mergeServerReminders(
  local: readonly DeviceReminder[],
  server: readonly Reminder[],
  fetchedAt: number,
): ReminderMerge {
  const byId = new Map(local.map((row) => [row.id, row]));
  const listed = new Set(server.map((reminder) => reminder.id));
  const put: DeviceReminder[] = [];
  for (const reminder of server) {
    const mine = byId.get(reminder.id);
    if (mine?.sync === 'cancelling') continue;
    const row: DeviceReminder = {
      id: reminder.id,
      text: reminder.text,
      dueAt: reminder.dueAt,
      messageId: reminder.messageId ?? null,
      sync: 'set',
      createdAt: mine?.createdAt ?? fetchedAt,
      settledAt: mine?.settledAt ?? fetchedAt,
    };
    if (
      !mine ||
      mine.sync !== 'set' ||
      mine.text !== row.text ||
      mine.dueAt !== row.dueAt ||
      mine.messageId !== row.messageId
    ) {
      put.push(row);
    }
  }
  const remove = local
    .filter(
      (row) =>
        row.sync === 'set' && !listed.has(row.id) && (row.settledAt ?? -Infinity) < fetchedAt,
    )
    .map((row) => row.id);
  return { put, remove };
}

/** The list the owner sees: soonest first; ties by id (made in order). */
export function sortReminders<T extends Pick<DeviceReminder, 'id' | 'dueAt'>>(
  rows: readonly T[],
): T[] {
  return [...rows].sort((a, b) => {
    const byTime = Date.parse(a.dueAt) - Date.parse(b.dueAt);
    return byTime !== 0 ? byTime : a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
  });
}

/** What the list says under a reminder about where it stands (nothing for a plain pending one). */
export function reminderSyncNote(row: Pick<DeviceReminder, 'sync' | 'reason'>): string | null {
  switch (row.sync) {
    case 'queued':
      return 'Not sent yet: it will be sent when the server can be reached.';
    case 'cancelling':
      return 'Cancelling: waits for the server.';
    case 'refused':
      return `Not set: ${(row.reason ?? 'the server refused it').replace(/\.$/, '')}.`;
    case 'set':
      return row.reason ?? null;
  }
}

/** The POST body of a new reminder: exactly what the outbox sends on every attempt. */
export function reminderBody(reminder: Reminder): string {
  return JSON.stringify({
    id: reminder.id,
    text: reminder.text,
    dueAt: reminder.dueAt,
    messageId: reminder.messageId ?? null,
  });
}

export const REMINDERS_URL = '/api/reminders';

export function reminderUrl(id: string): string {
  return `${REMINDERS_URL}/${encodeURIComponent(id)}`;
}

/** The Idempotency-Key of a cancel: apart from the create's (the reminder's id) for the same reminder. */
export function cancelKey(id: string): string {
  return `cancel-reminder-${id}`;
}

/** Which reminder an outbox entry of kind 'reminder' is about (create: its key; cancel: its key's tail). */
export function reminderIdOfKey(key: string): string {
  const prefix = 'cancel-reminder-';
  return key.startsWith(prefix) ? key.slice(prefix.length) : key;
}
