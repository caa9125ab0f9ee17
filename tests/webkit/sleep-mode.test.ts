// The sleep mode screen's main journey in WebKitGTK (issue 10): the status, the push card (WebKitGTK
// has web push with the PushAPI feature, as iOS 16.4+ has), sleep and wake. WebKitGTK has no speech
// recognition (neither SpeechRecognition nor webkitSpeechRecognition), so the voice wake card shows
// the spec's unsupported texts here; iPhone Safari has it, and its rules are unit-tested.
import { expect, test } from 'vitest';
import { webkitSession } from './support/session';
import { openChat } from './support/kiri';
import { xpathLiteral } from './support/webkit';

const session = webkitSession();

const button = (name: string) => `//button[normalize-space()=${xpathLiteral(name)}]`;
const badge = '[data-testid="power-state"]';

async function badgeReads(text: string): Promise<void> {
  await session.page.waitFor(
    async () => (await session.page.driver.findElement({ css: badge }).getText()).trim() === text,
    { message: `the badge to read ${text}` },
  );
}

test('the owner puts Kiri to sleep and wakes her from the sleep mode screen', async () => {
  await openChat(session.page, 'Mira');
  await session.page.goto('/sleep-mode');
  await badgeReads('AWAKE');
  await session.page.waitForVisible(button('Enable Notifications'));

  await session.page.click(button('Enable Sleep Mode'));
  await badgeReads('SLEEPING');
  expect(await session.page.evaluate<string>('return typeof window.webkitSpeechRecognition;')).toBe(
    'undefined',
  );
  await session.page.waitForText('Voice recognition not supported in this browser');
  await session.page.waitForText('Please use Chrome, Edge, or Safari for voice wake commands.');

  await session.page.click(button('Resume Full Mode'));
  await badgeReads('AWAKE');
  const status = (await (
    await fetch(`${session.server.url}/api/sleep-mode/status`, {
      headers: { cookie: await session.page.cookieHeader() },
    })
  ).json()) as { sleeping: boolean; deepPause: boolean };
  expect(status).toMatchObject({ sleeping: false, deepPause: false });
});
