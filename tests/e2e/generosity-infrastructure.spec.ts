// Issue 20 items 2, 3 and 5 against the built app and a real server, at the owner's phone size: the
// owner says something sad in the chat, opens /generosity (Day 1, the message counted, its reply a
// moment of support), /infrastructure (HTTPS disabled over plain http on loopback, push pending with no
// subscription, no provider configured, this device's storage), the /metrics alias, and the task
// manager's info page at /hydra-tasks and /settings/hydra; no console error on the way.
import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { openChat, sendMessage, serverLog } from './support/chat';
import { watchPageErrors } from './support/page-errors';
import { startServer, type KiriServer } from './support/server';

test.use({ viewport: { width: 390, height: 844 } });

let server: KiriServer;
let context: BrowserContext;
let page: Page;
let consoleErrors: string[] = [];

test.beforeAll(async ({ browser }) => {
  test.setTimeout(120_000);
  server = await startServer();
  context = await browser.newContext({
    baseURL: server.url,
    viewport: { width: 390, height: 844 },
  });
  page = await context.newPage();
  consoleErrors = watchPageErrors(page);
  await openChat(page, 'Mira');
});

test.afterAll(async () => {
  await context?.close();
  await server?.dispose();
});

test('generosity counts a sad message, infrastructure tells the truth, the task manager is an info page', async () => {
  test.setTimeout(120_000);

  await test.step('a sad message in the chat, answered by Kiri', async () => {
    const id = await sendMessage(page, "I'm so sad today, I can't stop crying");
    await expect
      .poll(async () => (await serverLog(page)).some((entry) => entry.answersId === id), {
        message: "Kiri's reply to the sad message reaches the server's log",
        timeout: 20_000,
      })
      .toBe(true);
  });

  await test.step('/generosity: Day 1, the message counted, its reply a moment of support', async () => {
    await page.goto('/generosity');
    await expect(page.getByRole('heading', { name: 'Generosity Engine', level: 1 })).toBeVisible();
    await expect(page.getByTestId('generosity-stage')).toHaveText('Day 1');
    await expect(page.getByTestId('generosity-day')).toHaveText('Day 1');
    await expect(page.getByTestId('generosity-interactions')).toHaveText('1');
    await expect(page.getByTestId('generosity-support')).toHaveText('1');
    await expect(page.getByTestId('generosity-engine-state')).toHaveText('Active');
    await expect(page.getByText(/^Measured: the engine state, the stage/)).toBeVisible();
    await expect(
      page.getByRole('list', { name: 'The five stages' }).getByRole('listitem'),
    ).toHaveCount(5);
  });

  await test.step('/infrastructure: HTTPS disabled on plain loopback http, push pending, storage checked', async () => {
    await page.goto('/infrastructure');
    await expect(
      page.getByRole('heading', { name: 'Infrastructure Status', level: 1 }),
    ).toBeVisible();
    await expect(page.getByTestId('infra-status-https')).toHaveText('Disabled');
    await expect(page.getByTestId('infra-reason-https')).toContainText(
      'plain HTTP on a loopback address',
    );
    await expect(page.getByTestId('infra-status-push')).toHaveText('Pending');
    await expect(page.getByTestId('infra-reason-push')).toContainText(
      'no device has subscribed yet',
    );
    await expect(page.getByTestId('infra-status-providers')).toHaveText('Disabled');
    await expect(page.getByTestId('infra-reason-providers')).toContainText(
      "Kiri's local engine answers every message",
    );
    // Chromium answers navigator.storage.persisted(): granted or not, it is a real answer.
    await expect(page.getByTestId('infra-status-storage')).toHaveText(/^(Ready|Pending)$/);
    await expect(page.getByTestId('infra-status-backups')).toHaveText('Pending');
    await expect(page.getByTestId('infra-status-feeds')).toHaveText('Disabled');
    await expect(page.getByTestId('infra-status-encryption')).toHaveText('Disabled');
    const refresh = page.getByRole('button', { name: 'Refresh' });
    await refresh.click();
    await expect(refresh).toBeEnabled();
    await expect(page.getByTestId('infra-status-https')).toHaveText('Disabled');
  });

  await test.step('/metrics is the same screen', async () => {
    await page.goto('/metrics');
    await expect(
      page.getByRole('heading', { name: 'Infrastructure Status', level: 1 }),
    ).toBeVisible();
    await expect(page.getByTestId('infra-status-push')).toHaveText('Pending');
  });

  await test.step('/hydra-tasks and /settings/hydra: the disabled feature’s info page', async () => {
    for (const path of ['/hydra-tasks', '/settings/hydra']) {
      await page.goto(path);
      await expect(page.getByRole('heading', { name: 'Task Manager', level: 1 })).toBeVisible();
      await expect(page.getByTestId('task-manager-status')).toHaveText('Disabled');
      await expect(page.getByText(/\/hydra\/task_tabs\.js is served with the app/)).toBeVisible();
      await expect(page.getByRole('link', { name: 'Open the console' })).toHaveAttribute(
        'href',
        '/console',
      );
    }
  });

  expect(consoleErrors).toEqual([]);
});
