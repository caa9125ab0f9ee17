// Issue 18 point 2 against the built app and a real server: the owner adds a watched file with auto-fix
// content on /scanbot-control, a scan writes it, the file is deleted on disk (the server's DATA_DIR/scanbot),
// the list says 'Missing', Manual Scan restores it and the activity log says so; no console error.
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { openChat } from './support/chat';
import { startServer, type KiriServer } from './support/server';
import { watchPageErrors } from './support/page-errors';

let server: KiriServer;
let context: BrowserContext;
let page: Page;
let consoleErrors: string[] = [];

test.beforeAll(async ({ browser }) => {
  test.setTimeout(120_000);
  server = await startServer();
  context = await browser.newContext({ baseURL: server.url });
  page = await context.newPage();
  consoleErrors = watchPageErrors(page);
  await openChat(page, 'Mira');
});

test.afterAll(async () => {
  await context?.close();
  await server?.dispose();
});

const CONTENT = '{ "theme": "dark" }';

test('add a watched file with auto-fix content, delete it on disk, scan, see it restored', async () => {
  test.setTimeout(60_000);
  const file = join(server.dataDir, 'scanbot', 'config.json');
  await page.goto('/scanbot-control');
  await expect(page.getByRole('heading', { level: 1, name: 'ScanBot Auto-Repair' })).toBeVisible();
  await expect(page.getByTestId('scan-state')).toHaveText('Idle');
  await expect(page.getByText('No activity logs yet')).toBeVisible();
  await expect(page.getByText('10 min')).toBeVisible();

  await test.step('add the file: the button waits for a name', async () => {
    const form = page.getByRole('form', { name: 'Add Watched File' });
    const add = form.getByRole('button', { name: 'Add File' });
    await expect(add).toBeDisabled();
    await form.getByLabel('Filename').fill('config.json');
    await form.getByLabel('Auto-Fix Content').fill(CONTENT);
    await expect(add).toBeEnabled();
    await add.click();
    const list = page.getByRole('region', { name: 'Watched Files' });
    await expect(list.getByText('config.json')).toBeVisible();
    await expect(list.getByText('Missing')).toBeVisible();
    await expect(page.getByText('1 auto-fix available')).toBeVisible();
  });

  await test.step('a scan writes it', async () => {
    await page.getByRole('button', { name: 'Manual Scan' }).click();
    const list = page.getByRole('region', { name: 'Watched Files' });
    await expect(list.getByRole('img', { name: 'Present' })).toBeVisible();
    expect(readFileSync(file, 'utf8')).toBe(CONTENT);
  });

  await test.step('deleted on disk: Missing; Manual Scan restores it and the log says so', async () => {
    rmSync(file);
    const list = page.getByRole('region', { name: 'Watched Files' });
    // The status is read every 3 s.
    await expect(list.getByText('Missing')).toBeVisible();
    await page.getByRole('button', { name: 'Manual Scan' }).click();
    await expect(list.getByRole('img', { name: 'Present' })).toBeVisible();
    expect(existsSync(file) && readFileSync(file, 'utf8')).toBe(CONTENT);
    const log = page.getByRole('region', { name: 'Activity Log' }).getByRole('listitem');
    await expect(log.first()).toContainText('Manual scan: 1 file checked, 1 restored');
    await expect(log.nth(1)).toContainText('Restored config.json from its auto-fix content');
  });
  expect(consoleErrors).toEqual([]);
});
