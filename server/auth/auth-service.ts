// Logging in and out, server-side sessions, owner devices and pairing.
import { randomUUID } from 'node:crypto';
import type { OwnerDevicePolicy } from '../config';
import type { Logger } from '../log';
import type {
  AuthFile,
  AuthStore,
  Role,
  ScryptParams,
  StoredSession,
  StoredUser,
} from '../store/auth-store';
import {
  hashAccessCode,
  PRODUCTION_SCRYPT_PARAMS,
  sameParams,
  verifyAccessCode,
} from './access-code';
import {
  AttemptThrottle,
  DEFAULT_PAIRING_THROTTLE_LIMITS,
  DEFAULT_THROTTLE_LIMITS,
  type ThrottleLimits,
} from './attempt-throttle';
import { deviceTypeFromUserAgent, isAppleDevice } from './device-type';
import { PairingCodes } from './pairing-codes';
import {
  PERMISSION_IDS,
  permissionsForNewUser,
  permissionsOfRole,
  type PermissionId,
} from './permissions';
import { randomToken, sha256Hex } from './tokens';

export const SESSION_TTL_MS = 30 * 24 * 60 * 60_000;
/** Last-use times change on every request; writing them more often than this is wasted disk work. */
export const USE_TIME_PERSIST_INTERVAL_MS = 60_000;
/** How often a session cookie in use is sent again with a fresh Max-Age. */
export const COOKIE_RENEW_INTERVAL_MS = 60 * 60_000;
export const ONLINE_WINDOW_MS = 5 * 60_000;

/** Who is asking: the session's user, and what this device may do. */
export interface Viewer {
  sessionHash: string;
  user: StoredUser;
  isOwnerDevice: boolean;
  isAdmin: boolean;
}

export interface PublicUser {
  id: string;
  clientId: string;
  name: string | null;
  role: Role;
}

export type LoginResult =
  | { kind: 'throttled'; retryAfterSeconds: number }
  | { kind: 'invalid' }
  | {
      kind: 'ok';
      sessionToken: string;
      deviceToken: string;
      user: StoredUser;
      isOwnerDevice: boolean;
    };

export type PairResult =
  | { kind: 'throttled'; retryAfterSeconds: number }
  | { kind: 'invalid' }
  | { kind: 'ok'; user: StoredUser };

export interface AuthServiceOptions {
  store: AuthStore;
  clock: () => number;
  log: Logger;
  ownerDevicePolicy: OwnerDevicePolicy;
  /** Tests pass a cheap cost; the server always runs with PRODUCTION_SCRYPT_PARAMS. */
  scryptParams?: ScryptParams;
  throttleLimits?: ThrottleLimits;
  pairingThrottleLimits?: ThrottleLimits;
}

export function toPublicUser(user: StoredUser): PublicUser {
  return { id: user.id, clientId: user.clientId, name: user.name, role: user.role };
}

/** Owners and admins may do everything, engineers their set and their list, users their list. */
export function effectivePermissions(user: StoredUser): PermissionId[] {
  return permissionsOfRole(user.role, user.permissions);
}

export class AuthService {
  readonly throttle: AttemptThrottle;
  readonly pairingThrottle: AttemptThrottle;
  readonly pairingCodes: PairingCodes;
  private readonly store: AuthStore;
  private readonly clock: () => number;
  private readonly log: Logger;
  private readonly policy: OwnerDevicePolicy;
  private readonly scryptParams: ScryptParams;
  private codeCheckQueue: Promise<unknown> = Promise.resolve();
  private lastUseTimesPersistedAt: number;
  private readonly cookieRenewedAt = new Map<string, number>();

  constructor(options: AuthServiceOptions) {
    this.store = options.store;
    this.clock = options.clock;
    this.log = options.log;
    this.policy = options.ownerDevicePolicy;
    this.scryptParams = options.scryptParams ?? PRODUCTION_SCRYPT_PARAMS;
    this.throttle = new AttemptThrottle(
      options.clock,
      options.throttleLimits ?? DEFAULT_THROTTLE_LIMITS,
    );
    this.pairingThrottle = new AttemptThrottle(
      options.clock,
      options.pairingThrottleLimits ?? DEFAULT_PAIRING_THROTTLE_LIMITS,
    );
    this.pairingCodes = new PairingCodes(options.clock);
    this.lastUseTimesPersistedAt = options.clock();
  }

  private get data(): AuthFile {
    return this.store.data;
  }

