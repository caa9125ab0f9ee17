// Kiri talks back on the commute (issue 12): with no way to the server, each message gets a reply
// written on the device, marked 'written offline'; when the way is back, the outbox delivers each
// message with its reply (`deviceReply`, same Idempotency-Key) and the server's log holds both exactly
// once, with no second answer of Kiri's. Twice: with the server stopped while the browser thinks it is
// online, and with the browser offline. With 'Offline replies' turned off the spec's waiting stands.
import type { Page } from '@playwright/test';
import { waitForServiceWorker } from './support/app';
import {
  CHAT,
  expectChatScreen,
  expectExactlyOnce,
  expectNoDuplicatesOnScreen,
  expectStatus,
  messageById,
  messageIdsOnScreen,
  openChat,
  repliesTo,
  sendMessage,
  serverLog,
  waitForKiriToFinishTyping,
} from './support/chat';
import { expect, test } from './support/fixtures';
import { deviceReplyProblems } from '../support/words';

const TEXTS = [
  'On the train again, no signal at all. How is your evening going?',
  'remember that my sister is called Lena',
  "what's my sister called?",
];

const marks = (page: Page) => page.locator('[data-written-offline]');

/**
 * The device has what its engine needs: the copy of the server's context (Dexie table companionCopy,
 * read raw so the test does not depend on the app's code), fetched by the replay after login.
 */
async function expectCopyOnDevice(page: Page): Promise<void> {
  await expect
    .poll(
      () =>
        page.evaluate(
          () =>
            new Promise<number>((resolve) => {
              const open = indexedDB.open('kiri');
              open.onerror = () => resolve(0);
              open.onsuccess = () => {
                const db = open.result;
                if (!db.objectStoreNames.contains('companionCopy')) {
                  db.close();
                  resolve(0);
                  return;
                }
                const count = db.transaction('companionCopy').objectStore('companionCopy').count();
                count.onsuccess = () => {
                  db.close();
                  resolve(count.result);
                };
                count.onerror = () => {
                  db.close();
                  resolve(0);
                };
              };
            }),
        ),
      { message: "the device keeps a copy of the server's context", timeout: 20_000 },
    )
    .toBe(1);
}

/** Kiri's messages on screen right after the owner's message `id`, up to the next of the owner's. */
function replyOnScreen(page: Page, id: string): Promise<string[]> {
  return page.evaluate((asked) => {
    const rows = Array.from(document.querySelectorAll('[data-message-id]'));
    const at = rows.findIndex((row) => row.getAttribute('data-message-id') === asked);
    const parts: string[] = [];
    for (const row of rows.slice(at + 1)) {
      if (row.getAttribute('data-sender') !== 'kiri') break;
      parts.push(row.getAttribute('data-message-id') ?? '');
    }
    return at === -1 ? [] : parts;
  }, id);
}

interface Answered {
  id: string;
  text: string;
  /** The ids of the device's reply, as the screen showed them. */
  reply: string[];
}

/** Sends the three messages with no way to the server; each gets a device reply, marked. */
async function sendThreeAndHearBack(page: Page): Promise<Answered[]> {
  const sent: Answered[] = [];
  for (const [index, text] of TEXTS.entries()) {
    const id = await sendMessage(page, text);
    await expectStatus(page, id, 'waiting', 15_000);
    // After her typing pause (at most a few seconds a part), the reply is there, marked.
    await expect(marks(page)).toHaveCount(index + 1, { timeout: 20_000 });
    await waitForKiriToFinishTyping(page, 3);
    const reply = await replyOnScreen(page, id);
    expect(reply.length, `the device's reply to "${text}"`).toBeGreaterThanOrEqual(1);
    expect(reply.length).toBeLessThanOrEqual(3);
    // The message itself still waits to reach the server.
    await expectStatus(page, id, 'waiting');
    sent.push({ id, text, reply });
  }
  // 'remember that …' said offline is recalled offline at once.
  const recall = await Promise.all(
    sent[2]!.reply.map((part) => messageById(page, part).textContent()),
  );
  expect(recall.join(' ')).toMatch(/lena/i);
  await expect(page.getByText(CHAT.waiting(3), { exact: true })).toBeVisible();
  // Kiri answered: no "I'm having trouble connecting" after a message she answered here.
  await expect(page.locator('[data-local-line="trouble"]')).toHaveCount(0);
  return sent;
}

