// Issue 15 point 4 against the built app and a real server: the system features page shows the server's
// live values at a phone viewport and at desktop, each tab switches, the quick links lead to their routes,
// and nothing is logged as an error. One server, one logged-in page for the file.
import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { openChat } from './support/chat';
import { startServer, type KiriServer } from './support/server';
import { watchPageErrors } from './support/page-errors';

let server: KiriServer;
let context: BrowserContext;
let page: Page;
let errors: string[] = [];

test.beforeAll(async ({ browser }) => {
  test.setTimeout(120_000);
  server = await startServer();
  context = await browser.newContext({ baseURL: server.url });
  page = await context.newPage();
  errors = watchPageErrors(page);
  await openChat(page, 'Mira');
});

test.afterAll(async () => {
  await context?.close();
  await server?.dispose();
});

interface TreeAnswer {
  total_systems: number;
  active_systems: number;
  consciousness_level: number;
}

const TABS = ['System Architecture', 'Manual Console', 'AI Integration', 'Real-time Status'];

test('the system features page: live values on phone and desktop, tabs, quick links, no console error', async () => {
  test.setTimeout(120_000);
  // The server's own answer, read with the page's session, is what the cards must show.
  const answer = (await (
    await context.request.get('/api/presence-system-tree/status')
  ).json()) as TreeAnswer;
  expect(answer.total_systems).toBeGreaterThan(10);

  for (const viewport of [
    { width: 390, height: 844 },
    { width: 1280, height: 800 },
  ]) {
    await page.setViewportSize(viewport);
    await page.goto('/system-features');
    await expect(page.getByRole('heading', { level: 1, name: 'System Features' })).toBeVisible();
    await expect(page.getByText('v2.0', { exact: true })).toBeVisible();
    await expect(page.getByLabel('Total Systems', { exact: true })).toHaveText(
      String(answer.total_systems),
    );
    await expect(page.getByLabel('Active Systems', { exact: true })).toHaveText(
      String(answer.active_systems),
    );
    await expect(page.getByLabel('Consciousness Level', { exact: true })).toHaveText(
      `${Math.round(answer.consciousness_level * 100)}%`,
    );
    await expect(page.getByLabel('Rollback Snapshots', { exact: true })).toHaveText(/^\d+$/);
    // The architecture tab: the page's own system, active now that its screen is built.
    const tree = page.getByRole('listitem', { name: 'Presence System Tree' });
    await expect(tree.getByText('Active', { exact: true })).toBeVisible();
    await expect(tree.getByText('GET /api/presence-system-tree/status')).toBeVisible();
    // Nothing is wider than the screen (the phone must not scroll sideways).
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
  }

  // Each tab switches and shows its part.
  for (const name of TABS) {
    await page.getByRole('tab', { name }).click();
    await expect(page.getByRole('tab', { name })).toHaveAttribute('aria-selected', 'true');
  }
  // The console is built (issue 17): its run count is a measurement, with no 'not built' beside it.
  await page.getByRole('tab', { name: 'Manual Console' }).click();
  await expect(page.getByRole('term').filter({ hasText: 'Recent Executions' })).toBeVisible();
  await expect(page.getByText('The manual console is not built yet')).toHaveCount(0);
  await expect(page.getByText('10 MB')).toBeVisible();
  await page.getByRole('tab', { name: 'AI Integration' }).click();
  await expect(
    page
      .getByRole('definition')
      .filter({ hasText: /^local$/ })
      .first(),
  ).toBeVisible();
  await page.getByRole('tab', { name: 'Real-time Status' }).click();
  for (const call of ['Presence System Tree', 'Manual Console', 'Fallback System', 'Mirror Sync']) {
    await expect(
      page.getByRole('listitem', { name: call }).getByText('Live', { exact: true }),
    ).toBeVisible();
  }
  // The fallback's 5 s poll moves its last update: the page reads the server again by itself.
  await expect(page.getByTestId('updated-fallback')).toHaveText(/^[3-9] s ago$/, {
    timeout: 15_000,
  });
  await expect(page.getByTestId('updated-fallback')).toHaveText(/^[0-2] s ago$/, {
    timeout: 15_000,
  });

  // The quick links lead to their routes.
  for (const [label, path] of [
    ['Core Systems', '/core-systems'],
    ['Hybrid Dashboard', '/hybrid-dashboard'],
    ['Mirror Bridge', '/mirror-bridge'],
    ['Consciousness Stream', '/consciousness'],
  ] as const) {
    await page.goto('/system-features');
    await page.getByRole('link', { name: label, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`${path}$`));
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  }
  await page.goto('/system-features');
  await page.getByRole('link', { name: 'Back to Chat' }).click();
  await expect(page).toHaveURL(/\/$/);

  expect(errors).toEqual([]);
});
