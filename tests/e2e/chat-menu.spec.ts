// The message menu on the owner's messages (issue 3, spec 000 §2.2, §8), by right click: Delete takes a
// message off this device only (the server keeps it), Unsend takes it off the device and the server.
import { expect, test } from './support/fixtures';
import {
  CHAT,
  chooseFromMessageMenu,
  expectChatScreen,
  expectStatus,
  messageById,
  openChat,
  openMessageMenu,
  sendMessage,
  serverLog,
} from './support/chat';

test('Delete removes a message here and keeps it on the server; Unsend removes it from both', async ({
  page,
}) => {
  await openChat(page, 'Mira');
  const kept = await sendMessage(page, 'This one can go from my phone.');
  await expectStatus(page, kept, 'answered');
  const unsent = await sendMessage(page, 'Oops, I did not mean to send this.');
  await expectStatus(page, unsent, 'answered');

  // The menu offers the spec's items.
  await openMessageMenu(page, kept);
  for (const item of Object.values(CHAT.menu)) {
    await expect(page.getByRole('menuitem', { name: item, exact: true })).toBeVisible();
  }
  await page.keyboard.press('Escape');
  await expect(page.getByRole('menuitem')).toHaveCount(0);

  await chooseFromMessageMenu(page, kept, CHAT.menu.delete);
  await expect(page.getByText(CHAT.toast.deleted, { exact: true })).toBeVisible();
  await expect(messageById(page, kept)).toHaveCount(0);
  expect((await serverLog(page)).some((entry) => entry.id === kept)).toBe(true);

  await chooseFromMessageMenu(page, unsent, CHAT.menu.unsend);
  await expect(page.getByText(CHAT.toast.unsent, { exact: true })).toBeVisible();
  await expect(messageById(page, unsent)).toHaveCount(0);
  // Unsend goes through the outbox: the server forgets it shortly after.
  await expect
    .poll(async () => (await serverLog(page)).some((entry) => entry.id === unsent), {
      message: 'the unsent message is gone from GET /api/conversations',
      timeout: 15_000,
    })
    .toBe(false);
  expect((await serverLog(page)).some((entry) => entry.id === kept)).toBe(true);

  // Neither comes back on the next open (the pull from the server does not resurrect them).
  await page.reload();
  await expectChatScreen(page);
  await page.waitForTimeout(1000);
  await expect(messageById(page, kept)).toHaveCount(0);
  await expect(messageById(page, unsent)).toHaveCount(0);
});
