// The settings health pages' main journey in WebKitGTK (issue 20): System Health shows the server's
// uptime and this device's outbox (and says plainly what WebKit's Storage API does not give); a request
// that fails through the app's request helper is kept in the device's error ring (idb-keyval in WebKit's
// IndexedDB) and listed on Error Logs after a page load; Performance lists the navigation timing and the
// server's request timings by route pattern.
import { test } from 'vitest';
import { webkitSession } from './support/session';
import { openChat } from './support/kiri';

const session = webkitSession();

const testId = (id: string) => `[data-testid=${JSON.stringify(id)}]`;

/** The element's text as shown, its white space collapsed (as Playwright's toHaveText reads it): a value
 * that wraps at a narrow width comes back from WebDriver with a line break between its words. */
async function textOf(selector: string): Promise<string> {
  return (await (await session.page.waitForVisible(selector)).getText())
    .replace(/\s+/g, ' ')
    .trim();
}

async function waitForMatch(selector: string, pattern: RegExp): Promise<void> {
  await session.page.waitFor(async () => pattern.test(await textOf(selector)), {
    message: () => `${selector} to match ${pattern}`,
  });
}

test('system health, a recorded error and the timings in WebKit', async () => {
  await openChat(session.page, 'Mira');

  await session.page.goto('/settings/system-health');
  await waitForMatch(testId('health-uptime'), /^\d+(s|m \d{2}s)$/);
  await waitForMatch(testId('health-stores'), /auth\.json/);
  await waitForMatch(testId('health-outbox'), /^Nothing waiting$/);
  // WebKitGTK may lack the Storage API: then the page says so, it does not make up a figure.
  await waitForMatch(testId('health-persistent'), /^(Granted|Not granted|Not available)$/);

  // A failed request through the app's request helper: the error-test page's 500.
  await session.page.goto('/error-test');
  await session.page.click(
    `//*[@data-testid='error-case-status-500']//button[normalize-space()='Run']`,
  );
  await waitForMatch(
    `//*[@data-testid='error-case-status-500']//*[@data-testid='classified-type']`,
    /^server$/,
  );

  await session.page.goto('/settings/error-logs');
  await waitForMatch(testId('device-error'), /GET \/api\/error-test\/status\/500/);
  await waitForMatch(testId('server-error'), /GET \/api\/error-test\/status\/:status/);

  await session.page.goto('/settings/performance');
  await waitForMatch(testId('timing-ttfb'), /^\d+(\.\d+)? (ms|s)$/);
  await session.page.waitFor(
    async () =>
      (await session.page.visible(testId('route-timing'))).length > 0 &&
      /GET \/api\/system-health/.test(await session.page.text()),
    { message: "the server's request timings" },
  );
});
