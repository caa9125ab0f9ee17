// The push module: subscriptions (bound to the user who made them), and delivery to them through
// web-push (VAPID, RFC 8291 aes128gcm), bounded in parallel, with retries and clean-up of gone ones.
import { Agent } from 'node:https';
import type { Logger } from '../log';
import type { PushStore, StoredSubscription } from '../store/push-store';
import { ConcurrencyLimit } from './concurrency';
import { pushEndpointProblem, type AllowedPushHost } from './push-hosts';
import { WorkerEncryptor, type PushEncryptor, type SubscriptionKeys } from './push-encryption';
import { pushHeaders, pushTargetOf, sendPushRequest, type PushTarget } from './push-request';
import { DEFAULT_URGENCY, fitPayload, pushTopicOf, pushTtlOf } from './push-payload';
import {
  DEFAULT_RETRY_POLICY,
  pushAnswerKind,
  retryAfterMs,
  retryDelayMs,
  type RetryPolicy,
} from './push-retry';
import type { PushMessage, PushOutcome, PushSender } from './push-sender';
import { vapidSubjectOf, VapidTokens } from './vapid';

/** Posts in flight at once, over every fan-out together. */
export const DEFAULT_PUSH_CONCURRENCY = 16;
/** A push service that takes longer than this to take a message is counted as a network error. */
export const PUSH_REQUEST_TIMEOUT_MS = 15_000;
/**
 * A user's devices and browsers. A new endpoint past this replaces the user's least recently
 * refreshed one: a browser that was reset leaves its old endpoint behind, and not every push service
 * answers 410 for it soon.
 */
export const MAX_SUBSCRIPTIONS_PER_USER = 20;

/** How the sender reaches the push services; tests and the benchmark pass their own. */
export interface PushTransport {
  /** Keep-alive connections by default; tests pass one that trusts their self-signed certificate. */
  agent?: Agent;
  sleep?: (ms: number) => Promise<void>;
  random?: () => number;
  retry?: RetryPolicy;
  concurrency?: number;
  timeoutMs?: number;
  /** Where RFC 8291 encryption runs: a worker thread by default. */
  encryptor?: PushEncryptor;
}

export interface PushServiceOptions {
  store: PushStore;
  vapidSubject: string | undefined;
  allowedHosts: readonly AllowedPushHost[];
  clock: () => number;
  log: Logger;
  transport?: PushTransport;
}

export interface SubscriptionInput {
  endpoint: string;
  keys: { p256dh: string; auth: string };
  deviceInfo?: unknown;
}

export type UnsubscribeResult = 'removed' | 'absent' | 'not-yours';

type Delivery = 'sent' | 'gone' | 'failed';

const sleepFor = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

function sameSubscription(a: StoredSubscription, b: StoredSubscription): boolean {
  return (
    a.endpoint === b.endpoint && a.keys.p256dh === b.keys.p256dh && a.keys.auth === b.keys.auth
  );
}

function isUnchanged(stored: StoredSubscription, userId: string, input: SubscriptionInput) {
  return (
    stored.userId === userId &&
    stored.keys.p256dh === input.keys.p256dh &&
    stored.keys.auth === input.keys.auth &&
    JSON.stringify(stored.deviceInfo ?? null) === JSON.stringify(input.deviceInfo ?? null)
  );
}

export class PushService implements PushSender {
  private readonly store: PushStore;
  private readonly clock: () => number;
  private readonly log: Logger;
  private readonly allowedHosts: readonly AllowedPushHost[];
  private readonly tokens: VapidTokens;
  private readonly limit: ConcurrencyLimit;
  private readonly agent: Agent;
  private readonly sleep: (ms: number) => Promise<void>;
  private readonly random: () => number;
  private readonly retry: RetryPolicy;
  private readonly timeoutMs: number;
  private readonly encryptor: PushEncryptor;
  /** Fan-outs posting now, and the devices they reached (their next content keys are made after). */
  private fanOutsUnderWay = 0;
  private readonly reached: SubscriptionKeys[] = [];
  /** Said once at start by server/index.ts (null when the subject is a real contact). */
  readonly subjectWarning: string | null;

