// The user restriction page's rules (src/features/admin/model/users.ts), one test each.
import { describe, expect, it } from 'vitest';
import {
  canRemove,
  lastAccessText,
  levelChoices,
  parseRestrictions,
  parseUsersAnswer,
  sortedUsers,
  toggledPermission,
  type UserProfile,
  type Viewer,
} from '@/features/admin/model/users';

const owner: Viewer = { id: 'o', role: 'owner', isAdmin: true, isOwnerDevice: true };
const admin: Viewer = { id: 'a', role: 'admin', isAdmin: true, isOwnerDevice: false };
const engineer: Viewer = { id: 'e', role: 'engineer', isAdmin: false, isOwnerDevice: false };

function user(id: string, accessLevel: UserProfile['accessLevel']): UserProfile {
  return {
    id,
    name: id,
    deviceType: 'Android',
    lastAccess: '2026-01-15T08:00:00.000Z',
    isOnline: false,
    accessLevel,
    permissions: [],
  };
}

describe('parsing the admin answers', () => {
  it('reads the user list, a missing name as not registered, an unknown level as user', () => {
    expect(
      parseUsersAnswer({
        success: true,
        users: [
          {
            id: 'x',
            name: null,
            deviceType: 'iPhone',
            lastAccess: '2026-01-15T08:00:00.000Z',
            isOnline: true,
            accessLevel: 'root',
            permissions: ['chat', 'nonsense'],
          },
          { name: 'no id' },
        ],
      }),
    ).toEqual([
      {
        id: 'x',
        name: null,
        deviceType: 'iPhone',
        lastAccess: '2026-01-15T08:00:00.000Z',
        isOnline: true,
        accessLevel: 'user',
        permissions: ['chat'],
      },
    ]);
    expect(parseUsersAnswer('<html>')).toBeNull();
  });

  it('reads the restriction settings with the defaults in the spec order', () => {
    expect(
      parseRestrictions({
        success: true,
        restrictionMode: true,
        defaultPermissions: ['screen_settings', 'chat'],
      }),
    ).toEqual({ restrictionMode: true, defaultPermissions: ['chat', 'screen_settings'] });
    expect(parseRestrictions({ success: false })).toBeNull();
  });
});

describe('the default-permissions editor', () => {
  it('a toggle adds or drops one id and keeps the spec order without repeats', () => {
    expect(toggledPermission(['memory_threading'], 'chat', true)).toEqual([
      'chat',
      'memory_threading',
    ]);
    expect(toggledPermission(['chat', 'memory_threading'], 'chat', false)).toEqual([
      'memory_threading',
    ]);
    expect(toggledPermission(['chat'], 'chat', true)).toEqual(['chat']);
  });
});

describe('what a row offers', () => {
  it('promote to engineer or admin, and back to user, never the level it has', () => {
    expect(levelChoices(user('u', 'user'), owner)).toEqual(['engineer', 'admin']);
    expect(levelChoices(user('u', 'engineer'), admin)).toEqual(['user', 'admin']);
    expect(levelChoices(user('u', 'admin'), owner)).toEqual(['user', 'engineer']);
  });

  it('nothing for the owner or for oneself', () => {
    expect(levelChoices(user('o2', 'owner'), admin)).toEqual([]);
    expect(levelChoices(user('a', 'admin'), admin)).toEqual([]);
  });

  it('no level above the viewer’s own, and nothing for someone above them', () => {
    expect(levelChoices(user('u', 'user'), engineer)).toEqual(['engineer']);
    expect(levelChoices(user('u', 'admin'), engineer)).toEqual([]);
  });

  it('remove: never the owner, never oneself, never someone ranked above', () => {
    expect(canRemove(user('o2', 'owner'), owner)).toBe(false);
    expect(canRemove(user('a', 'admin'), admin)).toBe(false);
    expect(canRemove(user('x', 'admin'), engineer)).toBe(false);
    expect(canRemove(user('x', 'user'), admin)).toBe(true);
  });
});

describe('the list', () => {
  it('owner first, then by rank, then the most recently seen', () => {
    const early = { ...user('u1', 'user'), lastAccess: '2026-01-14T08:00:00.000Z' };
    const late = user('u2', 'user');
    const sorted = sortedUsers([early, user('e', 'engineer'), late, user('o', 'owner')]);
    expect(sorted.map((u) => u.id)).toEqual(['o', 'e', 'u2', 'u1']);
  });

  it('last access reads as minutes or hours ago, then as a date in the owner’s zone', () => {
    const now = Date.parse('2026-01-15T10:00:00.000Z');
    expect(lastAccessText('2026-01-15T09:59:30.000Z', now)).toBe('just now');
    expect(lastAccessText('2026-01-15T09:55:00.000Z', now)).toBe('5 min ago');
    expect(lastAccessText('2026-01-15T07:00:00.000Z', now)).toBe('3 h ago');
    expect(lastAccessText('2026-01-10T07:00:00.000Z', now, 'Asia/Shanghai')).toBe(
      'Jan 10, 2026, 3:00 PM',
    );
    expect(lastAccessText(null, now)).toBe('never');
  });
});
