import { afterEach, describe, expect, it } from 'vitest';
import {
  ADVANCED_PERMISSIONS,
  BASIC_PERMISSIONS,
  PERMISSION_IDS,
} from '../../server/auth/permissions';
import {
  ANDROID_UA,
  expectError,
  IPHONE_UA,
  removeDataDirs,
  startTestApp,
  type TestApp,
  type TestBrowser,
} from './support/harness';

afterEach(removeDataDirs);

interface UserProfile {
  id: string;
  name: string | null;
  deviceType: string;
  lastAccess: string;
  isOnline: boolean;
  accessLevel: string;
  permissions: string[];
}

async function ownerAndGuest(setup: TestApp) {
  const owner = setup.browser({ userAgent: IPHONE_UA });
  await owner.loginOk();
  await owner.register('Ada');
  const guest = setup.browser({ userAgent: ANDROID_UA, address: '203.0.113.20' });
  const login = await guest.loginOk();
  await guest.register('Grace');
  return { owner, guest, guestId: login.user.id };
}

async function usersSeenBy(admin: TestBrowser): Promise<UserProfile[]> {
  const response = await admin.request('/api/admin/users');
  expect(response.status).toBe(200);
  const body = (await response.json()) as { success: boolean; users: UserProfile[] };
  expect(body.success).toBe(true);
  return body.users;
}

describe('admin routes are checked on the server', () => {
  const calls = [
    { method: 'GET', path: '/api/admin/users' },
    { method: 'POST', path: '/api/admin/users/some-id/promote' },
    { method: 'DELETE', path: '/api/admin/users/some-id' },
    { method: 'GET', path: '/api/admin/user-restrictions' },
    { method: 'POST', path: '/api/admin/user-restrictions' },
  ];

  it('answers 401 without a session and 403 to a plain user, before looking at the body', async () => {
    const setup = await startTestApp();
    const { guest } = await ownerAndGuest(setup);
    const anonymous = setup.browser();
    for (const call of calls) {
      const json = call.method === 'POST' ? { restrictionMode: 'nope' } : undefined;
      await expectError(
        await anonymous.request(call.path, { method: call.method, json }),
        401,
        'Not logged in',
      );
      await expectError(
        await guest.request(call.path, { method: call.method, json }),
        403,
        'Admin access required',
      );
    }
  });
});

describe('GET /api/admin/users', () => {
  it('lists users with device type, last access, presence, access level and permissions', async () => {
    const setup = await startTestApp();
    const { owner, guest } = await ownerAndGuest(setup);
    const users = await usersSeenBy(owner);
    expect(users).toHaveLength(2);
    const [ada, grace] = users;
    expect(ada).toMatchObject({
      name: 'Ada',
      deviceType: 'iPhone',
      isOnline: true,
      accessLevel: 'owner',
      permissions: [...PERMISSION_IDS],
      lastAccess: new Date(setup.clock.now).toISOString(),
    });
    expect(grace).toMatchObject({
      name: 'Grace',
      deviceType: 'Android',
      isOnline: true,
      accessLevel: 'user',
      permissions: ['chat', 'screen_settings'],
    });

    // Online means seen within five minutes.
    setup.clock.advance(5 * 60_000 + 1);
    await owner.status();
    const later = await usersSeenBy(owner);
    expect(later.find((u) => u.name === 'Ada')?.isOnline).toBe(true);
    expect(later.find((u) => u.name === 'Grace')?.isOnline).toBe(false);
    await guest.status();
    expect((await usersSeenBy(owner)).find((u) => u.name === 'Grace')?.isOnline).toBe(true);
  });
});

describe('POST /api/admin/users/:id/promote', () => {
  it('makes a user an admin, who then reaches the admin routes', async () => {
    const setup = await startTestApp();
    const { owner, guest, guestId } = await ownerAndGuest(setup);
    expect((await guest.request('/api/admin/users')).status).toBe(403);
    const response = await owner.post(`/api/admin/users/${guestId}/promote`);
    expect(await response.json()).toEqual({ success: true });
    expect(await guest.status()).toMatchObject({ isAdmin: true, isOwnerDevice: false });
    expect((await usersSeenBy(guest)).find((u) => u.id === guestId)?.accessLevel).toBe('admin');
    // An admin is not an owner device: no pairing codes.
    expect((await guest.post('/api/auth/pairing-code')).status).toBe(403);
  });

  it('answers 404 for an unknown user', async () => {
    const setup = await startTestApp();
    const { owner } = await ownerAndGuest(setup);
    await expectError(await owner.post('/api/admin/users/nobody/promote'), 404, 'User not found');
  });
});

