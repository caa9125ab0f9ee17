// State survives a new createApp on the same DATA_DIR, as it must survive a server restart.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { FakeClock, removeDataDirs, startTestApp } from './support/harness';

afterEach(removeDataDirs);

describe('a restart on the same DATA_DIR', () => {
  it('keeps sessions, names, roles, device cookies and restriction settings', async () => {
    const first = await startTestApp();
    const owner = first.browser();
    const ownerLogin = await owner.loginOk();
    await owner.register('Ada');
    const guest = first.browser({ address: '203.0.113.20' });
    const guestLogin = await guest.loginOk();
    await guest.register('Grace');
    await owner.post(`/api/admin/users/${guestLogin.user.id}/promote`);
    await owner.post('/api/admin/user-restrictions', {
      restrictionMode: false,
      defaultPermissions: ['chat'],
    });

    const second = await startTestApp({ dataDir: first.dataDir });
    const ownerAgain = second.browser();
    owner.cloneCookiesInto(ownerAgain);
    expect(await ownerAgain.status()).toMatchObject({
      authenticated: true,
      isOwnerDevice: true,
      user: { ...ownerLogin.user, name: 'Ada' },
    });
    const guestAgain = second.browser({ address: '203.0.113.20' });
    guest.cloneCookiesInto(guestAgain);
    expect(await guestAgain.status()).toMatchObject({
      isAdmin: true,
      user: { name: 'Grace', role: 'admin' },
    });
    expect(await (await ownerAgain.request('/api/admin/user-restrictions')).json()).toMatchObject({
      restrictionMode: false,
      defaultPermissions: ['chat'],
    });

    // A logout before the restart stays a logout after it.
    await guestAgain.post('/api/auth/logout');
    const third = await startTestApp({ dataDir: first.dataDir });
    const guestThird = third.browser({ address: '203.0.113.20' });
    guest.cloneCookiesInto(guestThird);
    expect((await guestThird.status()).authenticated).toBe(false);
    // Its device cookie still makes it the same user.
    expect((await guestThird.loginOk()).user).toMatchObject({
      id: guestLogin.user.id,
      name: 'Grace',
    });
  });

  it('writes last-use times at most once a minute, and all of them on persistState()', async () => {
    const clock = new FakeClock();
    const setup = await startTestApp({ clock });
    const phone = setup.browser();
    await phone.loginOk();
    const lastAccessOnDisk = async () => {
      const file = JSON.parse(await readFile(join(setup.dataDir, 'auth.json'), 'utf8')) as {
        users: Array<{ lastAccess: number }>;
      };
      return file.users[0]?.lastAccess;
    };
    const loginTime = clock.now;

    clock.advance(30_000);
    await phone.status();
    await setup.stores.auth.flush();
    expect(await lastAccessOnDisk()).toBe(loginTime);

    clock.advance(30_000);
    await phone.status();
    await setup.stores.auth.flush();
    expect(await lastAccessOnDisk()).toBe(loginTime + 60_000);

    clock.advance(10_000);
    await phone.status();
    await setup.app.persistState();
    expect(await lastAccessOnDisk()).toBe(loginTime + 70_000);
  });

  it('expires sessions by their last use as persisted', async () => {
    const clock = new FakeClock();
    const first = await startTestApp({ clock });
    const phone = first.browser();
    await phone.loginOk();
    clock.advance(20 * 24 * 60 * 60_000);
    await phone.status();
    await first.app.persistState();

    // Forty days after login but twenty after the last use: still valid.
    clock.advance(20 * 24 * 60 * 60_000);
    const second = await startTestApp({ dataDir: first.dataDir, clock });
    const samePhone = second.browser();
    phone.cloneCookiesInto(samePhone);
    expect((await samePhone.status()).authenticated).toBe(true);
  });
});
