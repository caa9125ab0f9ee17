// The chat screen as the chat journeys see it (issue 3): its words, its message elements (each with
// data-message-id, data-sender and, on the owner's, data-status), sending, and the server's own record
// of the conversation (GET /api/conversations with the page's cookie), against which "exactly once"
// is checked.
import { expect, type Locator, type Page } from '@playwright/test';
import { register, submitAccessCode } from './app';
import { ACCESS_CODE } from './server';
import { MAX_SPLIT_DELAY_MS } from '../../../src/domain/reply-timing';
import {
  CHAT,
  exactlyOnceProblems,
  repliesTo,
  type LogEntry,
  type MessageStatus,
} from '../../support/words';

export { CHAT, repliesTo, type LogEntry, type MessageStatus };

export const composer = (page: Page): Locator => page.getByPlaceholder(CHAT.composerPlaceholder);
export const sendButton = (page: Page): Locator =>
  page.getByRole('button', { name: CHAT.send, exact: true });

/** Every message element on screen, or only one sender's, in document order. */
export const messageElements = (page: Page, sender?: 'user' | 'kiri'): Locator =>
  page.locator(sender ? `[data-message-id][data-sender="${sender}"]` : '[data-message-id]');

export const messageById = (page: Page, id: string): Locator =>
  page.locator(`[data-message-id="${id}"]`);

/** The chat screen is up: its composer is there. */
export async function expectChatScreen(page: Page): Promise<void> {
  await expect(page).toHaveURL((url) => url.pathname === '/');
  await expect(composer(page)).toBeVisible();
}

/**
 * From a fresh context: log in with the test code, register a name, wait for the chat screen and
 * for the initial greeting (spec 000 §4: an empty chat is greeted once per browser session), so that
 * no greeting request is still on its way when a test starts sending.
 */
export async function openChat(page: Page, name = 'Mira'): Promise<void> {
  await page.goto('/');
  await submitAccessCode(page, ACCESS_CODE);
  await register(page, name);
  await expectChatScreen(page);
  await expect(messageElements(page, 'kiri').first()).toBeVisible({ timeout: 15_000 });
}

/**
 * Kiri has shown every part of her replies: the typing indicator is gone. A live reply is paced
 * (src/domain/reply-timing.ts): each later part waits up to MAX_SPLIT_DELAY_MS, and a reply waits for
 * the one ahead of it, so a few replies in a row take that long per part of Kiri's still to come.
 */
export async function waitForKiriToFinishTyping(page: Page, partsToCome: number): Promise<void> {
  await expect(page.getByRole('status', { name: CHAT.typing, exact: true })).toHaveCount(0, {
    timeout: 10_000 + partsToCome * MAX_SPLIT_DELAY_MS,
  });
}

/** The ids of the message elements on screen, in document order. */
export function messageIdsOnScreen(page: Page, sender?: 'user' | 'kiri'): Promise<string[]> {
  return messageElements(page, sender).evaluateAll((elements) =>
    elements.map((element) => element.getAttribute('data-message-id') ?? ''),
  );
}

/**
 * Types `text` into the composer and sends it; returns the id of the owner's new message (its
 * element is found by its text among the user messages that were not there before).
 */
export async function sendMessage(page: Page, text: string): Promise<string> {
  const before = new Set(await messageIdsOnScreen(page, 'user'));
  await composer(page).fill(text);
  await expect(sendButton(page)).toBeEnabled();
  await sendButton(page).click();
  let id = '';
  await expect
    .poll(
      async () => {
        const candidates = await messageElements(page, 'user')
          .filter({ hasText: text })
          .evaluateAll((elements) =>
            elements.map((element) => element.getAttribute('data-message-id') ?? ''),
          );
        id = candidates.find((candidate) => candidate && !before.has(candidate)) ?? '';
        return id;
      },
      { message: `the owner's message "${text}" appears` },
    )
    .not.toBe('');
  return id;
}

export async function expectStatus(
  page: Page,
  id: string,
  status: MessageStatus,
  timeout?: number,
): Promise<void> {
  await expect(messageById(page, id)).toHaveAttribute('data-status', status, { timeout });
}

