// Drains the outbox (DESIGN.md "Outbox"): used by the service worker and, when no worker controls the
// page, by the page. One drainer at a time across both (Web Locks); order is kept per kind.
import {
  CONNECTION_REASON,
  deliveryOutcome,
  outboxLane,
  retryDelayAfter,
} from '@/domain/outbox-rules';
import {
  batchTimeoutMs,
  chatBatchBody,
  chatBatchLength,
  CHAT_BATCH_MAX,
  CHAT_BATCH_URL,
  readBatchAnswer,
  sendOneByOneAfter,
} from '@/domain/outbox-batch';
import { STORE_FAILED_REASON, requestTimeoutMs, timeoutOutcome } from '@/domain/outbox-timeout';
import { CHAT_URL, storeChatAnswers } from './messages';
import {
  imageUploadForm,
  recordPhotoDelivery,
  recordPhotoRefusal,
  uploadedImageOf,
} from './photos';
import { settleReminderEntry } from './reminders';
import { withOutboxLock } from './outbox-lock';
import type { KiriDatabase, OutboxKind, OutboxRow } from './schema';

export { OUTBOX_LOCK } from './outbox-lock';

export interface DrainOptions {
  fetch: typeof fetch;
  now: () => number;
  /** Ignore the backoff: the page came online or back to view, so try everything now. */
  force?: boolean;
  /** How long an attempt of this kind may take (requestTimeoutMs; tests shorten it). */
  timeoutMs?: (kind: OutboxKind) => number;
  /**
   * Up to this many chat messages waiting in a row go in one POST /api/chat/batch (domain/outbox-batch.ts);
   * 1 sends each alone.
   */
  batchSize?: number;
}

export interface DrainSummary {
  delivered: number;
  refused: number;
  waiting: number;
  needsLogin: boolean;
}

export function drainOutbox(db: KiriDatabase, options: DrainOptions): Promise<DrainSummary> {
  return withOutboxLock(() => drainHoldingLock(db, options));
}

export { STORE_FAILED_REASON };

/** A queued photo whose bytes left the device (storage cleared under it): it cannot be sent. */
export const PHOTO_GONE_REASON = 'The photo is no longer on this device';

/** Chat answers are written in groups of at most this many (one transaction)… */
export const WRITE_GROUP_MAX = 8;
/** …and none waits much longer than this for its write to start. */
export const WRITE_GROUP_WAIT_MS = 100;

interface HeldAnswer {
  entry: OutboxRow;
  json: unknown;
  arrivedAt: number;
}

/**
 * One pass. Requests go one at a time, in seq order, and an entry of a kind that waits is not tried
 * before the ones ahead of it. The outbox is read once, and again only for entries queued meanwhile;
 * each entry is read again just before it is sent, so that one unsent meanwhile does not go out.
 *
 * Pipelined: answers are written while the next request is on its way, in order, and an entry leaves
 * the outbox in the transaction that stores its answer. So a worker killed at any point loses
 * nothing: an answer not written yet is asked for again, and the server gives the same one back for
 * the same Idempotency-Key. While answers come back quickly (a replay), chat answers are written
 * several to a transaction, which costs the device much less than one each. A write that fails
 * leaves its entries and holds their kind back, like a failed request. The pass ends when the last
 * write has.
 */
