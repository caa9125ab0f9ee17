// /api/sidebar-layout (spec 000 §4, §6, §7): the Integration group in each user's order; save, reset,
// one user's order never another's, a plain user's reorder refused, and the order kept across a restart.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { INTEGRATION_ITEM_IDS } from '../../src/domain/settings-items';
import { REORDER_REFUSED } from '../../server/routes/sidebar-layout';
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

interface LayoutAnswer {
  success: true;
  items: { id: string; label: string; icon: string; route: string; role_min: string }[];
  userRole: string;
  isOwnerDevice: boolean;
  canReorder: boolean;
  customized: boolean;
}

async function layoutOf(browser: TestBrowser): Promise<LayoutAnswer> {
  const response = await browser.request('/api/sidebar-layout');
  expect(response.status).toBe(200);
  return (await response.json()) as LayoutAnswer;
}

const idsOf = (answer: LayoutAnswer) => answer.items.map((item) => item.id);
const layoutFile = (setup: TestApp) =>
  readFile(join(setup.dataDir, 'sidebar-layout.json'), 'utf8').catch(() => '(none)');

async function ownerAndGuest(setup: TestApp) {
  const owner = setup.browser({ userAgent: IPHONE_UA });
  await owner.loginOk();
  const guest = setup.browser({ userAgent: ANDROID_UA, address: '203.0.113.20' });
  const guestId = (await guest.loginOk()).user.id;
  return { owner, guest, guestId };
}

/** The owner's order reversed: different from the default in every place but the middle. */
const REVERSED = [...INTEGRATION_ITEM_IDS].reverse();

describe('GET /api/sidebar-layout', () => {
  it('answers the owner every integration item in the default order, with the §3.8 fields', async () => {
    const setup = await startTestApp();
    const { owner } = await ownerAndGuest(setup);
    const answer = await layoutOf(owner);
    expect(answer).toMatchObject({
      success: true,
      userRole: 'owner',
      isOwnerDevice: true,
      canReorder: true,
      customized: false,
    });
    expect(idsOf(answer)).toEqual(INTEGRATION_ITEM_IDS);
    expect(answer.items[0]).toEqual({
      id: 'hydra',
      label: 'Hydra Tasks',
      icon: 'hydra',
      route: '/settings/hydra',
      role_min: 'engineer',
    });
  });

  it("gives a plain user only the items whose role_min is 'user', and no reorder", async () => {
    const setup = await startTestApp();
    const { guest } = await ownerAndGuest(setup);
    const answer = await layoutOf(guest);
    expect(answer).toMatchObject({ userRole: 'user', isOwnerDevice: false, canReorder: false });
    expect(idsOf(answer)).toEqual(['memory-logs', 'self-mod']);
  });

  it('gives an engineer the items up to engineer, with reorder; an admin all five', async () => {
    const setup = await startTestApp();
    const { owner, guest, guestId } = await ownerAndGuest(setup);
    const promoted = await owner.post(`/api/admin/users/${guestId}/promote`, {
      accessLevel: 'engineer',
    });
    expect(promoted.status).toBe(200);
    const engineer = await layoutOf(guest);
    expect(engineer).toMatchObject({ userRole: 'engineer', canReorder: true });
    expect(idsOf(engineer)).toEqual(['hydra', 'memory-logs', 'self-mod', 'monitoring']);

    await owner.post(`/api/admin/users/${guestId}/promote`, { accessLevel: 'admin' });
    expect(await layoutOf(guest)).toMatchObject({ userRole: 'admin', isOwnerDevice: false });
    expect(idsOf(await layoutOf(guest))).toEqual(INTEGRATION_ITEM_IDS);
  });

  it('401 without a session', async () => {
    const setup = await startTestApp();
    await expectError(await setup.browser().request('/api/sidebar-layout'), 401);
    await expectError(await setup.browser().post('/api/sidebar-layout', { order: [] }), 401);
    await expectError(
      await setup.browser().request('/api/sidebar-layout', { method: 'DELETE' }),
      401,
    );
  });
});

