// The personality page's main journey in WebKitGTK (the engine of iPhone Safari): a preset, a slider
// moved with the keyboard (as VoiceOver and a hardware keyboard move it), Save, and after a reload the
// values stay.
import { Key } from 'selenium-webdriver';
import { expect, test } from 'vitest';
import { webkitSession } from './support/session';
import { openChat } from './support/kiri';
import { xpathLiteral } from './support/webkit';

const session = webkitSession();

const button = (name: string) => `//button[normalize-space()=${xpathLiteral(name)}]`;

async function reads(testId: string, text: string): Promise<void> {
  await session.page.waitFor(
    async () =>
      (
        await session.page.driver.findElement({ css: `[data-testid="${testId}"]` }).getText()
      ).trim() === text,
    { message: `${testId} to read ${text}` },
  );
}

test('the owner picks a preset, moves a slider, saves, and the values stay after a reload', async () => {
  await openChat(session.page, 'Mira');
  await session.page.goto('/personality-settings');
  await reads('tone-label', 'Balanced');
  await reads('humor_level-value', '0.50');

  await session.page.click(button('Gentle'));
  await reads('tone-label', 'Gentle');
  await reads('humor_level-value', '0.40');
  await session.page.driver
    .findElement({ css: '#personality-humor_level' })
    .sendKeys(Key.ARROW_RIGHT);
  await reads('humor_level-value', '0.45');
  await session.page.waitForText('Unsaved changes');

  await session.page.click(button('Save Changes'));
  await session.page.waitForText('Personality Updated');
  await session.page.waitForHidden('[data-testid="unsaved-flag"]');

  await session.page.reload();
  await reads('humor_level-value', '0.45');
  await reads('softness-value', '0.90');
  const kept = (await (
    await fetch(`${session.server.url}/api/personality/current`, {
      headers: { cookie: await session.page.cookieHeader() },
    })
  ).json()) as { current: { humor_level: number; softness: number }; currentTone: string };
  expect(kept.current).toMatchObject({ humor_level: 0.45, softness: 0.9 });
  expect(kept.currentTone).toBe('gentle');
});
