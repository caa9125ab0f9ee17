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

test('system health, a recorded error and the timings in WebKit', async () => {
  await openChat(session.page, 'Mira');

  await session.page.goto('/settings/system-health');
  await session.page.waitForTextMatching(testId('health-uptime'), /^\d+(s|m \d{2}s)$/);
  await session.page.waitForTextMatching(testId('health-stores'), /auth\.json/);
  // Should something still wait, the failure says what (its kinds, age and retries are on the card).
  await session.page
    .waitForTextMatching(testId('health-outbox'), /^Nothing waiting$/)
    .catch(async (error: Error) => {
      const card = await session.page
        .evaluate<string>(
          `return document.querySelector('[aria-labelledby="health-device"]')?.textContent ?? ''`,
        )
        .catch(() => '(not read)');
      throw new Error(`${error.message}; this device's card read "${card}"`);
    });
  // WebKitGTK may lack the Storage API: then the page says so, it does not make up a figure.
  await session.page.waitForTextMatching(
    testId('health-persistent'),
    /^(Granted|Not granted|Not available)$/,
  );

  // A failed request through the app's request helper: the error-test page's 500.
  await session.page.goto('/error-test');
  await session.page.click(
    `//*[@data-testid='error-case-status-500']//button[normalize-space()='Run']`,
  );
  await session.page.waitForTextMatching(
    `//*[@data-testid='error-case-status-500']//*[@data-testid='classified-type']`,
    /^server$/,
  );

  await session.page.goto('/settings/error-logs');
  await session.page.waitForTextMatching(
    testId('device-error'),
    /GET \/api\/error-test\/status\/500/,
  );
  await session.page.waitForTextMatching(
    testId('server-error'),
    /GET \/api\/error-test\/status\/:status/,
  );

  await session.page.goto('/settings/performance');
  await session.page.waitForTextMatching(testId('timing-ttfb'), /^\d+(\.\d+)? (ms|s)$/);
  await session.page.waitFor(
    async () =>
      (await session.page.visible(testId('route-timing'))).length > 0 &&
      /GET \/api\/system-health/.test(await session.page.text()),
    { message: "the server's request timings" },
  );
});
