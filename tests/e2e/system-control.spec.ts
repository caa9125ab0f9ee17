// Issue 16 point 5 against the built app and a real server: the owner opens /console, picks System Status,
// runs the snapshot task, sees it completed and the snapshot listed, adds a memory, rolls back to the
// snapshot from the panel, and the memory is gone; the page logs no console error on the way.
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

async function memoryTexts(): Promise<string[]> {
  const answer = (await (await page.request.get('/api/memories')).json()) as {
    nodes: { content: string }[];
  };
  return answer.nodes.map((node) => node.content);
}

test('run a snapshot task, add a memory, roll back to the snapshot from the panel', async () => {
  test.setTimeout(90_000);
  await page.goto('/console');
  await page.getByRole('button', { name: 'System Status' }).click();
  const panel = page.getByRole('region', { name: 'Admin System Control Panel' });
  await expect(panel.getByText('Hydra Enabled')).toBeVisible();
  await expect(panel.getByText('No snapshots available')).toBeVisible();

  await panel.getByLabel('System Modification Command').fill('snapshot');
  await panel.getByLabel('Parameters (JSON)').fill('{"description": "Before the lighthouse"}');
  await panel.getByRole('button', { name: 'Execute' }).click();
  await expect(page.getByText('Task Enqueued', { exact: true })).toBeVisible();
  await expect(panel.getByLabel('System Modification Command')).toHaveValue('');

  const task = panel.getByTestId('task').filter({ hasText: 'snapshot' });
  await expect(task.getByText('completed')).toBeVisible({ timeout: 15_000 });
  const snapshot = panel.getByTestId('snapshot').filter({ hasText: 'Before the lighthouse' });
  await expect(snapshot).toBeVisible({ timeout: 15_000 });
  await expect(panel.getByTestId('count-snapshots')).toHaveText('1');

  const created = await page.request.post('/api/memory-lattice/create', {
    data: {
      content: 'Mira painted the lighthouse at dawn',
      contextType: 'conversation',
      source: 'user',
      ownerOnly: false,
    },
  });
  expect(created.status()).toBe(201);
  expect(await memoryTexts()).toContain('Mira painted the lighthouse at dawn');

  await snapshot.getByRole('button', { name: 'Rollback' }).click();
  await expect(page.getByText('Rollback Complete', { exact: true })).toBeVisible();
  await expect(page.getByText('System rolled back successfully', { exact: true })).toBeVisible();
  expect(await memoryTexts()).not.toContain('Mira painted the lighthouse at dawn');
  // The safety snapshot taken before the rollback is listed too.
  await expect(panel.getByTestId('count-snapshots')).toHaveText('2', { timeout: 10_000 });
  // Still logged in: a rollback never takes back sessions.
  expect((await page.request.get('/api/hydra/status')).status()).toBe(200);
  expect(consoleErrors).toEqual([]);
});
