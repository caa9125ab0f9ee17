// Everything waiting in the outbox, for the System Health page (docs/settings-health.md): how many
// entries of each kind, the oldest's time, and how many were tried and failed. Counts only: an entry's
// body (the owner's words, a photo) is never read out here.
import type { KiriDatabase, OutboxKind } from './schema';

export interface OutboxSummary {
  total: number;
  byKind: Partial<Record<OutboxKind, number>>;
  /** When the oldest waiting entry was made (ms since the epoch), or null when none waits. */
  oldestAt: number | null;
  /** Entries already tried at least once. */
  retrying: number;
}

export async function outboxSummary(db: KiriDatabase): Promise<OutboxSummary> {
  const summary: OutboxSummary = { total: 0, byKind: {}, oldestAt: null, retrying: 0 };
  await db.outbox.each((entry) => {
    summary.total += 1;
    summary.byKind[entry.kind] = (summary.byKind[entry.kind] ?? 0) + 1;
    if (summary.oldestAt === null || entry.createdAt < summary.oldestAt) {
      summary.oldestAt = entry.createdAt;
    }
    if (entry.attempts > 0) summary.retrying += 1;
  });
  return summary;
}
