// The memory dashboard's and the Analytics pages' main journey in WebKitGTK (issue 20): a memory added on
// the dashboard is counted and reaches the chat's memory context; the owner's message of today is in the
// Analytics table with its chart drawn by uPlot on a canvas, and Monitoring lists the hour.
import { test } from 'vitest';
import { webkitSession } from './support/session';
import { openChat, sendMessage } from './support/kiri';

const session = webkitSession();

const testId = (id: string) => `[data-testid=${JSON.stringify(id)}]`;

test('a memory added on the dashboard, and the day on Analytics and Monitoring, in WebKit', async () => {
  await openChat(session.page, 'Mira');
  await sendMessage(session.page, 'Good morning, Kiri!');

  await session.page.goto('/memory-dashboard');
  await session.page.waitForTextMatching(testId('memory-total'), /^0$/);
  await session.page.fill(
    `//label[normalize-space()='Memory']/following::textarea[1]`,
    'I take my coffee black',
  );
  await session.page.click(`//button[normalize-space()='Add Memory']`);
  await session.page.waitForTextMatching(testId('memory-total'), /^1$/);
  await session.page.waitForTextMatching(testId('memory-context'), /coffee black/);

  await session.page.goto('/settings/analytics');
  await session.page.waitForTextMatching(testId('panel-per-day'), /\(today\)/);
  await session.page.waitForVisible(`${testId('panel-per-day')} canvas`);

  await session.page.goto('/settings/monitoring');
  await session.page.waitForTextMatching(testId('panel-messages'), /Messages in and replies out/);
});
