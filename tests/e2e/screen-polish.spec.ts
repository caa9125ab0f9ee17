// What the screenshots showed (issue 8 point 9), as a person on a phone sees it: one accent colour on the
// login, the chat and the other screens; the login card clear of the screen's edges; the reply banner
// never over the last message; the message menu dimming the page with the pressed bubble lifted above;
// every other screen with a way back. One server and one logged-in context for the file.
import {
  expect,
  test,
  type Browser,
  type BrowserContext,
  type Locator,
  type Page,
} from '@playwright/test';
import { TEXT } from './support/app';
import {
  composer,
  expectChatScreen,
  expectStatus,
  messageElements,
  openChat,
  openMessageMenu,
  sendButton,
  sendMessage,
} from './support/chat';
import { startServer, type KiriServer } from './support/server';

const PHONE = { width: 390, height: 844 };

let server: KiriServer;
let context: BrowserContext;
let page: Page;
let lastOwnId = '';

async function loggedOutPage(
  browser: Browser,
): Promise<{ page: Page; close: () => Promise<void> }> {
  const fresh = await browser.newContext({ baseURL: server.url, viewport: PHONE });
  const login = await fresh.newPage();
  await login.goto('/');
  await expect(login.getByLabel(TEXT.accessCodeLabel, { exact: true })).toBeVisible();
  return { page: login, close: () => fresh.close() };
}

async function box(locator: Locator) {
  const found = await locator.boundingBox();
  expect(found, 'the element has a box on screen').not.toBeNull();
  return found!;
}

/**
 * The background once the element's transitions have ended: a button that was just enabled fades to its
 * colour, and a read mid-fade gives an in-between (oklab) value on a loaded machine.
 */
const backgroundOf = (locator: Locator) =>
  locator.evaluate(async (element) => {
    await Promise.all(element.getAnimations().map((animation) => animation.finished));
    return getComputedStyle(element).backgroundColor;
  });

test.beforeAll(async ({ browser }) => {
  test.setTimeout(120_000);
  server = await startServer();
  context = await browser.newContext({ baseURL: server.url, viewport: PHONE });
  page = await context.newPage();
  await openChat(page, 'Mira');
  for (const text of ['The train is late again.', 'Tell me something nice?']) {
    lastOwnId = await sendMessage(page, text);
    await expectStatus(page, lastOwnId, 'answered');
  }
});

test.afterAll(async () => {
  await context?.close();
  await server?.dispose();
});

test('the login card keeps side margins on a 390 px phone', async ({ browser }) => {
  const { page: login, close } = await loggedOutPage(browser);
  try {
    const card = login.locator('form').filter({ has: login.getByLabel(TEXT.accessCodeLabel) });
    const { x, width } = await box(card);
    expect(x, 'space left of the card').toBeGreaterThanOrEqual(16);
    expect(PHONE.width - (x + width), 'space right of the card').toBeGreaterThanOrEqual(16);
  } finally {
    await close();
  }
});

test("one accent colour: the login button, the chat Send button and a screen's own button agree", async ({
  browser,
}) => {
  const { page: login, close } = await loggedOutPage(browser);
  const loginAccent = await (async () => {
    try {
      await login.getByLabel(TEXT.accessCodeLabel, { exact: true }).fill('a code');
      const access = login.getByRole('button', { name: TEXT.loginButton });
      await expect(access).toBeEnabled();
      return await backgroundOf(access);
    } finally {
      await close();
    }
  })();

  await page.goto('/');
  await expectChatScreen(page);
  await composer(page).fill('draft');
  await expect(sendButton(page)).toBeEnabled();
  const chatAccent = await backgroundOf(sendButton(page));
  await composer(page).fill('');
  expect(loginAccent, 'the login button').toBe(chatAccent);

  // A not-built page's way back was the example until issue 20 built the last screens: now the build
  // list's own Add Build button, as the owner sees it.
  await page.goto('/detailed-builds');
  const add = page.getByRole('button', { name: 'Add Build' });
  await expect(add).toBeEnabled();
  const screenAccent = await backgroundOf(add);

  expect(screenAccent, "the build list's Add Build").toBe(chatAccent);
});

test('a screen of the route table has a way back to the chat', async () => {
  // A not-built page was the example until issue 20 built the last of them.
  await page.goto('/generosity');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.getByRole('link', { name: 'Back to Chat' }).click();
  await expectChatScreen(page);
});

