// Issue 13's attachment menu and browser tasks against the built app and a real server: the menu's
// three entries (Open Browser Tab opens the search page in a new tab), a .txt from Upload File gets
// Kiri's acknowledgement and nothing reaches the server, the bubble turned on at
// /browser-bubble-settings shows in the chat, survives a reload and opens the overlay on a phone,
// and /hydra/task_tabs.js is served as JavaScript (a missing file beside it is a 404).
// One server and one logged-in context for the whole file (see accessibility.spec.ts).
import { expect, test, type BrowserContext, type Page, type Request } from '@playwright/test';
import { openChat, serverLog } from './support/chat';
import { startServer, type KiriServer } from './support/server';

const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };
const SEARCH_HOME = 'https://duckduckgo.com/';
const ACK_START = 'I see notes.txt';

let server: KiriServer;
let context: BrowserContext;
let page: Page;

test.beforeAll(async ({ browser }) => {
  test.setTimeout(90_000);
  server = await startServer();
  context = await browser.newContext({ baseURL: server.url, viewport: DESKTOP });
  // The machines have no internet: the search engine answers from here.
  await context.route('https://duckduckgo.com/**', (route) =>
    route.fulfill({
      contentType: 'text/html',
      body: '<!doctype html><title>Search</title><h1>Search page</h1>',
    }),
  );
  page = await context.newPage();
  await openChat(page, 'Mira');
});

test.afterAll(async () => {
  await context?.close();
  await server?.dispose();
});

const attachButton = () => page.getByRole('button', { name: 'Attach' });

test("the menu's three entries; Open Browser Tab left blank opens the search page in a new tab", async () => {
  await attachButton().click();
  const entries = page.getByRole('menu').getByRole('menuitem');
  await expect(entries).toHaveText(['Take Photo', 'Upload File', 'Open Browser Tab']);
  // The menu toggles closed.
  await attachButton().click();
  await expect(page.getByRole('menu')).toHaveCount(0);

  await attachButton().click();
  await page.getByRole('menuitem', { name: 'Open Browser Tab' }).click();
  const prompt = page.getByRole('dialog', { name: 'Open Browser Tab' });
  await expect(prompt.getByLabel('Address or search')).toBeFocused();
  const popup = context.waitForEvent('page');
  await prompt.getByRole('button', { name: 'Open' }).click();
  const tab = await popup;
  await tab.waitForURL(SEARCH_HOME);
  // A new tab with no way back to the app.
  expect(await tab.evaluate(() => window.opener)).toBeNull();
  await tab.close();
});

test("Upload File with a .txt: Kiri's acknowledgement after a second, and nothing reaches the server", async () => {
  const before = await serverLog(page);
  const posts: Request[] = [];
  const onRequest = (request: Request) => {
    if (request.method() !== 'GET') posts.push(request);
  };
  page.on('request', onRequest);

  await attachButton().click();
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('menuitem', { name: 'Upload File' }).click();
  await (
    await chooser
  ).setFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('bus at 8') });

  const ack = page.getByTestId('file-acknowledgement');
  await expect(ack.getByTestId('acknowledged-file')).toHaveText('notes.txt');
  await expect(ack.getByTestId('acknowledgement-text')).toContainText(ACK_START);
  await expect(ack.getByText('Only on this device · not sent')).toBeVisible();

  page.off('request', onRequest);
  expect(posts.map((r) => `${r.method()} ${r.url()}`)).toEqual([]);
  expect(await serverLog(page)).toEqual(before);

  // Not kept: a reload forgets it, and the chat's list never had it.
  await page.reload();
  await expect(attachButton()).toBeVisible();
  await expect(page.getByTestId('file-acknowledgement')).toHaveCount(0);
  await expect(page.getByText(ACK_START)).toHaveCount(0);
});

test('the bubble turned on at /browser-bubble-settings shows in the chat, survives a reload, and opens the overlay on a phone', async () => {
  await expect(page.getByTestId('browser-bubble')).toHaveCount(0);
  await page.goto('/browser-bubble-settings');
  const toggle = page.getByRole('switch', { name: 'Floating browser bubble' });
  await expect(toggle).toHaveAttribute('aria-checked', 'false');
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-checked', 'true');

  await page.goto('/');
  const bubble = page.getByTestId('browser-bubble');
  await expect(bubble).toBeVisible();
  await page.reload();
  await expect(bubble).toBeVisible();

  // On a phone the page opens in the overlay, with minimise, maximise and close.
  // (Opened on a phone, the chat starts with its sidebar closed.)
  await page.setViewportSize(PHONE);
  await page.reload();
  await bubble.click();
  const overlay = page.getByTestId('browser-overlay');
  await expect(overlay).toHaveAttribute('data-view', 'normal');
  await expect(overlay.getByTestId('browser-address')).toHaveText(SEARCH_HOME);
  await expect(overlay.getByRole('link', { name: /Open in (Safari|new tab)/ })).toHaveAttribute(
    'href',
    SEARCH_HOME,
  );
  await expect(
    overlay.frameLocator('iframe').getByRole('heading', { name: 'Search page' }),
  ).toBeVisible();
  await overlay.getByRole('button', { name: 'Maximise' }).click();
  await expect(overlay).toHaveAttribute('data-view', 'maximised');
  await overlay.getByRole('button', { name: 'Minimise' }).click();
  await expect(overlay).toHaveAttribute('data-view', 'minimised');
  await overlay.getByRole('button', { name: 'Close browser' }).click();
  await expect(overlay).toHaveCount(0);

  // The app loaded the task module of spec 000 §7 to keep these tasks.
  const loaded = await page.evaluate(() =>
    performance
      .getEntriesByType('resource')
      .some((entry) => entry.name.endsWith('/hydra/task_tabs.js')),
  );
  expect(loaded).toBe(true);

  await page.setViewportSize(DESKTOP);
  await page.goto('/browser-bubble-settings');
  await page.getByRole('switch', { name: 'Floating browser bubble' }).click();
  await page.goto('/');
  await expect(attachButton()).toBeVisible();
  await expect(page.getByTestId('browser-bubble')).toHaveCount(0);
});

test('/hydra/task_tabs.js is served as JavaScript; a missing file beside it is a 404', async () => {
  const module = await context.request.get('/hydra/task_tabs.js');
  expect(module.status()).toBe(200);
  expect(module.headers()['content-type']).toContain('javascript');
  expect(await module.text()).toContain('export function createTaskTabs');
  const missing = await context.request.get('/hydra/no-such-module.js');
  expect(missing.status()).toBe(404);
  expect(missing.headers()['content-type']).not.toContain('text/html');
});
