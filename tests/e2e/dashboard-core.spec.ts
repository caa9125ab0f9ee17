// The core systems dashboard against the built app and the real server (issue 15 point 3): at a phone
// viewport and at desktop, 'Test All Core Systems' shows every module as a card in the three groups with
// live values (the owner's message counted), 'Test Pulse' moves the self-evolve card's cycle count, and
// no console error on the way.
import { expect, test } from './support/fixtures';
import { openChat, sendMessage } from './support/chat';
import { watchPageErrors } from './support/page-errors';

test('Test All Core Systems shows the three groups with live values; Test Pulse counts a cycle', async ({
  page,
}) => {
  const errors = watchPageErrors(page);

  await page.setViewportSize({ width: 390, height: 844 });
  await openChat(page, 'Mira');
  await sendMessage(page, 'I went hiking in the mountains today');

  for (const [viewport, cycle] of [
    [{ width: 390, height: 844 }, 1],
    [{ width: 1280, height: 800 }, 2],
  ] as const) {
    await page.setViewportSize(viewport);
    await page.goto('/core-systems');
    await expect(page.getByRole('heading', { level: 1, name: 'Core Systems' })).toBeVisible();
    // Nothing is read before the button (spec 001 §7).
    await expect(
      page.getByText('Press ‘Test All Core Systems’ to read every module now.'),
    ).toBeVisible();
    await page.getByRole('button', { name: 'Test All Core Systems' }).click();
    await expect(page.getByTestId('core-summary')).toHaveText('20 of 20 modules answered');

    for (const [group, count] of [
      ['Core Systems', 11],
      ['Advanced Presence', 6],
      ['Dream Consciousness', 3],
    ] as const) {
      const section = page.getByRole('region', { name: group, exact: true });
      await expect(section.getByRole('heading', { level: 3 })).toHaveCount(count);
    }
    const field = (card: string, key: string) =>
      page.getByTestId(`core-card-${card}`).locator(`[data-field="${key}"] dd`);
    // Live values: the owner's message, the chain with only the local engine configured.
    await expect(field('emergence', 'history.ownerMessages')).toHaveText('1');
    await expect(field('emergence', 'totalStages')).toHaveText('6');
    await expect(field('hybrid', 'totalNodes')).toHaveText('5');
    await expect(field('hybrid', 'activeNode')).toHaveText('local');
    await expect(field('mindmap', 'messagesRead')).toHaveText('1');
    await expect(field('lumora', 'lit')).toHaveText('yes');

    const evolve = page.getByTestId('core-card-selfEvolve');
    await expect(field('selfEvolve', 'evolutionCycles')).toHaveText(String(cycle - 1));
    await evolve.getByRole('button', { name: 'Test Pulse' }).click();
    await expect(evolve.getByTestId('core-action-selfEvolve')).toHaveText(
      new RegExp(`^Pulse complete: cycle ${cycle}, all \\d+ files sound$`),
    );
    await expect(field('selfEvolve', 'evolutionCycles')).toHaveText(String(cycle));
    await expect(field('selfEvolve', 'healthScore')).toHaveText('100');
  }
  expect(errors).toEqual([]);
});
