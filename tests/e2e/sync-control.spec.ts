// Issue 18, sync control, against the built app and a real server: the owner opens /sync-control, sees
// the daemon Active and Idle with no sync yet, triggers a bloom sync, sees Syncing with the triggers
// disabled, then Idle with the run in the sync log; the page logs no console error on the way.
import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { openChat } from './support/chat';
import { watchPageErrors } from './support/page-errors';
import { startServer, type KiriServer } from './support/server';

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

test('trigger a bloom sync and see Syncing, then Idle', async () => {
  await test.step('the screen shows the daemon Active, Idle, and no sync yet', async () => {
    await page.goto('/sync-control');
    await expect(page.getByRole('heading', { name: 'Sync Control', level: 1 })).toBeVisible();
    await expect(page.getByTestId('sync-daemon')).toHaveText('Active');
    await expect(page.getByTestId('sync-state')).toHaveText('Idle');
    await expect(page.getByTestId('sync-last')).toHaveText('Never');
    await expect(page.getByText('No sync has run yet.')).toBeVisible();
  });

  const bloom = page.getByRole('button', { name: 'Trigger Bloom Sync' });
  const manual = page.getByRole('button', { name: 'Manual Trigger' });
  await test.step('Trigger Bloom Sync: Syncing, both triggers disabled', async () => {
    await bloom.click();
    await expect(page.getByTestId('sync-state')).toHaveText('Syncing');
    await expect(bloom).toBeDisabled();
    await expect(manual).toBeDisabled();
  });

  await test.step('the next poll: Idle, the run in the log, the triggers back', async () => {
    await expect(page.getByTestId('sync-state')).toHaveText('Idle', { timeout: 10_000 });
    const run = page.getByTestId('sync-run').first();
    await expect(run).toContainText('Bloom Sync · completed');
    await expect(run).toContainText('Memory consolidation (last 24 hours)');
    await expect(page.getByTestId('sync-last')).not.toHaveText('Never');
    await expect(bloom).toBeEnabled();
  });

  expect(consoleErrors).toEqual([]);
});