/** The way is back: each message is delivered with its reply; the server wrote no second answer. */
async function expectDeliveredOnce(
  page: Page,
  sent: readonly Answered[],
  timeout: number,
): Promise<void> {
  for (const { id } of sent) await expectStatus(page, id, 'answered', timeout);
  const log = await serverLog(page);
  expectExactlyOnce(log, sent);
  expect(
    deviceReplyProblems(log, Object.fromEntries(sent.map(({ id, reply }) => [id, reply]))),
    "the server's log holds the device's replies as they are, once",
  ).toEqual([]);
  // On screen: the same bubbles, each once, the marks kept after the sync.
  for (const { id, reply } of sent) expect(await replyOnScreen(page, id)).toEqual(reply);
  await expect(marks(page)).toHaveCount(3);
  await expectNoDuplicatesOnScreen(page);
}

/** A reload shows the same bubbles, with their marks. */
async function expectSameAfterReload(page: Page, sent: readonly Answered[]): Promise<void> {
  const before = await messageIdsOnScreen(page);
  await page.reload();
  await expectChatScreen(page);
  await expect.poll(() => messageIdsOnScreen(page)).toEqual(before);
  for (const { id, reply } of sent) expect(await replyOnScreen(page, id)).toEqual(reply);
  await expect(marks(page)).toHaveCount(3);
  const ownAndReplies = sent.flatMap(({ id, reply }) => [id, ...reply]);
  expect(ownAndReplies.length).toBeGreaterThanOrEqual(6);
  for (const id of ownAndReplies) await expect(messageById(page, id)).toHaveCount(1);
}

test('server stopped: three messages each get a reply written offline; the server then holds each once', async ({
  page,
  server,
}) => {
  await openChat(page, 'Mira');
  await waitForServiceWorker(page);
  await expectCopyOnDevice(page);

  await server.stop();
  const sent = await sendThreeAndHearBack(page);

  await server.start();
  // No 'online' event: the page's probe of /api/health (every 2 s in view) brings the replay.
  await expectDeliveredOnce(page, sent, 45_000);
  await expectSameAfterReload(page, sent);
});

test('browser offline: three messages each get a reply written offline; the server then holds each once', async ({
  page,
  context,
}) => {
  await openChat(page, 'Mira');
  await waitForServiceWorker(page);
  await expectCopyOnDevice(page);

  await context.setOffline(true);
  const sent = await sendThreeAndHearBack(page);

  await context.setOffline(false);
  await expectDeliveredOnce(page, sent, 30_000);
  await expectSameAfterReload(page, sent);
});

test("with 'Offline replies' off, a message waits as the spec says and only the server answers it", async ({
  page,
  server,
}) => {
  await openChat(page, 'Mira');
  await waitForServiceWorker(page);
  await expectCopyOnDevice(page);

  await page.getByRole('button', { name: 'Tools', exact: true }).click();
  await page
    .getByRole('toolbar', { name: 'Chat tools' })
    .getByRole('button', { name: 'Toggle settings panel', exact: true })
    .click();
  const setting = page.getByRole('switch', { name: CHAT.offlineReplies });
  await expect(setting).toHaveAttribute('aria-checked', 'true');
  await setting.click();
  await expect(setting).toHaveAttribute('aria-checked', 'false');
  await page.keyboard.press('Escape');

  await server.stop();
  const text = 'No signal here. Tell me something nice?';
  const id = await sendMessage(page, text);
  await expectStatus(page, id, 'waiting', 15_000);
  await expect(page.getByText(CHAT.waiting(1), { exact: true })).toBeVisible();
  await expect(page.getByRole('status', { name: CHAT.typing, exact: true })).toHaveCount(0);
  expect(await replyOnScreen(page, id)).toEqual([]);

  // Kept on the device: after a reload the setting is still off and the message still waits.
  await page.reload();
  await expectChatScreen(page);
  await expectStatus(page, id, 'waiting');
  expect(await replyOnScreen(page, id)).toEqual([]);

  await server.start();
  await expectStatus(page, id, 'answered', 45_000);
  const log = await serverLog(page);
  expectExactlyOnce(log, [{ id, text }]);
  // The server wrote the answer: had the device written one, the log would hold it, marked.
  expect(repliesTo(log, id).every((entry) => entry.writtenOffline !== true)).toBe(true);
  await expect(messageById(page, repliesTo(log, id)[0]!.id)).toHaveCount(1);
  await expect(marks(page)).toHaveCount(0);
});
