// The core journeys in WebKitGTK 2.50 (the engine of iPhone Safari, as Debian ships it): log in and
// register, the worker controls the page, a reply online, the app opening from the worker with the
// server stopped, a message written while the server is down kept across a reload and delivered once,
// the greeting filter, and the message menu by right click. One browser and one server for the file,
// the journeys in order, as one owner's commute.
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { startServer, type KiriServer } from '../e2e/support/server';
import { CHAT, TEXT, exactlyOnceProblems, repliesTo } from '../support/words';
import {
  expectChatScreen,
  messageIds,
  openMessageMenu,
  register,
  SELECTOR,
  sendMessage,
  serverLog,
  submitAccessCode,
  waitForStatus,
  workerControls,
} from './support/kiri';
import { launchWebKit, type WebKitPage } from './support/webkit';

let server: KiriServer;
let page: WebKitPage;
/** The owner's messages that reached the server, in order: the exactly-once check's expectation. */
const delivered: { id: string; text: string }[] = [];

beforeAll(async () => {
  server = await startServer();
  page = await launchWebKit('webkitgtk', { baseURL: server.url });
});

afterAll(async () => {
  await page?.close();
  await server?.dispose();
});

afterEach(async (context) => {
  if (context.task.result?.state === 'fail') {
    const shot = await page.screenshot(`webkitgtk-${context.task.name}`);
    console.error(
      `Screenshot: ${shot}\nServer output:\n${server.output()}\nBrowser output:\n${page.output()}`,
    );
  }
});

