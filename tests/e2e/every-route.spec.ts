// Every route of spec 000 §2.1 (and the settings sidebar's five paths) renders a built screen for the
// owner at a phone viewport: a heading, no 'not built yet' stand-in anywhere, not the 404 screen, and no console
// error or failed request on the whole walk (issue 20). One server and one login for the file.
import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { loginAndRegister, TEXT } from './support/app';
import { watchPageErrors } from './support/page-errors';
import { expectScreenDrawn, SPEC_ROUTES } from './support/routes';
import { startServer, type KiriServer } from './support/server';

const PHONE = { width: 390, height: 844 };

let server: KiriServer;
let context: BrowserContext;
let page: Page;

test.beforeAll(async ({ browser }) => {
  test.setTimeout(120_000);
  server = await startServer();
  context = await browser.newContext({ baseURL: server.url, viewport: PHONE });
  page = await context.newPage();
  await loginAndRegister(page, 'Mira');
});

test.afterAll(async () => {
  await context?.close();
  await server?.dispose();
});

test('every route of the route table renders a built screen on a phone, with no console error', async () => {
  test.setTimeout(240_000);
  const errors = watchPageErrors(page);
  for (const path of SPEC_ROUTES) {
    await test.step(path, async () => {
      await page.goto(path);
      await expectScreenDrawn(page, path);
      await expect(page.getByText(/not built yet/i)).toHaveCount(0);
      await expect(page.getByText(TEXT.notFound)).toHaveCount(0);
      await expect(page.getByText('Access Restricted')).toHaveCount(0);
      expect(errors, `console errors or failed requests on ${path}`).toEqual([]);
    });
  }

  await page.goto('/force-login');
  await expect(page.getByRole('heading', { level: 1, name: 'Authentication Issue' })).toBeVisible();
  await expect(page.getByLabel(TEXT.accessCodeLabel, { exact: true })).toBeVisible();
  expect(errors).toEqual([]);
});

test('a plain user walks every route with no failed request: each screen says what it needs instead', async ({
  browser,
}) => {
  test.setTimeout(240_000);
  // A second device with no cookie of the owner's: a new account with the default permissions of
  // restriction mode (chat and screen settings, spec 002 §6).
  const userContext = await browser.newContext({ baseURL: server.url, viewport: PHONE });
  try {
    const userPage = await userContext.newPage();
    await loginAndRegister(userPage, 'Ren');
    const errors = watchPageErrors(userPage);
    for (const path of SPEC_ROUTES) {
      await test.step(path, async () => {
        await userPage.goto(path);
        await expect(userPage.getByRole('heading', { level: 1 }).first()).toBeVisible();
        await expect(userPage.getByText(TEXT.notFound)).toHaveCount(0);
        expect(errors, `console errors or failed requests on ${path}`).toEqual([]);
      });
    }
    // The screens that used to call a refusal a failure ('cannot be read now', 'Offline', a Retry).
    const refusals: Array<[string, string]> = [
      ['/consciousness', 'The consciousness stream needs the consciousness permission.'],
      ['/hybrid-dashboard', 'The hybrid protocol dashboard needs the consciousness permission.'],
      ['/presence', 'The mood engine monitor needs the presence engine permission.'],
    ];
    for (const [path, text] of refusals) {
      await userPage.goto(path);
      await expect(userPage.getByText(text)).toBeVisible();
    }
    // Core systems' Test All reads only the modules open to the account; the others say what they need.
    await userPage.goto('/core-systems');
    await userPage.getByRole('button', { name: 'Test All Core Systems' }).click();
    await expect(userPage.getByTestId('core-summary')).toHaveText(
      /^\d+ of 20 modules answered, \d+ not open to this account$/,
    );
    await expect(
      userPage
        .getByTestId('core-card-guardianShield')
        .getByText('Needs the presence engine permission, which this account does not hold.'),
    ).toBeVisible();
    expect(errors).toEqual([]);
    // The chat's features panel: its memory lattice offers nothing that would be refused.
    await userPage.goto('/');
    await userPage.getByRole('button', { name: 'Tools', exact: true }).click();
    await userPage
      .getByRole('toolbar', { name: 'Chat tools' })
      .getByRole('button', { name: 'Toggle features panel', exact: true })
      .click();
    const panel = userPage.getByTestId('features-panel');
    await expect(
      panel.getByText('The memory lattice needs the memory threading permission.'),
    ).toBeVisible();
    await expect(panel.getByRole('button', { name: 'New Memory' })).toHaveCount(0);
    expect(errors).toEqual([]);
  } finally {
    await userContext.close();
  }
});
