// Exactly once under a crash (issue 3, DESIGN.md "Exactly once"): the server is killed (SIGKILL) with a
// message in flight, restarted, and the outbox replays what waits. Whether or not the server had stored
// the message before it died, it ends up with each message once and one reply to each, and the screen
// shows no reply twice.
import type { BrowserContext, Page, Route } from '@playwright/test';
import { waitForServiceWorker } from './support/app';
import {
  expectExactlyOnce,
  expectNoDuplicatesOnScreen,
  expectStatus,
  openChat,
  repliesOnScreen,
  repliesTo,
  sendMessage,
  serverLog,
  type LogEntry,
} from './support/chat';
import { expect, test } from './support/fixtures';
import type { KiriServer } from './support/server';

const FIRST = 'Tell me something nice before my stop.';
const LATER = ['Still there?', 'Okay, I will wait for you.'];

/** Routes the page's and the worker's POST /api/chat; `onFirst` handles the first owner's message. */
async function interceptFirstChat(
  context: BrowserContext,
  onFirst: (route: Route) => Promise<void>,
): Promise<void> {
  let first = true;
  await context.route('**/api/chat', async (route) => {
    const request = route.request();
    const greeting = (request.postData() ?? '').includes('"isInitialGreeting":true');
    if (request.method() !== 'POST' || greeting || !first) {
      await route.continue();
      return;
    }
    first = false;
    await onFirst(route);
  });
}

/** After the crash: two more messages while the server is down, then it comes back and all replay. */
async function finishAfterCrash(
  page: Page,
  context: BrowserContext,
  server: KiriServer,
  firstId: string,
): Promise<LogEntry[]> {
  await expectStatus(page, firstId, 'waiting', 15_000);
  const sent = [{ id: firstId, text: FIRST }];
  for (const text of LATER) {
    const id = await sendMessage(page, text);
    await expectStatus(page, id, 'waiting', 15_000);
    sent.push({ id, text });
  }
  await context.unrouteAll({ behavior: 'ignoreErrors' });
  await server.start();

  for (const { id } of sent) await expectStatus(page, id, 'answered', 45_000);
  const log = await serverLog(page);
  expectExactlyOnce(log, sent);

  // The screen: every part of every reply once, none twice, answering the messages in order.
  await expectNoDuplicatesOnScreen(page);
  await expect
    .poll(async () => (await repliesOnScreen(page, log)).length, { timeout: 15_000 })
    .toBe(sent.reduce((sum, { id }) => sum + repliesTo(log, id).length, 0));
  const answered = await repliesOnScreen(page, log);
  const order = answered.map((id) => sent.findIndex((message) => message.id === id));
  expect(order).toEqual([...order].sort((a, b) => a - b));
  return log;
}

test('killed right after storing a message, before the device saw the answer: replayed once', async ({
  page,
  context,
  server,
}) => {
  await openChat(page, 'Mira');
  await waitForServiceWorker(page);

  let storedStatus = 0;
  await interceptFirstChat(context, async (route) => {
    // The request reaches the server and is answered; the answer is lost with the server.
    const response = await route.fetch();
    storedStatus = response.status();
    await server.stop({ kill: true });
    await route.abort('connectionreset');
  });

  const firstId = await sendMessage(page, FIRST);
  await expect.poll(() => storedStatus, { message: 'the first send reached the server' }).toBe(200);
  expect(server.running).toBe(false);

  const log = await finishAfterCrash(page, context, server, firstId);
  expect(log.find((entry) => entry.id === firstId)).toBeDefined();
});

test('killed while a message is in flight: replayed once, whether or not it was stored', async ({
  page,
  context,
  server,
}) => {
  await openChat(page, 'Mira');
  await waitForServiceWorker(page);

  let killed = false;
  await interceptFirstChat(context, async (route) => {
    // The request goes on to the server; the server dies a moment later, mid-request or just after.
    const sending = route.continue().catch(() => undefined);
    await new Promise((resolve) => setTimeout(resolve, 5));
    await server.stop({ kill: true });
    killed = true;
    await sending;
  });

  const firstId = await sendMessage(page, FIRST);
  await expect.poll(() => killed, { message: 'the server was killed mid-send' }).toBe(true);

  await finishAfterCrash(page, context, server, firstId);
});