/** The server's conversation log, read with the page's session cookie (works while the page is offline). */
export async function serverLog(page: Page): Promise<LogEntry[]> {
  const response = await page.context().request.get('/api/conversations');
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()) as LogEntry[];
}

/**
 * The server holds each of `sent` exactly once, in order, each with one reply right after it
 * (exactlyOnceProblems, tests/support/words.ts, says what "exactly once" checks).
 */
export function expectExactlyOnce(
  log: readonly LogEntry[],
  sent: readonly { id: string; text: string }[],
): void {
  expect(exactlyOnceProblems(log, sent), 'the server log, message by message').toEqual([]);
}

/** No message element is on screen twice. */
export async function expectNoDuplicatesOnScreen(page: Page): Promise<void> {
  const ids = await messageIdsOnScreen(page);
  const twice = ids.filter((id, index) => ids.indexOf(id) !== index);
  expect(twice, 'message ids shown more than once').toEqual([]);
}

/**
 * Kiri's messages on screen, as the ids of the owner's messages they answer (by the server's log):
 * the replies to `sent`, in screen order, each part once.
 */
export async function repliesOnScreen(page: Page, log: readonly LogEntry[]): Promise<string[]> {
  const answers = new Map(log.map((entry) => [entry.id, entry.answersId]));
  const ids = await messageIdsOnScreen(page, 'kiri');
  return ids.map((id) => answers.get(id) ?? null).filter((id): id is string => id !== null);
}

/**
 * Records, in the page, when each message element first appears (performance.now()), so a test can
 * tell that the parts of a split reply came one after another. Call before the page loads.
 */
export async function recordMessageAppearances(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const seen: Record<string, number> = {};
    (window as unknown as { __kiriSeen: Record<string, number> }).__kiriSeen = seen;
    const note = (node: Node) => {
      if (!(node instanceof Element)) return;
      const found = node.matches('[data-message-id]')
        ? [node, ...Array.from(node.querySelectorAll('[data-message-id]'))]
        : Array.from(node.querySelectorAll('[data-message-id]'));
      for (const element of found) {
        const id = element.getAttribute('data-message-id');
        if (id && seen[id] === undefined) seen[id] = performance.now();
      }
    };
    new MutationObserver((records) => {
      for (const record of records) {
        if (record.type === 'attributes') note(record.target);
        record.addedNodes.forEach(note);
      }
    }).observe(document, {
      childList: true,
      subtree: true,
      attributes: true,
      attributeFilter: ['data-message-id'],
    });
  });
}

export function messageAppearances(page: Page): Promise<Record<string, number>> {
  return page.evaluate(
    () => (window as unknown as { __kiriSeen?: Record<string, number> }).__kiriSeen ?? {},
  );
}

/** Opens the message menu of one of the owner's messages: a right click on its bubble (the text). */
export async function openMessageMenu(page: Page, id: string): Promise<void> {
  const bubble = messageById(page, id).locator('[data-message-text]');
  await ((await bubble.count()) > 0 ? bubble.first() : messageById(page, id)).click({
    button: 'right',
  });
  await expect(page.getByRole('menu')).toBeVisible();
}

/** Opens the message menu of one of the owner's messages and picks an item. */
export async function chooseFromMessageMenu(page: Page, id: string, item: string): Promise<void> {
  await openMessageMenu(page, id);
  const entry = page.getByRole('menuitem', { name: item, exact: true });
  await expect(entry).toBeVisible();
  await entry.click();
}

/**
 * The sidebar's Sessions list (spec 000 §2.5), opened first when the sidebar is closed (on a narrow
 * screen it starts closed, as an overlay). Its entries are buttons named by the day's title (today's
 * reads 'Today · {title}').
 */
export async function sessionsList(page: Page): Promise<Locator> {
  const list = page.getByRole('list', { name: CHAT.sessions, exact: true });
  if (!(await list.isVisible())) {
    await page.getByRole('button', { name: 'Open sidebar', exact: true }).click();
  }
  await expect(list).toBeVisible();
  return list;
}