async function drainHoldingLock(db: KiriDatabase, options: DrainOptions): Promise<DrainSummary> {
  const summary: DrainSummary = { delivered: 0, refused: 0, waiting: 0, needsLogin: false };
  // Blocked by line (outboxLane): the owner's messages and photos wait in one.
  const blocked = new Set<string>();
  /** Why each blocked line waits: the entries skipped behind it take the same reason. */
  const blockedBy = new Map<string, string>();
  const block = (kind: OutboxKind, reason: string) => {
    const lane = outboxLane(kind);
    blocked.add(lane);
    if (!blockedBy.has(lane)) blockedBy.set(lane, reason);
  };
  /** Entries this pass did not try, with why: their messages are marked 'waiting' at its end. */
  const skipped: SkippedEntry[] = [];
  let loginReason: string | undefined;
  /** Lines with an answer that could not be written: later answers there are not written either. */
  const unwritten = new Set<string>();
  const pending = await db.outbox.orderBy('seq').toArray();
  let lastSeq = pending.at(-1)?.seq ?? 0;

  // The writes, chained in order (none rejects). At most one runs beside a request: before the next
  // entry is chosen, every write but the last queued one has finished, so a kind whose write failed
  // is known by then.
  let writes: Promise<void> = Promise.resolve();
  let beforeLast: Promise<void> = writes;
  const queueWrite = (write: () => Promise<void>) => {
    beforeLast = writes;
    writes = writes.then(write);
  };
  /** Chat answers not yet written, in order. */
  let group: HeldAnswer[] = [];
  const writeGroup = () => {
    const answers = group;
    group = [];
    if (answers.length > 0) queueWrite(() => storeGroup(answers));
  };

  const retryLater = (entry: OutboxRow, reason: string, serverTrouble = false) =>
    recordRetry(db, entry, reason, options.now(), serverTrouble).catch(() => undefined);
  const notWritten = async (entries: readonly OutboxRow[]) => {
    for (const entry of entries) {
      unwritten.add(outboxLane(entry.kind));
      block(entry.kind, STORE_FAILED_REASON);
      summary.waiting += 1;
      await retryLater(entry, STORE_FAILED_REASON);
    }
  };
  const storeGroup = async (answers: readonly HeldAnswer[]) => {
    // Written now, they would come before the answer ahead of them: they are asked for next time.
    if (unwritten.has('chat')) return notWritten(answers.map((answer) => answer.entry));
    try {
      await storeChatAnswers(
        db,
        answers.map(({ entry, json, arrivedAt }) => ({
          messageId: entry.messageId!,
          answer: json,
          arrivedAt,
          outboxSeq: entry.seq!,
        })),
      );
      summary.delivered += answers.length;
    } catch {
      await notWritten(answers.map((answer) => answer.entry));
    }
  };
  const storeOne = async (entry: OutboxRow, record: () => Promise<void>, refused: boolean) => {
    if (unwritten.has(outboxLane(entry.kind))) return notWritten([entry]);
    try {
      await record();
      if (refused) summary.refused += 1;
      else summary.delivered += 1;
    } catch {
      await notWritten([entry]);
    }
  };

  const answered = (entry: OutboxRow, result: AttemptResult) => {
    const outcome = result.timedOut
      ? timeoutOutcome()
      : deliveryOutcome(result.status, result.error, isExpectedAnswer(entry, result.json));
    if (outcome.kind === 'delivered' && entry.kind === 'chat' && entry.messageId) {
      group.push({ entry, json: result.json, arrivedAt: options.now() });
      return;
    }
    writeGroup();
    if (outcome.kind === 'delivered' && entry.kind === 'image') {
      const json = result.json;
      queueWrite(() =>
        storeOne(entry, () => recordPhotoDelivery(db, entry, json, options.now()), false),
      );
    } else if (outcome.kind === 'delivered') {
      queueWrite(() => storeOne(entry, () => recordDelivery(db, entry, options.now()), false));
    } else if (outcome.kind === 'refused') {
      queueWrite(() =>
        storeOne(
          entry,
          () => recordRefusal(db, entry, outcome.reason, result.status!, options.now()),
          true,
        ),
      );
    } else {
      summary.waiting += 1;
      // Later entries of the same kind wait behind this one, so the order is kept.
      block(entry.kind, outcome.reason);
      if (outcome.needsLogin) {
        summary.needsLogin = true;
        loginReason = outcome.reason;
      }
      queueWrite(() => retryLater(entry, outcome.reason, outcome.serverTrouble));
    }
  };

  /**
   * The answers held so far are written beside a request, unless more can join them first without any
   * of them waiting longer than WRITE_GROUP_WAIT_MS: the group is not full, the last request came back
   * quickly, and should this one take longer, the timer writes them.
   */
  let lastRequestMs = 0;
  const whileSending = async <T>(sending: Promise<T>): Promise<T> => {
    const sentAt = options.now();
    const waitLeft = WRITE_GROUP_WAIT_MS - (sentAt - (group[0]?.arrivedAt ?? sentAt));
    let timer: ReturnType<typeof setTimeout> | undefined;
    if (group.length >= WRITE_GROUP_MAX || lastRequestMs >= waitLeft) writeGroup();
    else if (group.length > 0) timer = setTimeout(writeGroup, waitLeft);
    const result = await sending;
    clearTimeout(timer);
    lastRequestMs = options.now() - sentAt;
    return result;
  };

  const batchSize = options.batchSize ?? CHAT_BATCH_MAX;
  /** Off for the rest of the pass once the server refused a batch as such (an older server). */
  let batching = batchSize > 1;
  /**
   * Sends `candidate` and the chat messages right behind it as one batch, when there are any: true when
   * it did (their answers are handled as if each had come alone), false to send `candidate` alone.
   */
  const sentAsBatch = async (candidate: OutboxRow): Promise<boolean> => {
    if (!batching) return false;
    const length = chatBatchLength([candidate, ...pending], CHAT_URL, batchSize);
    if (length < 2) return false;
    const taken = [candidate, ...pending.splice(0, length - 1)];
    // Read again, as a single entry is: one unsent meanwhile, or not due yet, ends the batch there.
    const fresh = await db.outbox.bulkGet(taken.map((entry) => entry.seq!));
    let usable = 0;
    for (const entry of fresh) {
      if (!entry || (!options.force && entry.nextAttemptAt > options.now())) break;
      usable += 1;
    }
    if (usable < 2) {
      pending.unshift(...taken.slice(1));
      return false;
    }
    const batch = fresh.slice(0, usable) as OutboxRow[];
    pending.unshift(...taken.slice(usable));
    const result = await whileSending(
      attemptBatch(
        batch,
        options.fetch,
        batchTimeoutMs((options.timeoutMs ?? requestTimeoutMs)('chat'), batch.length),
      ),
    );
    const ok = result.status !== null && result.status >= 200 && result.status < 300;
    const items = ok
      ? readBatchAnswer(
          result.json,
          batch.map((entry) => entry.key),
        )
      : null;
    if (items) {
      items.forEach((item, i) => answered(batch[i]!, itemResult(item.status, item.json)));
      // Not run by the server (it stopped after one that was not a 2xx): tried next, in order.
      pending.unshift(...batch.slice(items.length));
    } else if (!result.timedOut && result.status !== null && sendOneByOneAfter(result.status)) {
      batching = false;
      pending.unshift(...batch);
    } else {
      // No answer, the server's 'later' (401, 408, 429, 5xx), or a 2xx that is no batch answer (not
      // our server): as if the first message had had it alone; the others wait behind it.
      answered(batch[0]!, ok ? { status: result.status, json: null } : result);
      pending.unshift(...batch.slice(1));
    }
    return true;
  };

  try {
    while (!summary.needsLogin) {
      await beforeLast;
      const candidate = takeNext(pending, blocked, (entry) =>
        skipped.push({ entry, reason: blockedBy.get(outboxLane(entry.kind)) }),
      );
      if (!candidate) {
        writeGroup();
        const added = await db.outbox.where('seq').above(lastSeq).toArray();
        if (added.length === 0) break;
        lastSeq = added.at(-1)!.seq!;
        pending.push(...added);
        continue;
      }
      if (await sentAsBatch(candidate)) continue;
      const entry = await db.outbox.get(candidate.seq!);
      if (!entry || (!options.force && entry.nextAttemptAt > options.now())) {
        writeGroup();
        if (entry) {
          block(entry.kind, entry.lastError ?? CONNECTION_REASON);
          skipped.push({ entry, reason: entry.lastError ?? CONNECTION_REASON });
          summary.waiting += 1;
        }
        continue;
      }
      // A photo's multipart body is made from its stored Blob on every attempt.
      const form = entry.kind === 'image' ? await imageUploadForm(db, entry) : undefined;
      const answer =
        form === null
          ? Promise.resolve<AttemptResult>({ status: 410, json: null, error: PHOTO_GONE_REASON })
          : attempt(
              entry,
              options.fetch,
              (options.timeoutMs ?? requestTimeoutMs)(entry.kind),
              form,
            );
      answered(entry, await whileSending(answer));
    }
  } finally {
    writeGroup();
    await writes;
    // Left untried after a 401: they wait for the login too.
    for (const entry of pending) {
      skipped.push({ entry, reason: blockedBy.get(outboxLane(entry.kind)) ?? loginReason });
    }
    await markSkippedWaiting(db, skipped).catch(() => undefined);
  }
  return summary;
}

