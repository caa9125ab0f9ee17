// The hybrid protocol dashboard (issue 15 point 2) as the owner meets it: live values at a phone viewport and
// at desktop, 'Show Advanced Capabilities' revealing the flags, encryption at rest turned on from the
// settings form and shown on its tile, and no console error on the way. One server, one owner.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { expect, test } from './support/fixtures';
import { loginAndRegister } from './support/app';
import { sendMessage } from './support/chat';
import { watchPageErrors } from './support/page-errors';

test.use({ serverEnv: { DATA_KEY: Buffer.alloc(32, 5).toString('base64') } });

test('phone and desktop show live values; the advanced toggle reveals the flags; encryption turns on', async ({
  page,
  server,
}) => {
  test.setTimeout(120_000);
  const errors = watchPageErrors(page);

  await page.setViewportSize({ width: 390, height: 844 });
  await loginAndRegister(page, 'Mira');
  await sendMessage(page, 'my secret fruit is pomegranate');

  await page.goto('/hybrid-dashboard');
  await expect(
    page.getByRole('heading', { level: 1, name: 'Hybrid Protocol Dashboard' }),
  ).toBeVisible();
  await expect(page.getByTestId('hybrid-version')).toHaveText('Protocol v1.0');
  await expect(page.getByTestId('hybrid-online')).toHaveText('Online');
  // The real chain of an e2e server: the local engine only, no feeds, nothing encrypted yet.
  await expect(page.getByTestId('tile-fallback')).toContainText('Enabled');
  await expect(page.getByTestId('tile-web')).toContainText('Disabled');
  await expect(page.getByTestId('tile-encryption')).toContainText('Disabled');
  await expect(page.getByTestId('tile-consciousness')).toContainText('%');
  // The owner's message was answered: adaptation is measured, and 100% is green.
  await expect(page.getByTestId('bar-conversationalAdaptation')).toContainText('100%');
  await expect(page.getByTestId('bar-conversationalAdaptation')).toHaveAttribute(
    'data-colour',
    'green',
  );

  await page.getByRole('button', { name: 'Show Advanced Capabilities' }).click();
  await expect(page.getByTestId('capability-analysis')).toContainText('Active');
  await expect(page.getByTestId('capability-codeGeneration')).toContainText('Standby');
  await expect(page.getByTestId('capability-imageGeneration')).toContainText('Standby');
  await expect(page.getByTestId('soul-state')).toHaveText(/Awakened|Dormant/);
  await expect(page.getByTestId('stream-state')).toHaveText(/Active|Inactive/);

  // Desktop: the same live values, the tiles in one row.
  await page.setViewportSize({ width: 1280, height: 800 });
  await expect(page.getByTestId('capability-analysis')).toContainText('Active');
  const tiles = ['tile-encryption', 'tile-fallback', 'tile-web', 'tile-consciousness'];
  const tops = await Promise.all(
    tiles.map(async (id) => (await page.getByTestId(id).boundingBox())?.y ?? -1),
  );
  expect(new Set(tops).size).toBe(1);

  // The owner turns encryption at rest on: the tile says so, and the conversation file holds no plain text.
  await page.getByRole('checkbox', { name: 'Encrypt data at rest' }).check();
  await page.getByRole('button', { name: 'Save Settings' }).click();
  await expect(page.getByTestId('tile-encryption')).toContainText('Enabled');
  const conversations = await readFile(join(server.dataDir, 'conversations.json'));
  expect(conversations.subarray(0, 7).toString('latin1')).toBe('KIRIENC');
  expect(conversations.toString('latin1')).not.toContain('pomegranate');

  expect(errors).toEqual([]);
});
