// Issue 20, the Analytics and Monitoring settings pages, against the built app and a real server, on a
// phone: the owner sends two messages and gets Kiri's replies, opens /settings/analytics and finds today's
// count in the table beside a drawn chart, then /settings/monitoring and finds the hour's messages in and
// replies out. The chat page never fetches the chart library (uPlot); the analytics page does. No console
// error on the way.
import type { Locator } from '@playwright/test';
import { openChat, sendMessage, serverLog, waitForKiriToFinishTyping } from './support/chat';
import { expect, test } from './support/fixtures';
import { watchPageErrors } from './support/page-errors';

test.use({ viewport: { width: 390, height: 844 }, hasTouch: true });

/** The cells of the table row whose heading starts with `head`. */
function rowOf(table: Locator, head: string): Locator {
  return table
    .getByRole('row')
    .filter({ has: table.page().getByRole('rowheader', { name: head }) });
}

const isChartLibrary = (url: string) => /\/assets\/uPlot[^/]*\.(js|css)$/.test(url);

test('two messages, then their counts on the Analytics and Monitoring pages', async ({ page }) => {
  test.setTimeout(120_000);
  const errors = watchPageErrors(page);
  const fetched: string[] = [];
  page.on('request', (request) => fetched.push(request.url()));

  await test.step('the owner sends two messages and gets a reply to each', async () => {
    await openChat(page, 'Mira');
    await sendMessage(page, 'Good morning, Kiri!');
    await waitForKiriToFinishTyping(page, 3);
    await sendMessage(page, 'What a lovely day for a walk.');
    await waitForKiriToFinishTyping(page, 3);
    await expect
      .poll(async () => new Set((await serverLog(page)).map((entry) => entry.answersId)).size)
      .toBe(3); // null (the greeting, the welcome) and the two messages answered
  });

  await test.step('the chat page did not fetch the chart library', () => {
    expect(fetched.filter(isChartLibrary)).toEqual([]);
  });

  await test.step('Analytics: today’s count in the table, and the chart drawn', async () => {
    await page.goto('/settings/analytics');
    await expect(page.getByRole('heading', { level: 1, name: 'Analytics' })).toBeVisible();
    const panel = page.getByTestId('panel-per-day');
    const table = panel.getByRole('table', { name: 'Messages per day' });
    const today = rowOf(table, '(today)');
    await expect(today).toHaveCount(1);
    // Day, then the owner's count, then Kiri's: her greeting, the welcome and the replies' parts.
    await expect(today.getByRole('cell').first()).toHaveText('2');
    expect(Number(await today.getByRole('cell').nth(1).textContent())).toBeGreaterThanOrEqual(2);
    await expect(
      panel.getByRole('img', { name: /^Messages per day: chart\./ }).locator('canvas'),
    ).toBeVisible();
    await expect(page.getByTestId('panel-providers').getByRole('table')).toContainText(
      'Kiri’s own engine (local)',
    );
    expect(fetched.filter(isChartLibrary).length).toBeGreaterThan(0);
  });

  await test.step('Monitoring: the hour’s messages in and replies out', async () => {
    await page.goto('/settings/monitoring');
    await expect(page.getByRole('heading', { level: 1, name: 'Monitoring' })).toBeVisible();
    const table = page
      .getByTestId('panel-messages')
      .getByRole('table', { name: 'Messages in and replies out' });
    // The hour the messages were sent in, on the server's clock in its zone: the current one, unless
    // the hour turned while the test ran.
    const log = await serverLog(page);
    const sentAt = log.find((entry) => entry.sender === 'user')!.timestamp;
    const status = await page.context().request.get('/api/auth/status');
    const zone = ((await status.json()) as { timeZone: string }).timeZone;
    const hour = new Intl.DateTimeFormat('en-GB', {
      timeZone: zone,
      hour: '2-digit',
      hourCycle: 'h23',
    }).format(new Date(sentAt));
    const row = rowOf(table, `${hour}:00`);
    await expect(row.getByRole('cell')).toHaveText(['2', '2']);
    await expect(table.getByRole('row').nth(1).getByRole('rowheader')).toContainText('(now)');
    await expect(page.getByTestId('panel-messages').locator('canvas')).toBeVisible();
    await page.getByRole('button', { name: 'Refresh' }).click();
    await expect(page.getByRole('button', { name: 'Refresh' })).toBeEnabled();
    await expect(row.getByRole('cell')).toHaveText(['2', '2']);
  });

  expect(errors).toEqual([]);
});
