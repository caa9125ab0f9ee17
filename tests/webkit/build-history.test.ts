// Issue 20's build history in WebKitGTK (the engine of iPhone Safari), against the built app and a real
// server on a fresh DATA_DIR: the rundown shows the changelog's count, a row of the detailed list opens to
// its features, the owner adds a build through the form and the list counts it, and a card of the systems
// overview opens to the system tree's own words.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import { parseChangelog } from '../../src/domain/changelog';
import { ROOT } from '../e2e/support/server';
import { openChat } from './support/kiri';
import { webkitSession } from './support/session';
import { xpathLiteral } from './support/webkit';

const session = webkitSession();
const button = (name: string) => `//button[normalize-space()=${xpathLiteral(name)}]`;
const field = (tag: 'input' | 'textarea', label: string) =>
  `//div[@role="dialog"]//${tag}[@id=//label[normalize-space()=${xpathLiteral(label)}]/@for]`;

test('the rundown, a row opened, a build added, a system card opened', async () => {
  const { builds } = parseChangelog(readFileSync(join(ROOT, 'CHANGELOG.md'), 'utf8'));
  expect(builds.length).toBeGreaterThanOrEqual(16);
  const page = session.page;
  await openChat(page, 'Mira');

  await page.goto('/build-rundown');
  // The card shows a dash until the stats are read, then the changelog's count.
  await page.waitForVisible(
    `//div[@data-testid="stat-totalBuilds"]/dd[normalize-space()=${xpathLiteral(String(builds.length))}]`,
  );
  await page.waitForText(builds[0]!.name);

  await page.goto('/detailed-builds');
  await page.waitForText(`${builds.length} builds`);
  await page.click(`//li[@data-testid="detailed-build"]//button[contains(., 'Presence hub')]`);
  await page.waitForText('Features');

  await page.click(button('Add Build'));
  await page.fill(field('input', 'Name'), 'Home-screen widget');
  await page.fill(field('input', 'Category'), 'Chat');
  await page.fill(field('textarea', 'Description'), 'The last message on the home screen.');
  await page.click(`//div[@role="dialog"]${button('Save')}`);
  await page.waitForText(`${builds.length + 1} builds`);
  await page.waitForText('Home-screen widget');

  await page.goto('/systems-overview');
  await page.click(`//li[@data-testid="overview-card"]//button[contains(., 'Personality')]`);
  await page.waitForText('Spec endpoints mounted');
  await page.waitForText('Mounted and running');
});
