// Issue 16 point 2 against the built app and a real server whose watch folder is a temp folder (its
// MIRROR_WATCH_FOLDER): the owner starts the bridge, an export dropped into the folder shows in the logs
// (polled every 10 s while shown), and the page logs no console error on the way.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { openChat } from './support/chat';
import { startServer, type KiriServer } from './support/server';
import { watchPageErrors } from './support/page-errors';

let server: KiriServer;
let context: BrowserContext;
let page: Page;
let folder: string;
let consoleErrors: string[] = [];

test.beforeAll(async ({ browser }) => {
  test.setTimeout(120_000);
  folder = mkdtempSync(join(tmpdir(), 'kiri-e2e-watch-'));
  server = await startServer({ env: { MIRROR_WATCH_FOLDER: folder } });
  context = await browser.newContext({ baseURL: server.url });
  page = await context.newPage();
  consoleErrors = watchPageErrors(page);
  await openChat(page, 'Mira');
});

test.afterAll(async () => {
  await context?.close();
  await server?.dispose();
  rmSync(folder, { recursive: true, force: true });
});

test('start the bridge, drop an export into the watch folder, see it in the logs', async () => {
  test.setTimeout(90_000);
  await page.goto('/mirror-bridge');
  await expect(page.getByRole('heading', { level: 1, name: 'Mirror Bridge' })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Mirror Bridge' })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  await expect(page.getByText('Stopped')).toBeVisible();
  await expect(page.getByText(folder)).toBeVisible();
  await expect(page.getByText('Not configured')).toBeVisible();

  await page.getByRole('button', { name: 'Show Logs' }).click();
  const logs = page.getByRole('region', { name: 'Logs' });
  await expect(logs.getByText('No messages synced yet')).toBeVisible();
  await expect(logs.getByText('Never')).toBeVisible();

  await page.getByRole('button', { name: 'Start Auto-Sync' }).click();
  await expect(page.getByText('Running')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Stop Auto-Sync' })).toBeVisible();

  writeFileSync(
    join(folder, 'desk-chat.txt'),
    '[2026-01-14 09:00] Mira: I finally finished the painting, so happy!\n' +
      '[2026-01-14 09:01] Kiri: I would love to see it.\n',
  );
  // The logs are read every 10 s while shown: the import lands within a poll or two.
  await expect(logs.getByText('I finally finished the painting, so happy!')).toBeVisible({
    timeout: 30_000,
  });
  await expect(logs.getByTestId('total-messages')).toHaveText('2');
  await expect(logs.getByText('Never')).toHaveCount(0);
  await expect(logs.getByText('joyful')).toBeVisible();

  // In the owner's conversation as history: marked imported, and no reply was made to it.
  const conversation = (await (await page.request.get('/api/conversations')).json()) as {
    message: string;
    imported?: boolean;
  }[];
  expect(conversation.filter((entry) => entry.imported).map((entry) => entry.message)).toEqual([
    'I finally finished the painting, so happy!',
    'I would love to see it.',
  ]);
  expect(consoleErrors).toEqual([]);
});
