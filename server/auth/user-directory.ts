// Users as the registration dialog and the admin area see them: names, roles, permissions, restrictions.
import { checkRegistrationName } from '../../src/domain/registration';
import type { AuthStore, DeviceType, Role, StoredUser } from '../store/auth-store';
import {
  effectivePermissions,
  ONLINE_WINDOW_MS,
  type AuthService,
  type Viewer,
} from './auth-service';
import type { AccessLevel } from '../../src/domain/roles';
import {
  decideAccessChange,
  decideRemoval,
  viewerRank,
  type AccessChangeRefusal,
} from './access-rules';
import type { PermissionId } from './permissions';

export interface UserProfile {
  id: string;
  name: string | null;
  deviceType: DeviceType;
  lastAccess: string;
  isOnline: boolean;
  accessLevel: Role;
  permissions: PermissionId[];
}

export interface Restrictions {
  restrictionMode: boolean;
  defaultPermissions: PermissionId[];
}

export type RegisterResult =
  | { kind: 'ok'; user: StoredUser; welcomeMessage: string }
  | { kind: 'wrong-client' }
  | { kind: 'invalid-name'; error: string };

export type RemoveResult = 'ok' | 'not-found' | AccessChangeRefusal;
export type AccessChangeResult = 'ok' | 'not-found' | AccessChangeRefusal;

/** Kiri's first words to someone who just told it their name. */
export function welcomeMessageFor(name: string, personaName: string): string {
  return (
    `Nice to meet you, ${name}! I'm ${personaName}, and I'm really glad you're here. ` +
    "Talk to me about anything, whenever you like. I'll be right here."
  );
}

export class UserDirectory {
  constructor(
    private readonly store: AuthStore,
    private readonly auth: AuthService,
    private readonly clock: () => number,
    private readonly names: { personaName: string; ownerName: string | undefined },
  ) {}

  registrationOf(viewer: Viewer) {
    const name = viewer.user.name;
    return {
      isRegistered: name !== null,
      isPending: name === null,
      clientId: viewer.user.clientId,
      user: name === null ? null : { name },
    };
  }

  /** Sets (or changes) the viewer's name. */
  async register(viewer: Viewer, typedName: string, clientId: string): Promise<RegisterResult> {
    if (clientId !== viewer.user.clientId) return { kind: 'wrong-client' };
    const check = checkRegistrationName(typedName, {
      ownerName: this.names.ownerName,
      isOwner: viewer.isOwnerDevice || viewer.user.role === 'owner',
    });
    if (!check.ok) return { kind: 'invalid-name', error: check.error };
    const user = viewer.user;
    await this.store.update(() => {
      user.name = check.name;
    });
    return {
      kind: 'ok',
      user,
      welcomeMessage: welcomeMessageFor(check.name, this.names.personaName),
    };
  }

  list(): UserProfile[] {
    const now = this.clock();
    return this.store.data.users.map((user) => ({
      id: user.id,
      name: user.name,
      deviceType: user.deviceType,
      lastAccess: new Date(user.lastAccess).toISOString(),
      isOnline: now - user.lastAccess <= ONLINE_WINDOW_MS,
      accessLevel: user.role,
      permissions: effectivePermissions(user),
    }));
  }

  /**
   * Sets a user's access level (user, engineer or admin) under the rules of access-rules.ts. Their own
   * permission list is kept, so a demotion gives back what they had; setting the level they already have
   * changes nothing and is still 'ok'.
   */
  async setAccessLevel(
    userId: string,
    level: AccessLevel,
    viewer: Viewer,
  ): Promise<AccessChangeResult> {
    const user = this.store.data.users.find((u) => u.id === userId);
    if (!user) return 'not-found';
    const decision = decideAccessChange({
      actorRank: viewerRank(viewer),
      actorId: viewer.user.id,
      target: user,
      level,
    });
    if (decision !== 'ok') return decision;
    if (user.role !== level) {
      await this.store.update(() => {
        user.role = level;
      });
    }
    return 'ok';
  }

  async remove(userId: string, viewer: Viewer): Promise<RemoveResult> {
    const user = this.store.data.users.find((u) => u.id === userId);
    if (!user) return 'not-found';
    const decision = decideRemoval({
      actorRank: viewerRank(viewer),
      actorId: viewer.user.id,
      target: user,
    });
    if (decision !== 'ok') return decision;
    await this.store.update((data) => {
      data.users = data.users.filter((u) => u.id !== userId);
      // Their sessions die with them; their device cookie no longer names anyone.
      for (const [hash, session] of Object.entries(data.sessions)) {
        if (session.userId === userId) delete data.sessions[hash];
      }
    });
    this.auth.pairingCodes.revokeFrom(userId);
    return 'ok';
  }

  restrictions(): Restrictions {
    const { restrictionMode, defaultPermissions } = this.store.data.restrictions;
    return { restrictionMode, defaultPermissions: [...defaultPermissions] };
  }

  /** Applies to users created from now on, as the spec says ("new users get"). */
  async setRestrictions(restrictions: Restrictions): Promise<void> {
    await this.store.update((data) => {
      data.restrictions = {
        restrictionMode: restrictions.restrictionMode,
        defaultPermissions: [...new Set(restrictions.defaultPermissions)],
      };
    });
  }
}
