// Issue 20 item 1, build history, against the built app and a real server on a fresh DATA_DIR, on a phone
// (390 × 844): the owner opens /build-rundown and sees the changelog's builds and stats, picks a category
// tab, opens /detailed-builds, sorts and filters, opens a row, adds a build through the form (a refusal in
// words first) and sees it and the stats change, then opens /systems-overview, filters by a category and
// opens a card showing the system tree's own state. No console error on the way.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { buildStats } from '../../src/domain/build-history';
import { parseChangelog } from '../../src/domain/changelog';
import { openChat } from './support/chat';
import { watchPageErrors } from './support/page-errors';
import { ROOT, startServer, type KiriServer } from './support/server';

const PHONE = { width: 390, height: 844 };
test.use({ viewport: PHONE });

let server: KiriServer;
let context: BrowserContext;
let page: Page;
let consoleErrors: string[] = [];

test.beforeAll(async ({ browser }) => {
  test.setTimeout(120_000);
  server = await startServer();
  context = await browser.newContext({ baseURL: server.url, viewport: PHONE });
  page = await context.newPage();
  consoleErrors = watchPageErrors(page);
  // The first device on a fresh DATA_DIR is the owner: an admin, who may add builds.
  await openChat(page, 'Mira');
});

test.afterAll(async () => {
  await context?.close();
  await server?.dispose();
});

const statCard = (key: string) => page.getByTestId(`stat-${key}`).locator('dd').first();