  constructor(options: PushServiceOptions) {
    const vapid = options.store.data.vapid;
    if (!vapid) throw new Error('push.json has no VAPID keys: open it with openPushStore');
    const transport = options.transport ?? {};
    this.store = options.store;
    this.clock = options.clock;
    this.log = options.log;
    this.allowedHosts = options.allowedHosts;
    const { subject, warning } = vapidSubjectOf(options.vapidSubject);
    this.subjectWarning = warning;
    this.tokens = new VapidTokens(vapid, subject, options.clock);
    const concurrency = transport.concurrency ?? DEFAULT_PUSH_CONCURRENCY;
    this.limit = new ConcurrencyLimit(concurrency);
    this.agent = transport.agent ?? new Agent({ keepAlive: true, maxSockets: concurrency });
    this.sleep = transport.sleep ?? sleepFor;
    this.random = transport.random ?? Math.random;
    this.retry = transport.retry ?? DEFAULT_RETRY_POLICY;
    this.timeoutMs = transport.timeoutMs ?? PUSH_REQUEST_TIMEOUT_MS;
    this.encryptor =
      transport.encryptor ??
      new WorkerEncryptor({
        onFailure: (error) =>
          this.log.error('The push encryption worker failed; encrypting in the main thread', error),
      });
  }

  /** The VAPID public key the browser subscribes with (PushManager.subscribe's applicationServerKey). */
  get publicKey(): string {
    return this.store.data.vapid!.publicKey;
  }

  /** Null when the server may post to this endpoint, else the 400's message. */
  endpointProblem(endpoint: string): string | null {
    return pushEndpointProblem(endpoint, this.allowedHosts);
  }

  subscriptionsOf(userId: string): StoredSubscription[] {
    return this.store.data.subscriptions.filter((s) => s.userId === userId);
  }

  /**
   * Stores a subscription, idempotent by endpoint. The endpoint names one browser on one device, so
   * a second user who subscribes it (someone else now logged in there) takes it over: pushes follow
   * whoever is logged in on that browser. `changed` is false when it was already stored as it is
   * (nothing written).
   */
  async subscribe(
    userId: string,
    input: SubscriptionInput,
  ): Promise<{ subscription: StoredSubscription; changed: boolean }> {
    const existing = this.store.data.subscriptions.find((s) => s.endpoint === input.endpoint);
    if (existing && isUnchanged(existing, userId, input)) {
      return { subscription: existing, changed: false };
    }
    const now = this.clock();
    const subscription: StoredSubscription = {
      endpoint: input.endpoint,
      keys: { p256dh: input.keys.p256dh, auth: input.keys.auth },
      deviceInfo: input.deviceInfo ?? null,
      userId,
      // A refresh of the same browser's subscription keeps its age; a takeover starts it again.
      createdAt: existing && existing.userId === userId ? existing.createdAt : now,
      updatedAt: now,
    };
    await this.store.update((data) => {
      const others = data.subscriptions.filter((s) => s.endpoint !== input.endpoint);
      const mine = others.filter((s) => s.userId === userId);
      const over = mine.length + 1 - MAX_SUBSCRIPTIONS_PER_USER;
      const dropped = new Set(
        over > 0 ? [...mine].sort((a, b) => a.updatedAt - b.updatedAt).slice(0, over) : [],
      );
      data.subscriptions = [...others.filter((s) => !dropped.has(s)), subscription];
    });
    // Its first push then finds a content key made ahead, like every later one.
    this.encryptor.prepare?.([subscription.keys]);
    return { subscription, changed: true };
  }

  /** Only the user a subscription is bound to may remove it. */
  async unsubscribe(userId: string, endpoint: string): Promise<UnsubscribeResult> {
    const existing = this.store.data.subscriptions.find((s) => s.endpoint === endpoint);
    if (!existing) return 'absent';
    if (existing.userId !== userId) return 'not-yours';
    await this.store.update((data) => {
      data.subscriptions = data.subscriptions.filter((s) => s.endpoint !== endpoint);
    });
    return 'removed';
  }

  /**
   * Has the worker make every stored subscription's next content key while the server is idle, so
   * that the first fan-out after a start is as quick as the later ones (server start).
   */
  prepareAhead(): void {
    if (this.store.data.subscriptions.length === 0) return;
    this.encryptor.prepare?.(this.store.data.subscriptions.map((s) => s.keys));
  }

  sendToUser(userId: string, message: PushMessage): Promise<PushOutcome> {
    return this.sendTo(this.subscriptionsOf(userId), message);
  }