describe.sequential('WebKitGTK: the commute loop', () => {
  test('a wrong code is refused; the right one leads to registration and the chat', async () => {
    await submitAccessCode(page, 'not-the-code');
    await page.waitForText(TEXT.accessDenied);
    await page.waitForVisible(SELECTOR.accessCode);

    await submitAccessCode(page);
    await register(page, 'Mira');
    await expectChatScreen(page);
    await page.waitForVisible('[data-message-id][data-sender="kiri"]', {
      message: "Kiri's greeting",
    });
  });

  test('the service worker controls the page, and again after a reload', async () => {
    await page.waitFor(() => workerControls(page), { message: 'the worker to control the page' });
    await page.reload();
    await expectChatScreen(page);
    const controller = await page.waitFor(() => workerControls(page), {
      message: 'the worker to control the reloaded page',
    });
    expect(new URL(controller).pathname).toBe('/sw.js');
  });

  test("a message online gets Kiri's reply", async () => {
    const text = 'Good morning Kiri, tell me about yourself.';
    const id = await sendMessage(page, text);
    await waitForStatus(page, id, 'answered');
    delivered.push({ id, text });
    const log = await serverLog(page, server);
    const parts = repliesTo(log, id);
    expect(parts.length).toBeGreaterThanOrEqual(1);
    for (const part of parts) {
      await page.waitForVisible(SELECTOR.message(part.id), { message: `Kiri's part ${part.id}` });
    }
  });

  test("the greeting filter: a second 'hi' gets 'Mm, noted.' on the device only", async () => {
    const hello = await sendMessage(page, 'hello');
    await waitForStatus(page, hello, 'answered');
    delivered.push({ id: hello, text: 'hello' });

    const hi = await sendMessage(page, 'hi');
    await waitForStatus(page, hi, 'local');
    await page.waitForText(CHAT.noted);
    // The next message is answered by the server, so anything sent before it has arrived by then.
    const text = 'What did you think of the rain today?';
    const next = await sendMessage(page, text);
    await waitForStatus(page, next, 'answered');
    delivered.push({ id: next, text });
    expect((await serverLog(page, server)).some((entry) => entry.id === hi)).toBe(false);
  });

  test('with the server stopped, the app opens from the worker with its history', async () => {
    const before = await messageIds(page);
    await server.stop();
    await page.reload();
    await expectChatScreen(page);
    for (const id of before) {
      await page.waitForVisible(SELECTOR.message(id), {
        message: `message ${id} after the reload`,
      });
    }
  });

  test('a message written while the server is down survives a reload and arrives once', async () => {
    const text = 'In the tunnel now, no signal. Still there?';
    const id = await sendMessage(page, text);
    // WebKit keeps navigator.onLine true with the server down, and has no Background Sync: the app
    // learns of the failure from the request, and drains on its own probe (docs/webkit.md).
    await waitForStatus(page, id, 'waiting');
    await page.waitForText(CHAT.waiting(1));
    expect(await page.evaluate<boolean>('return navigator.onLine;')).toBe(true);
    expect(
      await page.evaluateAsync<string>(
        'const registration = await navigator.serviceWorker.ready; return typeof registration.sync;',
      ),
    ).toBe('undefined');

    await page.reload();
    await expectChatScreen(page);
    await waitForStatus(page, id, 'waiting');
    await page.waitForText(CHAT.waiting(1));

    await server.start();
    await waitForStatus(page, id, 'answered', 30_000);
    delivered.push({ id, text });
    expect(exactlyOnceProblems(await serverLog(page, server), delivered)).toEqual([]);
    const ids = await messageIds(page);
    expect(ids.filter((shown, index) => ids.indexOf(shown) !== index)).toEqual([]);
  });

  test('the message menu opens by right click; Delete takes a message off this device only', async () => {
    const { id } = delivered[0]!;
    await openMessageMenu(page, id);
    for (const item of Object.values(CHAT.menu)) {
      await page.waitForVisible(SELECTOR.menuItem(item), { message: `the menu item ${item}` });
    }
    await page.press('ESCAPE');
    await page.waitForHidden(SELECTOR.menu);

    // No navigator.share in WebKitGTK (iOS Safari has it): Share copies instead, and says so.
    await openMessageMenu(page, id);
    await page.click(SELECTOR.menuItem(CHAT.menu.copy));
    await page.waitForText(CHAT.toast.copied);
    await openMessageMenu(page, id);
    await page.click(SELECTOR.menuItem(CHAT.menu.share));
    await page.waitForText(CHAT.toast.copiedForSharing);

    await openMessageMenu(page, id);
    await page.click(SELECTOR.menuItem(CHAT.menu.delete));
    await page.waitForText(CHAT.toast.deleted);
    await page.waitForHidden(SELECTOR.message(id));
    expect((await serverLog(page, server)).some((entry) => entry.id === id)).toBe(true);
  });

  test("after Safari clears the site's storage (cookies kept), the chat comes back from the server", async () => {
    // What Safari does to a tab not visited for 7 days of use: IndexedDB, caches and the worker go;
    // the server's session cookie stays (docs/webkit.md).
    const log = await serverLog(page, server);
    await page.evaluateAsync<void>(`
      for (const registration of await navigator.serviceWorker.getRegistrations()) {
        await registration.unregister();
      }
    `);
    // Cleared while the app is not open, as Safari does: from a plain file of the site, so that no
    // connection of the app's holds a database open and blocks its deletion.
    await page.goto('/robots.txt');
    await page.evaluateAsync<void>(`
      for (const key of await caches.keys()) await caches.delete(key);
      for (const { name } of await indexedDB.databases()) {
        await new Promise((resolve, reject) => {
          const request = indexedDB.deleteDatabase(name);
          request.onsuccess = () => resolve(undefined);
          request.onerror = () => reject(request.error);
        });
      }
      localStorage.clear();
      sessionStorage.clear();
    `);
    expect(await page.evaluateAsync<number>('return (await indexedDB.databases()).length;')).toBe(
      0,
    );
    await page.goto('/');
    await expectChatScreen(page, { timeout: 30_000 });
    // Every message of today's log is back on the device, the one deleted here only included.
    const today = log.filter((entry) => entry.sessionId === log.at(-1)!.sessionId);
    for (const entry of today) {
      await page.waitForVisible(SELECTOR.message(entry.id), {
        message: `message ${entry.id} pulled back`,
      });
    }
  });
});
