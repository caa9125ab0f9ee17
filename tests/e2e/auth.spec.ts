// Logging in: a wrong code is refused with a toast; the right one leads through registration to chat.
import { ACCESS_CODE } from './support/server';
import { expect, test } from './support/fixtures';
import { expectChat, register, registrationDialog, submitAccessCode, TEXT } from './support/app';

test('a wrong access code shows the Access Denied toast and stays on the login screen', async ({
  page,
}) => {
  await page.goto('/');
  await submitAccessCode(page, 'not-the-code');
  await expect(page.getByText(TEXT.accessDenied, { exact: true })).toBeVisible();
  await expect(page.getByLabel(TEXT.accessCodeLabel, { exact: true })).toBeVisible();
  await expect(registrationDialog(page)).toHaveCount(0);
});

test('the right access code opens registration, and after a name the chat shows', async ({
  page,
}) => {
  await page.goto('/');
  await submitAccessCode(page, ACCESS_CODE);
  await register(page, 'Mira');
  await expectChat(page);

  // The session and the name outlive a reload: no login screen, no registration dialog.
  await page.reload();
  await expectChat(page);
  await expect(registrationDialog(page)).toHaveCount(0);
  await expect(page.getByLabel(TEXT.accessCodeLabel, { exact: true })).toHaveCount(0);
});
