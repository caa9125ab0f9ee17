// Issue 20 item 4, the memory dashboard, against the built app and a real server, at the iPhone's
// 390×844: the owner opens /memory-dashboard and sees the stats, adds a memory (importance with its band,
// 'Memory Added', the total and its type's count go up, the context carries it), downloads the compiled
// memory file and finds the memory in it, then opens the /memory and /settings/memory-logs aliases; the
// page logs no console error on the way.
import { readFile } from 'node:fs/promises';
import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { openChat } from './support/chat';
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
    acceptDownloads: true,
  });
  page = await context.newPage();
  consoleErrors = watchPageErrors(page);
  await openChat(page, 'Mira');
});

test.afterAll(async () => {
  await context?.close();
  await server?.dispose();
});

const MEMORY = 'Mira takes her coffee black, no sugar';

test('add a memory, see the stats move, download the compiled file, open the aliases', async () => {
  test.setTimeout(90_000);

  await test.step('the dashboard shows the stats: no memory yet, never optimized', async () => {
    await page.goto('/memory-dashboard');
    await expect(
      page.getByRole('heading', { name: 'Memory Threading Dashboard', level: 1 }),
    ).toBeVisible();
    await expect(page.getByTestId('memory-total')).toHaveText('0');
    await expect(page.getByTestId('memory-type-preference')).toHaveText('0');
    await expect(page.getByTestId('memory-last-optimization')).toHaveText('Never');
    await expect(page.getByTestId('memory-greeting')).toContainText('Once a day');
    await expect(page.getByTestId('memory-context')).toHaveText(
      'The owner has not asked you to remember anything yet.',
    );
  });

  await test.step("adding a preference of importance 8: 'Memory Added', the counts go up", async () => {
    await page.getByLabel('Memory', { exact: true }).fill(MEMORY);
    await page.getByLabel('Type', { exact: true }).selectOption('preference');
    const slider = page.getByLabel('Importance', { exact: true });
    await slider.focus();
    for (let i = 0; i < 3; i += 1) await slider.press('ArrowRight');
    await expect(page.getByTestId('memory-importance-band')).toHaveText('8 · High (7-8)');
    await page.getByLabel('Tags', { exact: true }).fill('coffee, morning');
    await page.getByRole('button', { name: 'Add Memory' }).click();

    await expect(page.getByText('Memory Added', { exact: true })).toBeVisible();
    await expect(page.getByTestId('memory-total')).toHaveText('1');
    await expect(page.getByTestId('memory-type-preference')).toHaveText('1');
    await expect(page.getByTestId('memory-users')).toHaveText('1');
    await expect(page.getByTestId('memory-context')).toContainText(MEMORY);
    await expect(page.getByLabel('Memory', { exact: true })).toHaveValue('');
  });

  await test.step('the compiled memory file downloads, and the memory is in it', async () => {
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download compiled memory' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('compiled-memory.md');
    const text = await readFile(await download.path(), 'utf8');
    expect(text).toContain("# Kiri's compiled memory");
    expect(text).toContain('## Preference (1)');
    expect(text).toContain(`### High (7-8)\n\n- ${MEMORY}`);
    expect(text).toContain('  - Tags: coffee, morning');
    await expect(page.getByText('Failed to download memory files')).toHaveCount(0);
  });

  await test.step('/memory and /settings/memory-logs are the same dashboard', async () => {
    for (const path of ['/memory', '/settings/memory-logs']) {
      await page.goto(path);
      await expect(
        page.getByRole('heading', { name: 'Memory Threading Dashboard', level: 1 }),
      ).toBeVisible();
      await expect(page.getByTestId('memory-total')).toHaveText('1');
      await expect(page.getByTestId('memory-type-preference')).toHaveText('1');
    }
  });

  expect(consoleErrors).toEqual([]);
});
