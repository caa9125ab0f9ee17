// A long day (issue 3): the list is virtualized, so a day of 10,000 messages opens at the newest with a
// few dozen elements on the page, and the owner can scroll back through all of it to the first one.
import { messageElements, openChat } from './support/chat';
import { expect, test } from './support/fixtures';

const COUNT = 10_000;

test('a day of 10,000 messages opens at the newest and scrolls back to the first', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await openChat(page, 'Mira');
  // Today's session, as the app made it, filled with the day's messages (written straight to the store).
  const ids = await page.evaluate(async (count) => {
    const idb = await new Promise<IDBDatabase>((resolve, reject) => {
      const open = indexedDB.open('kiri');
      open.onsuccess = () => resolve(open.result);
      open.onerror = () => reject(open.error);
    });
    const read = idb.transaction('sessions').objectStore('sessions').getAll();
    const sessions = await new Promise<{ id: string; messageCount: number }[]>((resolve) => {
      read.onsuccess = () => resolve(read.result as { id: string; messageCount: number }[]);
    });
    const today = sessions.sort((a, b) => b.id.localeCompare(a.id))[0]!;
    const tx = idb.transaction(['messages', 'sessions'], 'readwrite');
    const store = tx.objectStore('messages');
    // Before the greeting of this morning, a second apart, so the greeting stays the newest.
    const first = Date.now() - 6 * 3_600_000;
    const made: string[] = [];
    for (let i = 0; i < count; i += 1) {
      const id = `00000000-0000-7000-8000-${String(i).padStart(12, '0')}`;
      const timestamp = first + i * 1000;
      made.push(id);
      store.put({
        id,
        sessionId: today.id,
        sender: i % 2 ? 'kiri' : 'user',
        message: `long day message ${i}`,
        timestamp,
        // The conversation's sort key, as the app writes it (src/domain/conversation-order.ts). Rows
        // without one are what a release before issue 8 wrote: the app then gives all 10,000 their key
        // as the database opens, a migration this test is not about and that on a loaded CI machine
        // outlasted the wait for the list (migrations.test.ts covers it).
        order: `${String(timestamp).padStart(16, '0')} ${id}`,
        replyToId: null,
        emotionalState: null,
        ...(i % 2 ? {} : { status: 'answered' }),
      });
    }
    tx.objectStore('sessions').put({ ...today, messageCount: today.messageCount + count });
    await new Promise((resolve) => (tx.oncomplete = resolve));
    idb.close();
    return { first: made[0]!, last: made[count - 1]! };
  }, COUNT);

  await page.reload();
  const list = page.getByRole('region', { name: 'Messages' });
  // Opens at the newest: this morning's greeting, after the day's last seeded message.
  await expect(page.locator(`[data-message-id="${ids.last}"]`)).toBeInViewport();
  const rendered = await messageElements(page).count();
  expect(rendered).toBeLessThan(100);

  // Back to the start of the day, page by page, as a thumb flicking up would go.
  const firstMessage = page.locator(`[data-message-id="${ids.first}"]`);
  await expect(async () => {
    await list.evaluate((element) => element.scrollTo({ top: 0 }));
    await expect(firstMessage).toBeInViewport({ timeout: 250 });
  }).toPass({ timeout: 90_000, intervals: [50] });
  await expect(firstMessage).toContainText('long day message 0');
  expect(await messageElements(page).count()).toBeLessThan(100);
});
