// The chat restored from WebKit's back/forward cache (docs/chat-client.md, "A page in the
// back/forward cache"): as the chat goes into the cache its transactions under way are aborted, and
// coming back it must show its messages and send again (Dexie's live queries read again on the
// pageshow; writes are no longer refused once the page is shown).
import { expect, test } from 'vitest';
import { webkitSession } from './support/session';
import { messageIds, openChat, sendMessage, waitForStatus } from './support/kiri';

const session = webkitSession();

test('back from System Health, the chat comes out of the cache with its messages and sends again', async () => {
  const page = session.page;
  await openChat(page, 'Mira');
  const first = await sendMessage(page, 'I am on the train');
  await waitForStatus(page, first, 'answered', 30_000);
  // Set on this document only: a page loaded afresh would not have it.
  await page.evaluate(
    `window.kiriRestored = false;
     addEventListener('pageshow', (event) => { if (event.persisted) window.kiriRestored = true; });`,
  );

  await page.goto('/settings/system-health');
  await page.waitForTextMatching('[data-testid="health-outbox"]', /^Nothing waiting$/);
  await page.evaluate(`history.back()`);
  await page.waitFor(async () => (await page.pathname()) === '/', { message: 'back at the chat' });
  expect(await page.evaluate<boolean | null>(`return window.kiriRestored ?? null`)).toBe(true);

  await page.waitFor(async () => (await messageIds(page, 'user')).includes(first), {
    message: 'the first message on the restored chat',
  });
  const second = await sendMessage(page, 'and now the tunnel');
  await waitForStatus(page, second, 'answered', 30_000);
  expect(await messageIds(page, 'user')).toEqual([first, second]);
});
