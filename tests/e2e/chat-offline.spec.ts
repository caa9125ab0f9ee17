// Offline chat (issue 3, DESIGN.md "Outbox", "Exactly once"): three messages written with no way to
// the server wait in the outbox, survive a reload, and are replayed when the way is back; Kiri's
// replies arrive in order without a reload, and the server holds each message exactly once.
// Twice: with the browser offline (context.setOffline), and with the server stopped while the browser
// still thinks it is online (what a commute looks like to the app).
import type { Page } from '@playwright/test';
import { waitForServiceWorker } from './support/app';
import {
  CHAT,
  composer,
  expectChatScreen,
  expectExactlyOnce,
  expectNoDuplicatesOnScreen,
  expectStatus,
  messageById,
  messageElements,
  openChat,
  repliesOnScreen,
  repliesTo,
  sendMessage,
  serverLog,
} from './support/chat';
import { expect, test } from './support/fixtures';

/**
 * Questions about Kiri: the local engine answers each in two or three parts (300 of 300 seeds), so
 * the three replies, replayed back to back, each have parts still to come when the next one arrives,
 * and the order on screen is put to the test.
 */
const TEXTS = [
  'On the train, no signal at all. Can you tell me about yourself?',
  'Kiri, tell me more about yourself.',
  'Who are you, Kiri?',
];

/** A moment for the app to save its query cache (at most once a second) before a reload. */
const SETTLE_MS = 1500;

async function sendThreeWhileCut(page: Page): Promise<{ id: string; text: string }[]> {
  const sent: { id: string; text: string }[] = [];
  for (const text of TEXTS) {
    const id = await sendMessage(page, text);
    await expectStatus(page, id, 'waiting', 15_000);
    sent.push({ id, text });
  }
  return sent;
}

async function expectStillWaitingAfterReload(
  page: Page,
  sent: readonly { id: string; text: string }[],
): Promise<void> {
  await page.reload();
  await expectChatScreen(page);
  for (const { id, text } of sent) {
    await expect(messageById(page, id)).toContainText(text);
    await expectStatus(page, id, 'waiting');
  }
  await expect(page.getByText(CHAT.waiting(3), { exact: true })).toBeVisible();
}

/** The replies come in without a reload: each message answered, the parts shown, in sending order. */
async function expectRepliesInOrder(
  page: Page,
  sent: readonly { id: string; text: string }[],
  timeout: number,
): Promise<void> {
  for (const { id } of sent) await expectStatus(page, id, 'answered', timeout);
  const log = await serverLog(page);
  expectExactlyOnce(log, sent);
  for (const { id } of sent) {
    for (const part of repliesTo(log, id)) {
      await expect(messageById(page, part.id)).toHaveCount(1);
    }
  }
  await expect(page.getByText(CHAT.waiting(3), { exact: true })).toHaveCount(0);
  // Nothing says 'Offline' any more: neither the banner nor the header's pill.
  await expect(page.getByText('Offline', { exact: true })).toHaveCount(0);
  await expectNoDuplicatesOnScreen(page);
  // On screen, Kiri's parts answer the messages in the order they were sent.
  const answered = await repliesOnScreen(page, log);
  const order = answered.map((id) => sent.findIndex((message) => message.id === id));
  expect(order.filter((index) => index >= 0)).toEqual([...order].sort((a, b) => a - b));
  expect(new Set(order.filter((index) => index >= 0))).toEqual(new Set([0, 1, 2]));
  // Each of the owner's messages once on screen.
  const texts = await messageElements(page, 'user').allTextContents();
  for (const text of TEXTS) {
    expect(texts.filter((shown) => shown.includes(text))).toHaveLength(1);
  }
}

test('offline: three messages wait, survive a reload, and are replayed once each when back online', async ({
  page,
  context,
}) => {
  await openChat(page, 'Mira');
  await waitForServiceWorker(page);
  await page.waitForTimeout(SETTLE_MS);

  await context.setOffline(true);
  const sent = await sendThreeWhileCut(page);
  await expect(page.getByText(CHAT.waiting(3), { exact: true })).toBeVisible();

  await expectStillWaitingAfterReload(page, sent);
  // Nothing reached the server meanwhile.
  expect((await serverLog(page)).filter((entry) => entry.sender === 'user')).toEqual([]);

  await context.setOffline(false);
  // 'online' asks for a replay at once (no backoff).
  await expectRepliesInOrder(page, sent, 20_000);
});

