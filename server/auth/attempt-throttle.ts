// Throttling of code guesses: per client (an address, or a known device in a bucket of its own) and across
// all of them. Logins and pairing each have their own throttle, so neither kind of guess blocks the other.
import { isIPv6 } from 'node:net';

export interface ThrottleLimits {
  /** Failures (plus attempts still being checked) from one client allowed within the window. */
  perAddress: number;
  windowMs: number;
  /** The first lock; each further lock of the same address doubles, up to maxLockMs. */
  firstLockMs: number;
  maxLockMs: number;
  /** After this long without a failure or a lock, an address's earlier locks are forgiven. */
  forgiveAfterMs: number;
  /** Failures across all clients within the window from which clients are refused (known ones excepted). */
  global: number;
  /**
   * Whether known clients (a known device, or an address that succeeded within knownForMs) pass the global
   * limit. Yes for logins, so a flood cannot lock the owner out; no for pairing, where the global limit is
   * what bounds the guesses against the few live codes.
   */
  knownPassGlobal: boolean;
  /** An address that succeeded within this time is "known". */
  knownForMs: number;
  /** Above this many tracked addresses, forget the ones with nothing pending (bounds memory). */
  maxTrackedAddresses: number;
}

export const DEFAULT_THROTTLE_LIMITS: ThrottleLimits = {
  perAddress: 5,
  windowMs: 60_000,
  firstLockMs: 60_000,
  maxLockMs: 60 * 60_000,
  forgiveAfterMs: 24 * 60 * 60_000,
  global: 50,
  knownPassGlobal: true,
  knownForMs: 30 * 24 * 60 * 60_000,
  maxTrackedAddresses: 10_000,
};

/** Pairing guesses come from logged-in devices, each in its own bucket, under a global limit of their own. */
export const DEFAULT_PAIRING_THROTTLE_LIMITS: ThrottleLimits = {
  ...DEFAULT_THROTTLE_LIMITS,
  global: 30,
  knownPassGlobal: false,
};

export type AttemptDecision =
  { allowed: true; attempt: Attempt } | { allowed: false; retryAfterSeconds: number };

export interface Attempt {
  /** The code was wrong. */
  failed(): void;
  /** The code was right: the address's record is cleared and it becomes known. */
  succeeded(): void;
  /** The check itself failed (a server fault): it counts neither for nor against the address. */
  abandoned(): void;
}

interface AddressRecord {
  failures: number[];
  inFlight: number;
  lockedUntil: number;
  /** How many times this address has been locked since it last behaved for a while. */
  locks: number;
  lastFailureAt: number;
}

/**
 * One key per client: an IPv4 address, or an IPv6 /64, since one subscriber usually holds a whole /64 and
 * could otherwise rotate through it.
 */
