// Routing and roles: the not-found screen, and the admin-only console for the owner and for others.
import { expect, test } from './support/fixtures';
import { loginAndRegister, TEXT } from './support/app';

test('an unknown path shows 404 Page Not Found', async ({ page }) => {
  await loginAndRegister(page, 'Mira');
  await page.goto('/no-such-page/anywhere');
  await expect(page.getByText(TEXT.notFound)).toBeVisible();
});

test('the owner opens the console; a second device that logs in is not an admin', async ({
  browser,
  baseURL,
}) => {
  // The first context to log in on a fresh DATA_DIR is the owner.
  const ownerContext = await browser.newContext({ baseURL });
  const userContext = await browser.newContext({ baseURL });
  try {
    const owner = await ownerContext.newPage();
    await loginAndRegister(owner, 'Mira');
    await owner.goto('/console');
    await expect(owner.getByRole('heading', { level: 1, name: 'Advanced Console' })).toBeVisible();
    await expect(owner.getByText(TEXT.accessRestricted)).toHaveCount(0);

    const user = await userContext.newPage();
    await loginAndRegister(user, 'Sam Guest');
    await user.goto('/console');
    await expect(user.getByText(TEXT.accessRestricted)).toBeVisible();
    await expect(user.getByRole('heading', { name: 'Advanced Console' })).toHaveCount(0);
  } finally {
    await ownerContext.close();
    await userContext.close();
  }
});