describe('POST and DELETE /api/sidebar-layout', () => {
  it('saves an order, answers it and keeps it; DELETE goes back to the default', async () => {
    const setup = await startTestApp();
    const { owner } = await ownerAndGuest(setup);
    const saved = await owner.post('/api/sidebar-layout', { order: REVERSED });
    expect(saved.status).toBe(200);
    expect(idsOf((await saved.json()) as LayoutAnswer)).toEqual(REVERSED);
    expect(await layoutOf(owner)).toMatchObject({ customized: true });
    expect(idsOf(await layoutOf(owner))).toEqual(REVERSED);

    const reset = await owner.request('/api/sidebar-layout', { method: 'DELETE' });
    expect(reset.status).toBe(200);
    const answer = (await reset.json()) as LayoutAnswer;
    expect(answer).toMatchObject({ success: true, customized: false });
    expect(idsOf(answer)).toEqual(INTEGRATION_ITEM_IDS);
    expect(idsOf(await layoutOf(owner))).toEqual(INTEGRATION_ITEM_IDS);
  });

  it('puts items a partial order leaves out after it, in their default places', async () => {
    const setup = await startTestApp();
    const { owner } = await ownerAndGuest(setup);
    await owner.post('/api/sidebar-layout', { order: ['analytics', 'self-mod'] });
    expect(idsOf(await layoutOf(owner))).toEqual([
      'analytics',
      'self-mod',
      'hydra',
      'memory-logs',
      'monitoring',
    ]);
  });

  const BAD_ORDERS: [string, unknown, RegExp][] = [
    ['an unknown id', { order: ['hydra', 'sanctuary'] }, /Unknown item: sanctuary/],
    ['an icon name instead of an id', { order: ['hydra', 'book'] }, /Unknown item: book/],
    ['the same id twice', { order: ['hydra', 'analytics', 'hydra'] }, /Item listed twice: hydra/],
    ['no order', {}, /order/],
    ['an order that is not a list', { order: 'hydra,analytics' }, /order/],
    ['ids that are not strings', { order: [1, 2] }, /order/],
  ];
  for (const [what, body, message] of BAD_ORDERS) {
    it(`refuses ${what} with a 400 and writes nothing`, async () => {
      const setup = await startTestApp();
      const { owner } = await ownerAndGuest(setup);
      await owner.post('/api/sidebar-layout', { order: REVERSED });
      const before = await layoutFile(setup);
      const refused = await expectError(await owner.post('/api/sidebar-layout', body), 400);
      expect(refused.message).toMatch(message);
      expect(await layoutFile(setup)).toBe(before);
      expect(idsOf(await layoutOf(owner))).toEqual(REVERSED);
    });
  }

  it("refuses a plain user's save and reset with a 403, whatever the body, and writes nothing", async () => {
    const setup = await startTestApp();
    const { guest } = await ownerAndGuest(setup);
    const before = await layoutFile(setup);
    await expectError(
      await guest.post('/api/sidebar-layout', { order: ['self-mod', 'memory-logs'] }),
      403,
      REORDER_REFUSED,
    );
    await expectError(await guest.post('/api/sidebar-layout', { order: 'nonsense' }), 403);
    await expectError(
      await guest.request('/api/sidebar-layout', { method: 'DELETE' }),
      403,
      REORDER_REFUSED,
    );
    expect(await layoutFile(setup)).toBe(before);
    expect(idsOf(await layoutOf(guest))).toEqual(['memory-logs', 'self-mod']);
  });

  it('lets an engineer save and reset their order', async () => {
    const setup = await startTestApp();
    const { owner, guest, guestId } = await ownerAndGuest(setup);
    await owner.post(`/api/admin/users/${guestId}/promote`, { accessLevel: 'engineer' });
    const order = ['monitoring', 'self-mod', 'memory-logs', 'hydra'];
    expect((await guest.post('/api/sidebar-layout', { order })).status).toBe(200);
    expect(idsOf(await layoutOf(guest))).toEqual(order);
    expect((await guest.request('/api/sidebar-layout', { method: 'DELETE' })).status).toBe(200);
    expect(idsOf(await layoutOf(guest))).toEqual([
      'hydra',
      'memory-logs',
      'self-mod',
      'monitoring',
    ]);
  });

  it('refuses the reorder of an engineer set back to user', async () => {
    const setup = await startTestApp();
    const { owner, guest, guestId } = await ownerAndGuest(setup);
    await owner.post(`/api/admin/users/${guestId}/promote`, { accessLevel: 'engineer' });
    await owner.post(`/api/admin/users/${guestId}/promote`, { accessLevel: 'user' });
    await expectError(
      await guest.post('/api/sidebar-layout', { order: ['self-mod'] }),
      403,
      REORDER_REFUSED,
    );
  });

  it("keeps each user's order to themselves", async () => {
    const setup = await startTestApp();
    const { owner, guest, guestId } = await ownerAndGuest(setup);
    await owner.post(`/api/admin/users/${guestId}/promote`);
    const adminOrder = ['monitoring', 'hydra', 'analytics', 'self-mod', 'memory-logs'];
    expect((await guest.post('/api/sidebar-layout', { order: adminOrder })).status).toBe(200);
    await owner.post('/api/sidebar-layout', { order: REVERSED });

    expect(idsOf(await layoutOf(guest))).toEqual(adminOrder);
    expect(idsOf(await layoutOf(owner))).toEqual(REVERSED);
    // One user's reset leaves the other's order alone.
    await guest.request('/api/sidebar-layout', { method: 'DELETE' });
    expect(idsOf(await layoutOf(guest))).toEqual(INTEGRATION_ITEM_IDS);
    expect(idsOf(await layoutOf(owner))).toEqual(REVERSED);
  });

  it('keeps the order across a restart on the same DATA_DIR', async () => {
    const setup = await startTestApp();
    const { owner } = await ownerAndGuest(setup);
    await owner.post('/api/sidebar-layout', { order: REVERSED });
    await setup.app.persistState();

    const again = await startTestApp({ dataDir: setup.dataDir });
    const ownerAgain = again.browser({ userAgent: IPHONE_UA });
    owner.cloneCookiesInto(ownerAgain);
    expect(idsOf(await layoutOf(ownerAgain))).toEqual(REVERSED);
    expect(JSON.parse(await layoutFile(setup))).toMatchObject({ version: 1 });
  });
});
