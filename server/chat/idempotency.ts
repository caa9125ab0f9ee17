// Exactly once (DESIGN.md): the first successful answer per (account, Idempotency-Key) is recorded (what
// rebuilds it, never a copy) and given again on a replay; a key reused for another request is refused; two
// requests with one key never both run; an account's records are capped.
import { createHash } from 'node:crypto';
import type { HonoRequest } from 'hono';
import { createMiddleware } from 'hono/factory';
import type { AppEnv } from '../http/app-env';
import { HttpError } from '../http/errors';
import type { IdempotencyRecord, StoredAnswer } from '../store/conversation-store';

export const IDEMPOTENCY_HEADER = 'Idempotency-Key';
/** Stripe's name for the same thing; tells a client (and a test) that nothing ran this time. */
export const REPLAYED_HEADER = 'Idempotent-Replayed';
export const IDEMPOTENCY_RETENTION_MS = 30 * 24 * 60 * 60_000;
/** Pruning walks every record of an account: once an hour is enough to keep "at least 30 days". */
export const PRUNE_INTERVAL_MS = 60 * 60_000;
/**
 * A record younger than this is never dropped to make room (docs/chat-server.md "Retention"): the
 * longest a phone is expected to hold a sent message in its outbox before it hears the answer (offline
 * for a long weekend, the app not opened for days on iOS, which has no background sync).
 */
export const REPLAY_WINDOW_MS = 7 * 24 * 60 * 60_000;
/** Per account: enough for ~700 requests a day over the replay window. */
export const MAX_RECORDS_PER_ACCOUNT = 5_000;
/** Per account, the records as JSON (a record is ~250 bytes; a console reply keeps its text). */
export const MAX_RECORD_BYTES_PER_ACCOUNT = 2 * 1024 * 1024;
/** Dropping goes down to this share of a cap, so that it runs once per many writes, not on each. */
const EVICT_TO = 0.9;
export const MAX_KEY_LENGTH = 200;
const KEY_PATTERN = /^[A-Za-z0-9._:-]{1,200}$/;
const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const INVALID_KEY = `${IDEMPOTENCY_HEADER} must be 1 to ${MAX_KEY_LENGTH} characters of A-Z, a-z, 0-9, '.', '_', ':' or '-'`;
export const KEY_REUSED = 'Idempotency-Key reused with a different request';
export const tooManyRecords = (seconds: number) =>
  `Too many messages. Try again in ${seconds} seconds.`;

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
  /** 202: stored in deep pause, answered later (chat/deep-pause.ts). */
  status: 200 | 201 | 202;
  answer: A;
}

/**
 * An outcome whose write is on its way (POST /api/chat/batch, chat/chat-batch.ts): the gate holds the
 * key until `durable` settles, so that a request under the same key meanwhile waits for the write, as it
 * waits for a request still running.
 */
