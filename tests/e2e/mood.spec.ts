// The mood orb under the chat's header against the built app and a real server (docs/mood.md): on a fresh
// chat it names the server's mode; a few sad messages move it to protective or nurturing within the
// strip's 10 s poll; the thought bubbles show terms of those messages, at most 5, and go once thinking
// stops; offline, the last known state stays, marked as such. One server and one owner for the file.
import { expect, test, type BrowserContext, type Locator, type Page } from '@playwright/test';
import { waitForServiceWorker } from './support/app';
import { expectStatus, openChat, sendMessage } from './support/chat';
import { startServer, type KiriServer } from './support/server';

let server: KiriServer;
let context: BrowserContext;
let page: Page;

interface KiriState {
  mode: string;
  intensity: number;
}

const SAD_MESSAGES = [
  'I feel so sad and alone today',
  'Everything seems hopeless and I keep crying',
  'I miss my sister Ana so much, I feel empty without her',
];

/** The orb: its accessible name is `Kiri is <mode> (intensity N%)` (model/mood.ts moodLabel). */
const orb = (p: Page): Locator => p.getByTestId('mood-orb');
/** The thought bubbles (the '…' while thinking has no category). */
const bubbles = (p: Page): Locator =>
  p.getByRole('list', { name: 'What Kiri is thinking about' }).locator('li[data-category]');

/** GET /api/kiri/state with the page's cookie: what the server says now. */
async function serverState(p: Page): Promise<KiriState> {
  return p.evaluate(async () => {
    const res = await fetch('/api/kiri/state', { credentials: 'include' });
    return (await res.json()) as KiriState;
  });
}

const labelOf = (state: KiriState) =>
  `Kiri is ${state.mode} (intensity ${Math.round(state.intensity * 100)}%)`;

test.describe.configure({ mode: 'serial' });

test.beforeAll(async ({ browser }) => {
  test.setTimeout(120_000);
  server = await startServer();
  context = await browser.newContext({ baseURL: server.url });
  page = await context.newPage();
  await openChat(page, 'Mira');
});

test.afterAll(async () => {
  await context?.close();
  await server?.dispose();
});

test('on a fresh chat the orb names the mode the server gives', async () => {
  await expect(orb(page)).toBeVisible({ timeout: 15_000 });
  // The orb shows the poll's answer; the server's answer is read now, so compare until they agree
  // (a poll may land between the two reads).
  await expect
    .poll(async () => {
      const label = await orb(page).getAttribute('aria-label');
      return label === labelOf(await serverState(page));
    })
    .toBe(true);
  const state = await serverState(page);
  await expect(page.getByTestId('mood-strip')).toHaveAttribute('data-mode', state.mode);
  // Nothing sad has been said: neither of the modes the next test waits for.
  expect(state.mode).not.toMatch(/protective|nurturing/);
  await expect(page.getByTestId('mood-offline')).toHaveCount(0);
});

test('sad messages move the orb to protective or nurturing; the bubbles show their terms, then go', async () => {
  const words = new Set(
    SAD_MESSAGES.join(' ')
      .toLowerCase()
      .match(/\p{L}+/gu) ?? [],
  );
  const seen = new Set<string>();
  for (const text of SAD_MESSAGES) {
    const id = await sendMessage(page, text);
    await expectStatus(page, id, 'answered');
  }
  // The server reads the owner's feeling at once; the strip sees it at its next poll (10 s).
  expect((await serverState(page)).mode).toMatch(/^(protective|nurturing)$/);
  await expect(orb(page)).toHaveAttribute('aria-label', /^Kiri is (protective|nurturing) /, {
    timeout: 20_000,
  });

  // The bubbles of the new focus: terms of the messages, heaviest first, never more than 5.
  await expect
    .poll(
      async () => {
        const terms = await bubbles(page).allTextContents();
        for (const term of terms) seen.add(term);
        return terms.length;
      },
      { timeout: 20_000, intervals: [100] },
    )
    .toBeGreaterThan(0);
  const shown = await bubbles(page).allTextContents();
  expect(shown.length).toBeLessThanOrEqual(5);
  for (const term of seen) expect(words, `bubble '${term}'`).toContain(term);
  expect(
    [...seen].some((term) =>
      ['sad', 'alone', 'crying', 'hopeless', 'sister', 'ana', 'miss'].includes(term),
    ),
  ).toBe(true);

  // Thinking stops (10 s after the last message, no reply under way): 3 s later they fade and go.
  await expect(bubbles(page)).toHaveCount(0, { timeout: 30_000 });
  await expect(page.getByLabel('Kiri is thinking', { exact: true })).toHaveCount(0);
});

test('offline, the last known state stays, marked as such, also after a reload', async () => {
  await waitForServiceWorker(page);
  const label = await orb(page).getAttribute('aria-label');
  expect(label).toMatch(/^Kiri is (protective|nurturing) /);

  await context.setOffline(true);
  await expect(page.getByTestId('mood-offline')).toHaveText(/Offline, last known at \d{1,2}:\d{2}/);
  await expect(page.getByTestId('mood-strip')).toHaveAttribute('data-offline', 'true');
  await expect(orb(page)).toHaveAttribute('aria-label', label!);

  // Opened offline: the state this device kept (localStorage), not an invented one.
  await page.reload();
  await expect(orb(page)).toHaveAttribute('aria-label', label!, { timeout: 15_000 });
  await expect(page.getByTestId('mood-offline')).toHaveText(/Offline, last known at \d{1,2}:\d{2}/);

  await context.setOffline(false);
  await expect(page.getByTestId('mood-offline')).toHaveCount(0, { timeout: 20_000 });
});