describe('DELETE /api/admin/users/:id', () => {
  it('refuses to remove the owner', async () => {
    const setup = await startTestApp();
    const { owner, guest, guestId } = await ownerAndGuest(setup);
    await owner.post(`/api/admin/users/${guestId}/promote`);
    const ownerId = (await owner.status()).user!.id;
    await expectError(
      await guest.request(`/api/admin/users/${ownerId}`, { method: 'DELETE' }),
      409,
      'The owner cannot be removed',
    );
  });

  it('removes a user: their session ends and their device is a stranger again', async () => {
    const setup = await startTestApp();
    const { owner, guest, guestId } = await ownerAndGuest(setup);
    const response = await owner.request(`/api/admin/users/${guestId}`, { method: 'DELETE' });
    expect(await response.json()).toEqual({ success: true });
    await expectError(await guest.request('/api/users/check-registration'), 401);
    expect((await usersSeenBy(owner)).map((u) => u.name)).toEqual(['Ada']);
    const again = await guest.loginOk();
    expect(again.user.id).not.toBe(guestId);
    expect(again.user.name).toBeNull();
  });

  it('answers 404 for an unknown user', async () => {
    const setup = await startTestApp();
    const { owner } = await ownerAndGuest(setup);
    await expectError(
      await owner.request('/api/admin/users/nobody', { method: 'DELETE' }),
      404,
      'User not found',
    );
  });
});

describe('/api/admin/user-restrictions', () => {
  it('starts in restriction mode with chat and screen settings', async () => {
    const setup = await startTestApp();
    const { owner } = await ownerAndGuest(setup);
    const response = await owner.request('/api/admin/user-restrictions');
    expect(await response.json()).toEqual({
      success: true,
      restrictionMode: true,
      defaultPermissions: ['chat', 'screen_settings'],
    });
  });

  it('applies new settings to users created afterwards', async () => {
    const setup = await startTestApp();
    const { owner } = await ownerAndGuest(setup);

    const custom = await owner.post('/api/admin/user-restrictions', {
      restrictionMode: true,
      defaultPermissions: ['chat', 'memory_threading', 'chat'],
    });
    expect(await custom.json()).toEqual({ success: true });
    const third = setup.browser({ address: '203.0.113.30' });
    const thirdId = (await third.loginOk()).user.id;

    await owner.post('/api/admin/user-restrictions', {
      restrictionMode: false,
      defaultPermissions: ['chat'],
    });
    const fourth = setup.browser({ address: '203.0.113.40' });
    const fourthId = (await fourth.loginOk()).user.id;

    const users = await usersSeenBy(owner);
    expect(users.find((u) => u.id === thirdId)?.permissions).toEqual(['chat', 'memory_threading']);
    expect(users.find((u) => u.id === fourthId)?.permissions).toEqual([
      ...BASIC_PERMISSIONS,
      ...ADVANCED_PERMISSIONS,
    ]);
    // Existing users keep what they had.
    expect(users.find((u) => u.name === 'Grace')?.permissions).toEqual(['chat', 'screen_settings']);
    expect(await (await owner.request('/api/admin/user-restrictions')).json()).toEqual({
      success: true,
      restrictionMode: false,
      defaultPermissions: ['chat'],
    });
  });

  it('refuses unknown permission ids and wrong types, writing nothing', async () => {
    const setup = await startTestApp();
    const { owner } = await ownerAndGuest(setup);
    const before = await setup.authFileText();
    await expectError(
      await owner.post('/api/admin/user-restrictions', {
        restrictionMode: true,
        defaultPermissions: ['chat', 'root'],
      }),
      400,
      /^defaultPermissions\.1: /,
    );
    await expectError(
      await owner.post('/api/admin/user-restrictions', {
        restrictionMode: 'yes',
        defaultPermissions: [],
      }),
      400,
      /^restrictionMode: .*expected boolean/,
    );
    expect(await setup.authFileText()).toBe(before);
  });
});
