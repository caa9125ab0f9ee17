// What the tests do and look for in the app, in one place: the texts come from the spec and the
// auth issue, so a wording change is fixed here once.
import { expect, type Page } from '@playwright/test';
import { ACCESS_CODE } from './server';
import { TEXT } from '../../support/words';

export { TEXT };

/** Opens the app (unless a path is already open) and submits the access code. */
export async function submitAccessCode(page: Page, code: string): Promise<void> {
  const field = page.getByLabel(TEXT.accessCodeLabel, { exact: true });
  await expect(field).toBeVisible();
  await field.fill(code);
  await page.getByRole('button', { name: TEXT.loginButton }).click();
}

/** The registration dialog that blocks a logged-in user without a name. */
export const registrationDialog = (page: Page) =>
  page.getByRole('dialog', { name: TEXT.registrationTitle });

export async function register(page: Page, name: string): Promise<void> {
  const dialog = registrationDialog(page);
  await expect(dialog).toBeVisible();
  await dialog.getByRole('textbox').fill(name);
  await dialog.getByRole('button', { name: TEXT.registrationButton }).click();
  await expect(dialog).toBeHidden();
}

/** From a fresh context: log in with the right code and register a name; ends on the chat route. */
export async function loginAndRegister(page: Page, name: string): Promise<void> {
  await page.goto('/');
  await submitAccessCode(page, ACCESS_CODE);
  await register(page, name);
  await expectChat(page);
}

/** The chat route ('/'): the chat screen with its composer ('Message Kiri'). */
export async function expectChat(page: Page): Promise<void> {
  await expect(page).toHaveURL((url) => url.pathname === '/');
  await expect(page.getByPlaceholder('Message Kiri')).toBeVisible();
}

/** Resolves once a service worker is active and controls the page (clientsClaim on first install). */
export async function waitForServiceWorker(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
}

/** The new version controls the page: nothing waits any more, and the page's worker is the active one. */
export async function expectNewVersionInControl(page: Page): Promise<void> {
  await expect
    .poll(() =>
      page.evaluate(async () => {
        const registration = await navigator.serviceWorker.getRegistration();
        return (
          !registration?.waiting && navigator.serviceWorker.controller === registration?.active
        );
      }),
    )
    .toBe(true);
}

/** The page is the app's own document, not Chromium's network error page. */
export async function expectAppDocument(page: Page): Promise<void> {
  expect(page.url()).not.toMatch(/^chrome-error:/);
  await expect(page).toHaveTitle(/Kiri/);
  await expect(page.locator('#root > *').first()).toBeAttached();
}
