// Drains the outbox (DESIGN.md "Outbox"): used by the service worker and, when no worker controls the
// page, by the page. One drainer at a time across both (Web Locks); order is kept per kind.
import { deliveryOutcome, retryDelayAfter } from '@/domain/outbox-rules';
import { storeChatAnswer } from './messages';
import type { KiriDatabase, OutboxKind, OutboxRow } from './schema';

export const OUTBOX_LOCK = 'kiri-outbox';

export interface DrainOptions {
  fetch: typeof fetch;
  now: () => number;
  /** Ignore the backoff: the page came online or back to view, so try everything now. */
  force?: boolean;
}

export interface DrainSummary {
  delivered: number;
  refused: number;
  waiting: number;
  needsLogin: boolean;
}

/** Runs `task` while holding the outbox lock, where the platform has Web Locks. */
export async function withOutboxLock<T>(task: () => Promise<T>): Promise<T> {
  // The same code runs in the page (Navigator) and in the worker (WorkerNavigator).
  const locks = (globalThis as { navigator?: { locks?: LockManager } }).navigator?.locks;
  if (!locks) return task();
  return locks.request(OUTBOX_LOCK, task) as Promise<T>;
}

export function drainOutbox(db: KiriDatabase, options: DrainOptions): Promise<DrainSummary> {
  return withOutboxLock(() => drainHoldingLock(db, options));
}

async function drainHoldingLock(db: KiriDatabase, options: DrainOptions): Promise<DrainSummary> {
  const summary: DrainSummary = { delivered: 0, refused: 0, waiting: 0, needsLogin: false };
  const blocked = new Set<OutboxKind>();
  const done = new Set<number>();
  // Entries queued while draining are picked up too: the loop reads the table again until nothing is due.
  for (;;) {
    const entries = await db.outbox.orderBy('seq').toArray();
    const next = entries.find((e) => !done.has(e.seq!) && !blocked.has(e.kind));
    if (!next) break;
    done.add(next.seq!);
    if (!options.force && next.nextAttemptAt > options.now()) {
      blocked.add(next.kind);
      summary.waiting += 1;
      continue;
    }
    const result = await attempt(next, options.fetch);
    const outcome = deliveryOutcome(result.status, result.error);
    if (outcome.kind === 'delivered') {
      await db.transaction('rw', [db.outbox, db.messages, db.sessions, db.tombstones], async () => {
        if (!(await db.outbox.get(next.seq!))) return; // unsent meanwhile: nothing to record
        await db.outbox.delete(next.seq!);
        if (next.kind === 'chat' && next.messageId) {
          await storeChatAnswer(db, next.messageId, result.json, options.now());
        } else if (next.kind === 'conversation' && next.messageId) {
          await db.messages.update(next.messageId, { status: 'sent', statusReason: undefined });
        }
      });
      summary.delivered += 1;
    } else if (outcome.kind === 'refused') {
      await db.transaction('rw', db.outbox, db.messages, async () => {
        if (!(await db.outbox.get(next.seq!))) return;
        await db.outbox.delete(next.seq!);
        if (next.messageId) {
          await db.messages.update(next.messageId, {
            status: 'failed',
            statusReason: outcome.reason,
            retryBody: next.body ?? undefined,
          });
        }
      });
      summary.refused += 1;
    } else {
      const attempts = next.attempts + 1;
      await db.transaction('rw', db.outbox, db.messages, async () => {
        if (!(await db.outbox.get(next.seq!))) return;
        await db.outbox.update(next.seq!, {
          attempts,
          nextAttemptAt: options.now() + retryDelayAfter(attempts),
          lastError: outcome.reason,
        });
        if (next.messageId) {
          await db.messages.update(next.messageId, {
            status: 'waiting',
            statusReason: outcome.reason,
          });
        }
      });
      summary.waiting += 1;
      // Later entries of the same kind wait behind this one, so the order is kept.
      blocked.add(next.kind);
      if (outcome.needsLogin) {
        summary.needsLogin = true;
        break;
      }
    }
  }
  return summary;
}

interface AttemptResult {
  status: number | null;
  json: unknown;
  error?: string;
}

async function attempt(entry: OutboxRow, fetchImpl: typeof fetch): Promise<AttemptResult> {
  let response: Response;
  try {
    response = await fetchImpl(entry.url, {
      method: entry.method,
      credentials: 'same-origin',
      headers: {
        'Idempotency-Key': entry.key,
        ...(entry.body === null ? {} : { 'Content-Type': 'application/json' }),
      },
      body: entry.body,
    });
  } catch {
    return { status: null, json: null };
  }
  let json: unknown = null;
  try {
    json = await response.json();
  } catch {
    // A proxy's HTML error page, or no body: the status alone decides.
  }
  const error =
    json && typeof json === 'object' && typeof (json as { error?: unknown }).error === 'string'
      ? (json as { error: string }).error
      : undefined;
  return { status: response.status, json, error };
}

/** How many of the owner's messages wait to be sent. */
export function waitingCount(db: KiriDatabase): Promise<number> {
  return db.outbox.where('kind').equals('chat').count();
}
