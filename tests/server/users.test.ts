import { afterEach, describe, expect, it } from 'vitest';
import { REGISTRATION_ERRORS } from '../../src/domain/registration';
import { expectError, removeDataDirs, startTestApp } from './support/harness';

afterEach(removeDataDirs);

describe('GET /api/users/check-registration', () => {
  it('says a new user is pending, and registered once named', async () => {
    const { browser } = await startTestApp();
    const phone = browser();
    const { clientId } = await phone.loginOk();
    const before = await phone.request('/api/users/check-registration');
    expect(await before.json()).toEqual({
      isRegistered: false,
      isPending: true,
      clientId,
      user: null,
    });
    await phone.register('Ada');
    const after = await phone.request('/api/users/check-registration');
    expect(await after.json()).toEqual({
      isRegistered: true,
      isPending: false,
      clientId,
      user: { name: 'Ada' },
    });
  });

  it('needs a session', async () => {
    const { browser } = await startTestApp();
    await expectError(
      await browser().request('/api/users/check-registration'),
      401,
      'Not logged in',
    );
  });
});

describe('POST /api/users/register', () => {
  it('stores the trimmed name and welcomes the user by name in the persona voice', async () => {
    const { browser } = await startTestApp({ env: { PERSONA_NAME: 'Mira' } });
    const phone = browser();
    const { clientId } = await phone.loginOk();
    const response = await phone.post('/api/users/register', { name: '  Ada  ', clientId });
    expect(response.status).toBe(200);
    const body = (await response.json()) as { welcomeMessage: string };
    expect(body).toMatchObject({ success: true, user: { name: 'Ada', clientId } });
    expect(body.welcomeMessage).toContain('Ada');
    expect(body.welcomeMessage).toContain("I'm Mira");
    expect((await phone.status()).user?.name).toBe('Ada');
  });

  it('appends the welcome to the conversation once, not again on a rename', async () => {
    const { browser } = await startTestApp();
    const phone = browser();
    await phone.loginOk();
    const first = (await (await phone.register('Ada')).json()) as { welcomeMessage: string };
    await phone.register('Ada Lovelace');
    const log = (await (await phone.request('/api/conversations')).json()) as {
      sender: string;
      message: string;
    }[];
    expect(log).toEqual([
      expect.objectContaining({ sender: 'kiri', message: first.welcomeMessage }),
    ]);
  });

  it('gives the three messages of the spec for a bad name', async () => {
    const { browser } = await startTestApp();
    const phone = browser();
    await phone.loginOk();
    await expectError(await phone.register(''), 400, REGISTRATION_ERRORS.required);
    await expectError(await phone.register('   '), 400, REGISTRATION_ERRORS.required);
    await expectError(await phone.register(' A '), 400, REGISTRATION_ERRORS.tooShort);
    const { clientId } = (await phone.status()).user!;
    await expectError(
      await phone.post('/api/users/register', { clientId }),
      400,
      REGISTRATION_ERRORS.required,
    );
    expect((await phone.status()).user?.name).toBeNull();
  });

  it('keeps OWNER_NAME for the owner: others may not use it, in any case', async () => {
    const { browser } = await startTestApp({ env: { OWNER_NAME: 'Ada' } });
    const owner = browser();
    await owner.loginOk();
    const guest = browser({ address: '203.0.113.20' });
    await guest.loginOk();

    await expectError(await guest.register('ada'), 400, REGISTRATION_ERRORS.ownerName);
    await expectError(await guest.register(' ADA '), 400, REGISTRATION_ERRORS.ownerName);
    expect((await guest.register('Grace')).status).toBe(200);
    expect((await owner.register('Ada')).status).toBe(200);
  });

  it('refuses a clientId that is not the session user’s with 403', async () => {
    const { browser } = await startTestApp();
    const phone = browser();
    await phone.loginOk();
    const other = browser({ address: '203.0.113.20' });
    const { clientId: othersId } = await other.loginOk();
    await expectError(
      await phone.register('Ada', othersId),
      403,
      'This client id does not belong to your session',
    );
    expect((await other.status()).user?.name).toBeNull();
  });

  it('lets a registered user change their name', async () => {
    const { browser } = await startTestApp();
    const phone = browser();
    await phone.loginOk();
    await phone.register('Ada');
    expect((await phone.register('Ada L.')).status).toBe(200);
    expect((await phone.status()).user?.name).toBe('Ada L.');
  });

  it('checks types and length at the door, naming the field', async () => {
    const { browser } = await startTestApp();
    const phone = browser();
    const { clientId } = await phone.loginOk();
    await expectError(
      await phone.post('/api/users/register', { name: 42, clientId }),
      400,
      /^name: .*expected string/,
    );
    await expectError(await phone.post('/api/users/register', { name: 'Ada' }), 400, /^clientId: /);
    await expectError(
      await phone.post('/api/users/register', { name: 'A'.repeat(65), clientId }),
      400,
      'name: must be at most 64 characters',
    );
  });

  it('needs a session', async () => {
    const { browser } = await startTestApp();
    await expectError(
      await browser().post('/api/users/register', { name: 'Ada', clientId: 'x' }),
      401,
      'Not logged in',
    );
  });
});
