// Issue 21 point 4 (docs/backup.md), against the built app: the owner exports this device's history from
// Your Data on one phone, and imports it on a new phone (a fresh browser context on another server, so the
// history can only come from the file): every message shows once; importing it again adds nothing; a
// file that is not a history is refused with a clear error. No console error on the way. The merge
// rules themselves are unit tests (tests/unit/features/device-history).
import { expect, test } from '@playwright/test';
import { messageElements, openChat, sendMessage, waitForKiriToFinishTyping } from './support/chat';
import { watchPageErrors } from './support/page-errors';
import { startServer, type KiriServer } from './support/server';

test.use({ viewport: { width: 390, height: 844 } });

const servers: KiriServer[] = [];

test.afterAll(async () => {
  await Promise.all(servers.map((server) => server.dispose()));
});

test('export on one phone, import on a new one: nothing twice', async ({ browser }, testInfo) => {
  // Two servers and two logins on a shared 2-core machine: minutes, not seconds, when it is busy.
  test.setTimeout(300_000);
  const [oldServer, newServer] = await Promise.all([startServer(), startServer()]);
  servers.push(oldServer, newServer);

  const oldPhone = await browser.newContext({ baseURL: oldServer.url });
  const before = await oldPhone.newPage();
  const oldErrors = watchPageErrors(before);
  await openChat(before, 'Mira');
  const text = 'the blue kite over the harbour';
  await sendMessage(before, text);
  await waitForKiriToFinishTyping(before, 2);
  const oldIds = await messageElements(before).evaluateAll((els) =>
    els.map((el) => el.getAttribute('data-message-id')),
  );

  const fileName = /^kiri-history-\d{4}-\d{2}-\d{2}\.json$/;
  const saved = testInfo.outputPath('history.json');
  await test.step('Your Data: Export history downloads the file', async () => {
    await before.goto('/settings/data');
    await expect(before.getByRole('heading', { name: 'Your Data', level: 1 })).toBeVisible();
    const download = before.waitForEvent('download');
    await before.getByRole('button', { name: 'Export history' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(fileName);
    await file.saveAs(saved);
    await expect(before.getByTestId('history-outcome')).toContainText(
      `Exported ${oldIds.length} messages in 1 day`,
    );
  });
  expect(oldErrors).toEqual([]);
  await oldPhone.close();

  const newPhone = await browser.newContext({ baseURL: newServer.url });
  const after = await newPhone.newPage();
  const newErrors = watchPageErrors(after);
  await openChat(after, 'Mira');
  const fileInput = after.getByLabel('History file to import');

  await test.step('a file that is not a history is refused, nothing imported', async () => {
    await after.goto('/settings/data');
    await fileInput.setInputFiles({
      name: 'notes.json',
      mimeType: 'application/json',
      buffer: Buffer.from('{"hello": "world"}'),
    });
    await expect(after.getByRole('alert')).toHaveText(
      'This file is not a Kiri history file (made by Export history). Nothing was imported.',
    );
  });

  await test.step('Import history adds every message; the chat shows each once', async () => {
    await fileInput.setInputFiles(saved);
    await expect(after.getByTestId('history-outcome')).toContainText(
      `Added ${oldIds.length} messages`,
    );
    await after.goto('/');
    await expect(messageElements(after, 'user').filter({ hasText: text })).toHaveCount(1);
    const ids = await messageElements(after).evaluateAll((els) =>
      els.map((el) => el.getAttribute('data-message-id')),
    );
    for (const id of oldIds) expect(ids.filter((shown) => shown === id)).toHaveLength(1);
  });

  await test.step('importing the same file again adds nothing', async () => {
    await after.goto('/settings/data');
    await fileInput.setInputFiles(saved);
    await expect(after.getByTestId('history-outcome')).toHaveText(
      `Added 0 messages (${oldIds.length} already here), 0 new days.`,
    );
    await after.goto('/');
    await expect(messageElements(after, 'user').filter({ hasText: text })).toHaveCount(1);
    const ids = await messageElements(after).evaluateAll((els) =>
      els.map((el) => el.getAttribute('data-message-id')),
    );
    expect(new Set(ids).size).toBe(ids.length);
  });

  expect(newErrors).toEqual([]);
  await newPhone.close();
});
