// The memory panel's main journey in WebKitGTK (the engine of iPhone Safari): the owner opens the
// chat's features panel, writes a new memory, sees the node count rise, and finds it by a misspelt word,
// also after a reload.
import { expect, test } from 'vitest';
import { webkitSession } from './support/session';
import { expectChatScreen, openChat } from './support/kiri';
import { xpathLiteral } from './support/webkit';

const session = webkitSession();

const button = (name: string) => `//button[normalize-space()=${xpathLiteral(name)}]`;
const labelled = (name: string) => `button[aria-label=${JSON.stringify(name)}]`;
const panel = '[data-testid="features-panel"]';
const searchBox = `${panel} input[type="search"]`;
const result = (text: string) =>
  `//ul[@aria-label='Search results']/li[p[normalize-space()=${xpathLiteral(text)}]]`;

/** The value of one row of the memory status ('Nodes', 'Integrity'). */
async function statusReads(label: string, value: string): Promise<void> {
  await session.page.waitFor(
    () =>
      session.page.evaluate<boolean>(
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
  await session.page.click(button('Tools'));
  await session.page.click(labelled('Toggle features panel'));
  await session.page.waitForVisible(panel, { message: 'the features panel' });
}

async function searchFor(query: string): Promise<void> {
  await session.page.fill(searchBox, query);
  await session.page.click(`${panel} form[role="search"] button[type="submit"]:not([disabled])`);
}

test('the owner creates a memory in the features panel and finds it again after a reload', async () => {
  await openChat(session.page, 'Mira');
  await openFeatures();
  await statusReads('Nodes', '0');
  await statusReads('Integrity', 'Intact');

  await session.page.click(button('New Memory'));
  await session.page.fill(
    `${panel} form[aria-label="New Memory"] textarea`,
    'My sister Ana lives in Lisbon',
  );
  await session.page.click(button('Create'));
  await session.page.waitForText('Memory Saved');
  await statusReads('Nodes', '1');

  await session.page.fill(searchBox, 'si');
  const disabled = await session.page.evaluate<boolean>(
    `return document.querySelector('${panel} form[role="search"] button[type="submit"]').disabled;`,
  );
  expect(disabled).toBe(true);

  await searchFor('sistr');
  const hit = await session.page.waitForVisible(result('My sister Ana lives in Lisbon'));
  expect(await hit.getText()).toMatch(/Importance \d{1,3}%/);

  await session.page.reload();
  await expectChatScreen(session.page);
  await openFeatures();
  await statusReads('Nodes', '1');
  await searchFor('sistr');
  await session.page.waitForVisible(result('My sister Ana lives in Lisbon'));
});
