// Issue 14 items 5 and 6 against the built app and a real server: a font size and a wallpaper chosen on
// the screen settings page are on the page before React mounts after a reload (read at
// DOMContentLoaded, and in the opening snapshot's bubbles), so nothing flashes; the error-test page
// classifies a real 404 and a real dropped connection; /debug-auth shows no secret. One server and one
// logged-in context for the file.
import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { openChat } from './support/chat';
import { ACCESS_CODE, startServer, type KiriServer } from './support/server';

let server: KiriServer;
let context: BrowserContext;
let page: Page;

/** Records, in every new document, what the page looked like before the app's code ran. */
const RECORD_FIRST_PAINT = `
window.__firstPaint = null;
window.__snapshotBubble = null;
document.addEventListener('DOMContentLoaded', function () {
  var html = getComputedStyle(document.documentElement);
  window.__firstPaint = {
    rootFontSize: html.fontSize,
    background: getComputedStyle(document.body).backgroundColor,
    dark: document.documentElement.classList.contains('dark'),
    appMounted: document.querySelector('textarea') !== null,
  };
});
new MutationObserver(function (_, observer) {
  var bubble = document.querySelector('[data-opening-snapshot] [data-snapshot-message-id] .kiri-bubble');
  if (!bubble) return;
  window.__snapshotBubble = getComputedStyle(bubble).fontSize;
  observer.disconnect();
}).observe(document, { childList: true, subtree: true });
`;

interface FirstPaint {
  rootFontSize: string;
  background: string;
  dark: boolean;
  appMounted: boolean;
}

test.beforeAll(async ({ browser }) => {
  test.setTimeout(120_000);
  server = await startServer();
  context = await browser.newContext({ baseURL: server.url });
  page = await context.newPage();
  await openChat(page, 'Mira');
});

test.afterAll(async () => {
  await context?.close();
  await server?.dispose();
});

test('font size and wallpaper apply app-wide, and after a reload before React mounts', async () => {
  await page.goto('/settings/screen');
  await expect(page.getByRole('heading', { level: 1, name: 'Screen Settings' })).toBeVisible();
  await expect(page.getByRole('radio', { name: /Medium \(14px\)/ })).toBeChecked();
  // The default: the 16 px root every screen was designed at.
  expect(await page.evaluate(() => getComputedStyle(document.documentElement).fontSize)).toBe(
    '16px',
  );

  await page.getByRole('radio', { name: /Extra Large \(18px\)/ }).check();
  await page.locator('label', { hasText: 'Deep Blue' }).click();
  await expect(page.locator('html')).toHaveClass(/\bdark\b/);
  // The standard text (text-sm) is the chosen 18 px; the page is deep blue at once.
  await expect(page.getByTestId('font-size-preview')).toHaveCSS('font-size', '18px');
  await expect(page.locator('body')).toHaveCSS('background-color', 'rgb(15, 20, 25)');

  // Back to the chat, reloaded: the recorder runs before any of the app's code.
  await context.addInitScript({ content: RECORD_FIRST_PAINT });
  await page.goto('/');
  await expect(page.getByPlaceholder('Message Kiri')).toBeVisible();
  const first = await page.evaluate(
    () => (window as unknown as { __firstPaint: FirstPaint | null }).__firstPaint,
  );
  expect(first).toEqual({
    rootFontSize: '20.5714px',
    background: 'rgb(15, 20, 25)',
    dark: true,
    appMounted: false,
  });
  // The opening snapshot painted today's messages at the chosen size (0.9375rem of the root).
  const snapshotBubble = await page.evaluate(
    () => (window as unknown as { __snapshotBubble: string | null }).__snapshotBubble,
  );
  expect(snapshotBubble, 'the opening snapshot painted before the app').toBe('19.2857px');
  // And the app's own chat: its bubbles and its composer follow the size too.
  await expect(page.locator('.kiri-bubble').first()).toHaveCSS('font-size', '19.2857px');
  await expect(page.getByPlaceholder('Message Kiri')).toHaveCSS('font-size', '20.5714px');

  // The same after a reload of the settings page itself, where the choice shows as chosen.
  await page.goto('/screen-settings');
  await expect(page.getByRole('radio', { name: /Extra Large \(18px\)/ })).toBeChecked();
  await expect(page.getByRole('radio', { name: /Deep Blue/ })).toBeChecked();
  const settingsFirst = await page.evaluate(
    () => (window as unknown as { __firstPaint: FirstPaint | null }).__firstPaint,
  );
  expect(settingsFirst?.rootFontSize).toBe('20.5714px');
  expect(settingsFirst?.background).toBe('rgb(15, 20, 25)');

  // Reset: the defaults again, kept after a reload.
  await page.getByRole('button', { name: 'Reset to Defaults' }).click();
  await page.reload();
  await expect(page.getByRole('radio', { name: /Medium \(14px\)/ })).toBeChecked();
  const reset = await page.evaluate(
    () => (window as unknown as { __firstPaint: FirstPaint | null }).__firstPaint,
  );
  expect(reset?.rootFontSize).toBe('16px');
  expect(reset?.background).toBe('rgb(26, 26, 26)');
});

test('the error-test page classifies a real 404 and a real network failure', async () => {
  await page.goto('/error-test');
  const notFound = page.getByTestId('error-case-status-404');
  await notFound.getByRole('button', { name: 'Run' }).click();
  await expect(notFound.getByTestId('classified-type')).toHaveText('validation');
  await expect(notFound.getByTestId('classified-error')).toContainText(
    '404: {"success":false,"error":"Error test: status 404 on request"',
  );
  await notFound.getByRole('button', { name: 'Show Error Screen' }).click();
  await expect(
    notFound
      .getByTestId('error-screen-view')
      .getByRole('heading', { name: 'Something went wrong' }),
  ).toBeVisible();

  const network = page.getByTestId('error-case-network');
  await network.getByRole('button', { name: 'Run' }).click();
  await expect(network.getByTestId('classified-type')).toHaveText('network');
  await expect(network.getByTestId('classified-error')).toHaveText(
    'Network request failed: Failed to fetch',
  );
  await expect(network.getByTestId('classified-retryable')).toHaveText('yes');
  await network.getByRole('button', { name: 'Show Toast' }).click();
  await expect(page.getByText('Connection Lost', { exact: true }).last()).toBeVisible();
});

test('/debug-auth shows the login without a secret', async () => {
  // An owner's pairing code that exists right now: the page must not show it unasked.
  const issued = await context.request.post('/api/auth/pairing-code');
  expect(issued.status()).toBe(200);
  const { code } = (await issued.json()) as { code: string };

  await page.goto('/debug-auth');
  await expect(page.getByRole('heading', { name: /Auth status/ })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Session' })).toBeVisible();
  await expect(page.getByText('owner', { exact: true })).toBeVisible();
  const text = await page.locator('body').innerText();
  const cookies = await context.cookies();
  expect(cookies.map((cookie) => cookie.name).sort()).toEqual(['kiri_device', 'kiri_session']);
  for (const secret of [ACCESS_CODE, code, ...cookies.map((cookie) => cookie.value)]) {
    expect(secret.length).toBeGreaterThan(6);
    expect(text).not.toContain(secret);
  }
});