interface SkippedEntry {
  entry: OutboxRow;
  reason: string | undefined;
}

/**
 * A message this pass did not try is not on its way: if it still says 'sending' (queued while the
 * pass ran, or before an older drain recorded its failure), it says 'waiting' now, with the reason of
 * what it waits behind. Otherwise Send would wait for it, and its bubble would say 'Sending…' for good.
 */
async function markSkippedWaiting(
  db: KiriDatabase,
  skipped: readonly SkippedEntry[],
): Promise<void> {
  const withMessage = skipped.filter(({ entry }) => entry.messageId);
  if (withMessage.length === 0) return;
  await db.transaction('rw', db.outbox, db.messages, async () => {
    const [entries, messages] = await Promise.all([
      db.outbox.bulkGet(withMessage.map(({ entry }) => entry.seq!)),
      db.messages.bulkGet(withMessage.map(({ entry }) => entry.messageId!)),
    ]);
    const updates = withMessage.flatMap(({ entry, reason }, i) =>
      entries[i] && messages[i]?.status === 'sending'
        ? [
            {
              key: entry.messageId!,
              changes: { status: 'waiting' as const, statusReason: reason ?? CONNECTION_REASON },
            },
          ]
        : [],
    );
    if (updates.length > 0) await db.messages.bulkUpdate(updates);
  });
}