export interface PendingOutcome<A = unknown> extends Outcome<A> {
  durable?: Promise<void>;
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

type Records = Record<string, IdempotencyRecord>;

interface Usage {
  count: number;
  bytes: number;
}

/** Count and bytes per records object, so a write does not measure every record again. */
const usageCache = new WeakMap<Records, Usage>();

export function recordBytes(key: string, record: IdempotencyRecord): number {
  return Buffer.byteLength(key) + Buffer.byteLength(JSON.stringify(record));
}

function usageOf(records: Records): Usage {
  const cached = usageCache.get(records);
  if (cached) return cached;
  const usage = { count: 0, bytes: 0 };
  for (const [key, record] of Object.entries(records)) {
    usage.count += 1;
    usage.bytes += recordBytes(key, record);
  }
  usageCache.set(records, usage);
  return usage;
}

function removeRecord(records: Records, key: string): void {
  const record = records[key];
  if (!record) return;
  delete records[key];
  const usage = usageCache.get(records);
  if (usage) {
    usage.count -= 1;
    usage.bytes -= recordBytes(key, record);
  }
}

/** Drops the records past the retention window (at most once an hour per account, on a write). */
export function pruneRecords(records: Records, now: number): void {
  for (const [key, record] of Object.entries(records)) {
    if (!isRecordLive(record, now)) removeRecord(records, key);
  }
}

function overCap(usage: Usage, share = 1): boolean {
  return (
    usage.count > MAX_RECORDS_PER_ACCOUNT * share ||
    usage.bytes > MAX_RECORD_BYTES_PER_ACCOUNT * share
  );
}

/**
 * The rule of the record caps: past a cap, the oldest records go first, down to 90% of it, but never
 * one younger than REPLAY_WINDOW_MS. What the window protects can leave the records over a cap by at
 * most the one record that was let in (recordRoomOf refuses the next).
 */
export function evictOldestRecords(records: Records, now: number): void {
  const usage = usageOf(records);
  if (!overCap(usage)) return;
  const evictable = Object.entries(records)
    .filter(([, record]) => now - record.at > REPLAY_WINDOW_MS)
    .sort(([, a], [, b]) => a.at - b.at);
  for (const [key] of evictable) {
    if (!overCap(usage, EVICT_TO)) break;
    removeRecord(records, key);
  }
}

/** Stores a request's record under its key, then applies the caps. */
export function putRecord(records: Records, key: string, record: IdempotencyRecord): void {
  removeRecord(records, key);
  records[key] = record;
  const usage = usageCache.get(records);
  if (usage) {
    usage.count += 1;
    usage.bytes += recordBytes(key, record);
  }
  evictOldestRecords(records, record.at);
}

/**
 * Null when a new record fits (under the caps, or something older than the replay window can go),
 * else the seconds until the oldest record leaves the window: the account has sent more than the caps
 * hold within it, and its next keyed request is refused (429) rather than let the store grow.
 */
export function recordRoomOf(records: Records | undefined, now: number): number | null {
  if (!records) return null;
  const usage = usageOf(records);
  if (usage.count < MAX_RECORDS_PER_ACCOUNT && usage.bytes < MAX_RECORD_BYTES_PER_ACCOUNT) {
    return null;
  }
  let oldest = Infinity;
  for (const record of Object.values(records)) oldest = Math.min(oldest, record.at);
  const leaves = oldest + REPLAY_WINDOW_MS - now;
  return leaves < 0 ? null : Math.max(1, Math.ceil(leaves / 1000));
}

/** Version 1 kept a copy of each answer; version 2 keeps what rebuilds it from the log. */
export function migrateRecordsToV2(data: Record<string, unknown>): Record<string, unknown> {
  const accounts = (data.accounts ?? {}) as Record<
    string,
    { log?: { id: string }[]; idempotency?: Record<string, Record<string, unknown>> }
  >;
  for (const account of Object.values(accounts)) {
    const logged = new Set((account.log ?? []).map((entry) => entry.id));
    const records = account.idempotency ?? {};
    for (const [key, record] of Object.entries(records)) {
      const answer = storedAnswerFromCopy(String(record.route), record.answer, logged);
      if (answer) records[key] = { ...record, answer };
      // A record of a route that no longer exists cannot be replayed: it goes.
      else delete records[key];
    }
  }
  return data;
}

function storedAnswerFromCopy(
  route: string,
  copy: unknown,
  logged: ReadonlySet<string>,
): StoredAnswer | null {
  const answer = (copy ?? {}) as Record<string, unknown>;
  if (route === 'POST /api/chat') {
    const parts = (Array.isArray(answer.kiriMessages) ? answer.kiriMessages : []) as {
      id: string;
      message: string;
      timestamp: number;
    }[];
    const kiriIds = parts.map((part) => part.id);
    return {
      kind: 'chat',
      kiriIds,
      userMessage: (answer.userMessage ?? null) as { id: string; sessionId: string } | null,
      provider: typeof answer.provider === 'string' ? answer.provider : 'local',
      ...(kiriIds.every((id) => logged.has(id))
        ? {}
        : { parts: parts.map(({ id, message, timestamp }) => ({ id, message, timestamp })) }),
    };
  }
  if (route === 'POST /api/conversations') {
    const { message: _text, ...entry } = answer.message as Record<string, unknown>;
    return { kind: 'stored', entry } as StoredAnswer;
  }
  if (route.startsWith('DELETE /api/conversations/') && typeof answer.id === 'string') {
    return { kind: 'unsent', id: answer.id };
  }
  return null;
}

interface Running extends RequestFingerprint {
  done: Promise<void>;
}

/** A stored record as the gate sees it: the request's fingerprint and the answer rebuilt for a replay. */
export interface StoredOutcome extends RequestFingerprint {
  status: number;
  answer: unknown;
}

/**
 * The in-memory half: requests under one key that arrive while the first is still running wait for it,
 * then read what it stored. The durable half (the record) is written by `work` in the same file update
 * as the data the request changes.
 */
export class IdempotencyGate {
  private readonly running = new Map<string, Running>();
  /** Since the server started, for the core systems dashboard's slipstream card (server/core-systems). */
  private replays = 0;
  private conflicts = 0;

