// The personality page's main journey in WebKitGTK (the engine of iPhone Safari): a preset, a slider
// moved with the keyboard (as VoiceOver and a hardware keyboard move it), Save, and after a reload the
// values stay.
import { Key } from 'selenium-webdriver';
import { afterAll, afterEach, beforeAll, expect, test } from 'vitest';
import { startServer, type KiriServer } from '../e2e/support/server';
import { openChat } from './support/kiri';
import { launchWebKit, xpathLiteral, type WebKitPage } from './support/webkit';

let server: KiriServer;
let page: WebKitPage;

beforeAll(async () => {
  server = await startServer();
  page = await launchWebKit('webkitgtk', { baseURL: server.url });
});

afterAll(async () => {
  await page?.close();
  await server?.dispose();
});

afterEach(async (context) => {
  if (context.task.result?.state === 'fail') {
    const shot = await page.screenshot(`webkitgtk-${context.task.name}`);
    console.error(`Screenshot: ${shot}\nServer output:\n${server.output()}`);
  }
});

const button = (name: string) => `//button[normalize-space()=${xpathLiteral(name)}]`;

async function reads(testId: string, text: string): Promise<void> {
  await page.waitFor(
    async () =>
      (await page.driver.findElement({ css: `[data-testid="${testId}"]` }).getText()).trim() ===
      text,
    { message: `${testId} to read ${text}` },
  );
}

test('the owner picks a preset, moves a slider, saves, and the values stay after a reload', async () => {
  await openChat(page, 'Mira');
  await page.goto('/personality-settings');
  await reads('tone-label', 'Balanced');
  await reads('humor_level-value', '0.50');

  await page.click(button('Gentle'));
  await reads('tone-label', 'Gentle');
  await reads('humor_level-value', '0.40');
  await page.driver.findElement({ css: '#personality-humor_level' }).sendKeys(Key.ARROW_RIGHT);
  await reads('humor_level-value', '0.45');
  await page.waitForText('Unsaved changes');

  await page.click(button('Save Changes'));
  await page.waitForText('Personality Updated');
  await page.waitForHidden('[data-testid="unsaved-flag"]');

  await page.reload();
  await reads('humor_level-value', '0.45');
  await reads('softness-value', '0.90');
  const kept = (await (
    await fetch(`${server.url}/api/personality/current`, {
      headers: { cookie: await page.cookieHeader() },
    })
  ).json()) as { current: { humor_level: number; softness: number }; currentTone: string };
  expect(kept.current).toMatchObject({ humor_level: 0.45, softness: 0.9 });
  expect(kept.currentTone).toBe('gentle');
});