/** The next entry to try; entries of a kind that waits are dropped (not tried in this pass). */
function takeNext(
  pending: OutboxRow[],
  blocked: ReadonlySet<string>,
  skip: (entry: OutboxRow) => void,
): OutboxRow | undefined {
  for (let next = pending.shift(); next; next = pending.shift()) {
    if (!blocked.has(outboxLane(next.kind))) return next;
    skip(next);
  }
  return undefined;
}

/** A definitive answer to an entry other than a chat message: it leaves the outbox. */
async function recordDelivery(db: KiriDatabase, entry: OutboxRow, now: number): Promise<void> {
  await db.transaction('rw', db.outbox, db.messages, db.reminders, async () => {
    if (!(await db.outbox.get(entry.seq!))) return; // unsent meanwhile: nothing to record
    await db.outbox.delete(entry.seq!);
    await settleReminderEntry(db, entry, { kind: 'delivered' }, now);
    if (entry.kind === 'conversation' && entry.messageId) {
      await db.messages.update(entry.messageId, { status: 'sent', statusReason: undefined });
    }
  });
}

async function recordRefusal(
  db: KiriDatabase,
  entry: OutboxRow,
  reason: string,
  status: number,
  now: number,
): Promise<void> {
  const tables = [db.outbox, db.messages, db.reminders, db.photos, db.photoFiles];
  await db.transaction('rw', tables, async () => {
    if (!(await db.outbox.get(entry.seq!))) return;
    await db.outbox.delete(entry.seq!);
    await settleReminderEntry(db, entry, { kind: 'refused', reason, status }, now);
    await recordPhotoRefusal(db, entry, reason);
    if (entry.messageId) {
      await db.messages.update(entry.messageId, {
        status: 'failed',
        statusReason: reason,
        retryBody: entry.body ?? undefined,
      });
    }
  });
}

