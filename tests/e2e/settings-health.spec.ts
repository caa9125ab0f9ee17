// Issue 20 item 6, the settings pages System Health, Error Logs and Performance, against the built app
// and a real server at the iPhone's size: the owner opens System Health from the settings sidebar and
// sees the server's uptime, store files and last snapshot and this device's outbox; makes the server
// fail once on purpose (the error-test page's 500, through the request helper) and finds it on Error
// Logs twice, as this device recorded it and as the server did; then sees this page load's timings and
// the server's request timings on Performance. No console error on the way but the one provoked.
// Offline at last, the page keeps the server's last figures under the offline notice.
import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { waitForServiceWorker } from './support/app';
import { openChat } from './support/chat';
import { watchPageErrors } from './support/page-errors';
import { startServer, type KiriServer } from './support/server';

test.use({ viewport: { width: 390, height: 844 } });

let server: KiriServer;
let context: BrowserContext;
let page: Page;
let consoleErrors: string[] = [];

const FORCED_500 = '/api/error-test/status/500';
const FORCED_500_PATTERN = 'GET /api/error-test/status/:status{[0-9]{3}}';

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

/** Whether the app's persisted query cache (IndexedDB, src/lib/query-client.ts) holds `url`'s answer. */
function persistedCacheHas(p: Page, url: string): Promise<boolean> {
  return p.evaluate(
    (wanted) =>
      new Promise<boolean>((resolve) => {
        const open = indexedDB.open('kiri-query-cache');
        open.onerror = () => resolve(false);
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains('cache')) return resolve(false);
          const get = db.transaction('cache').objectStore('cache').get('kiri-query-cache');
          get.onerror = () => resolve(false);
          get.onsuccess = () =>
            resolve(typeof get.result === 'string' && get.result.includes(`"${wanted}"`));
        };
      }),
    url,
  );
}

/** The console's lines about the one failure this journey provokes, and nothing else. */
function isTheForced500(line: string): boolean {
  return (
    // Chromium's own line for a 500 answer of a fetch.
    line ===
      'Failed to load resource: the server responded with a status of 500 (Internal Server Error)' ||
    // watchPageErrors' line for the answer itself.
    line.startsWith(`500 GET ${server.url}${FORCED_500}:`)
  );
}

