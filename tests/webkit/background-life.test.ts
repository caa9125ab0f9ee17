// Issue 18's three screens in WebKitGTK (the engine of iPhone Safari), against the built app and a real
// server: a bloom sync runs and the screen comes back to Idle with the run in its log; ScanBot writes a
// watched file from its auto-fix content; the mood engine takes a target and a manual tick moves the mood.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, expect, test } from 'vitest';
import { webkitSession } from './support/session';
import { openChat } from './support/kiri';
import { xpathLiteral } from './support/webkit';

const session = webkitSession();
const button = (name: string) => `//button[normalize-space()=${xpathLiteral(name)}]`;

async function testIdReads(id: string, text: string): Promise<void> {
  await session.page.waitFor(
    async () => {
      const found = await session.page.visible(`[data-testid="${id}"]`);
      return found.length > 0 && (await found[0]!.getText()).trim() === text;
    },
    { message: `${id} to read ${text}` },
  );
}

beforeAll(async () => {
  await openChat(session.page, 'Mira');
});

test('sync control: Trigger Bloom Sync runs a sync, then the screen is Idle with the run in its log', async () => {
  await session.page.goto('/sync-control');
  await testIdReads('sync-state', 'Idle');
  await testIdReads('sync-last', 'Never');
  await session.page.click(button('Trigger Bloom Sync'));
  await session.page.waitFor(
    async () => {
      const runs = await session.page.visible('[data-testid="sync-run"]');
      return runs.length > 0 && (await runs[0]!.getText()).includes('Bloom Sync · completed');
    },
    { message: 'the bloom run in the log' },
  );
  await testIdReads('sync-state', 'Idle');
});

test('ScanBot: a watched file with auto-fix content is written by a Manual Scan', async () => {
  const file = join(session.server.dataDir, 'scanbot', 'notes.txt');
  await session.page.goto('/scanbot-control');
  await session.page.waitForText('No activity logs yet');
  await session.page.fill('//input[@id=//label[normalize-space()="Filename"]/@for]', 'notes.txt');
  await session.page.fill(
    '//textarea[@id=//label[normalize-space()="Auto-Fix Content"]/@for]',
    'written back',
  );
  await session.page.click(button('Add File'));
  await session.page.waitForText('Missing');
  await session.page.click(button('Manual Scan'));
  await session.page.waitFor(async () => existsSync(file), { message: 'the file written' });
  expect(readFileSync(file, 'utf8')).toBe('written back');
  await session.page.waitFor(
    async () =>
      (await session.page.text()).includes('Restored notes.txt from its auto-fix content'),
    { message: 'the restore in the activity log' },
  );
});

test('mood engine: a target and a manual tick move the mood there', async () => {
  await session.page.goto('/presence');
  await testIdReads('presence-mood', 'Neutral');
  await session.page.click(
    '//label[contains(normalize-space(), "Choose a target mood")]//option[@value="hopeful"]',
  );
  await session.page.click(button('Set Target'));
  await testIdReads('presence-target', 'Hopeful');
  await session.page.click(button('Manual Tick'));
  await testIdReads('presence-mood', 'Hopeful');
});