/** The entry stays, to be tried again after the backoff; its message says why it waits. */
async function recordRetry(
  db: KiriDatabase,
  entry: OutboxRow,
  reason: string,
  now: number,
  serverTrouble: boolean,
): Promise<void> {
  const attempts = entry.attempts + 1;
  await db.transaction('rw', db.outbox, db.messages, async () => {
    if (!(await db.outbox.get(entry.seq!))) return;
    await db.outbox.update(entry.seq!, {
      attempts,
      nextAttemptAt: now + retryDelayAfter(attempts),
      lastError: reason,
    });
    if (entry.messageId) {
      await db.messages.update(entry.messageId, {
        status: 'waiting',
        statusReason: reason,
        serverTrouble: serverTrouble ? true : undefined,
      });
    }
  });
}

interface AttemptResult {
  status: number | null;
  json: unknown;
  error?: string;
  /** No answer (or no whole answer) came within the entry's timeout: the request was given up. */
  timedOut?: boolean;
}

/** The result of one message of a batch, as if it had been answered alone. */
function itemResult(status: number, json: unknown): AttemptResult {
  return { status, json, error: errorOf(json) };
}

function errorOf(json: unknown): string | undefined {
  return json && typeof json === 'object' && typeof (json as { error?: unknown }).error === 'string'
    ? (json as { error: string }).error
    : undefined;
}

/**
 * One request, given up after `timeoutMs` (the answer's body included: a server may send its headers
 * and stall). The fetch is aborted, and raced too, since a fetch that ignores the signal must not hold
 * the drainer: every entry behind it would wait.
 */
async function withTimeout(
  timeoutMs: number,
  send: (signal: AbortSignal | undefined) => Promise<AttemptResult>,
): Promise<AttemptResult> {
  const controller = typeof AbortController === 'function' ? new AbortController() : undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<AttemptResult>((resolve) => {
    timer = setTimeout(() => {
      controller?.abort();
      resolve({ status: null, json: null, timedOut: true });
    }, timeoutMs);
  });
  try {
    return await Promise.race([send(controller?.signal), timeout]);
  } finally {
    clearTimeout(timer);
  }
}

function attempt(
  entry: OutboxRow,
  fetchImpl: typeof fetch,
  timeoutMs: number,
  form: FormData | undefined,
): Promise<AttemptResult> {
  return withTimeout(timeoutMs, (signal) =>
    request(fetchImpl, entry.url, {
      method: entry.method,
      // A FormData sets its own Content-Type, with the multipart boundary in it.
      headers: {
        'Idempotency-Key': entry.key,
        ...(entry.body === null || form ? {} : { 'Content-Type': 'application/json' }),
      },
      body: form ?? entry.body,
      ...(signal ? { signal } : {}),
    }),
  );
}

/** Chat messages in one POST /api/chat/batch: each with its own key and exact body text inside. */
function attemptBatch(
  entries: readonly OutboxRow[],
  fetchImpl: typeof fetch,
  timeoutMs: number,
): Promise<AttemptResult> {
  return withTimeout(timeoutMs, (signal) =>
    request(fetchImpl, CHAT_BATCH_URL, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: chatBatchBody(entries),
      ...(signal ? { signal } : {}),
    }),
  );
}

async function request(
  fetchImpl: typeof fetch,
  url: string,
  init: RequestInit,
): Promise<AttemptResult> {
  let response: Response;
  try {
    response = await fetchImpl(url, { ...init, credentials: 'same-origin' });
  } catch {
    return { status: null, json: null };
  }
  let json: unknown = null;
  try {
    json = await response.json();
  } catch {
    // A proxy's HTML error page, or no body: the status alone decides.
  }
  return { status: response.status, json, error: errorOf(json) };
}

/**
 * A success must carry the server's answer: Kiri's reply for a chat (`kiriMessages`), a JSON object
 * for the other writes. Anything else (an HTML page, an empty body) did not come from our server.
 */
export function isExpectedAnswer(entry: Pick<OutboxRow, 'kind'>, json: unknown): boolean {
  if (typeof json !== 'object' || json === null || Array.isArray(json)) return false;
  if (entry.kind === 'image') return uploadedImageOf(json) !== null;
  return entry.kind !== 'chat' || Array.isArray((json as { kiriMessages?: unknown }).kiriMessages);
}

/** How many of the owner's messages wait to be sent. */
export function waitingCount(db: KiriDatabase): Promise<number> {
  return db.outbox.where('kind').equals('chat').count();
}