test('system health, a recorded error on both sides, and the timings', async () => {
  test.setTimeout(90_000);

  await test.step('System Health from the settings sidebar: uptime, stores, snapshot, outbox', async () => {
    await page.getByRole('button', { name: 'Open settings' }).click();
    const sidebar = page.getByRole('navigation', { name: 'Settings sidebar' });
    await sidebar.getByRole('link', { name: /System Health/ }).click();
    await expect(page).toHaveURL(/\/settings\/system-health$/);
    await expect(page.getByRole('heading', { name: 'System Health', level: 1 })).toBeVisible();
    await expect(page.getByTestId('health-uptime')).toHaveText(/^\d+(s|m \d{2}s)$/);
    await expect(page.getByTestId('health-rss')).toHaveText(/^\d+(\.\d)? MB$/);
    await expect(page.getByTestId('health-stores')).toContainText('auth.json');
    await expect(page.getByTestId('health-stores')).toContainText('conversations.json');
    await expect(page.getByTestId('health-snapshot')).toHaveText('None yet');
    await expect(page.getByTestId('health-outbox')).toHaveText('Nothing waiting');
    // Chromium has the Storage API: a real answer, not 'Checking…'.
    await expect(page.getByTestId('health-estimate')).toContainText(' of ');
    await expect(page.getByTestId('health-persistent')).not.toHaveText('Checking…');
  });

  await test.step("the error-test page's 500, through the request helper", async () => {
    await page.goto('/error-test');
    const forced = page.getByTestId('error-case-status-500');
    await forced.getByRole('button', { name: 'Run' }).click();
    await expect(forced.getByTestId('classified-type')).toHaveText('server');
  });

  await test.step('Error Logs: on this device and on the server', async () => {
    await page.goto('/settings/error-logs');
    await expect(page.getByRole('heading', { name: 'Error Logs', level: 1 })).toBeVisible();
    const device = page.getByRole('list', { name: 'On this device' });
    const recorded = device.getByTestId('device-error').filter({ hasText: FORCED_500 });
    await expect(recorded).toHaveCount(1);
    await expect(recorded).toContainText('500');
    await expect(recorded).toContainText('Error test: status 500 on request');

    const onServer = page.getByRole('list', { name: 'On the server' });
    const logged = onServer.getByTestId('server-error').filter({ hasText: FORCED_500_PATTERN });
    await expect(logged).toHaveCount(1);
    await expect(logged).toContainText('Error test: status 500 on request');
  });

  await test.step('Performance: this page load and the server request timings', async () => {
    await page.goto('/settings/performance');
    await expect(page.getByRole('heading', { name: 'Performance', level: 1 })).toBeVisible();
    await expect(page.getByTestId('timing-ttfb')).toHaveText(/^\d+(\.\d+)? (ms|s)$/);
    await expect(page.getByTestId('timing-dcl')).toHaveText(/^\d+(\.\d+)? (ms|s)$/);
    await expect(page.getByTestId('timing-kiri:first-screen-painted')).toHaveText(
      /^\d+(\.\d+)? (ms|s)$/,
    );
    const routes = page.getByTestId('route-timing');
    await expect(routes.filter({ hasText: FORCED_500_PATTERN })).toHaveCount(1);
    await expect(routes.filter({ hasText: 'GET /api/system-health' }).first()).toBeVisible();
    // Route patterns only: no raw path of the forced call.
    await expect(page.getByText(FORCED_500, { exact: true })).toHaveCount(0);
  });

  expect(consoleErrors.filter((line) => !isTheForced500(line))).toEqual([]);

  await test.step("offline: the server's last figures under the notice, the device's still live", async () => {
    await page.goto('/settings/system-health');
    await expect(page.getByTestId('health-uptime')).toBeVisible();
    await waitForServiceWorker(page);
    // The app's persisted cache holds the figures just read (it writes at most once a second).
    await expect
      .poll(() => persistedCacheHas(page, '/api/system-health'), { timeout: 10_000 })
      .toBe(true);
    await context.setOffline(true);
    await page.reload();
    await expect(page.getByText('The server cannot be reached')).toBeVisible({ timeout: 15_000 });
    await expect(page.getByText(/Showing the server's figures from/)).toBeVisible();
    await expect(page.getByTestId('health-uptime')).toHaveText(/^\d+(s|m \d{2}s)$/);
    await expect(page.getByTestId('health-outbox')).toHaveText('Nothing waiting');
    await context.setOffline(false);
  });
});

test('a request cut off by a reload is no error of the device', async () => {
  test.setTimeout(60_000);
  // The chat's read of Kiri's state is held unanswered, then the owner reloads: the browser cuts the
  // request off (net::ERR_ABORTED), as it would any request still under way when a page goes away.
  let heldRequestSeen!: () => void;
  const held = new Promise<void>((resolve) => (heldRequestSeen = resolve));
  await context.route('**/api/kiri/state', () => heldRequestSeen());
  try {
    await page.goto('/');
    await held;
    await page.reload();
  } finally {
    await context.unroute('**/api/kiri/state');
  }
  await page.goto('/settings/error-logs');
  const device = page.getByRole('list', { name: 'On this device' });
  // The forced 500 of the test before is there: the list has been read.
  await expect(device.getByTestId('device-error').filter({ hasText: FORCED_500 })).toHaveCount(1);
  await expect(
    device.getByTestId('device-error').filter({ hasText: '/api/kiri/state' }),
  ).toHaveCount(0);
});
