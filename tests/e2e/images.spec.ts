// Sharing a photo with Kiri (issue 13) as the owner meets it: from the chat's image panel, online
// (Kiri answers about it), offline (it waits in the chat, survives a reload, and is uploaded once when
// the connection is back), and a file over 10 MB (the spec's words; nothing is queued). The images
// are made in the test with sharp. One server and one owner for the file.
import sharp from 'sharp';
import { expect, test, type BrowserContext, type Locator, type Page } from '@playwright/test';
import { waitForServiceWorker } from './support/app';
import { expectChatScreen, openChat, serverLog } from './support/chat';
import { startServer, type KiriServer } from './support/server';

test.describe.configure({ mode: 'serial' });

let server: KiriServer;
let context: BrowserContext;
let page: Page;

const IMAGE_SENT = 'Image sent 📷';

const tools = (p: Page) => p.getByRole('button', { name: 'Tools', exact: true });
const strip = (p: Page) => p.getByRole('toolbar', { name: 'Chat tools' });
const panel = (p: Page) => p.getByTestId('image-share-panel');
const fileInput = (p: Page) => p.getByTestId('image-file-input');

/** The owner's message that shows photo `photoId`. */
const photoMessage = (p: Page, photoId: string): Locator =>
  p.locator('[data-message-id][data-sender="user"]').filter({
    has: p.locator(`[data-photo-id="${photoId}"]`),
  });

async function openImagePanel(p: Page): Promise<void> {
  if (await panel(p).isVisible()) return;
  if (!(await strip(p).isVisible())) await tools(p).click();
  await strip(p).getByRole('button', { name: 'Toggle image upload panel', exact: true }).click();
  await expect(panel(p)).toBeVisible();
}

function photo(colour: string): Promise<Buffer> {
  return sharp({ create: { width: 96, height: 64, channels: 3, background: colour } })
    .png()
    .toBuffer();
}

async function photoIdsOnScreen(p: Page): Promise<string[]> {
  return p
    .locator('[data-photo-id]')
    .evaluateAll((elements) => elements.map((element) => element.getAttribute('data-photo-id')!));
}

/** Chooses `buffer` in the panel, writes the note, shares it; returns the new photo's id. */
async function sharePhoto(p: Page, buffer: Buffer, name: string, note: string): Promise<string> {
  const before = new Set(await photoIdsOnScreen(p));
  await openImagePanel(p);
  await fileInput(p).setInputFiles({ name, mimeType: 'image/png', buffer });
  await expect(panel(p).getByTestId('image-preview')).toBeVisible();
  await panel(p).getByRole('textbox').fill(note);
  await panel(p).getByRole('button', { name: 'Share with Kiri' }).click();
  let id = '';
  await expect
    .poll(async () => {
      id = (await photoIdsOnScreen(p)).find((candidate) => !before.has(candidate)) ?? '';
      return id;
    })
    .not.toBe('');
  return id;
}

interface StoredImage {
  id: string;
  kiriResponse: string;
  userMessageId: string;
}

async function serverImages(p: Page): Promise<StoredImage[]> {
  const response = await p.context().request.get('/api/images');
  expect(response.status()).toBe(200);
  return ((await response.json()) as { images: StoredImage[] }).images;
}

/** How many entries wait in the device's outbox (read straight from IndexedDB). */
function outboxCount(p: Page): Promise<number> {
  return p.evaluate(
    () =>
      new Promise<number>((resolve, reject) => {
        const open = indexedDB.open('kiri');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const count = open.result.transaction('outbox').objectStore('outbox').count();
          count.onsuccess = () => {
            open.result.close();
            resolve(count.result);
          };
          count.onerror = () => reject(count.error);
        };
      }),
  );
}

test.beforeAll(async ({ browser }) => {
  test.setTimeout(120_000);
  server = await startServer();
  context = await browser.newContext({
    baseURL: server.url,
    viewport: { width: 1280, height: 800 },
  });
  page = await context.newPage();
  await openChat(page, 'Mira');
  await waitForServiceWorker(page);
});

test.afterAll(async () => {
  await context?.close();
  await server?.dispose();
});

