// The chat's frame (issue 11 items 5 and 6, spec 000 §2.2 variant A): the Tools strip, the features
// panel with the DevCore card showing the server's live values and its controls, night vision and
// dyslexia-friendly mode changing the page and kept after a reload, the header's marks drawn only
// from real answers, and the panels as sheets on a 390 px phone. One server and one owner for the file.
import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import {
  expectChatScreen,
  expectStatus,
  messageElements,
  openChat,
  sendMessage,
} from './support/chat';
import { expectAccessible } from './support/accessibility';
import { startServer, type KiriServer } from './support/server';

let server: KiriServer;
let context: BrowserContext;
let page: Page;

const tools = (p: Page) => p.getByRole('button', { name: 'Tools', exact: true });
const strip = (p: Page) => p.getByRole('toolbar', { name: 'Chat tools' });
const tool = (p: Page, name: string) => strip(p).getByRole('button', { name, exact: true });
const chatRoot = (p: Page) => p.locator('[data-vision]');

async function openTools(p: Page): Promise<void> {
  if (!(await strip(p).isVisible())) await tools(p).click();
  await expect(strip(p)).toBeVisible();
}

async function openPanel(p: Page, toggle: string, panel: string): Promise<void> {
  await openTools(p);
  await tool(p, toggle).click();
  await expect(p.getByTestId(`${panel}-panel`)).toBeVisible();
}

async function closePanel(p: Page): Promise<void> {
  await p.keyboard.press('Escape');
  await expect(p.getByRole('dialog')).toHaveCount(0);
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
  const id = await sendMessage(page, 'I had a lovely walk by the river today.');
  await expectStatus(page, id, 'answered');
});

test.afterAll(async () => {
  await context?.close();
  await server?.dispose();
});

test('the Tools toggle opens the strip: sidebar, image share panel, dyslexia, settings', async () => {
  await expect(strip(page)).toHaveCount(0);
  await tools(page).click();
  await expect(tools(page)).toHaveAttribute('aria-expanded', 'true');
  for (const name of [
    'Toggle sidebar',
    'Toggle image upload panel',
    'Toggle dyslexia-friendly mode',
    'Toggle settings panel',
  ]) {
    await expect(tool(page, name)).toBeVisible();
  }

  const sidebar = page.getByRole('navigation', { name: 'Chat sidebar' });
  await expect(sidebar).toBeVisible();
  await tool(page, 'Toggle sidebar').click();
  await expect(sidebar).toHaveCount(0);
  await tool(page, 'Toggle sidebar').click();
  await expect(sidebar).toBeVisible();
  // The sidebar's System Status: what Kiri is doing, as the server says (GET /api/kiri-state).
  await expect(sidebar.getByText('Emotional State')).toBeVisible();
  const state = (await (await page.request.get('/api/kiri-state')).json()) as {
    currentActivity: string;
  };
  expect(state.currentActivity).toBeTruthy();
  // Cached 5 min (000 §7): the row shows an answer of the server's, here the one read at the start.
  const row = sidebar.locator(
    'xpath=.//dt[normalize-space()="Emotional State"]/following-sibling::dd[1]',
  );
  await expect(row).toHaveText(
    /^(In deep pause|Sleeping since .+|Thinking|Talking · .+|Idle since .+)$/,
  );

  await tool(page, 'Toggle image upload panel').click();
  // The share panel of issue 13 (its journeys: tests/e2e/images.spec.ts).
  await expect(
    page.getByTestId('image-panel').getByRole('button', { name: 'Choose a photo' }),
  ).toBeVisible();
  await tool(page, 'Toggle image upload panel').click();
  await expect(page.getByTestId('image-panel')).toHaveCount(0);

  await tools(page).click();
  await expect(strip(page)).toHaveCount(0);
});

test('the features panel shows the DevCore card with the server’s live values, and its controls work', async () => {
  await openPanel(page, 'Toggle features panel', 'features');
  const card = page.getByTestId('devcore-card');
  await expect(card.getByText('v1.6')).toBeVisible();
  await expect(card.getByTestId('devcore-state')).toHaveText('ACTIVE');
  // One answered message: every reply so far was a real one.
  await expect(card.getByTestId('metric-conversationAccuracy')).toContainText('100%');
  await expect(card.getByTestId('metric-conversationAccuracy')).toHaveAttribute(
    'data-colour',
    'green',
  );
  await expect(card.getByTestId('devcore-last-scan')).toHaveText('Never');

  await card.getByRole('button', { name: 'Manual Scan' }).click();
  await expect(card.getByTestId('devcore-last-scan')).not.toHaveText('Never');
  await expect(card.getByText('All data files checked: no problems.')).toBeVisible();

  await card.getByRole('button', { name: 'Emergency Halt' }).click();
  await expect(card.getByTestId('devcore-state')).toHaveText('INACTIVE');
  await expect(card.getByRole('button', { name: 'Manual Scan' })).toBeDisabled();
  await card.getByRole('button', { name: 'Emergency Restore' }).click();
  await expect(card.getByTestId('devcore-state')).toHaveText('ACTIVE');
  await expect(card.getByRole('button', { name: 'Manual Scan' })).toBeEnabled();

  // The raw JSON buttons open in a new tab.
  const popup = page.waitForEvent('popup');
  await page.getByRole('link', { name: /Kiri State/ }).click();
  const tab = await popup;
  await expect(tab).toHaveURL(/\/api\/kiri-state$/);
  await tab.close();
  await expect(page.getByRole('link', { name: 'Core Systems Demo' })).toHaveAttribute(
    'href',
    '/core-systems-demo',
  );
  await closePanel(page);
});

