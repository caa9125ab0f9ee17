// The hybrid protocol dashboard's main journey in WebKitGTK (issue 15 point 2): live values on the page,
// and 'Show Advanced Capabilities' revealing the flags of the real chain (the local engine only).
import { test } from 'vitest';
import { webkitSession } from './support/session';
import { openChat } from './support/kiri';
import { xpathLiteral } from './support/webkit';

const session = webkitSession();

const button = (name: string) => `//button[normalize-space()=${xpathLiteral(name)}]`;

async function reads(testId: string, text: RegExp): Promise<void> {
  await session.page.waitFor(
    async () =>
      text.test(
        (
          await session.page.driver.findElement({ css: `[data-testid="${testId}"]` }).getText()
        ).trim(),
      ),
    { message: `${testId} to read ${String(text)}` },
  );
}

test('the owner opens the hybrid dashboard and reveals the advanced capabilities', async () => {
  await openChat(session.page, 'Mira');
  await session.page.goto('/hybrid-dashboard');
  await reads('hybrid-online', /^Online$/);
  await reads('hybrid-version', /^Protocol v1\.0$/);
  await reads('tile-fallback', /Enabled/);
  await reads('tile-consciousness', /\d+%/);
  await session.page.click(button('Show Advanced Capabilities'));
  await reads('capability-analysis', /Active/);
  await reads('capability-imageGeneration', /Standby/);
});
