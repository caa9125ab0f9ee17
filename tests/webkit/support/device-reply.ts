// Issue 12 as the WebKit journeys see it: whether the device can answer on its own yet (its copy of
// the server's context, and the engine's chunks loaded by the page), Kiri's reply to one message as
// the screen shows it, read through WebDriver (IndexedDB, the page's resource timings) so the tests do
// not depend on the app's code; and the offline-reply journey itself, which device-reply.test.ts
// (WebKitGTK) and device-reply-safari16.test.ts (WPE 2.38) run step for step.
import { expect, test } from 'vitest';
import { measureEngineChunks } from '../../../bench/bundle';
import { CHAT, deviceReplyProblems, exactlyOnceProblems, repliesTo } from '../../support/words';
import {
  expectChatScreen,
  messageIds,
  openChat,
  SELECTOR,
  sendMessage,
  serverLog,
  waitForStatus,
  workerControls,
} from './kiri';
import type { WebKitSession } from './session';
import type { WebKitPage } from './webkit';

/** The mark under a reply written on the device ('written offline', MessageItem.tsx). */
export const WRITTEN_OFFLINE = '[data-written-offline]';

/** How many rows the device's copy of the server's context has (Dexie table companionCopy; 0 or 1). */
export function companionCopyRows(page: WebKitPage): Promise<number> {
  return page.evaluateAsync<number>(`
    return await new Promise((resolve) => {
      const open = indexedDB.open('kiri');
      open.onerror = () => resolve(0);
      open.onsuccess = () => {
        const db = open.result;
        if (!db.objectStoreNames.contains('companionCopy')) {
          db.close();
          return resolve(0);
        }
        const count = db.transaction('companionCopy').objectStore('companionCopy').count();
        count.onsuccess = () => { db.close(); resolve(count.result); };
        count.onerror = () => { db.close(); resolve(0); };
      };
    });`);
}

/**
 * The site paths of the device engine's chunks in dist/ (its entry and what only it reaches), found
 * in the built graph as the bundle report finds them (bench/bundle.ts).
 */
export function engineChunks(): string[] {
  const { files } = measureEngineChunks();
  if (files.length === 0) throw new Error('no device engine chunk in dist/: run npm run build');
  return files;
}

/** The engine's chunks the page has not fetched yet (its resource timings; empty once all are in). */
export function engineChunksNotLoaded(
  page: WebKitPage,
  chunks: readonly string[],
): Promise<string[]> {
  return page.evaluate<string[]>(
    `const loaded = new Set(performance.getEntriesByType('resource').map((entry) => new URL(entry.name).pathname));
     return arguments[0].filter((chunk) => !loaded.has(chunk));`,
    chunks,
  );
}

/** Kiri's messages on screen right after the owner's message `id`, up to the next of the owner's. */
export function replyOnScreen(page: WebKitPage, id: string): Promise<string[]> {
  return page.evaluate<string[]>(
    `const rows = Array.from(document.querySelectorAll('[data-message-id]'));
     const at = rows.findIndex((row) => row.getAttribute('data-message-id') === arguments[0]);
     const parts = [];
     for (const row of rows.slice(at + 1)) {
       if (row.getAttribute('data-sender') !== 'kiri') break;
       parts.push(row.getAttribute('data-message-id') || '');
     }
     return at === -1 ? [] : parts;`,
    id,
  );
}

/** How many 'written offline' marks the page shows. */
export function writtenOfflineMarks(page: WebKitPage): Promise<number> {
  return page.evaluate<number>(
    `return Array.from(document.querySelectorAll(arguments[0]))
       .filter((mark) => (mark.textContent || '').trim() === arguments[1]).length;`,
    WRITTEN_OFFLINE,
    CHAT.writtenOffline,
  );
}

/** Whether Kiri's typing indicator is on screen (a part of her reply still to come). */
export function kiriTyping(page: WebKitPage): Promise<boolean> {
  return page.evaluate<boolean>(
    `return !!document.querySelector('[role="status"][data-typing][aria-label="' + arguments[0] + '"]');`,
    CHAT.typing,
  );
}

// The offline-reply journey (issue 12), the same in each engine's file.

const ONLINE = 'Good morning Kiri, I am on my way to work.';
const OFFLINE = 'On the train now, no signal at all. How is your morning going?';

/** The screen holds each message once, and the owner's message `id` is followed by exactly `reply`. */
async function expectReplyOnScreen(page: WebKitPage, id: string, reply: string[]): Promise<void> {
  let shown: string[] = [];
  await page.waitFor(
    async () => {
      shown = await replyOnScreen(page, id);
      return shown.join() === reply.join();
    },
    { message: () => `the reply to ${id} on screen to be [${reply}] (it is [${shown}])` },
  );
  const ids = await messageIds(page);
  expect(ids.filter((shown, index) => ids.indexOf(shown) !== index)).toEqual([]);
}

/**
 * Registers the journey's tests, in order, on one browser and server (call it inside a
 * describe.sequential, with the file's session). Kept here so that each engine's file runs the same
 * steps, and each stays under a minute on a loaded machine.
 */