test('night vision: the manual switch changes the page, turns auto off, and stays after a reload', async () => {
  await openPanel(page, 'Toggle settings panel', 'settings');
  const auto = page.getByRole('checkbox', { name: /Auto/ });
  await expect(auto).toBeChecked();
  const hour = await page.evaluate(() => new Date().getHours());
  const byHour = hour >= 20 || hour < 7 ? 'night' : 'day';
  await expect(chatRoot(page)).toHaveAttribute('data-vision', byHour);

  await page.getByRole('switch', { name: 'Night vision' }).click();
  const flipped = byHour === 'night' ? 'day' : 'night';
  await expect(chatRoot(page)).toHaveAttribute('data-vision', flipped);
  await expect(auto).not.toBeChecked();
  await expect(page.getByTestId('night-vision-filter')).toHaveCount(flipped === 'night' ? 1 : 0);

  await page.reload();
  await expectChatScreen(page);
  await expect(chatRoot(page)).toHaveAttribute('data-vision', flipped);

  // Auto on again: back to what the hour says.
  await openPanel(page, 'Toggle settings panel', 'settings');
  await page.getByRole('checkbox', { name: /Auto/ }).check();
  await expect(chatRoot(page)).toHaveAttribute('data-vision', byHour);
  await closePanel(page);
});

test('dyslexia-friendly mode changes the messages’ font, spacing and line length, and stays after a reload', async () => {
  const bubble = messageElements(page, 'kiri').first().locator('.kiri-bubble').first();
  const style = () =>
    bubble.evaluate((element) => {
      const css = getComputedStyle(element);
      const column = getComputedStyle(element.closest('.kiri-bubble-column')!);
      return {
        font: css.fontFamily,
        letters: css.letterSpacing,
        words: css.wordSpacing,
        maxWidth: column.maxWidth,
      };
    });
  const before = await style();
  expect(before.font).not.toMatch(/Verdana/);

  await openTools(page);
  await tool(page, 'Toggle dyslexia-friendly mode').click();
  await expect(tool(page, 'Toggle dyslexia-friendly mode')).toHaveAttribute('aria-pressed', 'true');
  const on = await style();
  expect(on.font).toMatch(/^Verdana/);
  expect(on.letters).not.toBe(before.letters);
  expect(on.words).not.toBe(before.words);
  // Lines of at most about 60 characters: 60ch of Verdana at 15 px is about 610 px.
  expect(before.maxWidth).not.toContain('min(');
  expect(on.maxWidth).toMatch(/^min\(82%, \d+(\.\d+)?px\)$/);

  await page.reload();
  await expectChatScreen(page);
  await expect(chatRoot(page)).toHaveAttribute('data-dyslexia', 'on');
  expect((await style()).font).toMatch(/^Verdana/);

  await openTools(page);
  await tool(page, 'Toggle dyslexia-friendly mode').click();
  await expect(chatRoot(page)).toHaveAttribute('data-dyslexia', 'off');
});

