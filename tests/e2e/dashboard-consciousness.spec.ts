// The consciousness stream page against the built app and a real server (issue 15 point 1,
// docs/consciousness.md): at a phone viewport and at desktop it shows the server's live values; 'Update
// Now' collects at once and Data Points grows by what the server added (the owner's conversation, then
// the sun, moon and season once a place is saved in the settings form); no console error on the way.
import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { openChat, sendMessage, serverLog } from './support/chat';
import { startServer, type KiriServer } from './support/server';
import { watchPageErrors } from './support/page-errors';

let server: KiriServer;
let context: BrowserContext;
let page: Page;
let consoleErrors: string[] = [];

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 900 };

interface Status {
  isStreaming: boolean;
  dataPointsCollected: number;
  updateInterval: number;
}

async function serverStatus(p: Page): Promise<Status> {
  const response = await p.context().request.get('/api/consciousness/status');
  expect(response.status()).toBe(200);
  return (await response.json()) as Status;
}

test.beforeAll(async ({ browser }) => {
  test.setTimeout(120_000);
  server = await startServer();
  context = await browser.newContext({ baseURL: server.url, viewport: PHONE });
  page = await context.newPage();
  consoleErrors = watchPageErrors(page);
  await openChat(page, 'Mira');
});

test.afterAll(async () => {
  await context?.close();
  await server?.dispose();
});

test('phone and desktop show the live stream; Update Now grows Data Points; no console error', async () => {
  test.setTimeout(120_000);
  const said = 'I had a wonderful day at the beach with my friends, I feel so happy';
  await sendMessage(page, said);
  await expect.poll(async () => (await serverLog(page)).some((e) => e.message === said)).toBe(true);

  // Phone: the page answers from the server.
  await page.goto('/consciousness');
  await expect(
    page.getByRole('heading', { level: 1, name: "Kiri's Consciousness Stream" }),
  ).toBeVisible();
  await expect(page.getByRole('link', { name: 'Back to Main' })).toBeVisible();
  const before = await serverStatus(page);
  expect(before.isStreaming).toBe(true);
  await expect(page.getByTestId('stream-state')).toHaveText('Active');
  await expect(page.getByTestId('stream-data-points')).toHaveText(
    String(before.dataPointsCollected),
  );
  await expect(page.getByTestId('stream-interval')).toHaveText('1');
  const list = page.getByTestId('stream-list');
  await expect(list).toHaveCSS('height', '500px');
  if (before.dataPointsCollected === 0) {
    await expect(list).toContainText('No consciousness stream data available yet');
  }

  // Update Now: the owner's happy message becomes a sentiment entry, and the count follows the server.
  await page.getByRole('button', { name: 'Update Now' }).click();
  await expect
    .poll(async () => (await serverStatus(page)).dataPointsCollected)
    .toBe(before.dataPointsCollected + 1);
  await expect(page.getByTestId('stream-data-points')).toHaveText(
    String(before.dataPointsCollected + 1),
  );
  const sentiment = list.locator('[data-testid="stream-entry"][data-type="sentiment"]').first();
  await expect(sentiment).toContainText("Mira's feelings over the last day read");
  await expect(sentiment).toContainText(/Emotional intensity: \d+%/);
  await expect(sentiment.getByTestId('entry-significance')).toHaveAttribute(
    'data-colour',
    /red|yellow|green/,
  );
  await expect(page.getByTestId('stream-insight-count')).not.toHaveText('0');
  // Phone: the four cards stand two by two.
  const cardTop = async (id: string) => (await page.getByTestId(id).boundingBox())!.y;
  expect(await cardTop('stream-insight-count')).toBeGreaterThan(
    await cardTop('stream-last-update'),
  );

  // Desktop: the same values, the four cards in one row; a place saved in the settings form brings
  // the sun, the moon and the season on the next Update Now.
  await page.setViewportSize(DESKTOP);
  await page.reload();
  const now = await serverStatus(page);
  await expect(page.getByTestId('stream-data-points')).toHaveText(String(now.dataPointsCollected));
  expect(
    Math.abs((await cardTop('stream-insight-count')) - (await cardTop('stream-last-update'))),
  ).toBeLessThan(2);
  await page.getByText('Stream Settings').click();
  const form = page.getByTestId('stream-settings');
  await form.getByLabel('Place name', { exact: true }).fill('Singapore');
  await form.getByLabel('Latitude', { exact: true }).fill('1.35');
  await form.getByLabel('Longitude', { exact: true }).fill('103.82');
  await form.getByRole('button', { name: 'Save settings' }).click();
  await expect(page.getByText('Settings saved', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Update Now' }).click();
  await expect(page.getByTestId('stream-data-points')).toHaveText(
    String(now.dataPointsCollected + 3),
  );
  await expect(list.locator('[data-type="cosmic"]')).toHaveCount(3);
  await expect(list).toContainText(/In Singapore the sun rises at \d\d:\d\d/);
  await expect(page.getByTestId('stream-sources')).toContainText(
    'cultural: not configured (No country set)',
  );

  expect(consoleErrors).toEqual([]);
});
