// How the browser journeys know a screen is drawn; the path lists are tests/support/routes.ts.
import { expect, type Page } from '@playwright/test';

export { SCREEN_PATHS, SPEC_ROUTES } from '../../support/routes';

/** The chats' paths (the full chat and the simple one), whose screen is drawn when their composer is. */
export const FULL_CHAT_ROUTES: readonly string[] = ['/', '/full-chat', '/full'];
export const SIMPLE_CHAT_ROUTES: readonly string[] = ['/home', '/simple-mobile'];

/** Waits for the screen at `path` to be drawn: the chats' composer, every other screen its heading. */
export async function expectScreenDrawn(page: Page, path: string): Promise<void> {
  if (FULL_CHAT_ROUTES.includes(path)) {
    await expect(page.getByPlaceholder('Message Kiri')).toBeVisible();
  } else if (SIMPLE_CHAT_ROUTES.includes(path)) {
    await expect(page.getByPlaceholder('Type a message...')).toBeVisible();
  } else {
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  }
}