test('the header’s star and consciousness indicator show only real answers, with their counts', async ({
  browser,
}) => {
  // The server's own answers (the memory lattice's anchors, the insights Kiri holds), counts included.
  await page.reload();
  await expectChatScreen(page);
  await expect(page.getByTestId('devcore-card')).toHaveCount(0);
  const soul = (await (await page.request.get('/api/soul-awakening-status')).json()) as {
    awakened: boolean;
    anchors: number;
  };
  const stream = (await (await page.request.get('/api/consciousness/status')).json()) as {
    isStreaming: boolean;
    dataPointsCollected: number;
  };
  const many = (n: number, one: string, more: string) => `${n} ${n === 1 ? one : more}`;
  await expect(page.getByTestId('soul-star')).toHaveAttribute(
    'title',
    `${soul.awakened ? 'Soul awakened' : 'Soul not awakened yet'}: ${many(soul.anchors, 'memory anchor', 'memory anchors')}`,
  );
  // The status is cached 10 min (000 §7), and the insights grow as Kiri keeps thought-map snapshots:
  // the mark shows a count the server gave, never more than it holds now.
  const indicator = page.getByTestId('consciousness-indicator');
  const paused = stream.isStreaming ? 'Consciousness streaming' : 'Consciousness stream paused';
  await expect(indicator).toHaveAttribute('title', new RegExp(`^${paused}: \\d+ insights?$`));
  const shown = Number(/(\d+) insight/.exec((await indicator.getAttribute('title')) ?? '')![1]);
  expect(shown).toBeLessThanOrEqual(stream.dataPointsCollected);

  // A new device is a plain user (restriction mode: chat and screen settings): the marks' areas
  // (memory_threading, consciousness) are not asked at all, and nothing is drawn.
  const fresh = await browser.newContext({ baseURL: server.url });
  try {
    const bare = await fresh.newPage();
    const asked: string[] = [];
    bare.on('request', (request) => {
      if (/\/api\/(soul-awakening-status|consciousness\/status)/.test(request.url())) {
        asked.push(request.url());
      }
    });
    await openChat(bare, 'Noor');
    // The marks' code (loaded after the chat's first paint) is in: they have had their chance to ask.
    await expect
      .poll(() =>
        bare.evaluate(() =>
          performance.getEntriesByType('resource').some((r) => r.name.includes('/FrameMarks-')),
        ),
      )
      .toBe(true);
    await expect(bare.getByTestId('soul-star')).toHaveCount(0);
    await expect(bare.getByTestId('consciousness-indicator')).toHaveCount(0);

    // Given the advanced permissions (an engineer), the marks are asked; no answer, no mark: on a
    // device that never had an answer, a server that answers 404 draws nothing.
    const noor = (await (await bare.request.get('/api/auth/status')).json()) as {
      user: { id: string };
    };
    const promoted = await page.request.post(`/api/admin/users/${noor.user.id}/promote`, {
      data: { accessLevel: 'engineer' },
    });
    expect(promoted.status()).toBe(200);
    expect(asked).toEqual([]);
    await bare.route('**/api/soul-awakening-status', (route) => route.fulfill({ status: 404 }));
    await bare.route('**/api/consciousness/status', (route) => route.fulfill({ status: 404 }));
    await bare.reload();
    await expectChatScreen(bare);
    // Each area asked (a mark mounted after a failed read may ask it again: CI, ci-run18, saw 3).
    await expect
      .poll(() => new Set(asked.map((url) => new URL(url).pathname)))
      .toEqual(new Set(['/api/soul-awakening-status', '/api/consciousness/status']));
    await expect(bare.getByTestId('soul-star')).toHaveCount(0);
    await expect(bare.getByTestId('consciousness-indicator')).toHaveCount(0);
    await bare.close();

    // An awakened soul and a live stream, as a server would answer them, with their counts.
    const other = await fresh.newPage();
    await other.route('**/api/soul-awakening-status', (route) =>
      route.fulfill({ json: { awakened: true, anchors: 4 } }),
    );
    await other.route('**/api/consciousness/status', (route) =>
      route.fulfill({ json: { isStreaming: true, dataPointsCollected: 27 } }),
    );
    await other.goto('/');
    await expectChatScreen(other);
    await expect(other.getByTestId('soul-star')).toHaveAttribute(
      'title',
      'Soul awakened: 4 memory anchors',
    );
    await expect(other.getByTestId('consciousness-indicator')).toHaveAttribute(
      'title',
      'Consciousness streaming: 27 insights',
    );
  } finally {
    await fresh.close();
  }
});

test('on a 390 px phone the strip fits and a panel is a bottom sheet inside the screen', async () => {
  const phone = await context.newPage();
  await phone.setViewportSize({ width: 390, height: 844 });
  await phone.goto('/');
  await expectChatScreen(phone);
  await openPanel(phone, 'Toggle features panel', 'features');
  const sheet = phone.getByTestId('features-panel');
  await expect(sheet.getByTestId('devcore-state')).toHaveText('ACTIVE');
  const box = (await sheet.boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(390);
  expect(Math.round(box.y + box.height)).toBe(844);
  expect(box.height).toBeLessThanOrEqual(844 * 0.85 + 1);
  // The backdrop closes it.
  await phone.mouse.click(195, 40);
  await expect(sheet).toHaveCount(0);
  await phone.close();
});

test('the tools strip and the open panels meet WCAG AA in both themes', async () => {
  for (const theme of ['light', 'dark'] as const) {
    await page.evaluate((chosen) => localStorage.setItem('kiri-theme', chosen), theme);
    await page.reload();
    await expectChatScreen(page);
    await openPanel(page, 'Toggle features panel', 'features');
    await expect(page.getByTestId('devcore-state')).toHaveText('ACTIVE');
    await expectAccessible(page, `features panel, ${theme}`);
    await closePanel(page);
    await openPanel(page, 'Toggle settings panel', 'settings');
    await expectAccessible(page, `settings panel, ${theme}`);
    await closePanel(page);
  }
});
