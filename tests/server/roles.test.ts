// Issue 14: the engineer role, access levels set through promote, and what each level may do.
import { afterEach, describe, expect, it } from 'vitest';
import { PERMISSION_IDS } from '../../server/auth/permissions';
import { openAuthStore } from '../../server/store/auth-store';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import {
  ANDROID_UA,
  expectError,
  IPHONE_UA,
  makeDataDir,
  removeDataDirs,
  startTestApp,
  type TestApp,
} from './support/harness';

afterEach(removeDataDirs);

async function ownerAndGuest(setup: TestApp) {
  const owner = setup.browser({ userAgent: IPHONE_UA });
  const ownerLogin = await owner.loginOk();
  await owner.register('Ada');
  const guest = setup.browser({ userAgent: ANDROID_UA, address: '203.0.113.20' });
  const login = await guest.loginOk();
  await guest.register('Grace');
  return { owner, guest, guestId: login.user.id, ownerId: ownerLogin.user.id };
}

async function accessLevelOf(setup: TestApp, viewer: ReturnType<TestApp['browser']>, id: string) {
  const body = (await (await viewer.request('/api/admin/users')).json()) as {
    users: { id: string; accessLevel: string; permissions: string[] }[];
  };
  return body.users.find((u) => u.id === id);
}

describe('POST /api/admin/users/:id/promote with {accessLevel}', () => {
  it('makes a user an engineer: status says so, and they gain the advanced features but not the admin area', async () => {
    const setup = await startTestApp();
    const { owner, guest, guestId } = await ownerAndGuest(setup);
    expect((await guest.request('/api/memory-lattice/status')).status).toBe(403);

    const response = await owner.post(`/api/admin/users/${guestId}/promote`, {
      accessLevel: 'engineer',
    });
    expect(await response.json()).toEqual({ success: true });

    const status = await guest.status();
    expect(status.user?.role).toBe('engineer');
    expect(status.isAdmin).toBe(false);
    expect(status.permissions).toEqual([
      'chat',
      'screen_settings',
      'browser_bubble',
      'memory_threading',
      'consciousness',
      'presence_engine',
      'hydra_tasks',
      'mirror_bridge',
      'infrastructure',
    ]);
    expect((await guest.request('/api/memory-lattice/status')).status).toBe(200);
    expect((await guest.request('/api/admin/users')).status).toBe(403);
    expect((await guest.request('/api/sleep-mode/status')).status).toBe(403);
    expect((await accessLevelOf(setup, owner, guestId))?.accessLevel).toBe('engineer');
  });

  it('without a body promotes to admin, as the spec calls it', async () => {
    const setup = await startTestApp();
    const { owner, guest, guestId } = await ownerAndGuest(setup);
    expect(await (await owner.post(`/api/admin/users/${guestId}/promote`)).json()).toEqual({
      success: true,
    });
    expect(await guest.status()).toMatchObject({ isAdmin: true, user: { role: 'admin' } });
    expect((await guest.status()).permissions).toEqual([...PERMISSION_IDS]);
  });

  it('back to user gives back exactly the permissions they had before', async () => {
    const setup = await startTestApp();
    const { owner, guest, guestId } = await ownerAndGuest(setup);
    await owner.post(`/api/admin/users/${guestId}/promote`, { accessLevel: 'admin' });
    expect((await guest.request('/api/admin/users')).status).toBe(200);
    await owner.post(`/api/admin/users/${guestId}/promote`, { accessLevel: 'user' });
    const status = await guest.status();
    expect(status).toMatchObject({ isAdmin: false, user: { role: 'user' } });
    expect(status.permissions).toEqual(['chat', 'screen_settings']);
    await expectError(await guest.request('/api/admin/users'), 403);
    expect((await accessLevelOf(setup, owner, guestId))?.permissions).toEqual([
      'chat',
      'screen_settings',
    ]);
  });

  it("refuses to change the owner's level or one's own, and an unknown level", async () => {
    const setup = await startTestApp();
    const { owner, guest, guestId, ownerId } = await ownerAndGuest(setup);
    await owner.post(`/api/admin/users/${guestId}/promote`);
    await expectError(
      await guest.post(`/api/admin/users/${ownerId}/promote`, { accessLevel: 'user' }),
      409,
      "The owner's access level cannot be changed",
    );
    await expectError(
      await guest.post(`/api/admin/users/${guestId}/promote`, { accessLevel: 'user' }),
      409,
      'You cannot change your own access level',
    );
    await expectError(
      await owner.post(`/api/admin/users/${guestId}/promote`, { accessLevel: 'owner' }),
      400,
      /^accessLevel: must be one of user, engineer, admin$/,
    );
    expect((await owner.status()).user?.role).toBe('owner');
  });

  it('a non-admin holding user_management cannot give or touch a level above their own', async () => {
    const setup = await startTestApp();
    const { owner, guest, guestId } = await ownerAndGuest(setup);
    const third = setup.browser({ address: '203.0.113.30' });
    const thirdId = (await third.loginOk()).user.id;
    await owner.post(`/api/admin/users/${guestId}/promote`, { accessLevel: 'engineer' });
    await setup.stores.auth.update((data) => {
      data.users.find((u) => u.id === guestId)!.permissions.push('user_management');
    });
    // An engineer with user_management may make engineers…
    expect(
      (await guest.post(`/api/admin/users/${thirdId}/promote`, { accessLevel: 'engineer' })).status,
    ).toBe(200);
    // …but not admins, nor demote an admin.
    await expectError(
      await guest.post(`/api/admin/users/${thirdId}/promote`, { accessLevel: 'admin' }),
      403,
      'You cannot manage a user above your own access level',
    );
    await owner.post(`/api/admin/users/${thirdId}/promote`, { accessLevel: 'admin' });
    await expectError(
      await guest.post(`/api/admin/users/${thirdId}/promote`, { accessLevel: 'user' }),
      403,
      'You cannot manage a user above your own access level',
    );
    await expectError(
      await guest.request(`/api/admin/users/${thirdId}`, { method: 'DELETE' }),
      403,
      'You cannot manage a user above your own access level',
    );
    expect((await third.status()).user?.role).toBe('admin');
  });
});

describe('auth.json written before the engineer role', () => {
  it('still opens as version 1 with its roles, and takes an engineer afterwards', async () => {
    const dataDir = await makeDataDir();
    const user = (id: string, role: string) => ({
      id,
      clientId: `client-${id}`,
      name: id,
      role,
      deviceType: 'Android',
      deviceTokenHash: null,
      createdAt: 1,
      lastAccess: 1,
      lastLoginAt: 1,
      permissions: ['chat'],
    });
    await writeFile(
      join(dataDir, 'auth.json'),
      JSON.stringify({
        version: 1,
        accessCode: null,
        users: [user('a', 'owner'), user('b', 'admin'), user('c', 'user')],
        sessions: {},
        restrictions: { restrictionMode: true, defaultPermissions: ['chat', 'screen_settings'] },
      }),
    );
    const store = await openAuthStore(dataDir);
    expect(store.data.version).toBe(1);
    expect(store.data.users.map((u) => u.role)).toEqual(['owner', 'admin', 'user']);
    await store.update((data) => {
      data.users[2]!.role = 'engineer';
    });
    await store.close();
    const reopened = await openAuthStore(dataDir);
    expect(reopened.data.users[2]!.role).toBe('engineer');
    await reopened.close();
  });
});
