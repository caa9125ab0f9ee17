// The memory panel's main journey in WebKitGTK (the engine of iPhone Safari): the owner opens the
// chat's features panel, writes a new memory, sees the node count rise, and finds it by a misspelt word,
// also after a reload.
import { afterAll, afterEach, beforeAll, expect, test } from 'vitest';
import { startServer, type KiriServer } from '../e2e/support/server';
import { expectChatScreen, openChat } from './support/kiri';
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
const labelled = (name: string) => `button[aria-label=${JSON.stringify(name)}]`;
const panel = '[data-testid="features-panel"]';
const searchBox = `${panel} input[type="search"]`;
const result = (text: string) =>
  `//ul[@aria-label='Search results']/li[p[normalize-space()=${xpathLiteral(text)}]]`;

/** The value of one row of the memory status ('Nodes', 'Integrity'). */
async function statusReads(label: string, value: string): Promise<void> {
  await page.waitFor(
    () =>
      page.evaluate<boolean>(
        `const row = [...document.querySelectorAll('[aria-label="Memory status"] dt')]
           .find((dt) => dt.textContent.trim() === arguments[0]);
         return !!row && row.nextElementSibling.textContent.trim() === arguments[1];`,
        label,
        value,
      ),
    { message: `memory status ${label} to read ${value}` },
  );
}

async function openFeatures(): Promise<void> {
  await page.click(button('Tools'));
  await page.click(labelled('Toggle features panel'));
  await page.waitForVisible(panel, { message: 'the features panel' });
}

async function searchFor(query: string): Promise<void> {
  await page.fill(searchBox, query);
  await page.click(`${panel} form[role="search"] button[type="submit"]:not([disabled])`);
}

test('the owner creates a memory in the features panel and finds it again after a reload', async () => {
  await openChat(page, 'Mira');
  await openFeatures();
  await statusReads('Nodes', '0');
  await statusReads('Integrity', 'Intact');

  await page.click(button('New Memory'));
  await page.fill(
    `${panel} form[aria-label="New Memory"] textarea`,
    'My sister Ana lives in Lisbon',
  );
  await page.click(button('Create'));
  await page.waitForText('Memory Saved');
  await statusReads('Nodes', '1');

  await page.fill(searchBox, 'si');
  const disabled = await page.evaluate<boolean>(
    `return document.querySelector('${panel} form[role="search"] button[type="submit"]').disabled;`,
  );
  expect(disabled).toBe(true);

  await searchFor('sistr');
  const hit = await page.waitForVisible(result('My sister Ana lives in Lisbon'));
  expect(await hit.getText()).toMatch(/Importance \d{1,3}%/);

  await page.reload();
  await expectChatScreen(page);
  await openFeatures();
  await statusReads('Nodes', '1');
  await searchFor('sistr');
  await page.waitForVisible(result('My sister Ana lives in Lisbon'));
});