export function offlineReplyJourney(session: WebKitSession): void {
  /** The owner's messages that reached the server, in order: the exactly-once check's expectation. */
  const delivered: { id: string; text: string }[] = [];
  let offline = { id: '', reply: [] as string[] };

  test("a message online gets the server's reply; the device engine loads when the app is idle", async () => {
    const { page, server } = session;
    await openChat(page, 'Mira');
    await page.waitFor(() => workerControls(page), { message: 'the worker to control the page' });

    const id = await sendMessage(page, ONLINE);
    await waitForStatus(page, id, 'answered');
    delivered.push({ id, text: ONLINE });
    const parts = repliesTo(await serverLog(page, server), id);
    expect(parts.length).toBeGreaterThanOrEqual(1);
    expect(parts.every((part) => part.writtenOffline !== true)).toBe(true);
    await expectReplyOnScreen(
      page,
      id,
      parts.map((part) => part.id),
    );
    expect(await writtenOfflineMarks(page)).toBe(0);

    // What the device needs to answer alone: the copy of the server's context (pulled after login)
    // and the engine's chunks, fetched by the page itself (not only precached by the worker).
    await page.waitFor(async () => (await companionCopyRows(page)) === 1, {
      message: "the device's copy of the server's context",
      timeout: 30_000,
    });
    const chunks = engineChunks();
    let missing: string[] = chunks;
    await page.waitFor(
      async () => {
        missing = await engineChunksNotLoaded(page, chunks);
        return missing.length === 0;
      },
      { message: () => `the engine's chunks to be loaded (missing: ${missing})`, timeout: 30_000 },
    );
  });

  test("server stopped: Kiri's reply comes after her typing pause, marked 'written offline'", async () => {
    const { page, server } = session;
    await server.stop();
    const id = await sendMessage(page, OFFLINE);
    await waitForStatus(page, id, 'waiting', 20_000);
    expect(await page.evaluate<boolean>('return navigator.onLine;')).toBe(true);

    // Her typing pause: the indicator, with no reply yet (each part waits 0.7 to 4 s by its length).
    await page.waitFor(
      async () => (await kiriTyping(page)) && (await replyOnScreen(page, id)).length === 0,
      { message: 'Kiri typing before the reply written offline', timeout: 20_000 },
    );
    await page.waitFor(
      async () => (await writtenOfflineMarks(page)) === 1 && !(await kiriTyping(page)),
      {
        message: "the reply's last part, marked 'written offline'",
        timeout: 20_000,
      },
    );
    const reply = await replyOnScreen(page, id);
    expect(reply.length).toBeGreaterThanOrEqual(1);
    expect(reply.length).toBeLessThanOrEqual(3);
    for (const part of reply) {
      const text = await page.evaluate<string>(
        'return document.querySelector(arguments[0]).textContent.trim();',
        SELECTOR.messageText(part),
      );
      expect(text, `part ${part} of the reply written offline`).not.toBe('');
    }
    // The mark sits under the reply's last part; she answered, so no trouble line either.
    expect(
      await page.evaluate<boolean>(
        'return !!document.querySelector(arguments[0] + " [data-written-offline]");',
        SELECTOR.message(reply.at(-1)!),
      ),
    ).toBe(true);
    expect(
      await page.evaluate<number>(
        `return document.querySelectorAll('[data-local-line="trouble"]').length;`,
      ),
    ).toBe(0);
    // The message itself still waits to reach the server.
    await waitForStatus(page, id, 'waiting');
    await page.waitForText(CHAT.waiting(1));
    offline = { id, reply };
  });

  test('a reload opens the app from the worker with the message, the reply and its mark', async () => {
    const { page } = session;
    const { id, reply } = offline;
    expect(id, 'the previous test wrote a reply offline').not.toBe('');
    await page.reload();
    await expectChatScreen(page);
    await page.waitFor(() => workerControls(page), { message: 'the worker to control the page' });
    await page.waitForVisible(SELECTOR.message(id), { message: "the owner's message" });
    await expectReplyOnScreen(page, id, reply);
    await page.waitFor(async () => (await writtenOfflineMarks(page)) === 1, {
      message: "the mark 'written offline' after the reload",
    });
    await waitForStatus(page, id, 'waiting');
  });

  test("the server back: the message arrives once with the device's reply, and no second answer", async () => {
    const { page, server } = session;
    const { id, reply } = offline;
    expect(id, 'the previous test wrote a reply offline').not.toBe('');
    await server.start();
    // No 'online' event in WebKit: the page's probe of /api/health (every 2 s in view) replays.
    await waitForStatus(page, id, 'answered', 30_000);
    delivered.push({ id, text: OFFLINE });
    const log = await serverLog(page, server);
    expect(exactlyOnceProblems(log, delivered)).toEqual([]);
    expect(deviceReplyProblems(log, { [id]: reply })).toEqual([]);
    await expectReplyOnScreen(page, id, reply);
    expect(await writtenOfflineMarks(page)).toBe(1);

    // A later message answered by the server has its turn after anything the replay could still
    // bring: by then a second answer to the offline message would be on screen.
    const text = 'Made it to the office, signal is back.';
    const next = await sendMessage(page, text);
    await waitForStatus(page, next, 'answered');
    delivered.push({ id: next, text });
    expect(exactlyOnceProblems(await serverLog(page, server), delivered)).toEqual([]);
    await expectReplyOnScreen(page, id, reply);
    expect(await writtenOfflineMarks(page)).toBe(1);
  });
}