  isOwnerDevice(user: StoredUser, userAgent: string | undefined): boolean {
    // The spec's rule (Apple devices are the owner's) is kept for those who choose it; by default the
    // owner's devices are the ones enrolled as such, since a user agent is trivially faked.
    return this.policy === 'apple' ? isAppleDevice(userAgent) : user.role === 'owner';
  }

  /** The viewer behind a session cookie, or null when it names no live session. */
  viewerFor(sessionToken: string | undefined, userAgent: string | undefined): Viewer | null {
    if (!sessionToken) return null;
    const sessionHash = sha256Hex(sessionToken);
    const session = this.sessionByHash(sessionHash);
    if (!session || this.isExpired(session)) return null;
    const user = this.data.users.find((u) => u.id === session.userId);
    if (!user) return null;
    const isOwnerDevice = this.isOwnerDevice(user, userAgent);
    return {
      sessionHash,
      user,
      isOwnerDevice,
      isAdmin: isOwnerDevice || user.role === 'owner' || user.role === 'admin',
    };
  }

  isSessionLive(sessionHash: string): boolean {
    const session = this.sessionByHash(sessionHash);
    return session !== undefined && !this.isExpired(session);
  }

  /**
   * Marks the session and its user as used now. Kept in memory and written at most once a minute (and at
   * shutdown), so that reading the app does not cost a disk write per request.
   */
  noteUse(viewer: Viewer): { renewCookie: boolean } {
    const now = this.clock();
    const session = this.sessionByHash(viewer.sessionHash);
    if (!session) return { renewCookie: false };
    session.lastUsedAt = now;
    // The cookie's 30 days need renewing only now and then, not on every answer (it cost a Set-Cookie
    // per request). Kept in memory: after a restart the first answer renews it.
    const renewedAt = this.cookieRenewedAt.get(viewer.sessionHash);
    const renewCookie = renewedAt === undefined || now - renewedAt >= COOKIE_RENEW_INTERVAL_MS;
    if (renewCookie) this.cookieRenewedAt.set(viewer.sessionHash, now);
    viewer.user.lastAccess = now;
    if (now - this.lastUseTimesPersistedAt >= USE_TIME_PERSIST_INTERVAL_MS) {
      this.lastUseTimesPersistedAt = now;
      this.store.persist().catch((error) => this.log.error('Could not save last-use times', error));
    }
    return { renewCookie };
  }

  /** Writes the in-memory last-use times; called at shutdown. */
  async persistUseTimes(): Promise<void> {
    this.lastUseTimesPersistedAt = this.clock();
    await this.store.persist();
  }

  async login(request: {
    password: string;
    deviceToken: string | undefined;
    currentSessionToken: string | undefined;
    userAgent: string | undefined;
    address: string;
  }): Promise<LoginResult> {
    const knownUser = this.userByDeviceToken(request.deviceToken);
    const recentlyLoggedIn =
      knownUser !== undefined && this.clock() - knownUser.lastLoginAt <= SESSION_TTL_MS;
    const decision = this.throttle.begin(
      request.address,
      recentlyLoggedIn ? knownUser.id : undefined,
    );
    if (!decision.allowed) {
      return { kind: 'throttled', retryAfterSeconds: decision.retryAfterSeconds };
    }
    let matches: boolean;
    try {
      matches = await this.checkAccessCode(request.password);
    } catch (error) {
      decision.attempt.abandoned();
      throw error;
    }
    if (!matches) {
      decision.attempt.failed();
      return { kind: 'invalid' };
    }
    decision.attempt.succeeded();

    const now = this.clock();
    const sessionToken = randomToken();
    let deviceToken = request.deviceToken;
    let user!: StoredUser;
    await this.store.update((data) => {
      this.forgetExpiredSessions(data);
      // Looked up again: the user may have been removed while the code was being checked.
      const existing = this.userByDeviceToken(request.deviceToken);
      const deviceType = deviceTypeFromUserAgent(request.userAgent);
      if (existing && deviceToken) {
        user = existing;
        user.deviceType = deviceType;
      } else {
        deviceToken = randomToken();
        user = this.newUser(data, deviceToken, request.userAgent, now);
        data.users.push(user);
      }
      user.lastLoginAt = now;
      user.lastAccess = now;
      // A login from a browser that already had a session replaces it rather than piling up sessions.
      if (request.currentSessionToken) delete data.sessions[sha256Hex(request.currentSessionToken)];
      data.sessions[sha256Hex(sessionToken)] = {
        userId: user.id,
        createdAt: now,
        lastUsedAt: now,
      };
    });
    this.upgradeHashIfOutdated(request.password);
    return {
      kind: 'ok',
      sessionToken,
      deviceToken: deviceToken as string,
      user,
      isOwnerDevice: this.isOwnerDevice(user, request.userAgent),
    };
  }