test("with the server out of reach on a phone, the header shows Kiri's whole name and the whole Offline pill", async () => {
  await page.goto('/');
  await expectChatScreen(page);
  // The pill says the server cannot be reached while the phone has a network (offline, the banner
  // says it instead).
  await server.stop();
  try {
    const pill = page.locator('header').first().getByText('Offline', { exact: true });
    await expect(pill).toBeVisible({ timeout: 30_000 });
    const fit = await pill.evaluate((text) => {
      const element = text.closest('span.rounded-full') ?? text;
      const header = element.closest('header')!;
      const name = header.querySelector('p > span')!;
      const column = element.closest('.flex-1')!.getBoundingClientRect();
      const shown = element.getBoundingClientRect();
      return {
        // Before: the name's line held the pill too; the name shrank to nothing and the pill was cut.
        nameWhole: name.getBoundingClientRect().width > 0 && name.scrollWidth <= name.clientWidth,
        pillWhole: shown.left >= column.left - 0.5 && shown.right <= column.right + 0.5,
      };
    });
    expect(fit).toEqual({ nameWhole: true, pillWhole: true });
  } finally {
    await server.start();
  }
  await expect(page.locator('header').first().getByText('Offline', { exact: true })).toHaveCount(
    0,
    {
      timeout: 60_000,
    },
  );
});

test('with a reply target set, the last message stays fully visible above the banner on a phone', async () => {
  await page.goto('/');
  await expectChatScreen(page);
  const last = messageElements(page, 'kiri').last();
  await expect(last).toBeVisible();
  await last.locator('[data-message-text]').click({ button: 'right' });
  const cancel = page.getByRole('button', { name: 'Cancel reply', exact: true });
  await expect(cancel).toBeVisible();

  const scroller = page.locator('[data-chat-scroller]');
  const footer = page.locator('footer').filter({ has: cancel });
  // The newest row: Kiri's last message (the reply target itself), with its time under it.
  await expect
    .poll(
      async () => {
        const message = await box(messageElements(page).last());
        const list = await box(scroller);
        const below = await box(footer);
        return {
          belowTheTop: message.y >= list.y - 1,
          aboveTheBanner: message.y + message.height <= Math.min(list.y + list.height, below.y) + 1,
        };
      },
      { message: 'the last message is inside the list, above the reply banner and composer' },
    )
    .toEqual({ belowTheTop: true, aboveTheBanner: true });
  await cancel.click();
  await expect(cancel).toHaveCount(0);
});

test('the message menu dims the page and lifts the pressed bubble above it', async () => {
  await page.goto('/');
  await expectChatScreen(page);
  await openMessageMenu(page, lastOwnId);
  const menu = page.getByRole('menu');

  const backdrop = page.locator('[data-message-menu-backdrop]');
  await expect(backdrop).toBeVisible();
  const dim = await box(backdrop);
  expect(dim).toEqual({ x: 0, y: 0, width: PHONE.width, height: PHONE.height });
  // A see-through dark layer: not transparent, not opaque.
  const alpha = await backdrop.evaluate((element) => {
    const match = /rgba?\(([^)]+)\)|oklab\(([^)]+)\)/.exec(
      getComputedStyle(element).backgroundColor,
    );
    const parts = (match?.[1] ?? match?.[2] ?? '').split(/[\s,/]+/).filter(Boolean);
    return parts.length === 4 ? Number(parts[3]) : 1;
  });
  expect(alpha).toBeGreaterThan(0.1);
  expect(alpha).toBeLessThan(0.8);

  // The pressed message, lifted above the dimming and not covered by the menu.
  const lifted = page.locator('[data-lifted-bubble]');
  await expect(lifted).toBeVisible();
  await expect(lifted).toHaveText('Tell me something nice?');
  const liftedBox = await box(lifted);
  const menuBox = await box(menu);
  const overlaps =
    liftedBox.x < menuBox.x + menuBox.width &&
    menuBox.x < liftedBox.x + liftedBox.width &&
    liftedBox.y < menuBox.y + menuBox.height &&
    menuBox.y < liftedBox.y + liftedBox.height;
  expect(overlaps, 'the menu covers the lifted bubble').toBe(false);
  const onTop = await page.evaluate(
    ({ x, y }) => document.elementFromPoint(x, y)?.closest('[data-lifted-bubble]') !== null,
    { x: liftedBox.x + liftedBox.width / 2, y: liftedBox.y + liftedBox.height / 2 },
  );
  expect(onTop, 'the lifted bubble is above the dimming').toBe(true);

  await page.keyboard.press('Escape');
  await expect(menu).toHaveCount(0);
  await expect(backdrop).toHaveCount(0);
  await expect(lifted).toHaveCount(0);
});
