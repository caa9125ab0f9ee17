// The settings sidebar (issue 14 item 2, spec 000 §2.6, §4, §6, §7): search finds 'Screen' and says
// 'No results found' for nonsense; an engineer (made one by the owner through the admin API) reorders
// the Integration group by long press, drag and the arrows, saves, and finds the order after a reload;
// a plain user sees no owner-device item and cannot reorder. One server for the file; the owner, the
// engineer and the user each log in once, in a context of their own.
import { expect, test, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { openChat } from './support/chat';
import { startServer, type KiriServer } from './support/server';

let server: KiriServer;
const contexts: BrowserContext[] = [];
let owner: Page;

const DESKTOP = { width: 1280, height: 800 };
const sidebar = (p: Page) => p.getByRole('navigation', { name: 'Settings sidebar' });
const integration = (p: Page) => sidebar(p).getByRole('region', { name: 'Integration and Sync' });
const reorderList = (p: Page) => sidebar(p).getByRole('list', { name: 'Reorder items' });

async function newUser(browser: Browser, name: string): Promise<Page> {
  const context = await browser.newContext({ baseURL: server.url, viewport: DESKTOP });
  contexts.push(context);
  const page = await context.newPage();
  await openChat(page, name);
  return page;
}

async function openSettings(p: Page): Promise<void> {
  await p.getByRole('button', { name: 'Open settings' }).click();
  await expect(sidebar(p)).toBeVisible();
}

/** The labels of the Integration group's links, top to bottom. */
async function labelsOf(p: Page): Promise<string[]> {
  const labels = integration(p).getByRole('link').locator('span.font-medium');
  await expect(labels.first()).toBeVisible();
  return labels.allTextContents();
}

test.beforeAll(async ({ browser }) => {
  test.setTimeout(180_000);
  server = await startServer();
  // The first device to log in on a fresh DATA_DIR is the owner's.
  owner = await newUser(browser, 'Ada');
});

test.afterAll(async () => {
  await Promise.all(contexts.map((context) => context.close()));
  await server?.dispose();
});

test("settings search finds 'Screen' and says 'No results found' for nonsense", async () => {
  await openSettings(owner);
  // w-80, the whole height of the window (not cut to the header it opens from).
  const box = (await sidebar(owner).boundingBox())!;
  expect(box.width).toBe(320);
  expect(box.height).toBe(DESKTOP.height);
  const search = sidebar(owner).getByPlaceholder('Search settings...');
  await expect(search).toBeFocused();
  await search.fill('Screen');
  await expect(sidebar(owner).getByRole('link', { name: /Screen Settings/ })).toBeVisible();
  await expect(sidebar(owner).getByRole('status')).toHaveText('1 result');
  // Only what matched is left: no other group, no Sessions list while searching.
  await expect(sidebar(owner).getByRole('link')).toHaveCount(1);

  await search.fill('zzqx-nothing-like-this');
  await expect(sidebar(owner).getByRole('status')).toHaveText('No results found');
  await expect(sidebar(owner).getByRole('link')).toHaveCount(0);

  // A group's title finds its items: the owner's device sees the Admin Controls.
  await search.fill('admin controls');
  await expect(sidebar(owner).getByRole('link', { name: /User Restriction Mode/ })).toBeVisible();

  await search.fill('');
  await sidebar(owner)
    .getByRole('link', { name: /Screen Settings/ })
    .click();
  await expect(owner).toHaveURL(/\/screen-settings$/);
  await expect(sidebar(owner)).toHaveCount(0);
});

test('an engineer reorders the Integration group and the order survives a reload', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const engineer = await newUser(browser, 'Eli');
  const status = (await (await engineer.request.get('/api/auth/status')).json()) as {
    user: { id: string };
  };
  const promoted = await owner.request.post(`/api/admin/users/${status.user.id}/promote`, {
    data: { accessLevel: 'engineer' },
  });
  expect(promoted.status()).toBe(200);

  await engineer.reload();
  await openSettings(engineer);
  // Rank 2: the items up to engineer, not Analytics (admin); no Monitoring or Analytics groups.
  expect(await labelsOf(engineer)).toEqual([
    'Hydra Tasks',
    'Memory Logs',
    'Self-Modification',
    'Monitoring',
  ]);
  await expect(sidebar(engineer).getByRole('region', { name: 'System Analytics' })).toHaveCount(0);

  // A long press on an item (held until reorder mode shows, 350 ms) starts reorder mode.
  const monitoring = integration(engineer).getByRole('link', { name: /Monitoring/ });
  // The sidebar scrolls: the group may start below the fold.
  await monitoring.scrollIntoViewIfNeeded();
  const box = (await monitoring.boundingBox())!;
  await engineer.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await engineer.mouse.down();
  await expect(reorderList(engineer)).toBeVisible();
  await engineer.mouse.up();
  // The press did not also open the page.
  await expect(engineer).toHaveURL((url) => url.pathname === '/');

  // Drag Monitoring (the last row) above the first.
  const rows = reorderList(engineer).getByRole('listitem');
  await reorderList(engineer).scrollIntoViewIfNeeded();
  const from = (await rows.nth(3).boundingBox())!;
  const to = (await rows.nth(0).boundingBox())!;
  await engineer.mouse.move(from.x + 40, from.y + from.height / 2);
  await engineer.mouse.down();
  await engineer.mouse.move(from.x + 40, to.y + 2, { steps: 12 });
  await engineer.mouse.up();
  await expect(rows.first()).toContainText('Monitoring');

  // And by keyboard: Self-Modification one up.
  await reorderList(engineer).getByRole('button', { name: 'Move Self-Modification up' }).click();
  await expect(rows).toHaveText([/Monitoring/, /Hydra Tasks/, /Self-Modification/, /Memory Logs/]);
  await sidebar(engineer).getByRole('button', { name: 'Save' }).click();
  await expect(engineer.getByText('Layout Saved', { exact: true })).toBeVisible();
  await expect(reorderList(engineer)).toHaveCount(0);

  await engineer.reload();
  await openSettings(engineer);
  expect(await labelsOf(engineer)).toEqual([
    'Monitoring',
    'Hydra Tasks',
    'Self-Modification',
    'Memory Logs',
  ]);
  // The server keeps it for this user only: the owner's order is still the default.
  const ownerLayout = (await (await owner.request.get('/api/sidebar-layout')).json()) as {
    items: { id: string }[];
  };
  expect(ownerLayout.items.map((item) => item.id)).toEqual([
    'hydra',
    'memory-logs',
    'self-mod',
    'monitoring',
    'analytics',
  ]);
});