test('server stopped: three messages wait, survive a reload, and are replayed once each when it is back', async ({
  page,
  server,
}) => {
  await openChat(page, 'Mira');
  await waitForServiceWorker(page);
  await page.waitForTimeout(SETTLE_MS);

  await server.stop();
  const sent = await sendThreeWhileCut(page);

  // The worker serves the app; the browser still thinks it is online.
  await expectStillWaitingAfterReload(page, sent);

  await server.start();
  // No 'online' event comes: the page's retry timer (backoff, at most 30 s) or the worker brings them.
  await expectRepliesInOrder(page, sent, 45_000);
});

/** Ten short messages, each typed and sent with Enter 20 ms after the one before. */
const QUICK_TEXTS = Array.from({ length: 10 }, (_, i) => `quick note ${i + 1} of 10`);

/**
 * Types each text and presses Enter, 20 ms after the previous Enter: the pace of a thumb, which is
 * shorter than the first failed try of the message before (the window where Enter used to be dropped).
 * The pause is the rhythm under test, not a wait for a state.
 */
async function sendQuickly(page: Page, texts: readonly string[]): Promise<void> {
  await composer(page).focus();
  for (const text of texts) {
    await page.keyboard.insertText(text);
    await page.keyboard.press('Enter');
    await page.waitForTimeout(20);
  }
}

/** The owner's messages on screen as {id, text}, in screen order. */
async function ownMessages(page: Page): Promise<{ id: string; text: string }[]> {
  return messageElements(page, 'user').evaluateAll((elements) =>
    elements.map((element) => ({
      id: element.getAttribute('data-message-id') ?? '',
      text: element.textContent ?? '',
    })),
  );
}

async function expectQuickTextsInOrder(page: Page): Promise<{ id: string; text: string }[]> {
  await expect
    .poll(async () => (await ownMessages(page)).length, { timeout: 15_000 })
    .toBe(QUICK_TEXTS.length);
  const shown = await ownMessages(page);
  expect(shown.map((message) => QUICK_TEXTS.find((text) => message.text.includes(text)))).toEqual(
    QUICK_TEXTS,
  );
  return shown.map((message, i) => ({ id: message.id, text: QUICK_TEXTS[i]! }));
}

/**
 * The list is virtualized: a row is in the page only while it is in view (or near it). These journeys
 * read every row of a day that grows to 30 (ten messages, and Kiri's answers, which may also be
 * written offline on the device before the reload), so they run in a window tall enough to hold them
 * all. A scan that scrolled the list instead raced its follow of the end.
 */
const TALL_VIEWPORT = { width: 1280, height: 3200 };

/** The whole day is in view: the list does not scroll (else rows could be missing from the page). */
async function expectWholeListInView(page: Page): Promise<void> {
  await expect
    .poll(() =>
      page
        .getByRole('region', { name: 'Messages' })
        .evaluate((element) => element.scrollHeight - element.clientHeight),
    )
    .toBeLessThanOrEqual(1);
}

/** The owner's messages in the page's IndexedDB, in time order. */
function storedOwnMessages(page: Page): Promise<{ message: string; status: string }[]> {
  return page.evaluate(
    () =>
      new Promise<{ message: string; status: string }[]>((resolve, reject) => {
        const open = indexedDB.open('kiri');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const read = open.result.transaction('messages').objectStore('messages').getAll();
          read.onerror = () => reject(read.error);
          read.onsuccess = () => {
            open.result.close();
            const rows = read.result as {
              sender: string;
              message: string;
              status: string;
              timestamp: number;
            }[];
            resolve(
              rows
                .filter((row) => row.sender === 'user')
                .sort((a, b) => a.timestamp - b.timestamp)
                .map(({ message, status }) => ({ message, status })),
            );
          };
        };
      }),
  );
}

