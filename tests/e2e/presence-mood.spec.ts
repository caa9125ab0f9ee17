// Issue 18 point 3 against the built app and a real server: the owner opens /presence, sees the engine's
// state, sets a target mood, ticks by hand, and the drift history grows with the new mood; a failed read
// shows 'Failed to fetch presence state' with Retry, which brings the state back.
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

test('set a target mood, tick, see the drift history grow', async () => {
  const drift = page.getByRole('list', { name: 'Drift history' }).getByRole('listitem');

  await test.step('the monitor shows the engine state', async () => {
    await page.goto('/presence');
    await expect(page.getByRole('heading', { name: 'Mood Engine Monitor' })).toBeVisible();
    await expect(page.getByTestId('presence-mood')).toHaveText('Neutral');
    await expect(page.getByTestId('presence-version')).toHaveText('1.0.0');
    // The server's engine ticked once when it started.
    await expect(drift.first()).toBeVisible();
  });

  await test.step('set Hopeful as the target, tick by hand', async () => {
    const before = await drift.count();
    await page.getByLabel('Choose a target mood').selectOption('hopeful');
    await page.getByRole('button', { name: 'Set Target' }).click();
    await expect(page.getByTestId('presence-target')).toHaveText('Hopeful');
    await page.getByRole('button', { name: 'Manual Tick' }).click();
    await expect(page.getByTestId('presence-mood')).toHaveText('Hopeful');
    await expect(drift.first()).toContainText('Hopeful → target Hopeful');
    expect(await drift.count()).toBeGreaterThan(before);
    const activity = page.getByRole('list', { name: 'Recent activity' });
    await expect(activity.getByRole('listitem').first()).toContainText(
      'Manual tick: neutral → hopeful, target reached',
    );
    expect(consoleErrors).toEqual([]);
  });

  await test.step('a failed read says so, and Retry brings the state back', async () => {
    await page.route('**/api/presence/state', (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: '{"success":false}' }),
    );
    await page.reload();
    await expect(page.getByText('Failed to fetch presence state')).toBeVisible();
    await page.unroute('**/api/presence/state');
    await page.getByRole('button', { name: 'Retry' }).click();
    await expect(page.getByText('Failed to fetch presence state')).toBeHidden();
    await expect(page.getByTestId('presence-target')).toHaveText('Hopeful');
  });
});
