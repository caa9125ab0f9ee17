// Issue 17 against the built app and a real server: an admin opens /console, runs a snippet in the
// sandbox and sees its output, asks Kiri a question and sees her answer in the log, uploads a .ts file,
// previews it and processes it, with no console error on the way.
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

const TS_FILE = [
  "import { join } from 'node:path';",
  'export function greet(name: string): string {',
  '  return join("hello", name);',
  '}',
  '',
].join('\n');

test('run code, ask Kiri, upload a .ts file, preview it and process it', async () => {
  test.setTimeout(90_000);
  await page.goto('/console');
  await expect(page.getByRole('heading', { level: 1, name: 'Advanced Console' })).toBeVisible();
  await expect(page.getByTestId('engine-badge')).toHaveText('Active');

  const input = page.getByRole('textbox', { name: 'Console input' });
  const log = page.getByTestId('console-log');
  await input.fill('const x = 6 * 7; console.log(x)');
  await input.press('Enter');
  // The output line's text is the sandbox's output: 42, nothing else.
  await expect(log.locator('[data-type="output"] pre')).toHaveText(/^\s*42\s*$/, {
    timeout: 30_000,
  });
  await input.fill('How are you today?');
  await input.press('Enter');
  await expect(log.locator('[data-type="input"]', { hasText: 'How are you today?' })).toBeVisible();
  // Kiri's answer, whatever she says, is a 'kiri' line of the log.
  await expect(log.locator('[data-type="kiri"]')).toHaveCount(1, { timeout: 30_000 });
  await expect(log.locator('[data-type="error"]')).toHaveCount(0);

  await page.getByTestId('console-file-input').setInputFiles({
    name: 'greet.ts',
    mimeType: 'text/plain',
    buffer: Buffer.from(TS_FILE),
  });
  const row = page.getByTestId('console-file').filter({ hasText: 'greet.ts' });
  await expect(row).toBeVisible();
  await expect(row.getByText(`${(Buffer.byteLength(TS_FILE) / 1024).toFixed(1)} KB`)).toBeVisible();
  await expect(row.getByLabel('Preview of greet.ts')).toContainText('export function greet');

  await row.getByRole('button', { name: 'Process with Hydra' }).click();
  await expect(
    log.getByText('greet.ts: 4 lines, 1 function, 1 import; no syntax errors'),
  ).toBeVisible();

  // The log is kept on the device: a reload shows the same lines.
  await page.reload();
  await expect(page.getByTestId('console-log').locator('[data-type="kiri"]')).toHaveCount(1);
  await expect(page.getByTestId('console-file').filter({ hasText: 'greet.ts' })).toBeVisible();
  expect(consoleErrors).toEqual([]);
});
