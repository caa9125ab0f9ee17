// Sharing a photo with Kiri (issue 13) in the iPhone's engine (WebKitGTK 2.50): the chat's Tools strip
// opens the image share panel; a small PNG made here with sharp is chosen through the file input
// (WebKitWebDriver sets a file on an <input type="file"> by sendKeys(path), as Safari's picker would);
// the preview shows; 'Share with Kiri' puts the photo in the chat, the server stores it once, and
// Kiri's answer about it shows under it.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, expect, test } from 'vitest';
import { webkitSession } from './support/session';
import { openChat, serverLog } from './support/kiri';
import { xpathLiteral } from './support/webkit';

const session = webkitSession();
const dir = mkdtempSync(join(tmpdir(), 'kiri-webkit-images-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const IMAGE_SENT = 'Image sent 📷';
const button = (name: string) => `//button[normalize-space()=${xpathLiteral(name)}]`;
const labelled = (name: string) => `button[aria-label=${JSON.stringify(name)}]`;
const PANEL = '[data-testid="image-share-panel"]';

interface StoredImage {
  id: string;
  kiriResponse: string;
  userMessageId: string;
}

async function serverImages(): Promise<StoredImage[]> {
  const response = await fetch(`${session.server.url}/api/images`, {
    headers: { cookie: await session.page.cookieHeader() },
  });
  expect(response.status).toBe(200);
  return ((await response.json()) as { images: StoredImage[] }).images;
}

function photoIdsOnScreen(): Promise<string[]> {
  return session.page.evaluate<string[]>(
    `return Array.from(document.querySelectorAll('[data-photo-id]'), (e) => e.getAttribute('data-photo-id') || '');`,
  );
}

test('a photo chosen in the share panel shows its preview, reaches the chat and the server once, and Kiri answers', async () => {
  const page = session.page;
  const path = join(dir, 'sea.png');
  writeFileSync(
    path,
    await sharp({ create: { width: 96, height: 64, channels: 3, background: '#2f6fdf' } })
      .png()
      .toBuffer(),
  );
  await openChat(page, 'Mira');
  const before = new Set(await photoIdsOnScreen());

  await page.click(`//button[@aria-label='Tools' or normalize-space()='Tools']`);
  await page.click(labelled('Toggle image upload panel'));
  await page.waitForVisible(PANEL, { message: 'the image share panel' });
  // The input is hidden behind the panel's button; WebDriver may still type a path into it.
  await page.driver.findElement({ css: '[data-testid="image-file-input"]' }).sendKeys(path);
  await page.waitForVisible(`${PANEL} [data-testid="image-preview"]`, { message: 'the preview' });
  await page.fill(`${PANEL} textarea`, 'The sea from the ferry');
  await page.click(button('Share with Kiri'));

  const id = await page.waitFor(
    async () => (await photoIdsOnScreen()).find((candidate) => !before.has(candidate)),
    { message: 'the photo in the chat' },
  );
  const message = `[data-message-id][data-sender="user"]:has([data-photo-id="${id}"])`;
  await page.waitFor(
    async () =>
      (await page.evaluate<string | null>(
        'const e = document.querySelector(arguments[0]); return e && e.getAttribute("data-status");',
        message,
      )) === 'answered',
    { timeout: 30_000, message: 'the photo message to be answered' },
  );
  const images = await serverImages();
  expect(images).toHaveLength(1);
  const [stored] = images;
  // The device's entry took the server's id: the same message, once, with its note and the server's
  // thumbnail (drawn once the device store has caught up: waited for).
  const expected = {
    id: stored!.userMessageId,
    hasNote: true,
    src: `/api/images/${stored!.id}/thumbnail`,
  };
  let shown: unknown;
  await page.waitFor(
    async () => {
      shown = await page.evaluate(
        `const e = document.querySelector(arguments[0]);
         if (!e) return null;
         const img = e.querySelector('[data-photo-source="server"] img');
         return {
           id: e.getAttribute('data-message-id'),
           hasNote: (e.textContent || '').includes(arguments[1]),
           src: img && img.getAttribute('src'),
         };`,
        message,
        'The sea from the ferry',
      );
      const seen = shown as typeof expected | null;
      return (
        seen !== null &&
        seen.id === expected.id &&
        seen.hasNote === expected.hasNote &&
        seen.src === expected.src
      );
    },
    {
      message: () =>
        `the photo message to be ${JSON.stringify(expected)} (it is ${JSON.stringify(shown)})`,
    },
  );
  await page.waitForText(stored!.kiriResponse, { message: "Kiri's answer about the photo" });
  const log = await serverLog(page, session.server);
  expect(log.filter((entry) => entry.message === IMAGE_SENT)).toHaveLength(1);
});