  /**
   * One message to many subscriptions, in parallel within the shared bound. Never throws for a
   * delivery: each subscription ends sent, gone (removed, in one write at the end) or failed (kept).
   */
  async sendTo(
    subscriptions: readonly StoredSubscription[],
    message: PushMessage,
    retry: RetryPolicy = this.retry,
  ): Promise<PushOutcome> {
    const payload = JSON.stringify(fitPayload(message));
    const options = {
      TTL: pushTtlOf(message.ttlSeconds),
      urgency: message.urgency ?? DEFAULT_URGENCY,
      ...(message.topic === undefined ? {} : { topic: pushTopicOf(message.topic) }),
    };
    const results: Delivery[] = subscriptions.map(() => 'failed');
    const sendable: {
      index: number;
      host: string;
      target: PushTarget;
      headers: readonly string[];
    }[] = [];
    // One set of headers (and one VAPID token lookup) per push service, not per device.
    const headersByOrigin = new Map<string, readonly string[]>();
    subscriptions.forEach((subscription, index) => {
      // Checked again at send time: PUSH_ALLOWED_HOSTS may have shrunk since it was stored.
      const problem = this.endpointProblem(subscription.endpoint);
      if (problem) {
        const host = URL.canParse(subscription.endpoint)
          ? new URL(subscription.endpoint).host
          : '(bad endpoint)';
        this.log.warn(`Push to ${host} not sent: ${problem}`);
        return;
      }
      const url = new URL(subscription.endpoint);
      let headers = headersByOrigin.get(url.origin);
      if (!headers) {
        const authorization = this.tokens.authorizationFor(subscription.endpoint);
        headers = pushHeaders({ ...options, authorization }, url);
        headersByOrigin.set(url.origin, headers);
      }
      sendable.push({ index, host: url.host, target: pushTargetOf(url), headers });
    });
    const keys = sendable.map(({ index }) => subscriptions[index]!.keys);
    const bodies = this.encryptor.encrypt(payload, keys);
    this.fanOutsUnderWay += 1;
    try {
      await Promise.all(
        sendable.map(async ({ index, host, target, headers }, i) => {
          results[index] = await this.deliver(host, target, headers, bodies[i]!, retry);
        }),
      );
    } finally {
      this.fanOutsUnderWay -= 1;
      this.reached.push(...keys);
      // The next message to each device reached is made ahead once no fan-out is posting any more
      // (made during the posts, it would take the CPU they need: on 2 busy cores it did).
      if (this.fanOutsUnderWay === 0) {
        this.encryptor.prepare?.(this.reached.splice(0));
      }
    }
    const gone = subscriptions.filter((_, index) => results[index] === 'gone');
    if (gone.length > 0) await this.removeGone(gone);
    return {
      sent: results.filter((r) => r === 'sent').length,
      removed: gone.length,
      failed: results.filter((r) => r === 'failed').length,
    };
  }

  private async removeGone(gone: StoredSubscription[]): Promise<void> {
    try {
      await this.store.update((data) => {
        // Only what was sent to: a browser that subscribed again meanwhile has new keys and stays.
        data.subscriptions = data.subscriptions.filter(
          (s) => !gone.some((g) => sameSubscription(g, s)),
        );
      });
    } catch (error) {
      // Kept for now: the next send meets the same 410 and tries again.
      this.log.error('Could not remove push subscriptions that are gone', error);
    }
  }

  private async deliver(
    host: string,
    target: PushTarget,
    headers: readonly string[],
    encrypted: Promise<Buffer>,
    retry: RetryPolicy,
  ): Promise<Delivery> {
    let body: Buffer;
    try {
      // Every retry posts the same ciphertext.
      body = await encrypted;
    } catch (error) {
      this.log.error(`Push to ${host} could not be prepared; subscription kept`, error);
      return 'failed';
    }
    for (let attempt = 1; ; attempt += 1) {
      let status: number | null;
      let retryAfter: string | undefined;
      let detail: string;
      try {
        const answer = await this.limit.run(() =>
          sendPushRequest(target, headers, body, this.agent, this.timeoutMs),
        );
        status = answer.status;
        retryAfter = answer.retryAfter;
        detail = answer.text ? `: ${answer.text}` : '';
      } catch (error) {
        status = null;
        detail = `: ${error instanceof Error ? error.message : String(error)}`;
      }
      const kind = pushAnswerKind(status);
      if (kind === 'sent' || kind === 'gone') return kind;
      const what = status === null ? 'network error' : `HTTP ${status}`;
      if (kind === 'failed') {
        this.log.warn(`Push to ${host} refused (${what}${detail}); subscription kept`);
        return 'failed';
      }
      const delay = retryDelayMs(
        retry,
        attempt,
        retryAfterMs(retryAfter, this.clock()),
        this.random,
      );
      if (delay === null) {
        this.log.warn(
          `Push to ${host} failed after ${attempt} tries (${what}${detail}); subscription kept`,
        );
        return 'failed';
      }
      await this.sleep(delay);
    }
  }

  /** Lets go of the kept-alive connections (tests and shutdown). */
  close(): void {
    this.agent.destroy();
    this.encryptor.close().catch((error: unknown) => {
      this.log.error('Could not stop the push encryption worker', error);
    });
  }
}