test('a plain user sees no owner-only item and cannot reorder', async ({ browser }) => {
  const user = await newUser(browser, 'Uma');
  await openSettings(user);
  await expect(sidebar(user).getByRole('link', { name: /Screen Settings/ })).toBeVisible();
  for (const ownerOnly of ['PresenceHub', 'Console Access', 'User Restriction Mode']) {
    await expect(sidebar(user).getByRole('link', { name: new RegExp(ownerOnly) })).toHaveCount(0);
  }
  await expect(sidebar(user).getByRole('region', { name: 'Admin Controls' })).toHaveCount(0);
  await expect(sidebar(user).getByRole('region', { name: 'Monitoring' })).toHaveCount(0);
  expect(await labelsOf(user)).toEqual(['Memory Logs', 'Self-Modification']);
  await expect(sidebar(user).getByRole('button', { name: 'Reorder' })).toHaveCount(0);

  // A long press does nothing for a user: the link stays a link.
  const memoryLogs = integration(user).getByRole('link', { name: /Memory Logs/ });
  await memoryLogs.scrollIntoViewIfNeeded();
  const box = (await memoryLogs.boundingBox())!;
  await user.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await user.mouse.down();
  // Held well past 350 ms, measured by the page's own clock (no sleep in the test).
  await user.waitForFunction(
    (start) => performance.now() - start > 700,
    await user.evaluate(() => performance.now()),
  );
  await expect(reorderList(user)).toHaveCount(0);
  await user.mouse.move(box.x - 200, box.y);
  await user.mouse.up();
});
