import { afterEach, describe, expect, it } from 'vitest';
import { PERMISSION_IDS } from '../../server/auth/permissions';
import {
  generateAccessCode,
  prepareAccessCode,
  verifyAccessCode,
} from '../../server/auth/access-code';
import { openStores } from '../../server/store/stores';
import {
  ANDROID_UA,
  expectError,
  IPHONE_UA,
  makeDataDir,
  removeDataDirs,
  startTestApp,
  TEST_ACCESS_CODE,
  TEST_SCRYPT_PARAMS,
  type LoginAnswer,
} from './support/harness';

afterEach(removeDataDirs);

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

function cookieLine(response: Response, name: string): string {
  const line = response.headers.getSetCookie().find((c) => c.startsWith(`${name}=`));
  if (!line) throw new Error(`no ${name} cookie in ${response.headers.getSetCookie().join(' | ')}`);
  return line;
}

describe('POST /api/auth/login', () => {
  it('logs in with the right code: the first device on a fresh DATA_DIR is the owner', async () => {
    const { browser } = await startTestApp();
    const phone = browser();
    const response = await phone.login();
    expect(response.status).toBe(200);
    const body = (await response.json()) as LoginAnswer;
    expect(body).toMatchObject({
      success: true,
      isOwnerDevice: true,
      user: { name: null, role: 'owner' },
    });
    expect(body.clientId).toMatch(/^[0-9a-f-]{36}$/);
    expect(body.user.clientId).toBe(body.clientId);
    expect(phone.cookies.get('kiri_session')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(phone.cookies.get('kiri_device')).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it('refuses a wrong code with 401 Invalid password and sets no cookie', async () => {
    const { browser } = await startTestApp();
    const stranger = browser();
    await expectError(await stranger.login('not-the-code'), 401, 'Invalid password');
    expect(stranger.cookies.size).toBe(0);
    expect((await stranger.status()).authenticated).toBe(false);
  });

  it('asks for the code when it is missing or blank', async () => {
    const { browser } = await startTestApp();
    const b = browser();
    await expectError(await b.post('/api/auth/login', {}), 400, 'Access code is required');
    await expectError(await b.login('   '), 400, 'Access code is required');
    await expectError(
      await b.post('/api/auth/login', { password: 1234 }),
      400,
      /^password: .*expected string/,
    );
  });

  it('stores only a hash of the session id and of the device token', async () => {
    const { browser, authFileText } = await startTestApp();
    const phone = browser();
    await phone.loginOk();
    const text = await authFileText();
    expect(text).not.toContain(phone.cookies.get('kiri_session'));
    expect(text).not.toContain(phone.cookies.get('kiri_device'));
    expect(text).not.toContain(TEST_ACCESS_CODE);
  });

  it('throttles an address after 5 failures in a minute, with a lock that doubles up to an hour', async () => {
    const { browser, clock } = await startTestApp();
    const attacker = browser({ address: '198.51.100.7' });
    const expectedLocks = [60, 120, 240, 480, 960, 1920, 3600, 3600];
    for (const lockSeconds of expectedLocks) {
      for (let i = 0; i < 5; i += 1) {
        await expectError(await attacker.login('wrong'), 401, 'Invalid password');
      }
      const refused = await attacker.login(TEST_ACCESS_CODE);
      await expectError(refused, 429, `Too many attempts. Try again in ${lockSeconds} seconds.`);
      expect(refused.headers.get('retry-after')).toBe(String(lockSeconds));
      // Even the right code is not checked while locked.
      clock.advance(lockSeconds * 1000 - 1000);
      const stillLocked = await attacker.login(TEST_ACCESS_CODE);
      expect(stillLocked.status).toBe(429);
      expect(stillLocked.headers.get('retry-after')).toBe('1');
      clock.advance(1000);
    }
    // Once the lock is over, the right code works and the record is cleared.
    expect((await attacker.login()).status).toBe(200);
  });

  it('checks no more than 5 codes of a parallel burst from one address', async () => {
    const { browser } = await startTestApp();
    const attacker = browser({ address: '198.51.100.7' });
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => attacker.login('wrong').then((r) => r.status)),
    );
    expect(answers.filter((status) => status === 401)).toHaveLength(5);
    expect(answers.filter((status) => status === 429)).toHaveLength(15);
  });

  it('throttles one address without touching another', async () => {
    const { browser } = await startTestApp();
    const attacker = browser({ address: '198.51.100.7' });
    for (let i = 0; i < 5; i += 1) await attacker.login('wrong');
    expect((await attacker.login()).status).toBe(429);
    expect((await browser({ address: '198.51.100.8' }).login()).status).toBe(200);
  });

  it('counts failures in a sliding minute: spaced-out mistakes never lock', async () => {
    const { browser, clock } = await startTestApp();
    const clumsy = browser();
    for (let i = 0; i < 12; i += 1) {
      expect((await clumsy.login('wrong')).status).toBe(401);
      clock.advance(16_000);
    }
  });

  it('treats one IPv6 /64 as one address', async () => {
    const { browser } = await startTestApp();
    for (let i = 1; i <= 5; i += 1) {
      expect((await browser({ address: `2001:db8:1:2::${i}` }).login('wrong')).status).toBe(401);
    }
    expect((await browser({ address: '2001:db8:1:2:ffff::9' }).login()).status).toBe(429);
    expect((await browser({ address: '2001:db8:1:3::1' }).login()).status).toBe(200);
  });

  it('under a flood from many addresses, refuses unknown ones but still lets the owner in', async () => {
    const { browser, clock } = await startTestApp();
    const owner = browser({ address: '192.0.2.1', userAgent: IPHONE_UA });
    await owner.loginOk();
    await owner.post('/api/auth/logout');
    clock.advance(MINUTE);

    // 55 failures from 11 addresses in a minute: over the global limit of 50.
    for (let a = 0; a < 11; a += 1) {
      for (let i = 0; i < 5; i += 1) await browser({ address: `198.51.100.${a}` }).login('wrong');
    }
    const newcomer = await browser({ address: '203.0.113.99' }).login();
    await expectError(newcomer, 429, /^Too many attempts/);
    expect(Number(newcomer.headers.get('retry-after'))).toBeGreaterThan(0);

    // Known by its address (logged in within 30 days) or by its device cookie from another address.
    expect((await browser({ address: '192.0.2.1' }).login()).status).toBe(200);
    const ownerOnMobileData = browser({ address: '100.64.0.5' });
    owner.cloneCookiesInto(ownerOnMobileData);
    expect((await ownerOnMobileData.login()).status).toBe(200);

    clock.advance(MINUTE + 1000);
    expect((await browser({ address: '203.0.113.99' }).login()).status).toBe(200);
  });

  it("never locks the owner's known device out for others' failures at the owner's address", async () => {
    const { browser, clock } = await startTestApp();
    const owner = browser({ address: '192.0.2.1', userAgent: IPHONE_UA });
    await owner.loginOk();
    await owner.post('/api/auth/logout');
    // A housemate (or an attacker on the same network) keeps guessing, lock after lock.
    const neighbour = browser({ address: '192.0.2.1' });
    for (let lock = 0; lock < 3; lock += 1) {
      for (let i = 0; i < 5; i += 1) await neighbour.login('wrong');
      await expectError(await neighbour.login(), 429, /^Too many attempts/);
      clock.advance(MINUTE * 2 ** lock);
    }
    for (let i = 0; i < 5; i += 1) await neighbour.login('wrong');
    expect((await neighbour.login()).status).toBe(429);
    // The owner's device cookie, with the right code, from that same address: straight in.
    expect((await owner.login()).status).toBe(200);
    expect((await neighbour.login()).status).toBe(429);
  });

  it('does not let a forged X-Forwarded-For lock the owner out behind a proxy', async () => {
    const { browser } = await startTestApp({ env: { TRUST_PROXY: 'true' } });
    // Behind the proxy every request comes from its socket; the address is what the proxy appends.
    const viaProxy = (client: string) => ({ 'x-forwarded-for': client });
    const owner = browser({ address: '10.0.0.2' });
    const ownerLogin = (password = TEST_ACCESS_CODE) =>
      owner.post('/api/auth/login', { password }, viaProxy('192.0.2.1'));
    expect((await ownerLogin()).status).toBe(200);
    await owner.post('/api/auth/logout', undefined, viaProxy('192.0.2.1'));
    // A misconfigured proxy passes the attacker's own header on: they pick the owner's address.
    const attacker = browser({ address: '10.0.0.2' });
    for (let i = 0; i < 6; i += 1) {
      await attacker.post('/api/auth/login', { password: 'wrong' }, viaProxy('192.0.2.1'));
    }
    const anonymous = await attacker.post('/api/auth/login', {}, viaProxy('192.0.2.1'));
    expect(anonymous.status).toBe(400);
    expect(
      (
        await attacker.post(
          '/api/auth/login',
          { password: TEST_ACCESS_CODE },
          viaProxy('192.0.2.1'),
        )
      ).status,
    ).toBe(429);
    expect((await ownerLogin()).status).toBe(200);
  });

  it('still throttles guesses made with a known device cookie, wherever they come from', async () => {
    const { browser, clock } = await startTestApp();
    const owner = browser({ address: '192.0.2.1' });
    await owner.loginOk();
    await owner.post('/api/auth/logout');
    // A copied device cookie, used from a fresh address for each guess.
    for (let i = 0; i < 5; i += 1) {
      const thief = browser({ address: `198.51.100.${i}` });
      owner.cloneCookiesInto(thief);
      await expectError(await thief.login('wrong'), 401, 'Invalid password');
    }
    const sixth = browser({ address: '198.51.100.99' });
    owner.cloneCookiesInto(sixth);
    const refused = await sixth.login();
    await expectError(refused, 429, 'Too many attempts. Try again in 60 seconds.');
    // The cookie's bucket is its own: the addresses it guessed from are not locked for others.
    expect((await browser({ address: '198.51.100.0' }).login()).status).toBe(200);
    clock.advance(MINUTE);
    expect((await owner.login()).status).toBe(200);
  });

  it('counts wrong pairing codes under a global limit of their own that never blocks logins', async () => {
    const { browser } = await startTestApp();
    await browser().loginOk();
    // 11 logged-in devices, 5 wrong pairing codes each (the most one device gets) within a minute.
    const answers: number[] = [];
    for (let d = 0; d < 11; d += 1) {
      const device = browser({ address: `198.51.100.${d}` });
      await device.loginOk();
      for (let i = 0; i < 5; i += 1) {
        answers.push((await device.post('/api/auth/pair', { code: 'AAAAAAAA' })).status);
      }
    }
    // Pairing's own global limit of 30 refuses the rest everywhere ...
    expect(answers.filter((status) => status === 400)).toHaveLength(30);
    expect(answers.filter((status) => status === 429)).toHaveLength(25);
    // ... and none of them counts against logins: a newcomer gets in.
    expect((await browser({ address: '203.0.113.99' }).login()).status).toBe(200);
  });

  it('sets the session and device cookies with the contract flags; Secure only over HTTPS', async () => {
    const { browser } = await startTestApp();
    const overHttp = await browser().login();
    const session = cookieLine(overHttp, 'kiri_session');
    expect(session).toMatch(/; HttpOnly/);
    expect(session).toMatch(/; SameSite=Lax/);
    expect(session).toMatch(/; Path=\//);
    expect(session).toMatch(/; Max-Age=2592000/);
    expect(session).not.toMatch(/Secure/);
    const device = cookieLine(overHttp, 'kiri_device');
    expect(device).toMatch(/; HttpOnly/);
    expect(device).toMatch(/; SameSite=Lax/);
    expect(device).toMatch(/; Max-Age=31536000/);
    expect(device).not.toMatch(/Secure/);

    const overHttps = await browser({ https: true }).login();
    expect(cookieLine(overHttps, 'kiri_session')).toMatch(/; Secure/);
    expect(cookieLine(overHttps, 'kiri_device')).toMatch(/; Secure/);
    expect(overHttps.headers.get('strict-transport-security')).toBe('max-age=31536000');
    expect(overHttp.headers.get('strict-transport-security')).toBeNull();
  });

  it('replaces the session of a browser that logs in again', async () => {
    const { browser } = await startTestApp();
    const phone = browser();
    await phone.loginOk();
    const copy = browser();
    phone.cloneCookiesInto(copy);
    await phone.loginOk();
    expect((await copy.request('/api/auth/device-check')).status).toBe(401);
    expect((await phone.request('/api/auth/device-check')).status).toBe(200);
  });
});

describe('GET /api/auth/status', () => {
  it('answers without a session', async () => {
    const { browser } = await startTestApp({
      env: { PERSONA_NAME: 'Mira', TIME_ZONE: 'Europe/Paris' },
    });
    expect(await browser().status()).toEqual({
      authenticated: false,
      allowedDevice: true,
      isAdmin: false,
      isOwnerDevice: false,
      personaName: 'Mira',
      timeZone: 'Europe/Paris',
      user: null,
    });
  });

  it('answers with a session, and renews the cookie', async () => {
    const { browser } = await startTestApp();
    const phone = browser();
    const login = await phone.loginOk();
    const response = await phone.request('/api/auth/status');
    expect(await response.json()).toEqual({
      authenticated: true,
      allowedDevice: true,
      isAdmin: true,
      isOwnerDevice: true,
      personaName: 'Kiri',
      timeZone: 'Asia/Shanghai',
      user: login.user,
      // Issue 14: what the account may use; the owner holds every permission.
      permissions: [...PERMISSION_IDS],
    });
    expect(cookieLine(response, 'kiri_session')).toMatch(/Max-Age=2592000/);
  });

  it('renews the cookie at most once an hour, not on every answer', async () => {
    const { browser, clock } = await startTestApp();
    const phone = browser();
    await phone.loginOk();
    const sessionCookies = (response: Response) =>
      response.headers.getSetCookie().filter((c) => c.startsWith('kiri_session='));
    expect(sessionCookies(await phone.request('/api/auth/status'))).toHaveLength(1);
    clock.advance(59 * 60_000);
    expect(sessionCookies(await phone.request('/api/auth/status'))).toHaveLength(0);
    clock.advance(60_000);
    expect(cookieLine(await phone.request('/api/auth/status'), 'kiri_session')).toMatch(
      /Max-Age=2592000/,
    );
  });

  it('keeps a session alive for 30 days from its last use, and no longer', async () => {
    const { browser, clock } = await startTestApp();
    const phone = browser();
    await phone.loginOk();
    for (let i = 0; i < 3; i += 1) {
      clock.advance(29 * DAY);
      expect((await phone.status()).authenticated).toBe(true);
    }
    clock.advance(30 * DAY + 1000);
    expect((await phone.status()).authenticated).toBe(false);
    expect((await phone.request('/api/users/check-registration')).status).toBe(401);
  });
});

describe('POST /api/auth/logout', () => {
  it('revokes the session: the old cookie no longer works', async () => {
    const { browser } = await startTestApp();
    const phone = browser();
    await phone.loginOk();
    const stolen = browser();
    phone.cloneCookiesInto(stolen);

    const response = await phone.post('/api/auth/logout');
    expect(await response.json()).toEqual({ success: true });
    expect(cookieLine(response, 'kiri_session')).toMatch(/Max-Age=0/);
    expect(phone.cookies.has('kiri_session')).toBe(false);

    await expectError(await stolen.request('/api/users/check-registration'), 401, 'Not logged in');
    expect((await stolen.status()).authenticated).toBe(false);
  });

  it('needs a session', async () => {
    const { browser } = await startTestApp();
    await expectError(await browser().post('/api/auth/logout'), 401, 'Not logged in');
  });

  it('keeps the device cookie, so logging in again is the same user', async () => {
    const { browser } = await startTestApp();
    const phone = browser();
    const first = await phone.loginOk();
    expect((await phone.register('Ada')).status).toBe(200);
    await phone.post('/api/auth/logout');
    const again = await phone.loginOk();
    expect(again.user).toEqual({ ...first.user, name: 'Ada' });
    expect(again.clientId).toBe(first.clientId);
  });
});

describe('owner devices', () => {
  it('makes only the first device the owner', async () => {
    const { browser } = await startTestApp();
    await browser().loginOk();
    const laptop = browser({ address: '203.0.113.20' });
    const second = await laptop.loginOk();
    expect(second.isOwnerDevice).toBe(false);
    expect(second.user.role).toBe('user');
    expect(await (await laptop.request('/api/auth/device-check')).json()).toEqual({
      isOwnerDevice: false,
    });
    const status = await laptop.status();
    expect(status).toMatchObject({ isAdmin: false, isOwnerDevice: false });
  });

  it('enrols a second device of the owner with a single-use pairing code', async () => {
    const { browser, clock } = await startTestApp();
    const phone = browser();
    await phone.loginOk();
    await phone.register('Ada');
    const issued = await phone.post('/api/auth/pairing-code');
    expect(issued.status).toBe(200);
    const { code, expiresAt } = (await issued.json()) as { code: string; expiresAt: string };
    expect(code).toMatch(/^[A-Z2-9]{8}$/);
    expect(Date.parse(expiresAt)).toBe(clock.now + 10 * MINUTE);

    const laptop = browser({ address: '203.0.113.20' });
    await laptop.loginOk();
    // Typed on another keyboard: case and a separating dash do not matter.
    const typed = `${code.slice(0, 4).toLowerCase()}-${code.slice(4)}`;
    const paired = await laptop.post('/api/auth/pair', { code: typed });
    expect(paired.status).toBe(200);
    expect(await paired.json()).toMatchObject({
      success: true,
      user: { role: 'owner', name: 'Ada' },
    });
    expect(await laptop.status()).toMatchObject({ isOwnerDevice: true, isAdmin: true });

    const tablet = browser({ address: '203.0.113.30' });
    await tablet.loginOk();
    await expectError(
      await tablet.post('/api/auth/pair', { code }),
      400,
      'Invalid or expired pairing code',
    );
  });

  it('lets a pairing code expire after 10 minutes', async () => {
    const { browser, clock } = await startTestApp();
    const phone = browser();
    await phone.loginOk();
    const { code } = (await (await phone.post('/api/auth/pairing-code')).json()) as {
      code: string;
    };
    const laptop = browser({ address: '203.0.113.20' });
    await laptop.loginOk();
    clock.advance(10 * MINUTE);
    await expectError(
      await laptop.post('/api/auth/pair', { code }),
      400,
      'Invalid or expired pairing code',
    );
    expect((await laptop.status()).isOwnerDevice).toBe(false);
  });

  it('gives pairing codes to owner devices only', async () => {
    const { browser } = await startTestApp();
    await browser().loginOk();
    const laptop = browser({ address: '203.0.113.20' });
    await laptop.loginOk();
    await expectError(await laptop.post('/api/auth/pairing-code'), 403, 'Owner device required');
    await expectError(await browser().post('/api/auth/pairing-code'), 401, 'Not logged in');
  });

  it('throttles wrong pairing codes like logins', async () => {
    const { browser } = await startTestApp();
    await browser().loginOk();
    const laptop = browser({ address: '203.0.113.20' });
    await laptop.loginOk();
    for (let i = 0; i < 5; i += 1) {
      await expectError(await laptop.post('/api/auth/pair', { code: 'AAAAAAAA' }), 400);
    }
    const refused = await laptop.post('/api/auth/pair', { code: 'AAAAAAAA' });
    await expectError(refused, 429, /^Too many attempts/);
    expect(refused.headers.get('retry-after')).toBe('60');
  });

  it('with OWNER_DEVICE_POLICY=apple, treats Apple devices as owner devices', async () => {
    const { browser } = await startTestApp({ env: { OWNER_DEVICE_POLICY: 'apple' } });
    const android = browser({ userAgent: ANDROID_UA });
    expect((await android.loginOk()).isOwnerDevice).toBe(false);
    expect(await android.status()).toMatchObject({ isOwnerDevice: false, isAdmin: false });
    const iphone = browser({ userAgent: IPHONE_UA, address: '203.0.113.40' });
    expect((await iphone.loginOk()).isOwnerDevice).toBe(true);
    expect(await iphone.status()).toMatchObject({ isOwnerDevice: true, isAdmin: true });
  });
});

describe('the access code', () => {
  it('is generated on a fresh DATA_DIR when ACCESS_CODE is unset, once, and stored as a hash', async () => {
    const dataDir = await makeDataDir();
    const stores = await openStores(dataDir);
    const { generatedCode } = await prepareAccessCode(stores.auth, undefined, TEST_SCRYPT_PARAMS);
    expect(generatedCode).toMatch(/^[A-Z2-9]{4}-[A-Z2-9]{4}-[A-Z2-9]{4}-[A-Z2-9]{4}$/);
    expect(JSON.stringify(stores.auth.data)).not.toContain(generatedCode);
    const stored = stores.auth.data.accessCode!;
    expect(stored.kind).toBe('generated');
    expect(stored.params).toEqual(TEST_SCRYPT_PARAMS);
    expect(await verifyAccessCode(generatedCode!, stored)).toBe(true);
    // Typed in lower case without dashes, it still works; a near miss does not.
    expect(await verifyAccessCode(generatedCode!.toLowerCase().replace(/-/g, ''), stored)).toBe(
      true,
    );
    expect(await verifyAccessCode(generateAccessCode(), stored)).toBe(false);

    const reopened = await openStores(dataDir);
    expect(
      (await prepareAccessCode(reopened.auth, undefined, TEST_SCRYPT_PARAMS)).generatedCode,
    ).toBeNull();
    expect(reopened.auth.data.accessCode).toEqual(stored);
  });

  it('follows ACCESS_CODE when it changes, and logs out whoever used the old one', async () => {
    const first = await startTestApp();
    const phone = first.browser();
    await phone.loginOk();
    await first.app.persistState();

    const second = await startTestApp({
      dataDir: first.dataDir,
      env: { ACCESS_CODE: 'a-brand-new-code' },
    });
    const samePhone = second.browser();
    phone.cloneCookiesInto(samePhone);
    expect((await samePhone.status()).authenticated).toBe(false);
    await expectError(await samePhone.login(TEST_ACCESS_CODE), 401, 'Invalid password');
    expect((await samePhone.login('a-brand-new-code')).status).toBe(200);
  });

  it('keeps sessions when ACCESS_CODE is unchanged across restarts', async () => {
    const first = await startTestApp();
    const phone = first.browser();
    await phone.loginOk();
    const stored = first.stores.auth.data.accessCode;
    const second = await startTestApp({ dataDir: first.dataDir });
    expect(second.stores.auth.data.accessCode).toEqual(stored);
    const samePhone = second.browser();
    phone.cloneCookiesInto(samePhone);
    expect((await samePhone.status()).authenticated).toBe(true);
  });
});