export function throttleKeyFor(address: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped?.[1]) return mapped[1];
  if (!isIPv6(address)) return address;
  const [head = '', tail = ''] = address.toLowerCase().split('::');
  const headGroups = head ? head.split(':') : [];
  const tailGroups = tail ? tail.split(':') : [];
  const groups = address.includes('::')
    ? [...headGroups, ...Array(8 - headGroups.length - tailGroups.length).fill('0'), ...tailGroups]
    : headGroups;
  return `${groups
    .slice(0, 4)
    .map((g) => g.replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
}

export class AttemptThrottle {
  private readonly records = new Map<string, AddressRecord>();
  private readonly knownAddresses = new Map<string, number>();
  private globalFailures: number[] = [];
  private globalInFlight = 0;
  /** Since the server started, for the core systems dashboard's guardian card (server/core-systems). */
  private failedCount = 0;
  private refusedCount = 0;

  constructor(
    private readonly clock: () => number,
    private readonly limits: ThrottleLimits = DEFAULT_THROTTLE_LIMITS,
  ) {}

  /**
   * Asks to check one code from `address`. `knownDevice` names the device when the request carries the
   * device cookie of a user who logged in recently: its guesses are counted in the device's own bucket,
   * not its address's, so failures of others at that address (or behind a forged X-Forwarded-For) never
   * lock it out, while a copied device cookie still gets no more guesses than an address.
   */
  begin(address: string, knownDevice?: string): AttemptDecision {
    const now = this.clock();
    const addressKey = throttleKeyFor(address);
    const key = knownDevice === undefined ? addressKey : `device:${knownDevice}`;
    const record = this.recordFor(key, now);
    const limits = this.limits;

    if (record.lockedUntil > now) return this.refuse(record.lockedUntil - now);
    // Attempts being checked count too: a burst of parallel guesses must not slip through the limit.
    if (record.failures.length + record.inFlight >= limits.perAddress) {
      const oldest = record.failures[0];
      return this.refuse(oldest === undefined ? 1_000 : oldest + limits.windowMs - now);
    }

    const known = knownDevice !== undefined || this.isKnownAddress(addressKey, now);
    if (!(known && limits.knownPassGlobal)) {
      this.globalFailures = this.globalFailures.filter((at) => at > now - limits.windowMs);
      if (this.globalFailures.length + this.globalInFlight >= limits.global) {
        const oldest = this.globalFailures[0];
        return this.refuse(oldest === undefined ? 1_000 : oldest + limits.windowMs - now);
      }
    }

    record.inFlight += 1;
    this.globalInFlight += 1;
    let settled = false;
    const settle = () => {
      if (settled) return false;
      settled = true;
      record.inFlight -= 1;
      this.globalInFlight -= 1;
      return true;
    };
    return {
      allowed: true,
      attempt: {
        failed: () => {
          if (settle()) this.recordFailure(key, record);
        },
        succeeded: () => {
          if (!settle()) return;
          if (record.inFlight === 0) this.records.delete(key);
          else Object.assign(record, { failures: [], lockedUntil: 0, locks: 0 });
          this.knownAddresses.set(addressKey, this.clock());
        },
        abandoned: () => {
          settle();
        },
      },
    };
  }

  private recordFailure(key: string, record: AddressRecord): void {
    this.failedCount += 1;
    const now = this.clock();
    const limits = this.limits;
    record.failures = record.failures.filter((at) => at > now - limits.windowMs);
    record.failures.push(now);
    record.lastFailureAt = now;
    if (record.failures.length >= limits.perAddress) {
      record.locks += 1;
      const lockMs = Math.min(limits.firstLockMs * 2 ** (record.locks - 1), limits.maxLockMs);
      record.lockedUntil = now + lockMs;
      record.failures = [];
    }
    this.records.set(key, record);

    this.globalFailures = this.globalFailures.filter((at) => at > now - limits.windowMs);
    this.globalFailures.push(now);
  }

  private refuse(ms: number): AttemptDecision {
    this.refusedCount += 1;
    return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil(ms / 1000)) };
  }

  private isKnownAddress(key: string, now: number): boolean {
    const at = this.knownAddresses.get(key);
    return at !== undefined && now - at <= this.limits.knownForMs;
  }

  private recordFor(key: string, now: number): AddressRecord {
    const existing = this.records.get(key);
    if (existing) {
      existing.failures = existing.failures.filter((at) => at > now - this.limits.windowMs);
      if (this.isForgiven(existing, now)) existing.locks = 0;
      return existing;
    }
    if (this.records.size >= this.limits.maxTrackedAddresses) this.forgetIdle(now);
    const record: AddressRecord = {
      failures: [],
      inFlight: 0,
      lockedUntil: 0,
      locks: 0,
      lastFailureAt: 0,
    };
    this.records.set(key, record);
    return record;
  }

  private isForgiven(record: AddressRecord, now: number): boolean {
    // Measured from the end of the last lock, so that sitting out a lock is not itself forgiveness.
    return now - Math.max(record.lastFailureAt, record.lockedUntil) > this.limits.forgiveAfterMs;
  }

  private forgetIdle(now: number): void {
    for (const [key, record] of this.records) {
      if (record.inFlight === 0 && this.isForgiven(record, now)) this.records.delete(key);
    }
    for (const [key, at] of this.knownAddresses) {
      if (now - at > this.limits.knownForMs) this.knownAddresses.delete(key);
    }
  }

  /** Read-only: failures and refusals since start, clients tracked and locked now, failures in the window. */
  stats(): ThrottleStats {
    const now = this.clock();
    let lockedNow = 0;
    for (const record of this.records.values()) if (record.lockedUntil > now) lockedNow += 1;
    return {
      failed: this.failedCount,
      refused: this.refusedCount,
      tracked: this.records.size,
      lockedNow,
      recentFailures: this.globalFailures.filter((at) => at > now - this.limits.windowMs).length,
    };
  }
}

export interface ThrottleStats {
  failed: number;
  refused: number;
  tracked: number;
  lockedNow: number;
  recentFailures: number;
}
