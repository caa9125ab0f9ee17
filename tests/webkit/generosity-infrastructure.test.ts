// Issue 20's generosity, infrastructure and task manager pages in WebKitGTK (the engine of iPhone
// Safari), against the built app and a real server: a sad message counted as a moment of support on
// Day 1, the infrastructure list with HTTPS disabled over plain http and this device's storage read by
// WebKit's own Storage API, and the task manager's info page.
import { expect, test } from 'vitest';
import { webkitSession } from './support/session';
import { openChat, sendMessage, serverLog } from './support/kiri';

const session = webkitSession();
const testId = (id: string) => `[data-testid="${id}"]`;

const textOf = (id: string, expected: RegExp) =>
  session.page.waitForTextMatching(testId(id), expected);

test('generosity counts the support, infrastructure lists each feature, the task manager is an info page', async () => {
  const { page, server } = session;
  await openChat(page, 'Mira');
  const id = await sendMessage(page, "I'm so sad today, I can't stop crying");
  await page.waitFor(
    async () => (await serverLog(page, server)).some((entry) => entry.answersId === id),
    { timeout: 20_000, message: "Kiri's reply to the sad message in the server's log" },
  );

  await page.goto('/generosity');
  expect(await textOf('generosity-stage', /^Day 1$/)).toBe('Day 1');
  expect(await textOf('generosity-support', /^1$/)).toBe('1');
  expect(await textOf('generosity-interactions', /^1$/)).toBe('1');

  await page.goto('/infrastructure');
  expect(await textOf('infra-status-https', /^Disabled$/)).toBe('Disabled');
  expect(await textOf('infra-status-push', /^Pending$/)).toBe('Pending');
  // WebKit's own answer: granted, not granted, or no Storage API at all.
  expect(await textOf('infra-status-storage', /^(Ready|Pending|Disabled)$/)).toMatch(/\S/);

  await page.goto('/settings/hydra');
  expect(await textOf('task-manager-status', /^Disabled$/)).toBe('Disabled');
  await page.waitForText('Open the console');
});
