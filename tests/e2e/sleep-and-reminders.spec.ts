// Sleep mode from its screen, and 'Set Reminder' offline then online (issue 10).
import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { chooseFromMessageMenu, openChat, sendMessage, expectStatus } from './support/chat';
import { waitForServiceWorker } from './support/app';

interface Reminder {
  id: string;
  text: string;
  messageId: string | null;
}

const badge = (page: Page) => page.getByTestId('power-state');

test('sleep, deep pause and wake from the screen; each change shows at once', async ({ page }) => {
  await openChat(page, 'Mira');
  await page.goto('/sleep-mode');
  await expect(page.getByText('Loading sleep mode status...')).toHaveCount(0);
  await expect(badge(page)).toHaveText('AWAKE');
  await expect(page.getByRole('button', { name: 'Resume Full Mode' })).toBeDisabled();

  await page.getByRole('button', { name: 'Enable Sleep Mode' }).click();
  await expect(badge(page)).toHaveText('SLEEPING');
  await expect(page.getByRole('button', { name: 'Enable Sleep Mode' })).toBeDisabled();
  await expect(page.getByRole('heading', { name: 'Voice Wake' })).toBeVisible();

  await page.getByRole('button', { name: 'Activate Deep Pause' }).click();
  await expect(badge(page)).toHaveText('DEEP PAUSE');
  await expect(page.getByRole('button', { name: 'Activate Deep Pause' })).toHaveCount(0);

  await page.getByRole('button', { name: 'Manual Wake Up' }).click();
  await expect(badge(page)).toHaveText('AWAKE');
  // /settings/sleep is the same screen.
  await page.goto('/settings/sleep');
  await expect(badge(page)).toHaveText('AWAKE');
});

test('a message sent in deep pause is answered after Manual Wake Up', async ({ page }) => {
  await openChat(page, 'Mira');
  await page.goto('/sleep-mode');
  await page.getByRole('button', { name: 'Activate Deep Pause' }).click();
  await expect(badge(page)).toHaveText('DEEP PAUSE');
  await page.goto('/');
  const id = await sendMessage(page, 'Are you there?');
  await expectStatus(page, id, 'sent'); // kept, not answered
  await expect(
    page.getByText('Kiri is in deep pause: she will answer when you wake her'),
  ).toBeVisible();
  // The status sentence is not shown as something Kiri said.
  await expect(page.locator('[data-sender="kiri"]', { hasText: 'deep pause' })).toHaveCount(0);
  await page.goto('/sleep-mode');
  await page.getByRole('button', { name: 'Manual Wake Up' }).click();
  await page.goto('/');
  await expectStatus(page, id, 'answered', 30_000);
});

test('offline the screen keeps the last status and offers no change', async ({ page, server }) => {
  await openChat(page, 'Mira');
  await page.goto('/sleep-mode');
  await expect(badge(page)).toHaveText('AWAKE');
  await server.stop();
  await expect(page.getByRole('alert')).toContainText('Sleep mode cannot be changed');
  await expect(badge(page)).toHaveText('AWAKE');
  await expect(page.getByRole('button', { name: 'Enable Sleep Mode' })).toBeDisabled();
  await server.start();
  await expect(page.getByRole('alert')).toHaveCount(0, { timeout: 10_000 });
});

test("'Set Reminder' offline, then online: one reminder on the server, listed and cancellable", async ({
  page,
  context,
}) => {
  await openChat(page, 'Mira');
  await waitForServiceWorker(page);
  const text = 'Call the dentist about the appointment on Thursday morning';
  const id = await sendMessage(page, text);
  await expectStatus(page, id, 'answered');

  await context.setOffline(true);
  await chooseFromMessageMenu(page, id, 'Set Reminder');
  await page.getByRole('radio', { name: /Tomorrow morning/ }).check();
  await page.getByRole('button', { name: 'Set Reminder' }).click();
  await expect(page.getByText('Reminder set', { exact: true })).toBeVisible();
  await expect(page.getByText(`${text.slice(0, 50)}…`).first()).toBeVisible();
  await page.reload(); // survives a reload while offline
  await context.setOffline(false);

  const pending = async () =>
    ((await (await page.request.get('/api/reminders')).json()) as { reminders: Reminder[] })
      .reminders;
  await expect
    .poll(pending, { timeout: 20_000, message: 'the reminder reaches the server' })
    .toEqual(expect.arrayContaining([expect.objectContaining({ text, messageId: id })]));
  expect((await pending()).filter((reminder) => reminder.text === text)).toHaveLength(1);

  await page.goto('/sleep-mode#reminders');
  const item = page.getByRole('list', { name: 'Pending Reminders' }).getByRole('listitem');
  await expect(item).toContainText(text);
  await item.getByRole('button', { name: /Cancel reminder/ }).click();
  await expect(item).toHaveCount(0, { timeout: 20_000 });
});

test('a chosen time in the past is refused in the dialog', async ({ page }) => {
  await openChat(page, 'Mira');
  const id = await sendMessage(page, 'remind me of the past');
  await chooseFromMessageMenu(page, id, 'Set Reminder');
  await page.getByRole('radio', { name: /A date and time/ }).check();
  await page.getByLabel('Reminder date and time').fill('2020-01-01T09:00');
  await page.getByRole('button', { name: 'Set Reminder' }).click();
  await expect(page.getByRole('alert')).toHaveText(
    'That time has already passed. Choose a time in the future.',
  );
});