  async logout(viewer: Viewer): Promise<void> {
    await this.store.update((data) => {
      delete data.sessions[viewer.sessionHash];
    });
  }

  issuePairingCode(viewer: Viewer): { code: string; expiresAt: number } {
    return this.pairingCodes.issue(viewer.user.id);
  }

  /** Makes the viewer's device one of the owner's, given a code an owner device showed. */
  async pair(viewer: Viewer, typedCode: string, address: string): Promise<PairResult> {
    // Bucketed by the logged-in device, which cannot dodge its bucket by changing address; the pairing
    // throttle's global limit is its own, so these guesses never block anyone's login.
    const decision = this.pairingThrottle.begin(address, viewer.user.id);
    if (!decision.allowed) {
      return { kind: 'throttled', retryAfterSeconds: decision.retryAfterSeconds };
    }
    const issuerId = this.pairingCodes.redeem(typedCode);
    const issuer = this.data.users.find((u) => u.id === issuerId);
    if (!issuer || issuer.role !== 'owner') {
      decision.attempt.failed();
      return { kind: 'invalid' };
    }
    decision.attempt.succeeded();
    const user = viewer.user;
    await this.store.update(() => {
      user.role = 'owner';
      user.permissions = [...PERMISSION_IDS];
      // The same person on another device: no need to ask their name again.
      if (user.name === null) user.name = issuer.name;
    });
    return { kind: 'ok', user };
  }

  private newUser(
    data: AuthFile,
    deviceToken: string,
    userAgent: string | undefined,
    now: number,
  ): StoredUser {
    const isOwner =
      this.policy === 'apple'
        ? isAppleDevice(userAgent)
        : !data.users.some((u) => u.role === 'owner');
    return {
      id: randomUUID(),
      clientId: randomUUID(),
      name: null,
      role: isOwner ? 'owner' : 'user',
      deviceType: deviceTypeFromUserAgent(userAgent),
      deviceTokenHash: sha256Hex(deviceToken),
      createdAt: now,
      lastAccess: now,
      lastLoginAt: now,
      permissions: isOwner ? [...PERMISSION_IDS] : permissionsForNewUser(data.restrictions),
    };
  }

  /** One check at a time: each takes 128 MiB and a worker thread that file writes also need. */
  private checkAccessCode(typed: string): Promise<boolean> {
    const check = this.codeCheckQueue.then(() => {
      const stored = this.data.accessCode;
      if (stored === null) {
        this.log.warn('Login refused: no access code is set up');
        return false;
      }
      return verifyAccessCode(typed, stored);
    });
    this.codeCheckQueue = check.catch(() => undefined);
    return check;
  }

  /** A code stored with other scrypt parameters (an older default) is rehashed once someone proves it. */
  private upgradeHashIfOutdated(typed: string): void {
    const stored = this.data.accessCode;
    if (stored === null || sameParams(stored.params, this.scryptParams)) return;
    hashAccessCode(typed, stored.kind, this.scryptParams)
      .then((accessCode) =>
        this.store.update((data) => {
          if (data.accessCode === stored) data.accessCode = accessCode;
        }),
      )
      .catch((error) => this.log.error('Could not rehash the access code', error));
  }

  private userByDeviceToken(deviceToken: string | undefined): StoredUser | undefined {
    if (!deviceToken) return undefined;
    const hash = sha256Hex(deviceToken);
    return this.data.users.find((u) => u.deviceTokenHash === hash);
  }

  private sessionByHash(sessionHash: string): StoredSession | undefined {
    return Object.hasOwn(this.data.sessions, sessionHash)
      ? this.data.sessions[sessionHash]
      : undefined;
  }

  private isExpired(session: StoredSession): boolean {
    return this.clock() - session.lastUsedAt > SESSION_TTL_MS;
  }

  private forgetExpiredSessions(data: AuthFile): void {
    for (const [hash, session] of Object.entries(data.sessions)) {
      if (this.isExpired(session)) delete data.sessions[hash];
    }
  }
}
