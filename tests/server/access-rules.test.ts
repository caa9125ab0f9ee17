// The rules of who may change whose access (server/auth/access-rules.ts, permissions.ts), one test each.
import { describe, expect, it } from 'vitest';
import { decideAccessChange, decideRemoval } from '../../server/auth/access-rules';
import {
  ENGINEER_PERMISSIONS,
  PERMISSION_IDS,
  permissionsOfRole,
} from '../../server/auth/permissions';
import { hasRoleAtLeast, parseRole, ROLE_RANK } from '../../src/domain/roles';

const admin = { actorRank: ROLE_RANK.admin, actorId: 'me' };
const engineer = { actorRank: ROLE_RANK.engineer, actorId: 'me' };

describe('role ranks', () => {
  it('rank: user 1, engineer 2, admin 3, owner above', () => {
    expect(ROLE_RANK).toEqual({ user: 1, engineer: 2, admin: 3, owner: 4 });
    expect(hasRoleAtLeast('engineer', 'engineer')).toBe(true);
    expect(hasRoleAtLeast('user', 'engineer')).toBe(false);
    expect(hasRoleAtLeast('owner', 'admin')).toBe(true);
  });

  it('an unknown role reads as the least, user', () => {
    expect(parseRole('root')).toBe('user');
    expect(parseRole(undefined)).toBe('user');
    expect(parseRole('engineer')).toBe('engineer');
  });
});

describe('permissions of a role', () => {
  it('owners and admins hold every permission', () => {
    expect(permissionsOfRole('owner', [])).toEqual([...PERMISSION_IDS]);
    expect(permissionsOfRole('admin', ['chat'])).toEqual([...PERMISSION_IDS]);
  });

  it('an engineer holds basic, advanced and infrastructure, plus what was granted, in the spec order', () => {
    expect(permissionsOfRole('engineer', [])).toEqual(ENGINEER_PERMISSIONS);
    expect(permissionsOfRole('engineer', [])).not.toContain('user_management');
    expect(permissionsOfRole('engineer', [])).not.toContain('system_control');
    expect(permissionsOfRole('engineer', ['system_control', 'chat'])).toEqual([
      ...ENGINEER_PERMISSIONS.slice(0, -1),
      'system_control',
      'infrastructure',
    ]);
  });

  it('a user holds exactly their list', () => {
    expect(permissionsOfRole('user', ['chat'])).toEqual(['chat']);
  });
});

describe('changing an access level', () => {
  it('the owner’s level never changes', () => {
    expect(
      decideAccessChange({ ...admin, target: { id: 'o', role: 'owner' }, level: 'admin' }),
    ).toBe('owner');
  });

  it('nobody changes their own level', () => {
    expect(
      decideAccessChange({ ...admin, target: { id: 'me', role: 'admin' }, level: 'user' }),
    ).toBe('self');
  });

  it('nobody gives a level above their own, or touches someone above them', () => {
    expect(
      decideAccessChange({ ...engineer, target: { id: 'x', role: 'user' }, level: 'admin' }),
    ).toBe('above-you');
    expect(
      decideAccessChange({ ...engineer, target: { id: 'x', role: 'admin' }, level: 'user' }),
    ).toBe('above-you');
    expect(
      decideAccessChange({ ...engineer, target: { id: 'x', role: 'user' }, level: 'engineer' }),
    ).toBe('ok');
  });

  it('an admin may make admins, engineers and users', () => {
    for (const level of ['admin', 'engineer', 'user'] as const) {
      expect(decideAccessChange({ ...admin, target: { id: 'x', role: 'engineer' }, level })).toBe(
        'ok',
      );
    }
  });
});

describe('removing a user', () => {
  it('the owner cannot be removed', () => {
    expect(
      decideRemoval({
        actorRank: ROLE_RANK.owner,
        actorId: 'me',
        target: { id: 'o', role: 'owner' },
      }),
    ).toBe('owner');
  });

  it('nobody removes themselves', () => {
    expect(decideRemoval({ ...admin, target: { id: 'me', role: 'admin' } })).toBe('self');
  });

  it('nobody removes someone ranked above them', () => {
    expect(decideRemoval({ ...engineer, target: { id: 'x', role: 'admin' } })).toBe('above-you');
    expect(decideRemoval({ ...admin, target: { id: 'x', role: 'admin' } })).toBe('ok');
  });
});
