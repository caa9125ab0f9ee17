// The greeting filter (issue 3, spec 000 §4): a bare hello, hi or hey within 30 minutes of the owner's
// last greeting is answered on the device with 'Mm, noted.' and nothing is sent to the server.
import { expect, test } from './support/fixtures';
import {
  CHAT,
  expectStatus,
  messageElements,
  openChat,
  repliesTo,
  sendMessage,
  serverLog,
} from './support/chat';

test("a second 'hi' within 30 minutes gets 'Mm, noted.' and never reaches the server", async ({
  page,
}) => {
  await openChat(page, 'Mira');

  const hello = await sendMessage(page, 'hello');
  await expectStatus(page, hello, 'answered');
  const before = await serverLog(page);
  expect(before.filter((entry) => entry.sender === 'user').map((entry) => entry.id)).toEqual([
    hello,
  ]);
  expect(repliesTo(before, hello).length).toBeGreaterThanOrEqual(1);

  const hi = await sendMessage(page, 'hi');
  await expectStatus(page, hi, 'local');
  await expect(messageElements(page, 'kiri').filter({ hasText: CHAT.noted }).last()).toBeVisible();
  const noted = messageElements(page, 'kiri').filter({ hasText: CHAT.noted });
  await expect(noted).toHaveCount(1);

  // Give a stray request time to arrive, then check that none did.
  await page.waitForTimeout(1500);
  const after = await serverLog(page);
  expect(after.filter((entry) => entry.sender === 'user').map((entry) => entry.id)).toEqual([
    hello,
  ]);
  expect(after.length).toBe(before.length);
});
