// The memory dashboard's and the Analytics pages' main journey in WebKitGTK (issue 20): a memory added on
// the dashboard is counted and reaches the chat's memory context; the owner's message of today is in the
// Analytics table with its chart drawn by uPlot on a canvas, and Monitoring lists the hour.
import { test } from 'vitest';
import { webkitSession } from './support/session';
import { openChat, sendMessage } from './support/kiri';

const session = webkitSession();

const testId = (id: string) => `[data-testid=${JSON.stringify(id)}]`;

async function textOf(selector: string): Promise<string> {
  return (await (await session.page.waitForVisible(selector)).getText()).trim();
}

async function waitForMatch(selector: string, pattern: RegExp): Promise<void> {
  await session.page.waitFor(async () => pattern.test(await textOf(selector)), {
    message: () => `${selector} to match ${pattern}`,
  });
}

test('a memory added on the dashboard, and the day on Analytics and Monitoring, in WebKit', async () => {
  await openChat(session.page, 'Mira');
  await sendMessage(session.page, 'Good morning, Kiri!');

  await session.page.goto('/memory-dashboard');
  await waitForMatch(testId('memory-total'), /^0$/);
  await session.page.fill(
    `//label[normalize-space()='Memory']/following::textarea[1]`,
    'I take my coffee black',
  );
  await session.page.click(`//button[normalize-space()='Add Memory']`);
  await waitForMatch(testId('memory-total'), /^1$/);
  await waitForMatch(testId('memory-context'), /coffee black/);

  await session.page.goto('/settings/analytics');
  await waitForMatch(testId('panel-per-day'), /\(today\)/);
  await session.page.waitForVisible(`${testId('panel-per-day')} canvas`);

  await session.page.goto('/settings/monitoring');
  await waitForMatch(testId('panel-messages'), /Messages in and replies out/);
});