  async run<A>(
    scope: string,
    request: IdempotentRequest,
    lookup: () => StoredOutcome | undefined,
    work: () => Promise<PendingOutcome<A>>,
  ): Promise<GateResult<A>> {
    const id = `${scope}\u0000${request.key}`;
    for (;;) {
      // No await between the lookup and registering as running: two requests cannot both pass here.
      const stored = lookup();
      if (stored) {
        if (!sameRequest(stored, request)) {
          this.conflicts += 1;
          throw new HttpError(422, KEY_REUSED);
        }
        this.replays += 1;
        return {
          status: stored.status as 200 | 201 | 202,
          answer: stored.answer as A,
          replayed: true,
        };
      }
      const other = this.running.get(id);
      if (other) {
        if (!sameRequest(other, request)) {
          this.conflicts += 1;
          throw new HttpError(422, KEY_REUSED);
        }
        await other.done;
        // It stored its answer (found by the lookup) or failed (and this request runs instead).
        continue;
      }
      let finish!: () => void;
      const done = new Promise<void>((resolve) => (finish = resolve));
      const entry = { route: request.route, bodyHash: request.bodyHash, done };
      this.running.set(id, entry);
      const release = () => {
        if (this.running.get(id) === entry) this.running.delete(id);
        finish();
      };
      let durable: Promise<void> | undefined;
      try {
        const { durable: writing, ...outcome } = await work();
        durable = writing;
        return { ...outcome, replayed: false };
      } finally {
        // Held until the write is on disk (or has failed: then the record, already in memory, answers).
        if (durable) void durable.then(release, release);
        else release();
      }
    }
  }

  /** For tests and diagnostics. */
  get inFlight(): number {
    return this.running.size;
  }

  /** Replays answered and conflicting reuses refused since the server started, and requests running now. */
  stats(): GateStats {
    return { replays: this.replays, conflicts: this.conflicts, inFlight: this.running.size };
  }
}

export interface GateStats {
  replays: number;
  conflicts: number;
  inFlight: number;
}

/** The field of a chat body that the body hash leaves out (chatBodyHash). */
export const DEVICE_REPLY_FIELD = 'deviceReply';

/**
 * Rule 'the chat body hash leaves out deviceReply' (issue 12): the owner's message is the request; the
 * reply a device wrote while waiting is what it has seen, not what it asks. A message sent online whose
 * answer never reached the device (a timeout) comes back under the same key with a device reply attached:
 * it must find the stored answer, not a 422 nor a second answer. A body without the field hashes its raw
 * text as every other route does (so records made before this rule still match); one with it hashes the
 * JSON text of the same body without it, which is the text the device sent first, since its outbox writes
 * bodies with JSON.stringify (the other keys keep their order wherever the field was put; docs/chat-server.md
 * "The body hash").
 */
export function chatBodyHash(text: string): string {
  // Most bodies carry no reply: no second parse for them. (A key spelt with JSON escapes would be missed
  // and the hash would then cover the reply: never the case for a body JSON.stringify wrote.)
  if (!text.includes(DEVICE_REPLY_FIELD)) return sha256Hex(text);
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return sha256Hex(text);
  }
  if (!body || typeof body !== 'object' || Array.isArray(body)) return sha256Hex(text);
  if (!Object.hasOwn(body, DEVICE_REPLY_FIELD)) return sha256Hex(text);
  const { [DEVICE_REPLY_FIELD]: _reply, ...request } = body as Record<string, unknown>;
  return sha256Hex(JSON.stringify(request));
}

/**
 * The request's key, route and body hash, or null when it sent no Idempotency-Key. `hashOf` reads the
 * body text (the raw text's sha256 unless a route says otherwise: chatBodyHash for POST /api/chat).
 */
export async function idempotentRequestOf(
  req: HonoRequest,
  hashOf: (body: string) => string = sha256Hex,
): Promise<IdempotentRequest | null> {
  const key = idempotencyKeyOf(req.header(IDEMPOTENCY_HEADER));
  if (key === undefined) return null;
  // The body was already read (and cached) by the validator: this is the same text.
  const body = await req.text();
  return { key, route: `${req.method} ${req.path}`, bodyHash: hashOf(body) };
}
