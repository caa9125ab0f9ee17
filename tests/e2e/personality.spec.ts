// The personality page against the built app and a real server: move a slider, save, reload, the value
// stays; the aliases open the same page; a quick look at what the server kept.
import { expect, test } from './support/fixtures';
import { expectAccessible } from './support/accessibility';
import { openChat } from './support/chat';

test('move a slider and save; after a reload the value stays, and the server keeps it', async ({
  page,
}) => {
  await openChat(page, 'Mira');
  await page.goto('/personality-settings');
  const humor = page.getByRole('slider', { name: 'Humor Level' });
  await expect(humor).toHaveValue('0.5');
  await expect(page.getByTestId('tone-label')).toHaveText('Balanced');
  const save = page.getByRole('button', { name: 'Save Changes' });
  await expect(save).toBeDisabled();

  await humor.fill('0.85');
  await page.getByRole('slider', { name: 'Formality' }).fill('0.1');
  await expect(page.getByTestId('unsaved-flag')).toBeVisible();
  // formality 0.1 below 0.3 and humor 0.85 above 0.6: casual, the first rule.
  await expect(page.getByTestId('tone-label')).toHaveText('Casual');
  await save.click();
  await expect(page.getByText('Personality Updated', { exact: true })).toBeVisible();
  await expect(page.getByText('Tone: Casual', { exact: true })).toBeVisible();
  await expect(page.getByTestId('unsaved-flag')).toHaveCount(0);
  await expect(save).toBeDisabled();

  await page.reload();
  await expect(page.getByRole('slider', { name: 'Humor Level' })).toHaveValue('0.85');
  await expect(page.getByRole('slider', { name: 'Formality' })).toHaveValue('0.1');
  await expect(page.getByTestId('tone-label')).toHaveText('Casual');

  const kept = await page.evaluate(async () => {
    const res = await fetch('/api/personality/current', { credentials: 'include' });
    return (await res.json()) as { current: Record<string, number>; currentTone: string };
  });
  expect(kept.current).toMatchObject({ humor_level: 0.85, formality: 0.1 });
  expect(kept.currentTone).toBe('casual');

  // The other two paths are the same page with the same saved values.
  for (const path of ['/settings/personality', '/settings/self-mod']) {
    await page.goto(path);
    await expect(page.getByRole('slider', { name: 'Humor Level' })).toHaveValue('0.85');
  }
});

test('a preset and reset to baseline; Save of the baseline brings Kiri back to it', async ({
  page,
}) => {
  await openChat(page, 'Mira');
  await page.goto('/settings/personality');
  const softness = page.getByRole('slider', { name: 'Softness' });
  await expect(softness).toHaveValue('0.7');
  await page.getByRole('button', { name: 'Gentle' }).click();
  await expect(softness).toHaveValue('0.9');
  await expect(page.getByTestId('tone-label')).toHaveText('Gentle');
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('Tone: Gentle', { exact: true })).toBeVisible();

  await page.getByRole('button', { name: 'Reset to Baseline' }).click();
  await expect(softness).toHaveValue('0.7');
  await expect(page.getByTestId('unsaved-flag')).toBeVisible();
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('Tone: Balanced', { exact: true })).toBeVisible();
  await page.reload();
  await expect(softness).toHaveValue('0.7');
});

test('the page meets WCAG AA in both themes (axe-core), with the unsaved flag showing', async ({
  page,
}) => {
  await openChat(page, 'Mira');
  for (const theme of ['light', 'dark'] as const) {
    await page.evaluate((chosen) => localStorage.setItem('kiri-theme', chosen), theme);
    await page.goto('/personality-settings');
    await expect(page.locator('html')).toHaveClass(
      theme === 'dark' ? /\bdark\b/ : /^(?!.*\bdark\b)/,
    );
    await page.getByRole('button', { name: 'Direct' }).click();
    await expect(page.getByTestId('unsaved-flag')).toBeVisible();
    await expectAccessible(page, `personality page, ${theme} theme`);
  }
});
