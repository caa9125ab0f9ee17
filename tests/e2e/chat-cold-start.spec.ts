// The cold start (docs/chat-client.md, "Cold start"): opened offline, the installed app paints
// today's messages from the device store (the opening snapshot) before its own code has run, and
// the chat screen then takes over in its place: the same messages, now the real, usable list.
import type { Page } from '@playwright/test';
import { waitForServiceWorker } from './support/app';
import {
  composer,
  expectChatScreen,
  expectStatus,
  messageById,
  messageIdsOnScreen,
  openChat,
  sendMessage,
  serverLog,
  waitForKiriToFinishTyping,
} from './support/chat';
import { expect, test } from './support/fixtures';

/** Records, in every new document, the ids the opening snapshot painted (none if it never did). */
const RECORD_SNAPSHOT = `
window.__snapshotIds = null;
new MutationObserver(function (_, observer) {
  var frame = document.querySelector('[data-opening-snapshot]');
  if (!frame) return;
  window.__snapshotIds = Array.from(frame.querySelectorAll('[data-snapshot-message-id]')).map(
    function (element) { return element.getAttribute('data-snapshot-message-id'); }
  );
  observer.disconnect();
}).observe(document, { childList: true, subtree: true });
// How many Intl date formatters the page made before the app's list was in the document: the first
// costs some 20 ms (ICU starting up), and a start reads the clock the last one kept instead.
window.__formattersBeforeList = null;
(function () {
  var made = 0;
  var count = function () { made += 1; };
  Intl.DateTimeFormat = new Proxy(Intl.DateTimeFormat, {
    construct: function (target, args) { count(); return Reflect.construct(target, args); },
    apply: function (target, self, args) { count(); return Reflect.apply(target, self, args); },
  });
  new MutationObserver(function (_, observer) {
    if (!document.querySelector('[data-message-id]')) return;
    window.__formattersBeforeList = made;
    observer.disconnect();
  }).observe(document, { childList: true, subtree: true });
})();
`;

/** The names of the marks on the page's performance timeline. */
function performanceMarks(page: Page): Promise<string[]> {
  return page.evaluate(() => performance.getEntriesByType('mark').map((mark) => mark.name));
}

/** The times the chat's list shows, top to bottom. */
function timesShown(page: Page): Promise<string[]> {
  return page
    .locator('[data-chat-scroller]')
    .innerText()
    .then((text) => text.match(/\b\d{1,2}:\d{2}(?:\s?[AP]M)?/g) ?? []);
}

test("offline cold start: today's messages show from the device at once, then the chat takes over", async ({
  page,
  context,
}) => {
  await openChat(page, 'Mira');
  await waitForServiceWorker(page);
  const id = await sendMessage(page, 'Remember that my bike is the green one.');
  await expectStatus(page, id, 'answered', 15_000);
  // Every part of Kiri's split reply is on screen (they are revealed one after another, slower on a
  // loaded machine), in the log's order: the snapshot paints what the device holds, all of it.
  const log = await serverLog(page);
  await waitForKiriToFinishTyping(page, log.filter((entry) => entry.sender === 'kiri').length);
  await expect
    .poll(() => messageIdsOnScreen(page), { timeout: 15_000 })
    .toEqual(log.map((entry) => entry.id));
  // The app saves its query cache (the login) at most once a second.
  await page.waitForTimeout(1500);
  const before = await messageIdsOnScreen(page);
  const timesBefore = await timesShown(page);
  expect(timesBefore.length).toBeGreaterThan(0);

  await context.addInitScript({ content: RECORD_SNAPSHOT });
  await context.setOffline(true);
  // The snapshot races the app by design: the app's code waits for its read 120 ms at most, so a
  // device store that answers slower than the app renders (it happened once in a CI run on a loaded
  // machine; some 60 starts here under load showed none) paints nothing, and the app's list shows the day instead. Such a start must be a
  // real lost race: the read did come back, after the app's render, and left the app's screen alone.
  // The snapshot must then win one of the next starts.
  let painted: string[] | null = null;
  for (let start = 1; painted === null; start += 1) {
    await page.reload();
    await expectChatScreen(page);
    await expect(messageById(page, id)).toContainText('my bike is the green one');
    // The snapshot is gone, replaced by the app's list of the same messages.
    await expect(page.locator('[data-opening-snapshot]')).toHaveCount(0);
    painted = await page.evaluate(
      () => (window as unknown as { __snapshotIds: string[] | null }).__snapshotIds,
    );
    if (painted !== null) break;
    await expect
      .poll(() => performanceMarks(page), {
        message: 'an opening snapshot that did not paint was read too late, after the app',
      })
      .toContain('kiri:snapshot-too-late');
    expect(start, 'the opening snapshot painted before the app in one of 3 starts').toBeLessThan(3);
  }
  expect(painted).toEqual(before);
  expect(await messageIdsOnScreen(page)).toEqual(before);
  // The times as before, written with the pattern the first start learned from Intl, and no Intl
  // formatter made on the way to the list.
  expect(await timesShown(page)).toEqual(timesBefore);
  const formatters = await page.evaluate(
    () => (window as unknown as { __formattersBeforeList: number | null }).__formattersBeforeList,
  );
  expect(formatters, 'Intl date formatters made before the list').toBe(0);

  // And the screen is the real one: the composer takes a message, which waits for the network.
  const waiting = await sendMessage(page, 'Still on the train.');
  await expectStatus(page, waiting, 'waiting', 15_000);
  await expect(composer(page)).toHaveValue('');
});

test('no snapshot for a device that is not logged in', async ({ page }) => {
  await page.addInitScript({ content: RECORD_SNAPSHOT });
  await page.goto('/');
  await expect(page.getByLabel('Access Code', { exact: true })).toBeVisible();
  const painted = await page.evaluate(
    () => (window as unknown as { __snapshotIds: string[] | null }).__snapshotIds,
  );
  expect(painted).toBeNull();
});
