// Safari 16: an iPhone that has not updated to 16.4 should still chat. Debian's WPE WebKit 2.38 is a
// Safari 16.0-era engine (its user agent says Version/16.0): the app must start there, log in, and
// get a reply. Until the build targeted Safari 16, it showed 'Kiri could not start' (class static
// blocks in the app chunk, a syntax Safari has only since 16.4). Safari 16 has no Storage API either:
// the owner is told the chats may be cleared, and how to keep them.
import { afterAll, afterEach, beforeAll, expect, test } from 'vitest';
import { startServer, type KiriServer } from '../e2e/support/server';
import { CHAT, repliesTo } from '../support/words';
import { openChat, SELECTOR, sendMessage, serverLog, waitForStatus } from './support/kiri';
import { launchWebKit, type WebKitPage } from './support/webkit';

let server: KiriServer;
let page: WebKitPage;

beforeAll(async () => {
  server = await startServer();
  page = await launchWebKit('wpe', { baseURL: server.url });
});

afterAll(async () => {
  await page?.close();
  await server?.dispose();
});

afterEach(async (context) => {
  if (context.task.result?.state === 'fail') {
    const shot = await page.screenshot(`wpe-${context.task.name}`);
    console.error(
      `Screenshot: ${shot}\nPage text: ${await page.text().catch(() => '?')}\nBrowser output:\n${page.output()}`,
    );
  }
});

test('on WPE WebKit 2.38 (Safari 16.0) the app starts, logs in and gets a reply', async () => {
  const userAgent = await page.evaluate<string>('return navigator.userAgent;');
  expect(userAgent).toContain('Version/16.0');

  await openChat(page, 'Mira');
  const text = 'Hello from an older iPhone, Kiri.';
  const id = await sendMessage(page, text);
  await waitForStatus(page, id, 'answered');
  expect(repliesTo(await serverLog(page, server), id).length).toBeGreaterThanOrEqual(1);
});

test('without the Storage API (Safari 16), the sidebar says the chats may be cleared and how to keep them', async () => {
  expect(await page.evaluate<string>('return typeof navigator.storage;')).toBe('undefined');
  // On a narrow window the sidebar starts closed.
  if ((await page.visible(SELECTOR.openSidebar)).length > 0) await page.click(SELECTOR.openSidebar);
  await page.waitForText(CHAT.chatsMayBeCleared);
  await page.waitFor(async () => (await page.text()).includes('add Kiri to your Home Screen'), {
    message: 'the advice to add Kiri to the Home Screen',
  });
});
