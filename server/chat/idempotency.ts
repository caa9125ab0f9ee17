// Exactly once (DESIGN.md): the first successful answer per (account, Idempotency-Key) is kept and given
// again on a replay; a key reused for another request is refused; two requests with one key never both run.
import { createHash } from 'node:crypto';
import type { HonoRequest } from 'hono';
import { createMiddleware } from 'hono/factory';
import type { AppEnv } from '../http/app-env';
import { HttpError } from '../http/errors';
import type { IdempotencyRecord } from '../store/conversation-store';

export const IDEMPOTENCY_HEADER = 'Idempotency-Key';
/** Stripe's name for the same thing; tells a client (and a test) that nothing ran this time. */
export const REPLAYED_HEADER = 'Idempotent-Replayed';
export const IDEMPOTENCY_RETENTION_MS = 30 * 24 * 60 * 60_000;
/** Pruning walks every record of an account: once an hour is enough to keep "at least 30 days". */
export const PRUNE_INTERVAL_MS = 60 * 60_000;
export const MAX_KEY_LENGTH = 200;
const KEY_PATTERN = /^[A-Za-z0-9._:-]{1,200}$/;
const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const INVALID_KEY = `${IDEMPOTENCY_HEADER} must be 1 to ${MAX_KEY_LENGTH} characters of A-Z, a-z, 0-9, '.', '_', ':' or '-'`;
export const KEY_REUSED = 'Idempotency-Key reused with a different request';

export function isValidIdempotencyKey(key: string): boolean {
  // '__proto__' would name the records object's prototype, not a record (in JS and in zod's parsing).
  return KEY_PATTERN.test(key) && key !== '__proto__';
}

export function isUuid(value: string): boolean {
  return UUID_PATTERN.test(value);
}

/** The header's value (undefined when absent); a malformed one is a 400 before the body is read. */
export function idempotencyKeyOf(header: string | undefined): string | undefined {
  if (header === undefined) return undefined;
  if (!isValidIdempotencyKey(header)) throw new HttpError(400, INVALID_KEY);
  return header;
}

/** Checks the header early, so a bad key is refused whatever the body holds. */
export const checkIdempotencyKey = createMiddleware<AppEnv>(async (c, next) => {
  idempotencyKeyOf(c.req.header(IDEMPOTENCY_HEADER));
  await next();
});

export function sha256Hex(text: string): string {
  return createHash('sha256').update(text, 'utf8').digest('hex');
}

/** What makes two requests "the same request" under one key. */
export interface RequestFingerprint {
  route: string;
  bodyHash: string;
}

export interface IdempotentRequest extends RequestFingerprint {
  key: string;
}

export interface Outcome<A = unknown> {
  status: 200 | 201;
  answer: A;
}

export interface GateResult<A> extends Outcome<A> {
  /** True when the answer is a stored one: nothing ran and nothing was written. */
  replayed: boolean;
}

function sameRequest(a: RequestFingerprint, b: RequestFingerprint): boolean {
  return a.route === b.route && a.bodyHash === b.bodyHash;
}

export function isRecordLive(record: IdempotencyRecord, now: number): boolean {
  return now - record.at <= IDEMPOTENCY_RETENTION_MS;
}

/** Drops the records past the retention window (called on each write to an account). */
export function pruneRecords(records: Record<string, IdempotencyRecord>, now: number): void {
  for (const [key, record] of Object.entries(records)) {
    if (!isRecordLive(record, now)) delete records[key];
  }
}

interface Running extends RequestFingerprint {
  done: Promise<void>;
}

/**
 * The in-memory half: requests under one key that arrive while the first is still running wait for it,
 * then read what it stored. The durable half (the record) is written by `work` in the same file update
 * as the data the request changes.
 */
export class IdempotencyGate {
  private readonly running = new Map<string, Running>();

  async run<A>(
    scope: string,
    request: IdempotentRequest,
    lookup: () => IdempotencyRecord | undefined,
    work: () => Promise<Outcome<A>>,
  ): Promise<GateResult<A>> {
    const id = `${scope}\u0000${request.key}`;
    for (;;) {
      // No await between the lookup and registering as running: two requests cannot both pass here.
      const stored = lookup();
      if (stored) {
        if (!sameRequest(stored, request)) throw new HttpError(422, KEY_REUSED);
        return { status: stored.status as 200 | 201, answer: stored.answer as A, replayed: true };
      }
      const other = this.running.get(id);
      if (other) {
        if (!sameRequest(other, request)) throw new HttpError(422, KEY_REUSED);
        await other.done;
        // It stored its answer (found by the lookup) or failed (and this request runs instead).
        continue;
      }
      let finish!: () => void;
      const done = new Promise<void>((resolve) => (finish = resolve));
      this.running.set(id, { route: request.route, bodyHash: request.bodyHash, done });
      try {
        return { ...(await work()), replayed: false };
      } finally {
        this.running.delete(id);
        finish();
      }
    }
  }

  /** For tests and diagnostics. */
  get inFlight(): number {
    return this.running.size;
  }
}

/** The request's key, route and body hash, or null when it sent no Idempotency-Key. */
export async function idempotentRequestOf(req: HonoRequest): Promise<IdempotentRequest | null> {
  const key = idempotencyKeyOf(req.header(IDEMPOTENCY_HEADER));
  if (key === undefined) return null;
  // The body was already read (and cached) by the validator: this is the same text.
  const body = await req.text();
  return { key, route: `${req.method} ${req.path}`, bodyHash: sha256Hex(body) };
}