test('online: a photo shared from the panel is uploaded and Kiri answers about it', async () => {
  const id = await sharePhoto(page, await photo('#2f6fdf'), 'sea.png', 'The sea from the ferry');
  await expect(page.getByText('Image uploaded successfully', { exact: true })).toBeVisible({
    timeout: 20_000,
  });
  await expect(
    page.getByText('Kiri has processed and responded to your image.', { exact: true }),
  ).toBeVisible();
  // The panel resets: no preview, no note.
  await expect(panel(page).getByTestId('image-preview')).toHaveCount(0);

  const [stored] = await serverImages(page);
  expect(stored).toBeTruthy();
  const message = photoMessage(page, id);
  await expect(message).toHaveAttribute('data-status', 'answered');
  // The device's entry took the server's id: the same entry, once.
  await expect(message).toHaveAttribute('data-message-id', stored!.userMessageId);
  await expect(message).toContainText('The sea from the ferry');
  // Kiri's answer, right under the photo, and the server's thumbnail in the chat.
  await expect(page.getByText(stored!.kiriResponse, { exact: true })).toBeVisible();
  await expect(message.locator('[data-photo-source="server"] img')).toHaveAttribute(
    'src',
    `/api/images/${stored!.id}/thumbnail`,
  );
  const log = await serverLog(page);
  expect(log.filter((entry) => entry.message === IMAGE_SENT)).toHaveLength(1);
});

test('offline: the photo waits in the chat, survives a reload, and is uploaded once on reconnect', async () => {
  await context.setOffline(true);
  const id = await sharePhoto(page, await photo('#f0c020'), 'sun.png', 'No signal in the tunnel');
  const message = photoMessage(page, id);
  await expect(message).toHaveAttribute('data-status', 'waiting', { timeout: 15_000 });
  await expect(message.locator('[data-photo-source="device"] img')).toBeVisible();

  await page.reload();
  await expectChatScreen(page);
  await expect(photoMessage(page, id)).toHaveAttribute('data-status', 'waiting');
  await expect(photoMessage(page, id).locator('img')).toBeVisible();
  await expect(photoMessage(page, id)).toContainText('No signal in the tunnel');
  expect(await serverImages(page)).toHaveLength(1);

  await context.setOffline(false);
  await expect(photoMessage(page, id)).toHaveAttribute('data-status', 'answered', {
    timeout: 30_000,
  });
  const images = await serverImages(page);
  expect(images).toHaveLength(2);
  const log = await serverLog(page);
  expect(log.filter((entry) => entry.message === IMAGE_SENT)).toHaveLength(2);
  await expect(page.getByText(images[0]!.kiriResponse, { exact: true })).toBeVisible();
  expect(await outboxCount(page)).toBe(0);
});

test('a file over 10 MB shows the spec’s words and nothing is queued', async () => {
  await openImagePanel(page);
  const before = await photoIdsOnScreen(page);
  const big = Buffer.alloc(10 * 1024 * 1024 + 1);
  (await photo('#ff0000')).copy(big);
  await fileInput(page).setInputFiles({ name: 'huge.png', mimeType: 'image/png', buffer: big });
  await expect(panel(page).getByRole('alert')).toHaveText('Please select an image under 10MB.');
  await expect(page.getByText('File too large', { exact: true })).toBeVisible();
  await expect(panel(page).getByTestId('image-preview')).toHaveCount(0);
  await expect(panel(page).getByRole('button', { name: 'Share with Kiri' })).toHaveCount(0);
  expect(await outboxCount(page)).toBe(0);
  expect(await photoIdsOnScreen(page)).toEqual(before);
  expect(await serverImages(page)).toHaveLength(2);
});

test("a photo from the attachment menu's Upload File opens the share panel with it, and is shared once", async () => {
  const before = new Set(await photoIdsOnScreen(page));
  const storedBefore = (await serverImages(page)).length;
  // The floating panel of the test before is a dialog of the same name: closed, so only the menu's is.
  if (await panel(page).isVisible()) {
    await strip(page)
      .getByRole('button', { name: 'Toggle image upload panel', exact: true })
      .click();
    await expect(panel(page)).toHaveCount(0);
  }
  await page.getByRole('button', { name: 'Attach' }).click();
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('menuitem', { name: 'Upload File' }).click();
  await (
    await chooser
  ).setFiles({ name: 'platform.png', mimeType: 'image/png', buffer: await photo('#3a8f4f') });

  const dialog = page.getByRole('dialog', { name: 'Share an image' });
  await expect(dialog.getByTestId('image-preview')).toBeVisible();
  await dialog.getByRole('textbox').fill('Platform 4 this morning');
  await dialog.getByRole('button', { name: 'Share with Kiri' }).click();
  // Uploaded: the dialog closes, and the photo is in the chat and on the server once.
  await expect(dialog).toHaveCount(0, { timeout: 20_000 });
  let id = '';
  await expect
    .poll(async () => {
      id = (await photoIdsOnScreen(page)).find((candidate) => !before.has(candidate)) ?? '';
      return id;
    })
    .not.toBe('');
  await expect(photoMessage(page, id)).toHaveAttribute('data-status', 'answered', {
    timeout: 30_000,
  });
  expect(await serverImages(page)).toHaveLength(storedBefore + 1);
});
