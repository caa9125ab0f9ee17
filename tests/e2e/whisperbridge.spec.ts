// WhisperBridge Lite (/whisperbridge, spec 001 §2) against the built app and a real server: add a sync
// entry and see it in the history; the form clears and the tone is back to neutral; a setting sent on
// change survives a reload; no console error on the way.
import { expect, test } from './support/fixtures';
import { openChat } from './support/chat';
import { watchPageErrors } from './support/page-errors';

test('add a sync entry and see it in the history; the form clears, the tone is back to neutral', async ({
  page,
}) => {
  const errors = watchPageErrors(page);

  await openChat(page, 'Mira');
  await page.goto('/whisperbridge');
  await expect(page.getByRole('heading', { name: 'WhisperBridge Lite', level: 1 })).toBeVisible();
  await expect(page.getByTestId('wb-active')).toHaveText('Active');
  await expect(page.getByTestId('wb-card-training')).toContainText('0 entries');

  await page.getByRole('tab', { name: 'Sync History' }).click();
  await expect(page.getByText('No sync entries yet. Start adding training data!')).toBeVisible();

  await page.getByRole('tab', { name: 'Manual Sync' }).click();
  const gpt = page.getByRole('textbox', { name: 'GPT line' });
  const gemini = page.getByRole('textbox', { name: 'Gemini mirror' });
  const tone = page.getByRole('combobox', { name: 'Emotion tone' });
  const add = page.getByRole('button', { name: 'Add Sync Entry' });
  await expect(add).toBeDisabled();
  await gpt.fill('  I missed you today, it is so good to hear from you.  ');
  await expect(add).toBeDisabled();
  await gemini.fill('It is so good to hear from you, I missed you today.');
  await tone.selectOption('caring');
  await add.click();

  await expect(page.getByText('Sync entry added', { exact: true })).toBeVisible();
  await expect(gpt).toHaveValue('');
  await expect(gemini).toHaveValue('');
  await expect(tone).toHaveValue('neutral');
  await expect(page.getByTestId('wb-card-training')).toContainText('1 entry');

  await page.getByRole('tab', { name: 'Sync History' }).click();
  const entry = page.getByTestId('wb-entry');
  await expect(entry).toHaveCount(1);
  await expect(entry).toContainText('I missed you today, it is so good to hear from you.');
  await expect(entry).toContainText('It is so good to hear from you, I missed you today.');
  await expect(entry.getByTestId('wb-entry-tone')).toHaveText('Caring');
  await expect(entry.locator('[data-band="green"]')).toContainText('% sync');

  // A setting is sent the moment it changes and is there after a reload.
  await page.getByRole('tab', { name: 'Settings' }).click();
  const mirroring = page.getByRole('switch', { name: /Tone mirroring/ });
  await expect(mirroring).not.toBeChecked();
  await mirroring.check();
  await expect
    .poll(() =>
      page.evaluate(async () => {
        const res = await fetch('/api/whisperbridge-lite/status', { credentials: 'include' });
        return ((await res.json()) as { config: { tone_mirroring: boolean } }).config
          .tone_mirroring;
      }),
    )
    .toBe(true);
  await page.reload();
  await page.getByRole('tab', { name: 'Settings' }).click();
  await expect(page.getByRole('switch', { name: /Tone mirroring/ })).toBeChecked();

  expect(errors).toEqual([]);
});
