// Exactly once under a crash (issue 3, DESIGN.md "Exactly once"): the server is killed (SIGKILL) with a
// message in flight, a second message is queued behind it while the server is down, the server is
// restarted, and the outbox replays what waits. Whether or not the server had stored the first message
// before it died, it ends up with each message once and one reply to each, and the screen shows every
// part of every reply once.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { BrowserContext, Page, Route } from '@playwright/test';
import { waitForServiceWorker } from './support/app';
import {
  expectExactlyOnce,
  expectNoDuplicatesOnScreen,
  expectStatus,
  messageById,
  messageIdsOnScreen,
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
const LATER = 'Still there? Tell me about yourself.';

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

/** After the crash: one more message while the server is down, then it comes back and both replay. */
async function finishAfterCrash(
  page: Page,
  context: BrowserContext,
  server: KiriServer,
  firstId: string,
): Promise<LogEntry[]> {
  await expectStatus(page, firstId, 'waiting', 15_000);
  // Queued on the device behind the first (its status words are chat-offline.spec.ts's concern).
  const laterId = await sendMessage(page, LATER);
  await expect(messageById(page, laterId)).toHaveAttribute('data-status', /^(sending|waiting)$/);
  const sent = [
    { id: firstId, text: FIRST },
    { id: laterId, text: LATER },
  ];
  await context.unrouteAll({ behavior: 'ignoreErrors' });
  await server.start();

  for (const { id } of sent) await expectStatus(page, id, 'answered', 45_000);
  const log = await serverLog(page);
  expectExactlyOnce(log, sent);

  // The screen: every part of every reply once, none twice.
  for (const { id } of sent) {
    for (const part of repliesTo(log, id)) {
      await expect(messageById(page, part.id)).toHaveCount(1);
    }
  }
  await expectNoDuplicatesOnScreen(page);
  const onScreen = await repliesOnScreen(page, log);
  for (const { id } of sent) {
    expect(onScreen.filter((answered) => answered === id)).toHaveLength(repliesTo(log, id).length);
  }
  // Nothing of Kiri's on screen that the server does not have (a second reply made on replay).
  const known = new Set(log.map((entry) => entry.id));
  const kiriOnScreen = await messageIdsOnScreen(page, 'kiri');
  expect(kiriOnScreen.filter((id) => !known.has(id))).toEqual([]);
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
  let crashed = false;
  await interceptFirstChat(context, async (route) => {
    // The request reaches the server and is answered; the answer is lost with the server.
    const response = await route.fetch();
    storedStatus = response.status();
    await server.stop({ kill: true });
    crashed = true;
    await route.abort('connectionreset');
  });

  const firstId = await sendMessage(page, FIRST);
  await expect.poll(() => crashed, { message: 'the server was killed after answering' }).toBe(true);
  expect(storedStatus, 'the first send reached the server and was answered').toBe(200);
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
  // Which of the two cases this run met, read from the dead server's file.
  // A write appends to the journal; the file itself is rewritten only by compaction.
  const file = join(server.dataDir, 'conversations.json');
  const stored = [file, `${file}.journal`].some(
    (path) => existsSync(path) && readFileSync(path, 'utf8').includes(firstId),
  );
  test.info().annotations.push({
    type: 'crash',
    description: stored ? 'the message was stored before the kill' : 'killed before storing',
  });

  await finishAfterCrash(page, context, server, firstId);
});
