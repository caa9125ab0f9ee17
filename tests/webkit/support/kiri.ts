// Kiri as the WebKit journeys see it: the same vocabulary as the Playwright helpers
// (tests/e2e/support/app.ts and chat.ts), spoken through WebDriver: log in, register, send, wait for a
// message's state, read the server's log, open the message menu.
import type { KiriServer } from '../../e2e/support/server';
import { ACCESS_CODE } from '../../e2e/support/server';
import { CHAT, TEXT, type LogEntry, type MessageStatus } from '../../support/words';
import { xpathLiteral, type WaitOptions, type WebKitPage } from './webkit';

export const SELECTOR = {
  accessCode: 'input[type="password"][name="password"]',
  loginButton: `//button[normalize-space()=${xpathLiteral(TEXT.loginButton)}]`,
  registrationDialog: '[role="dialog"]',
  registrationName: '[role="dialog"] input',
  registrationButton: `//button[normalize-space()=${xpathLiteral(TEXT.registrationButton)}]`,
  composer: `[placeholder=${JSON.stringify(CHAT.composerPlaceholder)}]`,
  send: `button[aria-label=${JSON.stringify(CHAT.send)}]`,
  menu: '[role="menu"]',
  openSidebar: `button[aria-label=${JSON.stringify(CHAT.openSidebar)}]`,
  menuItem: (name: string) => `//*[@role='menuitem'][normalize-space()=${xpathLiteral(name)}]`,
  message: (id: string) => `[data-message-id=${JSON.stringify(id)}]`,
  messageText: (id: string) => `[data-message-id=${JSON.stringify(id)}] [data-message-text]`,
} as const;

/** Opens the app and submits the access code. */
export async function submitAccessCode(page: WebKitPage, code = ACCESS_CODE): Promise<void> {
  await page.goto('/');
  await page.fill(SELECTOR.accessCode, code);
  await page.click(SELECTOR.loginButton);
}

/** Registers a name in the 'Welcome to Kiri' dialog that blocks a new user. */
export async function register(page: WebKitPage, name: string): Promise<void> {
  await page.waitForText(TEXT.registrationTitle);
  await page.fill(SELECTOR.registrationName, name);
  await page.click(SELECTOR.registrationButton);
  await page.waitForHidden(SELECTOR.registrationDialog, { message: 'the registration to close' });
}

/** The chat route ('/') with its composer. */
export async function expectChatScreen(page: WebKitPage, options: WaitOptions = {}): Promise<void> {
  await page.waitFor(async () => (await page.pathname()) === '/', {
    message: 'the chat route',
    ...options,
  });
  await page.waitForVisible(SELECTOR.composer, { message: 'the composer', ...options });
}

/** From a fresh browser: log in, register, and wait for the chat and Kiri's first greeting. */
export async function openChat(page: WebKitPage, name = 'Mira'): Promise<void> {
  await submitAccessCode(page);
  await register(page, name);
  await expectChatScreen(page);
  await page.waitForVisible('[data-message-id][data-sender="kiri"]', {
    message: "Kiri's greeting",
  });
}

/** The ids of the message elements in the page, in document order. */
export function messageIds(page: WebKitPage, sender?: 'user' | 'kiri'): Promise<string[]> {
  return page.evaluate<string[]>(
    `const sender = arguments[0];
     const selector = sender ? '[data-message-id][data-sender="' + sender + '"]' : '[data-message-id]';
     return Array.from(document.querySelectorAll(selector), (e) => e.getAttribute('data-message-id') || '');`,
    sender ?? null,
  );
}

/** Types `text` into the composer, sends it, and returns the id of the owner's new message. */
export async function sendMessage(page: WebKitPage, text: string): Promise<string> {
  const before = new Set(await messageIds(page, 'user'));
  await page.fill(SELECTOR.composer, text);
  await page.waitFor(
    async () => (await page.driver.findElement({ css: SELECTOR.send })).isEnabled(),
    { message: 'Send to be enabled' },
  );
  await page.click(SELECTOR.send);
  return page.waitFor(
    async () => {
      const found = await page.evaluate<string[]>(
        `return Array.from(document.querySelectorAll('[data-message-id][data-sender="user"]'))
           .filter((e) => (e.textContent || '').includes(arguments[0]))
           .map((e) => e.getAttribute('data-message-id') || '');`,
        text,
      );
      return found.find((id) => id !== '' && !before.has(id));
    },
    { message: `the owner's message "${text}" to appear` },
  );
}

/** The data-status of one of the owner's messages on screen (null when it is not there). */
export function messageStatus(page: WebKitPage, id: string): Promise<string | null> {
  return page.evaluate<string | null>(
    `const element = document.querySelector(arguments[0]);
     return element ? element.getAttribute('data-status') : null;`,
    SELECTOR.message(id),
  );
}

export async function waitForStatus(
  page: WebKitPage,
  id: string,
  status: MessageStatus,
  timeout?: number,
): Promise<void> {
  let last: string | null = null;
  await page.waitFor(
    async () => {
      last = await messageStatus(page, id);
      return last === status;
    },
    { timeout, message: () => `message ${id} to be '${status}' (it is '${last}')` },
  );
}

/** The server's conversation log, read with this browser's session cookie. */
export async function serverLog(page: WebKitPage, server: KiriServer): Promise<LogEntry[]> {
  const response = await fetch(`${server.url}/api/conversations`, {
    headers: { cookie: await page.cookieHeader() },
  });
  if (response.status !== 200) {
    throw new Error(`GET /api/conversations: ${response.status} ${await response.text()}`);
  }
  return (await response.json()) as LogEntry[];
}

/** Whether the page's service worker is active and controls it. */
export function workerControls(page: WebKitPage): Promise<string | null> {
  return page.evaluate<string | null>(
    'return navigator.serviceWorker && navigator.serviceWorker.controller ? navigator.serviceWorker.controller.scriptURL : null;',
  );
}

/** Opens the message menu of one of the owner's messages by a right click on its bubble. */
export async function openMessageMenu(page: WebKitPage, id: string): Promise<void> {
  await page.rightClick(SELECTOR.messageText(id));
  await page.waitForVisible(SELECTOR.menu, { message: 'the message menu' });
}