test('build history: the changelog, sort and filter, add a build, the systems overview', async () => {
  test.setTimeout(90_000);
  const { builds } = parseChangelog(readFileSync(join(ROOT, 'CHANGELOG.md'), 'utf8'));
  const stats = buildStats(builds);
  expect(builds.length).toBeGreaterThanOrEqual(16);

  await test.step("/build-rundown shows the changelog's stats and builds", async () => {
    await page.goto('/build-rundown');
    await expect(page.getByRole('heading', { name: 'Build Rundown', level: 1 })).toBeVisible();
    await expect(statCard('totalBuilds')).toHaveText(String(stats.totalBuilds));
    await expect(statCard('activeProjects')).toHaveText(String(stats.activeProjects));
    await expect(statCard('majorFeatures')).toHaveText(String(stats.majorFeatures));
    await expect(statCard('developmentDays')).toHaveText(String(stats.developmentDays));
    await expect(page.getByTestId('rundown-build')).toHaveCount(builds.length);
    await expect(page.getByTestId('rundown-build').first()).toContainText(builds[0]!.name);
  });

  await test.step('a category tab shows only its builds', async () => {
    await page.getByRole('tab', { name: 'Operations', exact: true }).click();
    await expect(page.getByRole('tab', { name: 'Operations', exact: true })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    const operations = builds.filter((build) => build.category === 'Operations');
    await expect(page.getByTestId('rundown-build')).toHaveCount(operations.length);
    await expect(page.getByTestId('rundown-build').first()).toContainText('Presence hub');
  });

  const rows = page.getByTestId('detailed-build');
  await test.step('/detailed-builds sorts by name and filters by text and status', async () => {
    await page.getByRole('link', { name: 'Detailed build list' }).click();
    await expect(page.getByRole('heading', { name: 'Detailed Builds', level: 1 })).toBeVisible();
    await expect(page.getByTestId('detailed-count')).toHaveText(`${builds.length} builds`);

    await page.getByLabel('Sort by', { exact: true }).selectOption('name');
    await page.getByRole('button', { name: /^Sort by Name: Descending/ }).click();
    const byName = [...builds].sort((a, b) =>
      a.name.localeCompare(b.name, undefined, { sensitivity: 'base', numeric: true }),
    );
    await expect(rows.first().getByRole('button')).toContainText(byName[0]!.name);

    await page.getByLabel('Search builds').fill('WPE Xvfb');
    await expect(page.getByTestId('detailed-count')).toHaveText(`1 of ${builds.length} builds`);
    await page.getByRole('button', { name: 'Clear filters' }).click();
    // Every landed release is 'completed' (none is in progress once issue 20 landed): the status filter
    // is checked against the changelog's own counts.
    await page.getByLabel('Status', { exact: true }).selectOption('completed');
    await expect(rows).toHaveCount(builds.filter((build) => build.status === 'completed').length);
    await page.getByLabel('Status', { exact: true }).selectOption('in-progress');
    await expect(rows).toHaveCount(builds.filter((build) => build.status === 'in-progress').length);
    await page.getByRole('button', { name: 'Clear filters' }).click();
    await expect(rows).toHaveCount(builds.length);
  });

  await test.step('a row opens to its description, technologies, features and version', async () => {
    await page.getByLabel('Search builds').fill('WebKit');
    const row = rows.filter({ hasText: 'Kiri in WebKit' });
    const toggle = row.getByRole('button', { name: /Kiri in WebKit/ });
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await expect(row.getByText('selenium-webdriver', { exact: true })).toBeVisible();
    await expect(row.getByRole('heading', { name: 'Features' })).toBeVisible();
    await expect(row.getByText('0.9.0', { exact: true })).toBeVisible();
    await page.getByRole('button', { name: 'Clear filters' }).click();
  });

  await test.step('Add Build: a refusal in words, then the build is kept and shown', async () => {
    await page.getByRole('button', { name: 'Add Build' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add a build' });
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog.getByText('Name is required')).toBeVisible();

    await dialog.getByLabel('Name', { exact: true }).fill('Home-screen widget');
    await dialog.getByLabel('Category', { exact: true }).fill('Chat');
    await dialog.getByLabel('Status', { exact: true }).selectOption('active');
    await dialog.getByLabel('Impact', { exact: true }).selectOption('major');
    await dialog.getByLabel('Version (optional)').fill('0.21.0');
    await dialog.getByLabel('Date', { exact: true }).fill('2026-12-01');
    await dialog
      .getByLabel('Description', { exact: true })
      .fill('The day’s last message on the home screen.');
    await dialog.getByLabel('Technologies').fill('WidgetKit, Swift');
    await dialog.getByLabel('Features').fill('The last message\nA tap opens the chat');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog).toHaveCount(0);
    await expect(page.getByText('Build added', { exact: true })).toBeVisible();
    await expect(rows.filter({ hasText: 'Home-screen widget' })).toHaveCount(1);
    await expect(page.getByTestId('detailed-count')).toHaveText(`${builds.length + 1} builds`);
  });

  await test.step('the rundown counts it', async () => {
    await page.getByRole('link', { name: 'Back to the build rundown' }).click();
    await expect(statCard('totalBuilds')).toHaveText(String(stats.totalBuilds + 1));
    await expect(statCard('activeProjects')).toHaveText(String(stats.activeProjects + 1));
    await expect(statCard('majorFeatures')).toHaveText(String(stats.majorFeatures + 1));
    await expect(statCard('developmentDays')).toHaveText(String(stats.developmentDays + 1));
    await expect(page.getByTestId('rundown-build').first()).toContainText('Home-screen widget');
  });

  await test.step('/systems-overview: a category filter and a card with the live state', async () => {
    await page.getByRole('link', { name: 'Systems overview' }).click();
    await expect(page.getByRole('heading', { name: 'Systems Overview', level: 1 })).toBeVisible();
    const cards = page.getByTestId('overview-card');
    await expect(cards).toHaveCount(9 + builds.length + 1);

    const answer = (await (await page.request.get('/api/build-rundown/systems')).json()) as {
      systems: { name: string; category: string; statusReason: string }[];
    };
    const companion = answer.systems.filter((system) => system.category === 'Companion Core');
    expect(companion.length).toBe(7);
    await page.getByRole('button', { name: 'Companion Core', exact: true }).click();
    await expect(page.getByRole('button', { name: 'Companion Core', exact: true })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await expect(cards).toHaveCount(companion.length);

    const chat = companion[0]!;
    const card = cards.filter({ hasText: chat.name });
    await card.getByRole('button', { name: new RegExp(chat.name) }).click();
    await expect(card.getByText(chat.statusReason, { exact: true })).toBeVisible();
    await expect(card.getByRole('heading', { name: 'Endpoints' })).toBeVisible();
    await expect(card.getByText('POST /api/chat', { exact: true })).toBeVisible();
  });

  expect(consoleErrors).toEqual([]);
});
