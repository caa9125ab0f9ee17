// Issue 14, who may do what, in Chromium against the built app and a real server: a second device logs
// in as a plain user and is refused the console; the owner finds it on the user restriction page and
// promotes it; removing it logs it out. One server, two browser contexts (one per device).
import { expect, test } from './support/fixtures';
import { loginAndRegister, TEXT } from './support/app';

test('a second device is a plain user; the owner promotes it, then removes it and it is logged out', async ({
  page,
  browser,
  baseURL,
}) => {
  // Two devices, each logging in and registering, and five reloads: about 1.7 minutes on this loaded
  // machine (load 23 on 2 cores), so more than the default minute.
  test.setTimeout(180_000);
  // The first device on a fresh server is the owner's.
  await loginAndRegister(page, 'Ada');

  const second = await browser.newContext({ baseURL });
  try {
    const guest = await second.newPage();
    await loginAndRegister(guest, 'Grace');

    // A plain user at the console: refused, with both ways out.
    await guest.goto('/console');
    await expect(guest.getByRole('heading', { name: TEXT.accessRestricted })).toBeVisible();
    await expect(guest.getByRole('link', { name: 'Return to Chat' })).toBeVisible();
    await expect(guest.getByRole('button', { name: 'Logout & Re-Login' })).toBeVisible();
    // The server refuses it too, not only the menu: the memory APIs need memory_threading.
    expect((await guest.request.get('/api/memory-lattice/status')).status()).toBe(403);

    // The owner sees the new user, with what they may do.
    await page.goto('/user-restriction-mode');
    await expect(
      page.getByRole('heading', { level: 1, name: 'User Restriction Mode' }),
    ).toBeVisible();
    await expect(page.getByRole('switch', { name: /Restriction mode/ })).toBeChecked();
    const grace = page.getByRole('listitem', { name: 'Grace' });
    await expect(grace.getByTestId('access-level')).toHaveText('User');
    await expect(grace.getByTestId('presence')).toHaveText('Online');
    await expect(grace.getByTestId('permissions')).toHaveText('Chat, Screen Settings');
    await expect(
      page.getByRole('listitem', { name: 'Ada' }).getByTestId('access-level'),
    ).toHaveText('Owner');

    await grace.getByRole('button', { name: 'Make Engineer' }).click();
    await expect(page.getByText('User Promoted', { exact: true })).toBeVisible();
    await expect(grace.getByTestId('access-level')).toHaveText('Engineer');
    // An engineer holds the advanced features: the memory APIs answer now; the console stays an admin's.
    expect((await guest.request.get('/api/memory-lattice/status')).status()).toBe(200);
    await guest.reload();
    await expect(guest.getByRole('heading', { name: TEXT.accessRestricted })).toBeVisible();

    await grace.getByRole('button', { name: 'Make Admin' }).click();
    await expect(grace.getByTestId('access-level')).toHaveText('Admin');
    await guest.reload();
    await expect(guest.getByRole('heading', { level: 1, name: 'Advanced Console' })).toBeVisible();

    // Remove asks first, then ends the user's session at once.
    await grace.getByRole('button', { name: 'Remove' }).click();
    const confirm = page.getByRole('dialog', { name: 'Remove Grace?' });
    await confirm.getByRole('button', { name: 'Remove' }).click();
    await expect(page.getByText('User Removed', { exact: true })).toBeVisible();
    await expect(page.getByRole('listitem', { name: 'Grace' })).toHaveCount(0);
    // The owner has no remove button for themselves.
    await expect(page.getByRole('listitem', { name: 'Ada' }).getByRole('button')).toHaveCount(0);

    expect((await guest.request.get('/api/users/check-registration')).status()).toBe(401);
    await guest.goto('/');
    await expect(guest.getByLabel(TEXT.accessCodeLabel, { exact: true })).toBeVisible();
  } finally {
    await second.close();
  }
});