test.describe('ten messages in a tall window', () => {
  test.use({ viewport: TALL_VIEWPORT });

  for (const cut of ['offline', 'server stopped'] as const) {
    test(`${cut}: ten messages sent with Enter 20 ms apart all wait, survive a reload in order, and each reaches the server once`, async ({
      page,
      context,
      server,
    }) => {
      // Its waits are for states, each with its own bound (15 s a status, 45 s for all answered); the
      // whole took up to 56 s on this machine and over 60 s in a CI run with other suites beside it, so
      // the 60 s default for a test cut it off while every wait was still within its bound.
      test.setTimeout(120_000);
      await openChat(page, 'Mira');
      await waitForServiceWorker(page);
      await page.waitForTimeout(SETTLE_MS);

      if (cut === 'offline') await context.setOffline(true);
      else await server.stop();
      await sendQuickly(page, QUICK_TEXTS);

      // Nothing left behind in the box: every Enter made a message.
      await expect(composer(page)).toHaveValue('');
      const sent = await expectQuickTextsInOrder(page);
      // None stays 'Sending…' while the ones before it wait (that locked Send for 20 s).
      for (const { id } of sent) await expectStatus(page, id, 'waiting', 15_000);
      await expectWholeListInView(page);

      await page.reload();
      await expectChatScreen(page);
      expect(await expectQuickTextsInOrder(page)).toEqual(sent);
      await expect(composer(page)).toHaveValue('');

      if (cut === 'offline') await context.setOffline(false);
      else await server.start();
      await expect
        .poll(async () => (await storedOwnMessages(page)).map((row) => row.status), {
          timeout: 45_000,
        })
        .toEqual(sent.map(() => 'answered'));
      // The screen follows the store: once the device holds every message answered, so does the list
      // (it once kept drawing the first one 'Waiting to send' for 15 s after a write by the worker).
      for (const { id } of sent) await expectStatus(page, id, 'answered', 5_000);
      await expectWholeListInView(page);
      expect((await storedOwnMessages(page)).map((row) => row.message)).toEqual(QUICK_TEXTS);
      await expect.poll(async () => (await chatAttempts(page)).length).toBe(0);
      expectExactlyOnce(await serverLog(page), sent);
    });
  }
});

/** The outbox's chat entries as the page's IndexedDB holds them (attempts so far). */
function chatAttempts(page: Page): Promise<number[]> {
  return page.evaluate(
    () =>
      new Promise<number[]>((resolve, reject) => {
        const open = indexedDB.open('kiri');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const read = open.result.transaction('outbox').objectStore('outbox').getAll();
          read.onerror = () => reject(read.error);
          read.onsuccess = () => {
            open.result.close();
            const rows = read.result as { kind: string; attempts: number }[];
            resolve(rows.filter((row) => row.kind === 'chat').map((row) => row.attempts));
          };
        };
      }),
  );
}

test('server back: what waits goes within 5 s of the server answering again, however long the backoff has grown', async ({
  page,
  server,
}) => {
  await openChat(page, 'Mira');
  await waitForServiceWorker(page);
  await page.waitForTimeout(SETTLE_MS);

  await server.stop();
  const sent = [];
  for (const text of TEXTS.slice(0, 2)) {
    const id = await sendMessage(page, text);
    await expectStatus(page, id, 'waiting', 15_000);
    sent.push({ id, text });
  }
  // Five failed attempts: the next one is due 16 s later (1, 2, 4, 8, 16 s).
  await expect
    .poll(async () => Math.max(0, ...(await chatAttempts(page))), { timeout: 40_000 })
    .toBeGreaterThanOrEqual(5);

  const restartedAt = Date.now();
  await server.start(); // returns once GET /api/health answers 200
  const answeringAt = Date.now();
  for (const { id } of sent) await expectStatus(page, id, 'answered', 15_000);
  const drainedAt = Date.now();
  const figures = `restart took ${answeringAt - restartedAt} ms; drained ${drainedAt - answeringAt} ms after /api/health answered`;
  test.info().annotations.push({ type: 'catch-up', description: figures });
  console.log(`catch-up: ${figures}`);
  expect(drainedAt - answeringAt, 'ms from the server answering to the queue drained').toBeLessThan(
    5_000,
  );
  expectExactlyOnce(await serverLog(page), sent);
});
