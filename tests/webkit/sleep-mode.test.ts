// The sleep mode screen's main journey in WebKitGTK (issue 10): the status, the push card (WebKitGTK
// has web push with the PushAPI feature, as iOS 16.4+ has), sleep and wake. WebKitGTK has no speech
// recognition (neither SpeechRecognition nor webkitSpeechRecognition), so the voice wake card shows
// the spec's unsupported texts here; iPhone Safari has it, and its rules are unit-tested.
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
const badge = '[data-testid="power-state"]';

async function badgeReads(text: string): Promise<void> {
  await page.waitFor(
    async () => (await page.driver.findElement({ css: badge }).getText()).trim() === text,
    { message: `the badge to read ${text}` },
  );
}

test('the owner puts Kiri to sleep and wakes her from the sleep mode screen', async () => {
  await openChat(page, 'Mira');
  await page.goto('/sleep-mode');
  await badgeReads('AWAKE');
  await page.waitForVisible(button('Enable Notifications'));

  await page.click(button('Enable Sleep Mode'));
  await badgeReads('SLEEPING');
  expect(await page.evaluate<string>('return typeof window.webkitSpeechRecognition;')).toBe(
    'undefined',
  );
  await page.waitForText('Voice recognition not supported in this browser');
  await page.waitForText('Please use Chrome, Edge, or Safari for voice wake commands.');

  await page.click(button('Resume Full Mode'));
  await badgeReads('AWAKE');
  const status = (await (
    await fetch(`${server.url}/api/sleep-mode/status`, {
      headers: { cookie: await page.cookieHeader() },
    })
  ).json()) as { sleeping: boolean; deepPause: boolean };
  expect(status).toMatchObject({ sleeping: false, deepPause: false });
});
